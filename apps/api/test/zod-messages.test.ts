// Issue 23 Standards ("clear errors in the user's language"; every server message in English and French): a body a
// route's zod schema refuses answers 400 naming each field, with a message in the caller's language, never zod's own
// English ("Too big: expected string to have <=64 characters") and never a 500.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zodRefusalValues } from '../src/lib/zod-messages.ts';
import { auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let manager: string;
let tenant: string;

beforeAll(async () => {
  app = await buildTestApp();
  [manager, tenant] = await Promise.all([login(app, 'manager@demo.test'), login(app, TENANT)]);
});
afterAll(() => app.close());

interface Refusal {
  errorCode: string;
  message: string;
  fieldErrors: { field: string; message: string }[];
}

async function refusal(method: 'POST' | 'PATCH', url: string, token: string, lang: string, payload: object) {
  const res = await app.inject({ method, url: `/api${url}`, headers: { ...auth(token), 'accept-language': lang }, payload });
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as Refusal;
  expect(body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  const byField = Object.fromEntries(body.fieldErrors.map((f) => [f.field, f.message]));
  return { body, byField };
}

// zod's English defaults begin so; none may reach a caller
const ZOD_ENGLISH = /Too (big|small)|Invalid (input|option|string)|expected (string|number|boolean)|Unrecognized key/;

const NNBSP = '\u202f';

describe("zod's refusals in the caller's language, the field named", () => {
  const charge = {
    leaseId: I.leaseActive,
    kind: 'CHARGE',
    code: 'x'.repeat(65),
    amount: 40,
    dueDate: '2030-01-15',
    description: 'd'.repeat(501),
  };

  it('POST /open_charge/create: over-long code and description, in English', async () => {
    const { body, byField } = await refusal('POST', '/open_charge/create', manager, 'en-CA', charge);
    expect(byField).toEqual({ code: 'Enter at most 64 characters.', description: 'Enter at most 500 characters.' });
    expect(body.message).toBe('Check these fields: code, description');
  });

  it('POST /open_charge/create: the same in French', async () => {
    const { body, byField } = await refusal('POST', '/open_charge/create', manager, 'fr-CA,fr;q=0.9', charge);
    expect(byField).toEqual({ code: 'Entrez au plus 64 caractères.', description: 'Entrez au plus 500 caractères.' });
    expect(body.message).toBe(`Vérifiez ces champs${NNBSP}: code, description`);
  });

  it('POST /open_charge/create: a missing field is "required", a wrong kind names the values allowed', async () => {
    const { byField } = await refusal('POST', '/open_charge/create', manager, 'fr', {
      ...charge,
      code: '',
      description: null,
      kind: 'DEBIT',
      leaseId: undefined,
    });
    expect(byField.leaseId).toBe('Ce champ est obligatoire.');
    expect(byField.code).toBe('Ce champ est obligatoire.');
    expect(byField.kind).toMatch(new RegExp(`^Choisissez l’une de ces valeurs${NNBSP}: .*CHARGE.*CREDIT`));
  });

  it('PATCH /company/{id}/update: wrong types and an over-long nested text, English and French', async () => {
    const patch = { conciergeEnabled: 'yes', lateFeeDays: 2.5, customCard: { enabled: true, cardTitle: 't'.repeat(201) } };
    const en = await refusal('PATCH', `/company/${I.companyCa}/update`, manager, 'en', patch);
    expect(en.byField).toEqual({
      conciergeEnabled: 'Choose yes or no (true or false).',
      lateFeeDays: 'Enter a whole number.',
      'customCard.cardTitle': 'Enter at most 200 characters.',
    });
    const fr = await refusal('PATCH', `/company/${I.companyCa}/update`, manager, 'fr-CA', patch);
    expect(fr.byField).toEqual({
      conciergeEnabled: 'Choisissez oui ou non (true ou false).',
      lateFeeDays: 'Entrez un nombre entier.',
      'customCard.cardTitle': 'Entrez au plus 200 caractères.',
    });
  });

  it('PATCH /company/{id}/update: one refused field is named in the message itself; numbers written the French way', async () => {
    const en = await refusal('PATCH', `/company/${I.companyCa}/update`, manager, 'en', { lateFeeDays: 1e16 });
    expect(en.body.message).toBe('Check lateFeeDays: Enter a number no greater than 9,007,199,254,740,991.');
    const fr = await refusal('PATCH', `/company/${I.companyCa}/update`, manager, 'fr', { lateFeeDays: 1e16 });
    expect(fr.body.message).toBe(
      `Vérifiez le champ lateFeeDays${NNBSP}: Entrez un nombre inférieur ou égal à 9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0991.`,
    );
  });

  it("a tenant's PATCH /customer/{id}/update: unknown field, wrong type, a value outside the list", async () => {
    const body = { muteTextMessageNotification: 'no', languageCode: 'de', nickname: 'Bob' };
    const en = await refusal('PATCH', `/customer/${I.tenant}/update`, tenant, 'en', body);
    expect(en.byField).toMatchObject({
      muteTextMessageNotification: 'Choose yes or no (true or false).',
      languageCode: 'Choose one of these values: en, fr.',
      body: 'Unknown field: nickname',
    });
    const fr = await refusal('PATCH', `/customer/${I.tenant}/update`, tenant, 'fr', body);
    expect(fr.byField).toMatchObject({
      muteTextMessageNotification: 'Choisissez oui ou non (true ou false).',
      languageCode: `Choisissez l’une de ces valeurs${NNBSP}: en, fr.`,
      body: `Champ inconnu${NNBSP}: nickname`,
    });
    for (const r of [en, fr]) expect(JSON.stringify(r.body)).not.toMatch(ZOD_ENGLISH);
  });

  it("keeps the domain rules' own messages (message keys) as they were", async () => {
    const { byField } = await refusal('POST', '/open_charge/create', manager, 'fr', {
      ...charge,
      code: 'storage',
      description: null,
      amount: 'abc',
    });
    expect(byField.amount).toBe('Veuillez entrer un montant valide');
  });
});

describe('zodRefusalValues', () => {
  it("reads a zod key's limits from the issue, or from the params of a custom issue that copied it", () => {
    expect(zodRefusalValues('fr', 'server.validation.text.tooLong', { origin: 'string', maximum: 1000 })).toEqual({
      maximum: '1\u00a0000',
    });
    expect(zodRefusalValues('en', 'server.validation.value.oneOf', { params: { values: 'en, fr' } })).toEqual({
      values: 'en, fr',
    });
    // a domain key keeps its params as they were
    expect(zodRefusalValues('en', 'validation.currency.aboveLimit', { params: { limit: '$5.00' } })).toEqual({
      params: { limit: '$5.00' },
    });
  });
});
