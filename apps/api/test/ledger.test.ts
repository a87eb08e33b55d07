// issue 23 "Money": the ledger of a lease or property (POST /ledger/search, GET /ledger/download) and refunds
// (POST /payment_transaction/{id}/refund): who may call them, what they answer, and that a refund never exceeds what
// was paid, even under 20 concurrent requests (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { pastPaymentConditions } from '@portal/domain/receipt';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentTransactions, sandboxProcessorCharges } from '../src/db/schema.ts';
import { recoverRefunds } from '../src/services/payments/refund-payment.ts';
import { auth, DEMO_IDS, login, signedInApp } from './helpers.ts';
import { expectLedgerReconciles, leaseBalance } from './ledger-helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let tenant: string;
let admin: string;
let manager: string;
let manager2: string;

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
  [manager, manager2] = await Promise.all([login(app, 'manager@demo.test'), login(app, 'manager2@demo.test')]);
});
afterAll(async () => {
  await app.close();
});

const search = (token: string | null, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/ledger/search', headers: token ? auth(token) : {}, payload });
const download = (token: string | null, query: string, lang = 'en') =>
  app.inject({
    method: 'GET',
    url: `/api/ledger/download?${query}`,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
  });
const refund = (token: string | null, id: string, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: `/api/payment_transaction/${id}/refund`,
    headers: { ...(token ? auth(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

/** A card payment of the demo tenant on the active lease, in dollars; answers the COMPLETE transaction's id. */
async function payByCard(amount: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/processpayment',
    headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
    payload: {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: I.cardVisa,
      paymentMethodType: 'TYPE_CREDIT_CARD',
      amount,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('COMPLETE');
  return res.json().id as string;
}

type Row = { id: string; leaseId: string; type: string; signedAmount: number; runningBalance: number; refundable: number };

describe('POST /ledger/search', () => {
  it("answers a lease's charges and payments in date order, signed, with a running balance and totals", async () => {
    const res = await search(manager, { leaseId: I.leaseActive, recordsPerPage: 400 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { records: Row[]; totals: Record<string, number>; totalRecords: number; currency: string };
    expect(body.currency).toBe('CAD');
    expect(body.records.length).toBe(body.totalRecords);
    const types = new Set(body.records.map((r) => r.type));
    expect(types.has('CHARGE')).toBe(true);
    expect(types.has('PAYMENT')).toBe(true);
    // The running balance is the sum of the signed amounts so far; the last one is the balance.
    let running = 0;
    for (const r of body.records) {
      running = Math.round((running + r.signedAmount) * 100) / 100;
      expect(r.runningBalance).toBeCloseTo(running, 2);
    }
    expect(body.totals.balance).toBeCloseTo(running, 2);
    expect(body.totals.balance).toBeCloseTo(body.totals.charged - body.totals.paid + body.totals.refunded, 2);
    // A payment lowers the balance, a charge raises it.
    expect(body.records.find((r) => r.type === 'CHARGE')?.signedAmount).toBeGreaterThan(0);
    expect(body.records.filter((r) => r.type === 'PAYMENT').some((r) => r.signedAmount < 0)).toBe(true);
  });

  it('pages server-side and filters by type and date', async () => {
    const all = (await search(manager, { propertyId: I.propertyCa, recordsPerPage: 400 })).json();
    const page2 = await search(manager, { propertyId: I.propertyCa, page: 2, recordsPerPage: 2 });
    expect(page2.statusCode).toBe(200);
    expect(page2.json().records.map((r: Row) => r.id)).toEqual(all.records.slice(2, 4).map((r: Row) => r.id));
    expect(page2.json().totalPages).toBe(Math.ceil(all.totalRecords / 2));
    const payments = (await search(manager, { propertyId: I.propertyCa, types: ['PAYMENT'], recordsPerPage: 400 })).json();
    expect(payments.records.length).toBeGreaterThan(0);
    expect(payments.records.every((r: Row) => r.type === 'PAYMENT')).toBe(true);
    const future = (await search(manager, { propertyId: I.propertyCa, from: '2999-01-01' })).json();
    expect(future.totalRecords).toBe(0);
  });

  it('admin: every company; manager: their own (another company 404); tenant 403; no token 401', async () => {
    expect((await search(admin, { leaseId: I.leaseUs })).statusCode).toBe(200);
    expect((await search(manager, { leaseId: I.leaseUs })).statusCode).toBe(404);
    expect((await search(manager2, { leaseId: I.leaseActive })).statusCode).toBe(404);
    expect((await search(manager2, { propertyId: I.propertyCa })).statusCode).toBe(404);
    expect((await search(tenant, { leaseId: I.leaseActive })).statusCode).toBe(403);
    expect((await search(null, { leaseId: I.leaseActive })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const none = await search(manager, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors[0].field).toBe('propertyId');
    const date = await search(manager, { leaseId: I.leaseActive, from: '27-11-2026' });
    expect(date.statusCode).toBe(400);
    expect(date.body).toContain('from');
    expect((await search(manager, { leaseId: I.leaseActive, types: ['NOPE'] })).statusCode).toBe(400);
    expect((await search(manager, { leaseId: I.leaseActive, recordsPerPage: 0 })).statusCode).toBe(400);
  });
});

describe('GET /ledger/properties', () => {
  it("lists the manager's company's properties, every company's for the admin; tenant 403, no token 401", async () => {
    const get = (token: string | null) =>
      app.inject({ method: 'GET', url: '/api/ledger/properties', headers: token ? auth(token) : {} });
    const own = (await get(manager)).json().records as { id: string; companyId: string }[];
    expect(own.map((p) => p.id)).toContain(I.propertyCa);
    expect(own.every((p) => p.companyId === I.companyCa)).toBe(true);
    const all = (await get(admin)).json().records as { companyId: string }[];
    expect(new Set(all.map((p) => p.companyId)).size).toBeGreaterThan(1);
    expect((await get(tenant)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
  });
});

describe('GET /ledger/download', () => {
  it('streams every row as CSV whose amounts sum to the totals, header in the caller language', async () => {
    const api = (await search(manager, { propertyId: I.propertyCa, recordsPerPage: 1 })).json();
    const res = await download(manager, `propertyId=${I.propertyCa}`, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    const header = lines[0].split(',');
    expect(header).toContain('Solde');
    expect(header).toContain('Montant');
    const amountAt = header.indexOf('Montant');
    const rows = lines.slice(1);
    expect(rows.length).toBe(api.totalRecords);
    // Amounts as 1234.56 and ISO dates; no quoted commas in the demo's fields (a simple split is enough here).
    let cents = 0;
    for (const line of rows) {
      const cells = line.split(',');
      expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cells[amountAt]).toMatch(/^-?\d+\.\d{2}$/);
      cents += Math.round(Number(cells[amountAt]) * 100);
    }
    expect(cents / 100).toBeCloseTo(api.totals.balance, 2);
    expect((await download(manager, 'propertyId=nope')).statusCode).toBe(404);
    expect((await download(manager2, `leaseId=${I.leaseActive}`)).statusCode).toBe(404);
    expect((await download(tenant, `leaseId=${I.leaseActive}`)).statusCode).toBe(403);
    expect((await download(null, `leaseId=${I.leaseActive}`)).statusCode).toBe(401);
    expect((await download(manager, `leaseId=${I.leaseActive}&to=yesterday`)).statusCode).toBe(400);
  });
});

describe('POST /payment_transaction/{id}/refund', () => {
  it('refunds part of a COMPLETE payment: a REFUND row, the latest charge reopened, the tenant told and shown it', async () => {
    const paymentId = await payByCard(150);
    const before = await leaseBalance(app, I.leaseActive);
    const res = await refund(manager, paymentId, { amount: 4_000, reason: 'Parking charged twice (letter of 2 Nov)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transactionType: 'REFUND', status: 'COMPLETE', amount: 40 });
    expect(await leaseBalance(app, I.leaseActive)).toBe(before + 4_000);
    await expectLedgerReconciles(app);
    const [row] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.json().id));
    expect(row).toMatchObject({ parentTransactionId: paymentId, note: 'Parking charged twice (letter of 2 Nov)' });
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, I.tenant), eq(notifications.kind, 'PAYMENT_REFUNDED')));
    expect(told.map((n) => n.params.transactionId)).toContain(res.json().id);
    // The tenant's past payments show the refund.
    const past = await app.inject({
      method: 'POST',
      url: '/api/payment_transaction/search?page=1&recordsPerPage=20',
      headers: auth(tenant),
      payload: { conditions: pastPaymentConditions(), joins: ['property', 'company'] },
    });
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json().records.find((r: { id: string }) => r.id === res.json().id)).toMatchObject({
      transactionType: 'REFUND',
      amount: 40,
    });
    // The ledger shows it as raising the balance, and what is left refundable.
    const ledger = (await search(manager, { leaseId: I.leaseActive, recordsPerPage: 400 })).json();
    expect(ledger.records.find((r: Row) => r.id === res.json().id)).toMatchObject({ type: 'REFUND', signedAmount: 40 });
    expect(ledger.records.find((r: Row) => r.id === paymentId).refundable).toBe(110);
  });

  it('refunds a payment of the demo seed (the sandbox processor holds its charge), never more than it was', async () => {
    const [seeded] = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.confirmationId, 'RL-5R4E3W'));
    const ledger = (await search(manager, { leaseId: seeded.billingAccountId, recordsPerPage: 400 })).json();
    expect(ledger.records.find((r: Row) => r.id === seeded.id).refundable).toBe(291.3);
    expect((await refund(manager, seeded.id, { amount: 29_131, reason: 'Too much' })).statusCode).toBe(400);
    const res = await refund(manager, seeded.id, { amount: 10_000, reason: 'Deposit partly returned (letter of 3 Nov)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transactionType: 'REFUND', status: 'COMPLETE', amount: 100 });
    await expectLedgerReconciles(app);
  });

  it('refuses more than what is still refundable, a missing reason or key, and a payment that is not COMPLETE', async () => {
    const paymentId = await payByCard(20);
    const over = await refund(manager, paymentId, { amount: 2_001, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors[0].field).toBe('amount');
    expect(over.json().message).toContain('20.00');
    expect((await refund(manager, paymentId, { amount: 500 })).statusCode).toBe(400);
    expect((await refund(manager, paymentId, { amount: 500, reason: '   ' })).statusCode).toBe(400);
    expect((await refund(manager, paymentId, { amount: 5.5, reason: 'x' })).statusCode).toBe(400);
    const noKey = await refund(manager, paymentId, { amount: 500, reason: 'x' }, null);
    expect(noKey.statusCode).toBe(400);
    // A refund is not refundable; neither is a FAILED or PENDING payment.
    const done = await refund(manager, paymentId, { amount: 2_000, reason: 'All of it' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await refund(manager, paymentId, { amount: 1, reason: 'One more cent' })).statusCode).toBe(400);
    expect((await refund(manager, done.json().id, { amount: 100, reason: 'x' })).statusCode).toBe(409);
    const [pending] = await app.ctx.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.billingAccountId, I.leaseActive), eq(paymentTransactions.status, 'PENDING')))
      .limit(1);
    const notComplete = await refund(manager, pending.id, { amount: 100, reason: 'x' });
    expect(notComplete.statusCode).toBe(409);
    expect(notComplete.json().message).toContain('completed payment');
  });

  it('answers a retry with the same key from the first refund (one refund)', async () => {
    const paymentId = await payByCard(30);
    const key = randomUUID();
    const first = await refund(manager, paymentId, { amount: 1_000, reason: 'Retry' }, key);
    const again = await refund(manager, paymentId, { amount: 1_000, reason: 'Retry' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const refunds = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.parentTransactionId, paymentId));
    expect(refunds).toHaveLength(1);
  });

  it('admin: any company; another company manager 404; tenant 403; no token 401', async () => {
    const paymentId = await payByCard(25);
    expect((await refund(manager2, paymentId, { amount: 100, reason: 'x' })).statusCode).toBe(404);
    expect((await refund(manager, 'no-such-id', { amount: 100, reason: 'x' })).statusCode).toBe(404);
    expect((await refund(tenant, paymentId, { amount: 100, reason: 'x' })).statusCode).toBe(403);
    expect((await refund(null, paymentId, { amount: 100, reason: 'x' })).statusCode).toBe(401);
    expect((await refund(admin, paymentId, { amount: 100, reason: 'By the provider' })).statusCode).toBe(200);
  });

  it('20 concurrent refunds of $10 on a $100 payment refund $100 at most, each once', async () => {
    const paymentId = await payByCard(100);
    const before = await leaseBalance(app, I.leaseActive);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(manager, paymentId, { amount: 1_000, reason: 'Concurrent' })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(10);
    const refunds = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.parentTransactionId, paymentId), eq(paymentTransactions.status, 'COMPLETE')));
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(10_000);
    const [parent] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    const [charged] = await app.ctx.db
      .select()
      .from(sandboxProcessorCharges)
      .where(eq(sandboxProcessorCharges.id, parent.paymentProviderId as string));
    expect(charged.refundedCents).toBe(10_000);
    expect(await leaseBalance(app, I.leaseActive)).toBeLessThanOrEqual(before + 10_000);
    await expectLedgerReconciles(app);
  });

  it('a crash after the processor refunded is finished by the recovery without a second refund', async () => {
    const paymentId = await payByCard(60);
    const processor = app.ctx.providers.processor;
    const original = processor.refund.bind(processor);
    let calls = 0;
    processor.refund = async (input) => {
      calls += 1;
      const done = await original(input);
      if (calls === 1) throw new Error('connection lost after the refund'); // the settle never happens
      return done;
    };
    try {
      const res = await refund(manager, paymentId, { amount: 2_500, reason: 'Crash' });
      expect(res.statusCode).toBe(500);
      const [stuck] = await app.ctx.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.parentTransactionId, paymentId));
      expect(stuck.status).toBe('INPROCESS');
      const recovered = await recoverRefunds(app.ctx, { olderThanMs: -1000 });
      expect(recovered).toContainEqual({ id: stuck.id, status: 'COMPLETE' });
      expect(await recoverRefunds(app.ctx, { olderThanMs: -1000 })).toEqual([]);
    } finally {
      processor.refund = original;
    }
    const [parent] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    const [charged] = await app.ctx.db
      .select()
      .from(sandboxProcessorCharges)
      .where(eq(sandboxProcessorCharges.id, parent.paymentProviderId as string));
    expect(charged.refundedCents).toBe(2_500);
    await expectLedgerReconciles(app);
  });
});
