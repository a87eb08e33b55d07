// Issue 20 §2 "Bad input stored": billing-address provinces outside the country's list (one with a control character),
// lone surrogates saved as U+FFFD, "number of vehicles" of -1e308 or 2.5 on a submitted application. Each is refused
// with a 400 RM_ERROR_RECORD_VALIDATION naming the field, and nothing is written.
import { APPLICATION_CUSTOM_NUMBER_MAX } from '@portal/domain/application-form';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, customers, leaseApplications, paymentMethods } from '../src/db/schema.ts';
import { auth, CA_BILLING_ADDRESS, DEMO_IDS, signedInApp } from './helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
});
afterAll(() => app.close());

type Res = Awaited<ReturnType<FastifyInstance['inject']>>;
interface FieldError {
  field: string;
  message: string;
}

/** The answer is a 400 RM_ERROR_RECORD_VALIDATION whose field errors name `field` (with `message` when given). */
function expectRefused(res: Res, field: string, message?: string): FieldError {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { errorCode: string; fieldErrors?: FieldError[] };
  expect(body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  const named = body.fieldErrors?.find((f) => f.field === field);
  expect(named, `no field error on ${field}: ${res.body}`).toBeDefined();
  if (message !== undefined) expect(named?.message).toBe(message);
  return named as FieldError;
}

/** A JSON body sent exactly as written (escapes such as \ud800 reach the server's parser as they are). */
const raw = (method: 'POST' | 'PATCH', url: string, payload: string | Buffer) =>
  app.inject({ method, url, headers: { ...auth(tenant), 'content-type': 'application/json' }, payload });
const post = (url: string, body: unknown) => raw('POST', url, JSON.stringify(body));

async function rowsOf(table: typeof addresses | typeof paymentMethods): Promise<number> {
  const [row] = await app.ctx.db.select({ n: count() }).from(table).where(eq(table.userId, I.tenant));
  return row.n;
}

const PROVINCE_INVALID = 'Please choose a province or state of the country from the list';
const CONTROL = 'This value contains a control character, which is not allowed';
const LONE_SURROGATE = 'This value contains a broken character (half of a UTF-16 pair), which cannot be stored';
const NOT_UTF8 = 'This value is not valid UTF-8 text';
const NUMBER_INVALID = 'Please enter a whole number in the accepted range';

const YEAR = (new Date().getUTCFullYear() + 3) % 100;
const card = (billingAddress: Record<string, unknown>) => ({
  type: 'TYPE_CREDIT_CARD',
  cardNumber: '4242424242424242',
  cvv: '123',
  expiryMonth: 12,
  expiryYear: YEAR,
  nameOnCard: 'Camille Tremblay',
  country: 'CA',
  billingAddress,
});
const caBank = (billingAddress: Record<string, unknown>) => ({
  type: 'TYPE_BANK_ACCOUNT',
  country: 'CA',
  accountHolder: 'Camille Tremblay',
  bankAccountNumber: '000123456789',
  institutionNumber: '004',
  transitNumber: '12345',
  billingAddress,
});

describe('billing addresses: the province is one of its country’s list (spec 1 §9), no control character', () => {
  it('refuses a province outside the list on POST /create TYPE_ADDRESS, and stores none', async () => {
    const before = await rowsOf(addresses);
    const address = (over: Record<string, unknown>) =>
      post('/api/create', { type: 'TYPE_ADDRESS', ...CA_BILLING_ADDRESS, ...over });
    expectRefused(await address({ province: 'ZZ' }), 'province', PROVINCE_INVALID);
    expectRefused(await address({ province: 'WA' }), 'province', PROVINCE_INVALID);
    expectRefused(await address({ country: 'US', province: 'BC', postalCode: '98101' }), 'province', PROVINCE_INVALID);
    // the one found stored with a control character
    expectRefused(await address({ province: 'B\u0001C' }), 'province', CONTROL);
    // named once, with the list's message
    const long = await address({ province: 'British Columbia' });
    expectRefused(long, 'province', PROVINCE_INVALID);
    expect(long.json().fieldErrors).toHaveLength(1);
    expect(await rowsOf(addresses)).toBe(before);
  });

  it('refuses control characters and other characters outside the street rule in every text field', async () => {
    const before = await rowsOf(addresses);
    const address = (over: Record<string, unknown>) =>
      post('/api/create', { type: 'TYPE_ADDRESS', ...CA_BILLING_ADDRESS, ...over });
    expectRefused(await address({ suite: '8\u00074' }), 'suite', CONTROL);
    expectRefused(await address({ street2: 'Rear\u0085door' }), 'street2', CONTROL);
    expectRefused(await address({ city: 'Van\u001bcouver' }), 'city', CONTROL);
    // tab and line feed pass the door (multi-line answers keep them) but not the suite's street rule
    expectRefused(await address({ suite: '8\t04' }), 'suite', 'Invalid Street Address');
    expectRefused(await address({ suite: 'Unit (5)' }), 'suite', 'Invalid Street Address');
    expect(await rowsOf(addresses)).toBe(before);
    // a lower-case code of the list is the province (stored as the list writes it)
    const ok = await address({ province: 'bc', suite: 'N/A' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ province: 'BC', suite: 'N/A' });
  });

  it('refuses the new billing address of a card or bank account with the field named, and adds no method', async () => {
    const [methods, saved] = [await rowsOf(paymentMethods), await rowsOf(addresses)];
    expectRefused(
      await post('/api/create', card({ ...CA_BILLING_ADDRESS, province: 'ZZ' })),
      'billingAddress.province',
      PROVINCE_INVALID,
    );
    expectRefused(
      await post('/api/create', caBank({ ...CA_BILLING_ADDRESS, province: 'NY' })),
      'billingAddress.province',
      PROVINCE_INVALID,
    );
    expectRefused(
      await post('/api/create', card({ ...CA_BILLING_ADDRESS, province: 'O\u0000N' })),
      'billingAddress.province',
      'This value contains a NUL character, which is not allowed',
    );
    expectRefused(
      await post('/api/create', { ...caBank(CA_BILLING_ADDRESS), bankName: 'RBC\u200b' }),
      'bankName',
      'Names cannot contain line breaks, control characters or invisible characters',
    );
    expect([await rowsOf(paymentMethods), await rowsOf(addresses)]).toEqual([methods, saved]);
  });
});

describe('lone surrogates, control characters and bytes that are not UTF-8 are refused where they are', () => {
  it('a lone surrogate in a JSON body is refused with its field, never stored as U+FFFD', async () => {
    const update = await raw('PATCH', `/api/customer/${I.tenant}/update`, '{"firstName":"Camille\\ud800"}');
    expectRefused(update, 'firstName', LONE_SURROGATE);
    const [customer] = await app.ctx.db.select().from(customers).where(eq(customers.id, I.tenant));
    expect(customer.firstName).toBe('Camille');

    const before = await rowsOf(addresses);
    const address = `{"type":"TYPE_ADDRESS","suite":"\\udc00","street1":"1250 Granville Street","city":"Vancouver","province":"BC","postalCode":"V6Z 1M6","country":"CA"}`;
    expectRefused(await raw('POST', '/api/create', address), 'suite', LONE_SURROGATE);
    expect(await rowsOf(addresses)).toBe(before);

    const notes = `{"id":"${I.appInProgress}","customFields":{"moveInNotes":"Weekend \\ud83d please"}}`;
    expectRefused(await raw('POST', '/api/lease_application/saveforlater', notes), 'customFields.moveInNotes', LONE_SURROGATE);
    // in a key: the field is named with the character escaped
    expectRefused(await raw('POST', '/api/calculatefee', '{"\\ud800":1}'), '\\ud800', LONE_SURROGATE);
  });

  it('a whole surrogate pair (an emoji), tabs and line breaks are kept as typed', async () => {
    const notes = `{"id":"${I.appInProgress}","customFields":{"vehicles":1,"moveInNotes":"Weekend \\ud83d\\ude00\\nplease\\tthanks"}}`;
    const res = await raw('POST', '/api/lease_application/saveforlater', notes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customFields.moveInNotes).toBe('Weekend 😀\nplease\tthanks');
  });

  it('bytes that are not UTF-8 are refused with the field they are in, not stored as U+FFFD', async () => {
    const before = await rowsOf(addresses);
    const body = Buffer.concat([
      Buffer.from('{"type":"TYPE_ADDRESS","suite":"8'),
      Buffer.from([0xff]),
      Buffer.from(
        `4","street1":"1250 Granville Street","city":"Vancouver","province":"BC","postalCode":"V6Z 1M6","country":"CA"}`,
      ),
    ]);
    expectRefused(await raw('POST', '/api/create', body), 'suite', NOT_UTF8);
    // a surrogate written as UTF-8 bytes (CESU-8) is no UTF-8 either
    const cesu = Buffer.concat([Buffer.from('{"firstName":"Ca'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    expectRefused(await raw('PATCH', `/api/customer/${I.tenant}/update`, cesu), 'firstName', NOT_UTF8);
    expect(await rowsOf(addresses)).toBe(before);
  });

  it('a control character in the query or a path parameter is refused with its name', async () => {
    const search = await app.inject({
      method: 'POST',
      url: '/api/property_lease/search?page=1&recordsPerPage=10&x=a%01b',
      headers: auth(tenant),
      payload: { conditions: [] },
    });
    expectRefused(search, 'x', CONTROL);
    expectRefused(await app.inject({ method: 'GET', url: '/api/property/x%1Fy/peek', headers: auth(tenant) }), 'id', CONTROL);
  });
});

describe('numbers of an application are whole numbers in a sane range (save for later and submit)', () => {
  const save = (body: Record<string, unknown>) => post('/api/lease_application/saveforlater', { id: I.appInProgress, ...body });
  const storedVehicles = async () => {
    const [row] = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, I.appInProgress));
    return (row.customFields as Record<string, unknown>).vehicles;
  };

  it('refuses "number of vehicles" of -1e308, 2.5 or over the maximum on save for later, and keeps the saved answer', async () => {
    expect((await save({ customFields: { vehicles: 2 } })).statusCode).toBe(200);
    for (const vehicles of [-1e308, 2.5, -1, APPLICATION_CUSTOM_NUMBER_MAX + 1, 1e308]) {
      expectRefused(await save({ customFields: { vehicles } }), 'customFields.vehicles', NUMBER_INVALID);
    }
    expect(await storedVehicles()).toBe(2);
    expect((await save({ customFields: { vehicles: APPLICATION_CUSTOM_NUMBER_MAX } })).statusCode).toBe(200);
    expect((await save({ customFields: { vehicles: 0 } })).statusCode).toBe(200);
  });

  it('refuses them on submit too, before anything is charged or stored', async () => {
    const res = await post(`/api/lease_application/${I.appInProgress}/submit`, {
      customFields: { vehicles: 2.5 },
      paymentMethodId: I.cardVisa,
    });
    expectRefused(res, 'customFields.vehicles', NUMBER_INVALID);
    expect(await storedVehicles()).toBe(0);
    const [row] = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, I.appInProgress));
    expect(row).toMatchObject({ status: 'IN_PROGRESS', feeTransactionId: null });
  });

  it('refuses the other counts out of range with their fields named', async () => {
    const address = { street1: '4700 Kingsway', city: 'Burnaby', province: 'BC', country: 'CA', postalCode: 'V5H 4M1' };
    expectRefused(
      await save({ addresses: [{ ...address, monthsAtAddress: 2.5 }] }),
      'addresses.0.monthsAtAddress',
      NUMBER_INVALID,
    );
    expectRefused(await save({ otherOccupants: [{ names: 'Sam', age: -1e308 }] }), 'otherOccupants.0.age', NUMBER_INVALID);
    expectRefused(await save({ employment: { monthsEmployed: 1e308 } }), 'employment.monthsEmployed', NUMBER_INVALID);
    expectRefused(await save({ employment: { monthlySalary: -1e308 } }), 'employment.monthlySalary');
  });

  it('refuses an address-history province outside its country’s list, or with a control character', async () => {
    const address = { street1: '4700 Kingsway', city: 'Burnaby' };
    const invalid = 'Please choose a province or state from the list';
    expectRefused(await save({ addresses: [{ ...address, country: 'CA', province: 'ZZ' }] }), 'addresses.0.province', invalid);
    expectRefused(await save({ addresses: [{ ...address, country: 'US', province: 'BC' }] }), 'addresses.0.province', invalid);
    expectRefused(await save({ addresses: [{ ...address, province: 'B\u0001C' }] }), 'addresses.0.province', CONTROL);
    expect((await save({ addresses: [{ ...address, country: 'CA', province: 'BC' }] })).statusCode).toBe(200);
  });
});

describe('every number the API accepts is bounded', () => {
  // Amounts are bounded by the payment rules (limits of spec 1 §5/§9, owned by the amount fields' work) and the
  // sign-up due day by the lease-details rule (1..31); every other number must carry both bounds in the contract.
  const CHECKED_BY_A_RULE = /(^|\.)(amount|customAmount|paymentDue)$/;

  it('the OpenAPI document gives every other number of a body, path or query a minimum and a maximum', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; parameters?: { in: string; name: string; schema?: unknown }[] }>
      >;
    };
    type Schema = Record<string, unknown>;
    const unbounded: string[] = [];
    const walk = (schema: unknown, path: string, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Schema;
      const types = ([] as unknown[]).concat(s.type);
      const isNumber = types.includes('number') || types.includes('integer');
      const bounded =
        (s.minimum !== undefined || s.exclusiveMinimum !== undefined) &&
        (s.maximum !== undefined || s.exclusiveMaximum !== undefined);
      if (isNumber && !bounded && !CHECKED_BY_A_RULE.test(path)) unbounded.push(`${where} ${path}`);
      for (const [k, v] of Object.entries((s.properties as Schema | undefined) ?? {})) walk(v, `${path}.${k}`, where);
      if (s.items) walk(s.items, `${path}[]`, where);
      if (s.additionalProperties) walk(s.additionalProperties, `${path}.*`, where);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const x of (s[key] as unknown[] | undefined) ?? []) walk(x, path, where);
    };
    for (const [path, methods] of Object.entries(docs.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
        walk(body?.content?.['application/json']?.schema, 'body', where);
        for (const p of op.parameters ?? []) walk(p.schema, `${p.in}.${p.name}`, where);
      }
    }
    expect(unbounded).toEqual([]);
  });
});
