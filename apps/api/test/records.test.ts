// GET /{recordType}/{id} and GET /{recordType}/{id}/history (docs/api-contract.md "Generic").
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(() => app.close());

const get = (token: string, url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers: auth(token) });

async function firstId(token: string, recordType: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${recordType}/search?recordsPerPage=1`,
    headers: auth(token),
    payload: {},
  });
  return res.json().records[0].id;
}

describe('GET /{recordType}/{id}', () => {
  it('answers the tenant own lease, shaped as in its search', async () => {
    for (const type of ['property_lease', 'PROPERTY_LEASE']) {
      const res = await get(tenant, `/${type}/${DEMO_IDS.leaseActive}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: DEMO_IDS.leaseActive,
        status: 'ACTIVE',
        balance: 3775,
        recurringScheduleStatus: 'ACTIVE',
        joins: {},
      });
      expect(res.json().openCharges).toHaveLength(3);
    }
  });

  it('answers each record type of the contract', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['open_charge', DEMO_IDS.chargeOverdue, { billingAccountId: DEMO_IDS.leaseActive, amount: 1850, balance: 1850 }],
      [
        'recurring_schedule',
        DEMO_IDS.schedule,
        { billingAccountId: DEMO_IDS.leaseActive, upcomingPayment: { status: 'PENDING' } },
      ],
      ['document', DEMO_IDS.docManager, { ownerType: 'TYPE_MANAGER', name: 'Signed lease agreement.png' }],
      ['DOCUMENT', DEMO_IDS.docTenant, { ownerType: 'TYPE_CUSTOMER', name: 'move-in-costs.csv' }],
      ['lease_application', DEMO_IDS.appPending, { status: 'PENDING', type: 'TYPE_LEASE_APPLICATION' }],
      ['payment_method', DEMO_IDS.cardVisa, { type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' }],
      ['customer', DEMO_IDS.tenant, { id: DEMO_IDS.tenant, email: 'tenant@demo.test' }],
    ];
    for (const [type, id, expected] of cases) {
      const res = await get(tenant, `/${type}/${id}`);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ id, ...expected });
    }
    const txId = await firstId(tenant, 'payment_transaction');
    const tx = await get(tenant, `/payment_transaction/${txId}`);
    expect(tx.json()).toMatchObject({ id: txId, userId: DEMO_IDS.tenant, currency: 'CAD' });
    const addressId = await firstId(tenant, 'address');
    const address = await get(tenant, `/address/${addressId}`);
    expect(address.json()).toMatchObject({ id: addressId, userId: DEMO_IDS.tenant, city: 'Vancouver' });
    expect((await get(tenant, `/payment_method/${DEMO_IDS.cardVisa}`)).body).not.toContain('tok_sandbox');
  });

  it('answers a foreign id exactly like a missing one', async () => {
    const missing = await get(tenantUs, `/property_lease/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    for (const [type, id] of [
      ['property_lease', DEMO_IDS.leaseActive],
      ['open_charge', DEMO_IDS.chargeOverdue],
      ['recurring_schedule', DEMO_IDS.schedule],
      ['document', DEMO_IDS.docManager],
      ['lease_application', DEMO_IDS.appPending],
      ['payment_method', DEMO_IDS.cardVisa],
    ]) {
      const foreign = await get(tenantUs, `/${type}/${id}`);
      const random = await get(tenantUs, `/${type}/${randomUUID()}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(random.body);
    }
    expect((await get(tenantUs, `/property_lease/${DEMO_IDS.leaseUs}`)).statusCode).toBe(200);
  });

  it('lets an admin read any record', async () => {
    const res = await get(admin, `/property_lease/${DEMO_IDS.leaseUs}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(DEMO_IDS.tenantUs);
  });

  it('answers 404 for an unknown record type, and refuses bad ids', async () => {
    const res = await get(tenant, `/bank_vault/${DEMO_IDS.leaseActive}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    const long = await get(tenant, `/property_lease/${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors[0].field).toBe('id');
    const quote = await get(tenant, `/property_lease/${encodeURIComponent("' OR '1'='1")}`);
    expect(quote.statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/property_lease/${DEMO_IDS.leaseActive}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /{recordType}/{id}/history', () => {
  beforeAll(async () => {
    await app.ctx.db.insert(auditEvents).values([
      {
        recordType: 'property_lease',
        recordId: DEMO_IDS.leaseActive,
        action: 'UPDATE',
        changes: { requireAutoPay: { from: false, to: true } },
        actorId: DEMO_IDS.tenant,
        actorType: 'TYPE_CUSTOMER',
        createdAt: '2024-02-01T10:00:00Z',
      },
      {
        recordType: 'PROPERTY_LEASE',
        recordId: DEMO_IDS.leaseActive,
        action: 'CREATE',
        actorId: DEMO_IDS.admin,
        actorType: 'TYPE_ADMIN',
        createdAt: '2024-01-01T10:00:00Z',
      },
      { recordType: 'property_lease', recordId: DEMO_IDS.leaseUs, action: 'CREATE', createdAt: '2024-01-01T10:00:00Z' },
      { recordType: 'open_charge', recordId: DEMO_IDS.leaseActive, action: 'CREATE', createdAt: '2024-01-01T10:00:00Z' },
    ]);
  });

  it('answers the events of the record, oldest first', async () => {
    const res = await get(tenant, `/property_lease/${DEMO_IDS.leaseActive}/history`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().records).toEqual([
      {
        id: expect.any(String),
        action: 'CREATE',
        changes: null,
        actorId: DEMO_IDS.admin,
        actorType: 'TYPE_ADMIN',
        createdAt: '2024-01-01T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        action: 'UPDATE',
        changes: { requireAutoPay: { from: false, to: true } },
        actorId: DEMO_IDS.tenant,
        actorType: 'TYPE_CUSTOMER',
        createdAt: '2024-02-01T10:00:00.000Z',
      },
    ]);
  });

  it('answers an empty trail for a record without events', async () => {
    const res = await get(tenant, `/recurring_schedule/${DEMO_IDS.schedule}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ records: [] });
  });

  it('answers 404 for a record the caller cannot see, like a missing one', async () => {
    const foreign = await get(tenantUs, `/property_lease/${DEMO_IDS.leaseActive}/history`);
    const random = await get(tenantUs, `/property_lease/${randomUUID()}/history`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(random.body);
    expect((await get(tenant, `/property_lease/${DEMO_IDS.leaseUs}/history`)).statusCode).toBe(404);
    expect((await get(tenant, `/nothing/${DEMO_IDS.leaseUs}/history`)).statusCode).toBe(404);
    const adminView = await get(admin, `/property_lease/${DEMO_IDS.leaseUs}/history`);
    expect(adminView.json().records.map((e: { action: string }) => e.action)).toEqual(['CREATE']);
  });
});
