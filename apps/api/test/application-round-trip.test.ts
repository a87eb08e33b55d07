// Issue 21 §1: POST /lease_application/saveforlater refused the record GET /lease_application/new answered ("body: This
// answer is not in the expected form"). A client that sends back what it received, plus its changes, is accepted: the
// record's read-only fields are ignored, the draft fields saved; a refusal names the offending field.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseApplicationPages, leaseApplications } from '../src/db/schema.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

type Json = Record<string, unknown>;
const I = DEMO_IDS;

let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
  await app.ctx.db.insert(leaseApplicationPages).values({
    name: 'round-trip',
    companyId: I.companyCa,
    customFields: [{ id: 'parking', label: { en: 'Parking?', fr: 'Stationnement?' }, type: 'YES_NO', required: true }],
    applicationFeeAmount: 0,
  });
  // no section, no fee: the property and the terms are all a submit asks
  await app.ctx.db
    .insert(leaseApplicationPages)
    .values({ name: 'round-trip-submit', companyId: I.companyCa, applicationFeeAmount: 0 });
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...auth(tenant), 'accept-language': lang },
    ...(payload ? { payload: payload as Json } : {}),
  });
const save = (body: Json, lang = 'en') => call('POST', '/api/lease_application/saveforlater', body, lang);
const rowOf = async (id: string) => (await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id)))[0];

async function fresh(): Promise<Json> {
  const res = await call('GET', `/api/lease_application/new?pageName=round-trip&propertyId=${I.propertyCa}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /lease_application/new → POST /lease_application/saveforlater with the same record', () => {
  it('accepts the record as answered, plus a change: 200 and the change stored, read-only fields ignored', async () => {
    const record = await fresh();
    const res = await save({ ...record, middleName: 'Marie', currentStep: 'addresses' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: record.id, status: 'IN_PROGRESS', middleName: 'Marie', currentStep: 'addresses' });
    const row = await rowOf(record.id as string);
    expect(row).toMatchObject({ middleName: 'Marie', status: 'IN_PROGRESS' });

    // The next round trip starts from what saveforlater answered, with nested lists and objects filled in.
    const second = await save({
      ...res.json(),
      addresses: [{ street1: '4700 Kingsway', city: 'Burnaby', province: 'BC', country: 'CA', postalCode: 'V5H 4M1' }],
      otherInfo: { maritalStatus: 'SINGLE', pets: false },
      customFields: { parking: true },
    });
    expect(second.statusCode, second.body).toBe(200);
    const third = await save({ ...second.json(), lastName: 'Tremblay-Roy' });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({
      middleName: 'Marie',
      lastName: 'Tremblay-Roy',
      addresses: [{ city: 'Burnaby', postalCode: 'V5H 4M1' }],
      customFields: { parking: true },
    });

    // Read-only fields sent with other values change nothing: the status, the progress, the fee, the dates, the joins.
    const tampered = await save({
      ...third.json(),
      status: 'APPROVED',
      progress: 100,
      feeAmount: 0.01,
      leaseId: I.leaseActive,
      decisionComment: 'ok',
      createDate: '2000-01-01T00:00:00.000Z',
      joins: { property: null, lap: null, screenings: [], incomeVerification: null },
    });
    expect(tampered.statusCode, tampered.body).toBe(200);
    expect(tampered.json()).toMatchObject({ status: 'IN_PROGRESS', leaseId: null, decisionComment: null, feeAmount: null });
    expect(tampered.json().createDate).toBe(third.json().createDate);
    expect(tampered.json().progress).toBe(third.json().progress);
    expect((await rowOf(record.id as string))?.status).toBe('IN_PROGRESS');
  });

  it('refuses a truly bad field with 400 naming that field, in the caller language, and stores nothing', async () => {
    const record = await fresh();
    const bad = await save({ ...record, email: 'not-an-email', middleName: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    expect(bad.json().fieldErrors.map((f: Json) => f.field)).toEqual(['email']);
    expect(bad.json().message).not.toContain('body');

    const unknown = await save({ ...record, favouriteColour: 'blue' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.map((f: Json) => f.field)).toEqual(['favouriteColour']);

    const wrongType = await save({ ...record, addresses: 'Burnaby' }, 'fr');
    expect(wrongType.statusCode).toBe(400);
    expect(new Set(wrongType.json().fieldErrors.map((f: Json) => f.field))).toEqual(new Set(['addresses']));
    expect(wrongType.json().fieldErrors[0].message).toBe('Cette réponse n’est pas dans la forme attendue');
    expect(unknown.json().fieldErrors[0].message).toBe('This is not a field of a lease application: leave it out.');

    expect(await rowOf(record.id as string)).toMatchObject({ status: 'NOT_STARTED', middleName: null });
  });
});

describe('GET /lease_application/new → POST /lease_application/{id}/submit with the same record', () => {
  const submitOf = (id: unknown, body: Json, lang = 'en') => call('POST', `/api/lease_application/${id}/submit`, body, lang);
  const freshSubmit = async (): Promise<Json> => {
    const res = await call('GET', `/api/lease_application/new?pageName=round-trip-submit&propertyId=${I.propertyCa}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('accepts the record as answered plus the changes: submitted, read-only fields ignored', async () => {
    const record = await freshSubmit();
    const res = await submitOf(record.id, {
      ...record,
      acknowledgedTerms: true,
      middleName: 'Marie',
      status: 'APPROVED',
      progress: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: record.id,
      status: 'PENDING',
      middleName: 'Marie',
      acknowledgedTerms: true,
      leaseId: null,
    });
    expect((await rowOf(record.id as string))?.status).toBe('PENDING');
  });

  it('refuses with 400 naming the offending field (unknown key, bad value, another application id), nothing submitted', async () => {
    const record = await freshSubmit();
    const unknown = await submitOf(record.id, { ...record, acknowledgedTerms: true, favouriteColour: 'blue' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.map((f: Json) => f.field)).toEqual(['favouriteColour']);
    expect(unknown.json().message).not.toContain('body');

    const bad = await submitOf(record.id, { ...record, acknowledgedTerms: true, email: 'not-an-email' }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.map((f: Json) => f.field)).toEqual(['email']);

    const other = await fresh(); // an application of the other page (the same page and property answer the same one)
    expect(other.id).not.toBe(record.id);
    const mismatch = await submitOf(record.id, { ...other, acknowledgedTerms: true });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors.map((f: Json) => f.field)).toEqual(['id']);
    expect(mismatch.json().fieldErrors[0].message).toBe('This is the id of another application than the one being submitted.');

    expect((await rowOf(record.id as string))?.status).toBe('NOT_STARTED');
  });
});

describe('OpenAPI', () => {
  it('documents the saveforlater body, its read-only fields and the open key rule', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json().paths['/api/lease_application/saveforlater'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['id', 'middleName', 'status', 'progress', 'joins']));
  });
});
