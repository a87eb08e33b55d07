// issue 9 "No 5xx on any input": each class of input that answered 500 (a NUL byte in a JSON body, a path parameter,
// the query, a header or Basic credentials; a search value nested 5,000 deep; a malformed multipart body) answers
// 400 in the error envelope naming the field; a JSON body over the limit answers 413 with its own message; control and
// invisible characters in names are refused in English and French.

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsPlugin from '../src/plugins/errors.ts';
import { findBadJson } from '../src/plugins/input-guard.ts';
import { auth, CA_BILLING_ADDRESS, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
});
afterAll(() => app.close());

type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The answer is the error envelope with this status, code and first field. */
function expectEnvelope(res: Res, status: number, field?: string, errorCode = 'RM_ERROR_RECORD_VALIDATION') {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.errorCode).toBe(errorCode);
  expect(typeof body.message).toBe('string');
  if (field !== undefined) expect(body.fieldErrors?.[0]?.field).toBe(field);
  return body as { errorCode: string; message: string; fieldErrors?: { field: string; message: string }[] };
}

const json = (method: 'POST' | 'PATCH', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method,
    url,
    headers: { ...auth(tenant), 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('a NUL byte anywhere answers 400 naming the field', () => {
  it('in a JSON body: the field path of the string', async () => {
    const body = expectEnvelope(
      await json('POST', '/api/calculatefeewithfeeprofile', {
        amount: 10,
        companyId: `${DEMO_IDS.companyCa}\u0000`,
        paymentMethod: DEMO_IDS.cardVisa,
      }),
      400,
      'companyId',
    );
    expect(body.message).toBe('This value contains a NUL character, which is not allowed');
    expectEnvelope(
      await json('POST', '/api/property_lease/search', {
        conditions: [{ field: 'status', operator: 'IN', value: ['ACTIVE', 'x\u0000'] }],
      }),
      400,
      'conditions.0.value.1',
    );
    expectEnvelope(
      await json('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, { firstName: 'Ca\u0000mille' }),
      400,
      'firstName',
    );
  });

  it('in a key of a JSON body', async () => {
    expectEnvelope(await json('POST', '/api/calculatefee', { 'a\u0000': 1 }), 400, 'a\\0');
  });

  it('in a path parameter (by route and by the generic record routes)', async () => {
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/property/x%00y/peek', headers: auth(tenant) }), 400, 'id');
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/property_lease/a%00b', headers: auth(tenant) }), 400, 'id');
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/document/%00/download', headers: auth(tenant) }), 400, 'id');
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/nowhere%00', headers: auth(tenant) }), 400, 'url');
  });

  it('in the query', async () => {
    expectEnvelope(
      await app.inject({ method: 'GET', url: '/api/service_fee_profile?companyId=a%00b', headers: auth(tenant) }),
      400,
      'companyId',
    );
    expectEnvelope(
      await app.inject({ method: 'GET', url: '/api/last_month_amount_paid?leaseId=%00', headers: auth(tenant) }),
      400,
      'leaseId',
    );
  });

  it('in Basic credentials and in a header', async () => {
    const basic = (s: string) => ({ authorization: `Basic ${Buffer.from(s).toString('base64')}` });
    expectEnvelope(
      await app.inject({ method: 'GET', url: '/api/authorize', headers: basic('tenant@demo.test\u0000:Demo1234') }),
      400,
      'authorization',
    );
    expectEnvelope(
      await app.inject({ method: 'GET', url: '/api/authorize', headers: basic('tenant@demo.test:Demo\u00001234') }),
      400,
      'authorization',
    );
    expectEnvelope(
      await app.inject({
        method: 'GET',
        url: `/api/customer/${DEMO_IDS.tenant}`,
        headers: { ...auth(tenant), 'accept-language': 'fr\u0000' },
      }),
      400,
      'accept-language',
    );
  });

  it('answers in French for a French caller', async () => {
    const res = await json('POST', '/api/calculatefee', { paymentMethod: 'x\u0000' }, { 'accept-language': 'fr' });
    expect(expectEnvelope(res, 400, 'paymentMethod').message).toBe(
      'Cette valeur contient un caractère NUL, ce qui n’est pas permis',
    );
  });
});

describe('nesting, malformed bodies and size', () => {
  const deep = (depth: number, open: string, close: string) => `${open.repeat(depth)}"x"${close.repeat(depth)}`;

  it('a search value nested 5,000 deep (lists or objects) answers 400 naming it', async () => {
    for (const value of [deep(5000, '[', ']'), deep(5000, '{"a":', '}')]) {
      const res = await json(
        'POST',
        '/api/property_lease/search',
        `{"conditions":[{"field":"id","operator":"IN","value":${value}}]}`,
      );
      const body = expectEnvelope(res, 400);
      expect(body.fieldErrors?.[0].field).toMatch(/^conditions\.0\.value(\.|$)/);
      expect(body.message).toBe('This value is nested too deeply (at most 32 levels)');
    }
  });

  it('any other route refuses deep JSON too, before validation', async () => {
    expectEnvelope(await json('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, `{"firstName":${deep(100, '[', ']')}}`), 400);
  });

  it('JSON that does not parse answers 400 naming the body', async () => {
    expectEnvelope(await json('POST', '/api/calculatefee', '{"amount":'), 400, 'body');
    expectEnvelope(await json('POST', '/api/calculatefee', '{"__proto__":{"admin":true}}'), 400);
  });

  it('a JSON body over 1 MB answers 413 with its own message, in the caller language', async () => {
    const big = JSON.stringify({ conditions: [], padding: 'p'.repeat(1_100_000) });
    const en = expectEnvelope(await json('POST', '/api/property_lease/search', big), 413, 'body', 'RM_ERROR_REQUEST_TOO_LARGE');
    expect(en.message).toBe('The request is too large (at most 1 MB)');
    const fr = expectEnvelope(
      await json('POST', '/api/property_lease/search', big, { 'accept-language': 'fr' }),
      413,
      'body',
      'RM_ERROR_REQUEST_TOO_LARGE',
    );
    expect(fr.message).toBe('La requête est trop volumineuse (au plus 1 MB)');
  });

  it('malformed multipart bodies answer 400 naming the file', async () => {
    const url = `/api/PROPERTY_LEASE/${DEMO_IDS.leaseActive}/upload`;
    const cases: [string, string][] = [
      ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc'],
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=XX', 'garbage'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
    ];
    for (const [contentType, payload] of cases) {
      const res = await app.inject({ method: 'POST', url, headers: { ...auth(tenant), 'content-type': contentType }, payload });
      const body = expectEnvelope(res, 400, 'file');
      expect(body.message).toBe('The uploaded form is malformed or incomplete. Please select the file and try again.');
    }
  });

  it("a request Node's HTTP parser refuses (a NUL in a header, on the wire) answers 400 in the envelope", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      let data = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'),
      );
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errorCode: 'RM_ERROR_RECORD_VALIDATION',
      message: 'The request is malformed',
    });
  });

  it('an undecodable URL answers 400 in the envelope', async () => {
    expectEnvelope(await app.inject({ method: 'GET', url: '/api/property_lease/%E0%A4%A', headers: auth(tenant) }), 400, 'url');
  });
});

describe('names refuse control and invisible characters', () => {
  const patch = (body: Record<string, unknown>, lang = 'en') =>
    json('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, body, { 'accept-language': lang });

  it.each([
    ['firstName', 'Camille\r\nBcc: evil@example.org'],
    ['firstName', 'Cam\tille'],
    ['lastName', '\u202Eyalbmert'],
    ['lastName', 'Trem\u200Bblay'],
    ['firstName', 'Ca\u2066mille\u2069'],
    ['lastName', 'Tremblay\uFEFF'],
  ])('customer %s %j → 400 naming it', async (field, value) => {
    const en = expectEnvelope(await patch({ [field]: value }), 400, field);
    expect(en.fieldErrors?.[0].message).toBe('Names cannot contain line breaks, control characters or invisible characters');
    const fr = expectEnvelope(await patch({ [field]: value }, 'fr'), 400, field);
    expect(fr.fieldErrors?.[0].message).toBe(
      'Un nom ne peut pas contenir de saut de ligne, de caractère de contrôle ni de caractère invisible',
    );
  });

  it('a C1 control character (NEL) is refused at the door, as in every text field (issue 20)', async () => {
    const en = expectEnvelope(await patch({ firstName: 'Camille\u0085' }), 400, 'firstName');
    expect(en.fieldErrors?.[0].message).toBe('This value contains a control character, which is not allowed');
    const fr = expectEnvelope(await patch({ firstName: 'Camille\u0085' }, 'fr'), 400, 'firstName');
    expect(fr.fieldErrors?.[0].message).toBe('Cette valeur contient un caractère de contrôle, ce qui n’est pas permis');
  });

  it('names with accents, apostrophes and hyphens are still fine', async () => {
    const res = await patch({ firstName: 'Zoë-Anaïs', lastName: "O'Brien Nguyễn" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Zoë-Anaïs', lastName: "O'Brien Nguyễn" });
  });

  it('the cardholder name and the bank account holder refuse them too', async () => {
    const year = (new Date().getUTCFullYear() + 3) % 100;
    const card = {
      type: 'TYPE_CREDIT_CARD',
      cardNumber: '4242424242424242',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: year,
      nameOnCard: 'Camille\u200BTremblay',
      country: 'CA',
      billingAddress: CA_BILLING_ADDRESS,
    };
    const cardRes = expectEnvelope(await json('POST', '/api/create', card), 400, 'nameOnCard');
    expect(cardRes.fieldErrors?.[0].message).toBe('Names cannot contain line breaks, control characters or invisible characters');
    const bank = {
      type: 'TYPE_BANK_ACCOUNT',
      country: 'CA',
      accountHolder: 'Camille\r\nTremblay',
      bankAccountNumber: '12345678',
      institutionNumber: '004',
      transitNumber: '12345',
      billingAddress: CA_BILLING_ADDRESS,
    };
    expectEnvelope(await json('POST', '/api/create', bank), 400, 'accountHolder');
  });
});

describe('the database net behind the guards', () => {
  it('a data exception or a statement too complex (PostgreSQL 22xxx, 54001) answers 400, not 500', async () => {
    const bare = Fastify();
    await bare.register(errorsPlugin);
    for (const code of ['22021', '22P05', '22003', '54001']) {
      bare.get(`/${code}`, async () => {
        throw Object.assign(new Error('invalid byte sequence'), { name: 'DatabaseError', code, severity: 'ERROR' });
      });
    }
    bare.get('/wrapped', async () => {
      const cause = Object.assign(new Error('stack depth limit exceeded'), { code: '54001', severity: 'ERROR' });
      throw Object.assign(new Error('Failed query'), { cause });
    });
    bare.get('/other', async () => {
      throw Object.assign(new Error('deadlock'), { code: '40P01', severity: 'ERROR' });
    });
    for (const path of ['/22021', '/22P05', '/22003', '/54001', '/wrapped']) {
      const res = await bare.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: 'A value of this request cannot be stored',
      });
    }
    expect((await bare.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500);
    await bare.close();
  });

  it('findBadJson walks any depth without recursion and names the spot', () => {
    let deepValue: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deepValue = [deepValue];
    expect(findBadJson(deepValue)?.problem).toBe('depth');
    expect(findBadJson({ a: [{ b: 'ok' }, { c: 'n\u0000' }] })).toEqual({ field: 'a.1.c', problem: 'nul' });
    expect(findBadJson({ a: [1, 'two', null, { b: true }] })).toBeNull();
    expect(findBadJson('top\u0000')).toEqual({ field: 'body', problem: 'nul' });
  });
});
