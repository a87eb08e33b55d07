// Admin routes: tenants list and mimic (spec 1 §4 Mimic mode, §6 Roles; docs/api-contract.md "Broadcast and admin").
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT, TENANT_US } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let tenant: string;

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

beforeAll(async () => {
  app = await buildTestApp();
  [admin, tenant] = await Promise.all([login(app, ADMIN), login(app, TENANT)]);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const mimic = (token: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/admin/mimic', headers: auth(token), payload: payload as object });
const mimicEvents = () => app.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'MIMIC_START'));

describe('GET /api/admin/tenants', () => {
  it('lists every tenant lease with its customer and property', async () => {
    const res = await get('/api/admin/tenants', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalRecords: 4, totalPages: 1, page: 1 });
    expect(body.records.map((r: { leaseId: string }) => r.leaseId).sort()).toEqual(
      [DEMO_IDS.leaseActive, DEMO_IDS.leasePending, DEMO_IDS.leaseTerminated, DEMO_IDS.leaseUs].sort(),
    );
    expect(body.records.find((r: { leaseId: string }) => r.leaseId === DEMO_IDS.leaseUs)).toEqual({
      leaseId: DEMO_IDS.leaseUs,
      status: 'ACTIVE',
      unit: '3B',
      customer: { id: DEMO_IDS.tenantUs, firstName: 'Jordan', lastName: 'Miller', email: 'tenant.us@demo.test' },
      property: { id: DEMO_IDS.propertyUs, propertyName: 'Pike Street Flats', city: 'Seattle', province: 'WA' },
      invitation: null,
    });
  });

  it('pages', async () => {
    const first = (await get('/api/admin/tenants?recordsPerPage=3&page=1', admin)).json();
    const second = (await get('/api/admin/tenants?recordsPerPage=3&page=2', admin)).json();
    expect(first).toMatchObject({ totalRecords: 4, totalPages: 2, page: 1 });
    expect(first.records).toHaveLength(3);
    expect(second).toMatchObject({ totalRecords: 4, totalPages: 2, page: 2 });
    expect(second.records).toHaveLength(1);
    const ids = [...first.records, ...second.records].map((r: { leaseId: string }) => r.leaseId);
    expect(new Set(ids).size).toBe(4);
  });

  const searches: [string, number][] = [
    ['camille', 3],
    ['TREMBLAY', 3],
    ['Camille Tremblay', 3],
    ['tenant.us@', 1],
    ['pike street', 1],
    ['Kelowna', 1],
    ['harbourview', 1],
    ['%', 0],
    ['_', 0],
    ["' OR 1=1 --", 0],
    ['nobody-matches-this', 0],
  ];
  for (const [search, count] of searches) {
    it(`searches "${search}" → ${count}`, async () => {
      const res = await get(`/api/admin/tenants?search=${encodeURIComponent(search)}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().totalRecords).toBe(count);
      expect(res.json().records).toHaveLength(count);
    });
  }

  for (const query of ['page=0', 'recordsPerPage=401', 'page=abc', 'sort=name', `search=${'x'.repeat(101)}`]) {
    it(`answers 400 with fieldErrors for ${query.slice(0, 30)}`, async () => {
      const res = await get(`/api/admin/tenants?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      expect(res.json().fieldErrors.length).toBeGreaterThan(0);
    });
  }
});

describe('GET /api/admin/tenants/{leaseId}', () => {
  it('answers one tenant lease', async () => {
    const res = await get(`/api/admin/tenants/${DEMO_IDS.leaseActive}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ leaseId: DEMO_IDS.leaseActive, unit: '804', customer: { id: DEMO_IDS.tenant } });
  });

  it('answers 404 for a missing lease and 400 for a malformed id', async () => {
    const missing = await get(`/api/admin/tenants/${randomUUID()}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    const bad = await get(`/api/admin/tenants/${'x'.repeat(65)}`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('leaseId');
  });
});

describe('admin routes refuse tenants', () => {
  it('answers 403 RM_ERROR_FORBIDDEN to a tenant, and to an admin acting as a tenant', async () => {
    const mimicToken = (await mimic(admin, { leaseId: DEMO_IDS.leaseUs })).json().access_token as string;
    const before = (await mimicEvents()).length;
    for (const token of [tenant, await login(app, TENANT_US), mimicToken]) {
      for (const res of [
        await get('/api/admin/tenants', token),
        await get(`/api/admin/tenants/${DEMO_IDS.leaseActive}`, token),
        await mimic(token, { leaseId: DEMO_IDS.leaseActive }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().errorCode).toBe('RM_ERROR_FORBIDDEN');
      }
    }
    expect((await mimicEvents()).length).toBe(before);
  });
});

describe('POST /api/admin/mimic', () => {
  it("gives a token acting as the lease's tenant; stopMimic gives the admin's token back; the start is audited", async () => {
    const res = await mimic(admin, { leaseId: DEMO_IDS.leaseActive });
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    const claims = decode(token);
    expect(claims.sessionRole).toEqual({
      id: DEMO_IDS.tenant,
      firstName: 'Camille',
      lastName: 'Tremblay',
      type: 'TYPE_CUSTOMER',
    });
    expect(claims.mimic).toEqual({ adminId: DEMO_IDS.admin, leaseId: DEMO_IDS.leaseActive, adminType: 'TYPE_ADMIN' });

    const customer = await get(`/api/customer/${DEMO_IDS.tenant}`, token);
    expect(customer.statusCode).toBe(200);
    expect(customer.json().email).toBe('tenant@demo.test');
    // Acting as this tenant, another tenant's record stays out of reach.
    expect((await get(`/api/customer/${DEMO_IDS.tenantUs}`, token)).statusCode).toBe(404);

    const back = await get('/api/refreshtoken?stopMimic=true', token);
    expect(back.statusCode).toBe(200);
    const adminClaims = decode(back.json().access_token);
    expect(adminClaims.sessionRole).toMatchObject({ id: DEMO_IDS.admin, type: 'TYPE_ADMIN' });
    expect(adminClaims.mimic).toBeUndefined();
    expect((await get('/api/admin/tenants', back.json().access_token)).statusCode).toBe(200);

    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, DEMO_IDS.leaseActive), eq(auditEvents.action, 'MIMIC_START')));
    expect(events.at(-1)).toMatchObject({ recordType: 'property_lease', actorId: DEMO_IDS.admin, actorType: 'TYPE_ADMIN' });
  });

  it('answers 404 for a missing lease and records nothing', async () => {
    const before = (await mimicEvents()).length;
    const res = await mimic(admin, { leaseId: randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    expect((await mimicEvents()).length).toBe(before);
  });

  for (const [what, body] of [
    ['a missing leaseId', {}],
    ['an empty leaseId', { leaseId: '' }],
    ['a numeric leaseId', { leaseId: 12 }],
    ['an unknown key', { leaseId: DEMO_IDS.leaseActive, asAdmin: true }],
  ] as const) {
    it(`answers 400 with fieldErrors for ${what}, and records nothing`, async () => {
      const before = (await mimicEvents()).length;
      const res = await mimic(admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      expect(res.json().fieldErrors.length).toBeGreaterThan(0);
      expect((await mimicEvents()).length).toBe(before);
    });
  }
});

describe('OpenAPI', () => {
  it('lists the admin routes with the admin tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/admin/tenants'].get.tags).toEqual(['admin']);
    expect(doc.paths['/api/admin/tenants/{leaseId}'].get.tags).toEqual(['admin']);
    expect(doc.paths['/api/admin/mimic'].post.tags).toEqual(['admin']);
  });
});

describe('paying while viewing as the tenant (issue 20 §2)', () => {
  it('asks for an explicit confirmation, then records the admin on the ledger row and in the audit trail', async () => {
    const token = (await mimic(admin, { leaseId: DEMO_IDS.leaseActive })).json().access_token as string;
    const key = randomUUID();
    const pay = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/processpayment',
        headers: { ...auth(token), 'idempotency-key': key, ...headers },
        payload: {
          billingAccountId: DEMO_IDS.leaseActive,
          billingAccountType: 'TYPE_PROPERTY_LEASE',
          paymentMethodId: DEMO_IDS.cardVisa,
          paymentMethodType: 'TYPE_CREDIT_CARD',
          amount: 15,
        },
      });
    const unconfirmed = await pay({ 'accept-language': 'fr' });
    expect(unconfirmed.statusCode).toBe(428);
    expect(unconfirmed.json()).toMatchObject({ errorCode: 'RM_ERROR_CONFIRMATION_REQUIRED' });
    expect(unconfirmed.json().message).toMatch(/au nom du locataire/);
    // Nothing claimed, nothing recorded: the same key then pays once confirmed.
    const { rows } = await app.ctx.database.raw('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [key]);
    expect(rows[0].n).toBe(0);
    const paid = await pay({ 'x-act-as-tenant': 'confirmed' });
    expect(paid.statusCode, paid.body).toBe(200);
    const { rows: tx } = await app.ctx.database.raw('SELECT acted_by, user_id FROM payment_transactions WHERE id = $1', [
      paid.json().id,
    ]);
    expect(tx[0]).toEqual({ acted_by: DEMO_IDS.admin, user_id: DEMO_IDS.tenant });
    const [event] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, paid.json().id), eq(auditEvents.action, 'PAYMENT_AS_TENANT')));
    expect(event).toMatchObject({ actorId: DEMO_IDS.admin, actorType: 'TYPE_ADMIN', recordType: 'payment_transaction' });
    // The tenant's own payments need no such confirmation and name no admin.
    const own = await app.inject({
      method: 'POST',
      url: '/api/processpayment',
      headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
      payload: {
        billingAccountId: DEMO_IDS.leaseActive,
        billingAccountType: 'TYPE_PROPERTY_LEASE',
        paymentMethodId: DEMO_IDS.cardVisa,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        amount: 15,
      },
    });
    expect(own.statusCode).toBe(200);
    const { rows: ownTx } = await app.ctx.database.raw('SELECT acted_by FROM payment_transactions WHERE id = $1', [
      own.json().id,
    ]);
    expect(ownTx[0].acted_by).toBeNull();
  });
});

describe("issue 23: a manager's console is limited to the manager's company", () => {
  it("lists their company's tenant leases only, and another company's lease answers 404", async () => {
    const manager = await login(app, 'manager@demo.test');
    const res = await get('/api/admin/tenants', manager);
    expect(res.statusCode).toBe(200);
    const ids = res.json().records.map((r: { leaseId: string }) => r.leaseId);
    expect(ids).toContain(DEMO_IDS.leaseActive);
    expect(ids).not.toContain(DEMO_IDS.leaseUs);
    expect(ids).not.toContain(DEMO_IDS.leasePending); // Okanagan Rentals' lease
    expect((await get(`/api/admin/tenants/${DEMO_IDS.leaseUs}`, manager)).statusCode).toBe(404);
    expect((await get(`/api/admin/tenants/${DEMO_IDS.leaseActive}`, manager)).statusCode).toBe(200);
  });

  it("may view as their own tenants (spec 1 §6), never as another company's (404)", async () => {
    const manager = await login(app, 'manager@demo.test');
    expect((await mimic(manager, { leaseId: DEMO_IDS.leaseUs })).statusCode).toBe(404);
    const ok = await mimic(manager, { leaseId: DEMO_IDS.leaseActive });
    expect(ok.statusCode).toBe(200);
    expect(decode(ok.json().access_token)).toMatchObject({
      sessionRole: { id: DEMO_IDS.tenant, type: 'TYPE_CUSTOMER' },
      mimic: { leaseId: DEMO_IDS.leaseActive },
    });
  });

  it('a tenant gets 403 from the console', async () => {
    expect((await get('/api/admin/tenants', tenant)).statusCode).toBe(403);
  });
});
