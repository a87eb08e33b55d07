// issue 24 (spec 2 §7 Generic): GET /api/recordtypes, and the generic PATCH /{recordType}/{id}[/update],
// DELETE /{recordType}/{id}[/delete], GET /{recordType}/new: each is the type's own specific call (same checks,
// ownership, audit and answer) or a 400 naming what is not allowed; an unknown type 404.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, paymentMethods } from '../src/db/schema.ts';
import { RECORD_OPERATIONS } from '../src/services/records/record-operations.ts';
import {
  compileConditions,
  type FieldType,
  operatorsOf,
  SEARCH_OPERATORS,
  SqlParams,
} from '../src/services/search/conditions.ts';
import { RECORD_TYPES } from '../src/services/search/registry.ts';
import { auth, CA_BILLING_ADDRESS, DEMO_IDS, login, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;
let manager: string;
let manager2: string;
const I = DEMO_IDS;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
  [manager, manager2] = await Promise.all([login(app, 'manager@demo.test'), login(app, 'manager2@demo.test')]);
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, token: string | null, body?: unknown, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

type TypeInfo = {
  name: string;
  searchable: boolean;
  fields: { name: string; type: string; operators: string[] }[];
  operations: Record<string, { allowed: boolean; call: { method: string; path: string } | null; instead: unknown }>;
};

describe('GET /api/recordtypes', () => {
  it('lists every type with the search registry fields and what each generic call does (admin, manager)', async () => {
    for (const token of [admin, manager]) {
      const res = await call('GET', '/api/recordtypes', token);
      expect(res.statusCode, res.body).toBe(200);
      const types = res.json().records as TypeInfo[];
      expect(types.map((t) => t.name).sort()).toEqual(Object.keys(RECORD_OPERATIONS).sort());
      // Every searchable type is listed, with the registry's own fields.
      for (const [name, def] of Object.entries(RECORD_TYPES)) {
        const listed = types.find((t) => t.name === name);
        expect(listed?.searchable, name).toBe(true);
        expect(listed?.fields.map((f) => f.name)).toEqual(Object.keys(def.fields));
      }
      const tx = types.find((t) => t.name === 'payment_transaction');
      expect(tx?.fields).toContainEqual({
        name: 'amount',
        type: 'money',
        operators: ['EQUALS', 'NOT_EQUALS', 'IN', 'GREATER_THAN', 'LESS_THAN'],
      });
      expect(tx?.fields.find((f) => f.name === 'status')?.operators).toEqual(['EQUALS', 'NOT_EQUALS', 'IN', 'LIKE']);
      expect(tx?.operations.update).toEqual({
        allowed: false,
        call: null,
        instead: { method: 'POST', path: '/payment_transaction/{id}/refund' },
      });
      expect(types.find((t) => t.name === 'payment_method')?.operations.delete).toMatchObject({ allowed: true });
      expect(types.find((t) => t.name === 'company')).toMatchObject({ searchable: false, fields: [] });
    }
  });

  it('the operators listed for each field are exactly those the search takes for it', () => {
    const sample: Record<FieldType, unknown> = {
      text: 'a',
      date: '2020-01-01',
      timestamp: '2020-01-01T00:00:00Z',
      integer: 1,
      money: 1,
      boolean: true,
    };
    for (const def of Object.values(RECORD_TYPES)) {
      for (const [field, f] of Object.entries(def.fields)) {
        for (const operator of SEARCH_OPERATORS) {
          const value = operator === 'IN' ? [sample[f.type]] : sample[f.type];
          const { errors } = compileConditions(def.fields, def.name, [{ field, operator, value }], new SqlParams());
          expect(errors.length === 0, `${def.name}.${field} ${operator}`).toBe(operatorsOf(f.type).includes(operator));
        }
      }
    }
  });

  it('a tenant 403, no token 401', async () => {
    expect((await call('GET', '/api/recordtypes', tenant)).statusCode).toBe(403);
    expect((await call('GET', '/api/recordtypes', null)).statusCode).toBe(401);
  });
});

describe('what the generic calls refuse', () => {
  it('a payment transaction is never changed or deleted: 400 naming recordType, in English and in French', async () => {
    const [payment] = (await call('POST', '/api/payment_transaction/search?recordsPerPage=1', tenant, { conditions: [] })).json()
      .records;
    for (const [method, url] of [
      ['PATCH', `/api/payment_transaction/${payment.id}`],
      ['PATCH', `/api/payment_transaction/${payment.id}/update`],
      ['DELETE', `/api/payment_transaction/${payment.id}`],
      ['DELETE', `/api/PAYMENT_TRANSACTION/${payment.id}/delete`],
    ] as const) {
      for (const token of [tenant, admin, manager]) {
        const res = await call(method, url, token, method === 'PATCH' ? { amount: 1 } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().fieldErrors[0]).toMatchObject({ field: 'recordType', fieldValue: 'payment_transaction' });
        expect(res.json().message).toContain('money already paid never changes');
      }
      expect((await call(method, url, null)).statusCode).toBe(401);
    }
    const fr = await call('DELETE', `/api/payment_transaction/${payment.id}`, tenant, undefined, 'fr');
    expect(fr.json().message).toContain('l’argent déjà payé ne change jamais');
  });

  it('another operation a type does not allow: 400 naming it; an unknown type 404', async () => {
    const lease = await call('DELETE', `/api/property_lease/${I.leaseActive}`, manager);
    expect(lease.statusCode).toBe(400);
    expect(lease.json().message).toBe(
      'DELETE is not available for property_lease records. GET /recordtypes lists what each type allows.',
    );
    const fr = await call('GET', '/api/payment_method/new', tenant, undefined, 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json().fieldErrors[0].field).toBe('recordType');
    expect(fr.json().message).toContain('n’est pas offerte pour les enregistrements payment_method');
    const unknown = await call('PATCH', '/api/spaceship/1', admin, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('Unknown record type spaceship');
  });
});

describe('the generic calls run the specific ones', () => {
  it("PATCH /property_lease/{id}: the manager's update (audited), the other company 404, a tenant 403, 401", async () => {
    const res = await call('PATCH', `/api/property_lease/${I.leaseActive}`, manager, { tenantNotes: 'Generic note' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: I.leaseActive, tenantNotes: 'Generic note' });
    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, I.leaseActive), eq(auditEvents.action, 'UPDATE')));
    expect(events.at(-1)?.changes).toMatchObject({ tenantNotes: { to: 'Generic note' } });
    expect((await call('PATCH', `/api/property_lease/${I.leaseActive}/update`, manager2, { unit: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/PROPERTY_LEASE/${I.leaseUs}`, manager, { unit: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/property_lease/${I.leaseActive}`, tenant, { unit: 'x' })).statusCode).toBe(403);
    const byAdmin = await call('PATCH', `/api/property_lease/${I.leaseActive}/update`, admin, { tenantNotes: 'By the admin' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().tenantNotes).toBe('By the admin');
    expect((await call('PATCH', `/api/property_lease/${I.leaseActive}`, null, { unit: 'x' })).statusCode).toBe(401);
  });

  it('bad input is the specific call’s 400 naming the field, in English and in French', async () => {
    const en = await call('PATCH', `/api/property_lease/${I.leaseActive}`, manager, { monthlyPaymentDueDay: 40 });
    expect(en.statusCode).toBe(400);
    expect(en.json().fieldErrors[0].field).toBe('monthlyPaymentDueDay');
    const fr = await call('PATCH', `/api/customer/${I.tenant}`, tenant, { birthDate: 'hier' }, 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json().fieldErrors[0].field).toBe('birthDate');
    const direct = await call('PATCH', `/api/customer/${I.tenant}/update`, tenant, { birthDate: 'hier' }, 'fr');
    expect(fr.json()).toEqual(direct.json());
  });

  it('PATCH /customer/{id}: the tenant’s own profile; another tenant’s id answers as the specific call does', async () => {
    const res = await call('PATCH', `/api/customer/${I.tenant}`, tenant, { lastName: 'Tremblay-Roy' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: I.tenant, lastName: 'Tremblay-Roy' });
    const foreign = await call('PATCH', `/api/customer/${I.tenant}`, tenantUs, { lastName: 'X' });
    const foreignDirect = await call('PATCH', `/api/customer/${I.tenant}/update`, tenantUs, { lastName: 'X' });
    expect(foreign.statusCode).toBe(foreignDirect.statusCode);
    expect(foreign.statusCode).toBeGreaterThanOrEqual(403);
  });

  it('DELETE /payment_method/{id}: the tenant’s card removed as by its own call; another’s 404, a manager 403', async () => {
    const card = await call('POST', '/api/create', tenant, {
      type: 'TYPE_CREDIT_CARD',
      expiryMonth: 11,
      expiryYear: 39,
      nameOnCard: 'Camille Tremblay',
      country: 'CA',
      cardNumber: '5555555555554444',
      cvv: '123',
      billingAddress: CA_BILLING_ADDRESS,
    });
    expect(card.statusCode, card.body).toBe(201);
    const id = card.json().id as string;
    expect((await call('DELETE', `/api/payment_method/${id}`, tenantUs)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/payment_method/${id}`, manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/payment_method/${id}`, null)).statusCode).toBe(401);
    const res = await call('DELETE', `/api/payment_method/${id}/delete`, tenant);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await app.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(row.deletedAt).not.toBeNull();
    expect((await call('GET', `/api/payment_method/${id}`, tenant)).statusCode).toBe(404);
    const [event] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, id), eq(auditEvents.action, 'DELETE')));
    expect(event).toMatchObject({ recordType: 'payment_method', actorId: I.tenant });
  });

  it('GET /cash/new: the cash slip’s own new (a tenant’s lease), with its query', async () => {
    const viaGeneric = await call('GET', `/api/CASH/new?leaseId=${I.leaseActive}`, tenant);
    const direct = await call('GET', `/api/cash/new?leaseId=${I.leaseActive}`, tenant);
    expect(viaGeneric.statusCode).toBe(direct.statusCode);
    expect(viaGeneric.json()).toEqual(direct.json());
  });

  it('GET /{recordType}/new by role: a tenant-only new refuses the admin and a manager (403), no token 401', async () => {
    expect((await call('GET', `/api/cash/new?leaseId=${I.leaseActive}`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/CASH/new?leaseId=${I.leaseActive}`, manager)).statusCode).toBe(403);
    expect((await call('GET', `/api/CASH/new?leaseId=${I.leaseActive}`, null)).statusCode).toBe(401);
  });

  it('POST /savelist saves the autopay charge list only: another record type is a 400 naming the field', async () => {
    const other = await call('POST', '/api/savelist', tenant, { records: [{ recordType: 'payment_method', id: I.cardVisa }] });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors.map((f: { field: string }) => f.field)).toContain('billingAccounts');
    const notLease = await call('POST', '/api/savelist', tenant, {
      billingAccounts: [{ id: I.cardVisa, type: 'TYPE_PAYMENT_METHOD', charges: [] }],
    });
    expect(notLease.statusCode).toBe(400);
    expect(notLease.json().fieldErrors[0].field).toBe('billingAccounts.0.type');
  });

  it('static routes of other areas still answer for themselves (no shadowing)', async () => {
    // GET /company/{id}, the ledger search and the events search are not record ids of a generic type.
    expect((await call('GET', `/api/company/${I.companyCa}`, manager)).statusCode).toBe(200);
    expect((await call('POST', '/api/events/search', admin, {})).statusCode).toBe(200);
    expect((await call('GET', '/api/eventtypes', admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/property_lease/${I.leaseActive}`, tenant)).statusCode).toBe(200);
    const history = await call('GET', `/api/property_lease/${I.leaseActive}/history`, tenant);
    expect(history.statusCode).toBe(200);
  });
});
