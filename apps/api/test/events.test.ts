// issue 24 "Events and operations": POST /api/events/search and GET /api/eventtypes (spec 2 §7 "Others"): the audit
// trail and the tracking events (spec 2 §9) as one list; admin all, a manager its company's audit events, a tenant 403.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents, customers, paymentMethods, trackingEvents } from '../src/db/schema.ts';
import { AUDIT_EVENT_TYPES } from '../src/services/events/event-types.ts';
import { ADMIN, auth, CA_BILLING_ADDRESS, DEMO_IDS, DEMO_PASSWORD, login, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let admin: string;
let manager: string;
let manager2: string;

const I = DEMO_IDS;
const PAN = '4242424242424242';
const CVV = '7391';
const NEW_PASSWORD = 'Leak5cannerPw9';
const tokensSeen: string[] = [];

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
  [manager, manager2] = await Promise.all([login(app, 'manager@demo.test'), login(app, 'manager2@demo.test')]);
  tokensSeen.push(tenant, admin, manager, manager2);
});
afterAll(async () => {
  await app.close();
});

const search = (token: string | null, body: unknown = {}, query = '') =>
  app.inject({
    method: 'POST',
    url: `/api/events/search${query}`,
    headers: token ? auth(token) : {},
    payload: body as Record<string, unknown>,
  });
const eventTypes = (token: string | null) =>
  app.inject({ method: 'GET', url: '/api/eventtypes', headers: token ? auth(token) : {} });

type Ev = { id: string; source: string; type: string; recordType: string | null; recordId: string | null };

describe('POST /api/events/search', () => {
  beforeAll(async () => {
    // One event a company at known instants (in 2020, before anything the demo wrote), so order, period and scope are
    // plain to check.
    const event = (recordType: string, recordId: string, actorId: string, actorType: string, createdAt: string) => ({
      recordType,
      recordId,
      action: 'UPDATE',
      actorId,
      actorType,
      createdAt,
    });
    await app.ctx.db
      .insert(auditEvents)
      .values([
        event('property_lease', I.leaseActive, I.manager, 'TYPE_MANAGER', '2020-01-10T12:00:00.000Z'),
        event('property_lease', I.leaseUs, I.admin, 'TYPE_ADMIN', '2020-01-11T12:00:00.000Z'),
        event('property', I.propertyCa2, I.manager2, 'TYPE_MANAGER', '2020-01-12T12:00:00.000Z'),
        event('payment_method', I.cardVisa, I.tenant, 'TYPE_CUSTOMER', '2020-01-13T12:00:00.000Z'),
      ]);
    await app.ctx.db
      .insert(trackingEvents)
      .values({ userId: I.tenant, event: 'PAYMENT_OPEN', createdAt: '2020-01-12T18:00:00.000Z' });
  });

  it('the admin gets audit and tracking events of a period as one list, newest first, paged', async () => {
    const res = await search(admin, { from: '2020-01-10', to: '2020-01-13' }, '?page=1&recordsPerPage=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, totalRecords: 5, totalPages: 3 });
    expect(body.records.map((e: Ev) => [e.source, e.type, e.recordId])).toEqual([
      ['AUDIT', 'UPDATE', I.cardVisa],
      ['TRACKING', 'PAYMENT_OPEN', null],
    ]);
    const last = (await search(admin, { from: '2020-01-10', to: '2020-01-13' }, '?page=3&recordsPerPage=2')).json();
    expect(last.records.map((e: Ev) => e.recordId)).toEqual([I.leaseActive]);
    const past = (await search(admin, { from: '2020-01-10', to: '2020-01-13' }, '?page=9&recordsPerPage=2')).json();
    expect(past).toMatchObject({ records: [], totalRecords: 5, totalPages: 3, page: 9 });
  });

  it('filters by type, user and record (type and id); an instant "to" is excluded', async () => {
    const period = { from: '2020-01-01', to: '2020-01-31' };
    const opensRes = await search(admin, { ...period, type: 'PAYMENT_OPEN' });
    expect(opensRes.statusCode, opensRes.body).toBe(200);
    const opens = opensRes.json();
    expect(opens.records.map((e: Ev) => e.source)).toEqual(['TRACKING']);
    const byTenant = (await search(admin, { ...period, userId: I.tenant })).json();
    expect(byTenant.records.map((e: Ev) => e.type)).toEqual(['UPDATE', 'PAYMENT_OPEN']);
    const lease = (await search(admin, { ...period, recordType: 'PROPERTY_LEASE', recordId: I.leaseUs })).json();
    expect(lease.records).toHaveLength(1);
    expect(lease.records[0]).toMatchObject({ recordType: 'property_lease', userId: I.admin, userType: 'TYPE_ADMIN' });
    const before = (await search(admin, { from: '2020-01-10T00:00:00Z', to: '2020-01-11T12:00:00.000Z' })).json();
    expect(before.records.map((e: Ev) => e.recordId)).toEqual([I.leaseActive]);
  });

  it("a manager gets its company's audit events only: its records, its users' acts; no tracking, no tenant's card", async () => {
    const mine = (await search(manager, { from: '2020-01-01', to: '2020-01-31' })).json();
    expect(mine.records.map((e: Ev) => e.recordId)).toEqual([I.leaseActive]);
    const other = (await search(manager2, { from: '2020-01-01', to: '2020-01-31' })).json();
    expect(other.records.map((e: Ev) => e.recordId)).toEqual([I.propertyCa2]);
    // Another company's record answers an empty list, as a missing one does.
    expect((await search(manager, { recordType: 'property_lease', recordId: I.leaseUs })).json().totalRecords).toBe(0);
    expect((await search(manager, { type: 'PAYMENT_OPEN' })).json().totalRecords).toBe(0);
  });

  it("an API key's use (no user: a machine) is its company's: seen by its manager, found by the type as written", async () => {
    const [key] = await app.ctx.db
      .insert(apiKeys)
      .values({
        companyId: I.companyCa,
        name: 'PMS export',
        prefix: 'rpk_eventstest',
        keyHash: 'events-test-hash',
        scopes: ['ledger:read'],
        createdById: I.manager,
        createdByType: 'TYPE_MANAGER',
      })
      .returning({ id: apiKeys.id });
    await app.ctx.db.insert(auditEvents).values({
      recordType: 'ApiKey',
      recordId: key.id,
      action: 'USE',
      actorId: null,
      actorType: null,
      createdAt: '2020-02-01T00:00:00.000Z',
    });
    const filter = { recordType: 'ApiKey', from: '2020-02-01', to: '2020-02-01' };
    expect((await search(manager, filter)).json().records.map((e: Ev) => e.recordId)).toEqual([key.id]);
    expect((await search(manager2, filter)).json().totalRecords).toBe(0);
    expect((await search(admin, { ...filter, type: 'USE' })).json().totalRecords).toBe(1);
  });

  it('a tenant gets 403, no token 401', async () => {
    expect((await search(tenant)).statusCode).toBe(403);
    expect((await search(null)).statusCode).toBe(401);
  });

  it('bad input: 400 naming the field, in English and in French', async () => {
    const en = await search(admin, { type: 'password change' });
    expect(en.statusCode).toBe(400);
    expect(en.json().fieldErrors[0]).toMatchObject({ field: 'type' });
    expect(en.json().fieldErrors[0].message).toContain('capitals and underscores');
    const fr = await app.inject({
      method: 'POST',
      url: '/api/events/search',
      headers: { ...auth(admin), 'accept-language': 'fr' },
      payload: { from: '2020-13-45' },
    });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().fieldErrors[0]).toMatchObject({ field: 'from' });
    expect(fr.json().fieldErrors[0].message).toContain('Écrivez un jour (AAAA-MM-JJ)');
    const order = await search(admin, { from: '2020-02-01', to: '2020-01-01' });
    expect(order.statusCode).toBe(400);
    expect(order.json().fieldErrors[0].field).toBe('to');
    const unknown = await search(admin, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().fieldErrors)).toContain('colour');
    expect((await search(admin, {}, '?recordsPerPage=0')).json().fieldErrors[0].field).toBe('recordsPerPage');
  });
});

describe('GET /api/eventtypes', () => {
  it('lists the audit actions and the tracking events with English and French labels (admin and manager)', async () => {
    for (const token of [admin, manager]) {
      const res = await eventTypes(token);
      expect(res.statusCode).toBe(200);
      const records = res.json().records as { type: string; source: string; labels: { en: string; fr: string } }[];
      expect(records.find((r) => r.type === 'PASSWORD_CHANGE')).toEqual({
        type: 'PASSWORD_CHANGE',
        source: 'AUDIT',
        labels: { en: 'Password changed', fr: 'Mot de passe modifié' },
      });
      expect(records.find((r) => r.type === 'PAYMENT_OPEN')?.source).toBe('TRACKING');
      // Every label is a text, never the key itself.
      for (const r of records) {
        expect(r.labels.en).not.toContain('server.');
        expect(r.labels.fr).not.toContain('server.');
      }
    }
  });

  it('a tenant gets 403, no token 401', async () => {
    expect((await eventTypes(tenant)).statusCode).toBe(403);
    expect((await eventTypes(null)).statusCode).toBe(401);
  });

  it('names every action the API audits (the recordAudit call sites of apps/api/src)', () => {
    const src = new URL('../src/', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
      });
    const actions = new Set<string>();
    for (const file of files(src)) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('recordAudit(')) continue;
      for (const call of text.split('recordAudit(').slice(1)) {
        const line = /action:([^\n]*)/.exec(call.slice(0, 600))?.[1] ?? '';
        for (const m of line.matchAll(/'([A-Z_]+)'/g)) actions.add(m[1]);
      }
    }
    expect(actions.size).toBeGreaterThan(10);
    expect([...actions].filter((a) => !(AUDIT_EVENT_TYPES as readonly string[]).includes(a))).toEqual([]);
  });
});

describe('no card data or secrets in any event', () => {
  it('a card add, a payment, a password change and sign-ins leave no card number, CVV, password, hash or token', async () => {
    const card = await app.inject({
      method: 'POST',
      url: '/api/create',
      headers: auth(tenant),
      payload: {
        type: 'TYPE_CREDIT_CARD',
        expiryMonth: 11,
        expiryYear: 39,
        nameOnCard: 'Camille Tremblay',
        country: 'CA',
        cardNumber: PAN,
        cvv: CVV,
        billingAddress: CA_BILLING_ADDRESS,
      },
    });
    expect(card.statusCode, card.body).toBe(201);
    const pay = await app.inject({
      method: 'POST',
      url: '/api/processpayment',
      headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
      payload: {
        billingAccountId: I.leaseActive,
        billingAccountType: 'TYPE_PROPERTY_LEASE',
        paymentMethodId: card.json().id,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        amount: 25,
      },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const change = await app.inject({
      method: 'POST',
      url: '/api/changepassword',
      headers: auth(tenant),
      payload: { userId: I.tenant, password: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(200);
    const signedIn = await login(app, 'tenant@demo.test', NEW_PASSWORD);
    tokensSeen.push(signedIn, await login(app, ADMIN));
    await app.inject({ method: 'POST', url: '/api/tracking/PAYMENT_OPEN', headers: auth(signedIn) });

    const [{ hash }] = await app.ctx.db
      .select({ hash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, I.tenant));
    const methods = await app.ctx.db.select({ token: paymentMethods.processorToken }).from(paymentMethods);
    const secrets = [
      PAN,
      '4242 4242 4242 4242',
      NEW_PASSWORD,
      DEMO_PASSWORD,
      String(hash),
      ...methods.map((m) => String(m.token)).filter((t) => t.length > 8),
      ...tokensSeen,
    ];
    // What the API answers, and what the tables hold (the whole row, every column).
    const listed = (await search(admin, {}, '?recordsPerPage=400')).body;
    const rows = JSON.stringify([await app.ctx.db.select().from(auditEvents), await app.ctx.db.select().from(trackingEvents)]);
    expect(listed).toContain('PASSWORD_CHANGE');
    expect(listed).toContain(card.json().id);
    for (const text of [listed, rows]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/\$argon2/);
      expect(text).not.toMatch(new RegExp(`(cvv|cvc|securityCode)\\W{0,4}${CVV}`, 'i'));
      expect(text).not.toMatch(/"(password|newPassword|cardNumber|cvv|token|accessToken|processorToken)"\s*:\s*"(?!\[)/i);
    }
  });
});
