// Issue 11 enterprise integration (SAP sandbox; spec 2 §3 "Integration", §5 "Sign-up", §8 SAP "not found"):
// GET /integration/integration[/{id}], POST /integration/tenant/search, POST /integration/property/search.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_DEMO_IDS } from '../src/db/seed-signup.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

type Json = Record<string, unknown>;
const S = SIGNUP_DEMO_IDS;

let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: Json, lang = 'en', token: string | null = tenant) =>
  app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const tenantSearch = (body: Json, lang = 'en') =>
  call('POST', '/api/integration/tenant/search', { integrationId: S.integrationSap, ...body }, lang);
const propertySearch = (body: Json, lang = 'en') =>
  call('POST', '/api/integration/property/search', { integrationId: S.integrationSap, ...body }, lang);

const SAM = {
  id: S.integrationCustomer,
  customerNumber: 'C-100234',
  firstName: 'Sam',
  lastName: 'Okafor',
  email: 'sam.okafor@demo.test',
  externalPropertyId: 'NS-1001',
  unit: '1207',
};

describe('GET /integration/integration', () => {
  it('lists the integrations with their company, and answers one by id; unknown → 404; no token → 401', async () => {
    const list = await call('GET', '/api/integration/integration');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().records).toContainEqual({
      id: S.integrationSap,
      integrationType: 'SAP',
      companyId: S.companyIntegrated,
      name: 'Northshore SAP (sandbox)',
    });
    const one = await call('GET', `/api/integration/integration/${S.integrationSap}`);
    expect(one.json()).toMatchObject({ id: S.integrationSap, integrationType: 'SAP', companyId: S.companyIntegrated });
    expect((await call('GET', '/api/integration/integration/nope')).statusCode).toBe(404);
    expect((await call('GET', '/api/integration/integration', undefined, 'en', null)).statusCode).toBe(401);
  });
});

describe('POST /integration/tenant/search', () => {
  it('finds the integration customer by customer number (any case) or by e-mail (any case)', async () => {
    const byNumber = await tenantSearch({ customerNumber: 'c-100234' });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json()).toEqual({ records: [SAM] });
    const byEmail = await tenantSearch({ email: 'Sam.Okafor@demo.test' });
    expect(byEmail.json()).toEqual({ records: [SAM] });
    // an e-mail, when given, is what is searched
    const both = await tenantSearch({ email: 'sam.okafor@demo.test', customerNumber: 'C-100235' });
    expect(both.json().records.map((r: { customerNumber: string }) => r.customerNumber)).toEqual(['C-100234']);
  });

  it('none by number → 404 RM_ERROR_SAP_NOT_FOUND with the customer-number message, in English and French', async () => {
    const en = await tenantSearch({ customerNumber: 'C-000000' });
    expect(en.statusCode, en.body).toBe(404);
    expect(en.json()).toMatchObject({
      errorCode: 'RM_ERROR_SAP_NOT_FOUND',
      message: 'There is no Property associated with this Customer Number.',
    });
    expect(en.json().message).toContain('no Property associated with this Customer Number');
    const fr = await tenantSearch({ customerNumber: 'C-000000' }, 'fr');
    expect(fr.json()).toMatchObject({
      errorCode: 'RM_ERROR_SAP_NOT_FOUND',
      message: 'Aucune propriété n’est associée à ce numéro de client.',
    });
  });

  it('none by e-mail → 404 RM_ERROR_SAP_NOT_FOUND with the e-mail message, in English and French', async () => {
    const en = await tenantSearch({ email: 'nobody@demo.test' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ errorCode: 'RM_ERROR_SAP_NOT_FOUND' });
    expect(en.json().message).toContain('no integration customer for this email');
    const fr = await tenantSearch({ email: 'nobody@demo.test' }, 'fr');
    expect(fr.json().message).toBe('Aucun client d’intégration n’existe pour ce courriel.');
  });

  it('the customer number is required when no e-mail is given (400 customerNumber); an unknown integration → 404', async () => {
    for (const body of [{}, { customerNumber: '  ' }, { customerNumber: '', email: '' }]) {
      const res = await tenantSearch(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['customerNumber']);
    }
    const unknown = await call('POST', '/api/integration/tenant/search', { integrationId: 'nope', customerNumber: 'C-100234' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
  });
});

describe('POST /integration/property/search', () => {
  it("finds the company's property by the customer's external property id", async () => {
    const res = await propertySearch({ externalPropertyId: 'ns-1001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      records: [
        {
          id: S.propertyToronto,
          companyId: S.companyIntegrated,
          propertyName: 'Queen West Commons',
          street1: '700 Queen Street West',
          street2: null,
          city: 'Toronto',
          province: 'ON',
          country: 'CA',
          postalCode: 'M6J 1E6',
        },
      ],
    });
  });

  it('none → 404 RM_ERROR_SAP_NOT_FOUND "no Property associated with this Customer Number" (EN, FR)', async () => {
    const en = await propertySearch({ externalPropertyId: 'NS-9999' });
    expect(en.statusCode).toBe(404);
    expect(en.json().errorCode).toBe('RM_ERROR_SAP_NOT_FOUND');
    expect(en.json().message).toContain('no Property associated with this Customer Number');
    const fr = await propertySearch({ externalPropertyId: 'NS-9999' }, 'fr');
    expect(fr.json().message).toBe('Aucune propriété n’est associée à ce numéro de client.');
    // the external id is required; an unknown integration → 404
    const missing = await propertySearch({ externalPropertyId: '' });
    expect(missing.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/integration/property/search', { integrationId: 'x', externalPropertyId: 'NS-1001' })).statusCode,
    ).toBe(404);
  });

  it("the whole path: the customer's external property id leads to the property of the lease payload", async () => {
    const [customer] = (await tenantSearch({ customerNumber: 'C-100234' })).json().records;
    const property = (await propertySearch({ externalPropertyId: customer.externalPropertyId })).json().records[0];
    expect(property.id).toBe(S.propertyToronto);
    expect(DEMO_IDS.companyCa).not.toBe(property.companyId);
  });
});
