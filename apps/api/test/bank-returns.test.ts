// issue 23 "Money": a bank payment the bank sends back after it settled (NSF). The sandbox marks the processor's charge
// returned (POST /sandbox/processor/return); the job learns of it from the processor (listReturns) and records it once:
// a RETURN row against the COMPLETE payment, its charges reopened, the company's NSF fee (at most $35.00), the tenant
// told. Rerun, and two runners at once (two apps on one database: PostgreSQL with TEST_DATABASE_URL), change nothing.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, openCharges, paymentTransactions } from '../src/db/schema.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';
import { expectLedgerReconciles, leaseBalance } from './ledger-helpers.ts';
import { movableClock, twinApp } from './session-helpers.ts';

const I = DEMO_IDS;
const DAY = 24 * 60 * 60 * 1000;
const clock = movableClock();
let app: FastifyInstance;
let tenant: string;
let manager: string;
let manager2: string;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await signIn();
  // $50.00 asked: the fee is capped at the terms' $35.00.
  await app.ctx.database.raw(`UPDATE companies SET nsf_fee_amount = 5000 WHERE id = $1`, [I.companyCa]);
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** Sessions expire as the clock moves days on: signed in again after each move. */
async function signIn() {
  [tenant, manager, manager2] = await Promise.all([
    login(app, TENANT),
    login(app, 'manager@demo.test'),
    login(app, 'manager2@demo.test'),
  ]);
}

const simulate = (token: string | null, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/sandbox/processor/return',
    headers: token ? auth(token) : {},
    payload,
  });

/** A bank payment of the tenant, settled and disbursed (COMPLETE) by the job two days later. */
async function settledBankPayment(amount: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/processpayment',
    headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
    payload: {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: I.bankCa,
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      amount,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('PENDING');
  clock.advance(1.5 * DAY);
  await runJobs(app.ctx, { now: clock.now() });
  clock.advance(1.5 * DAY);
  await runJobs(app.ctx, { now: clock.now() });
  const [row] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.json().id));
  expect(row.status).toBe('COMPLETE');
  await signIn();
  return row.id;
}

const returnsOf = (paymentId: string) =>
  app.ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.parentTransactionId, paymentId), eq(paymentTransactions.transactionType, 'RETURN')));

describe('returned bank payments', () => {
  it('records a return once: a RETURN row, the charges reopened, the NSF fee ($35.00 at most), the tenant told', async () => {
    const paymentId = await settledBankPayment(100);
    const before = await leaseBalance(app, I.leaseActive);
    const res = await simulate(manager, { transactionId: paymentId, code: 'R01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transactionId: paymentId, returnCode: 'R01' });
    // Nothing changes in the portal until the job hears of it from the processor.
    expect(await returnsOf(paymentId)).toHaveLength(0);

    await runJobs(app.ctx, { now: clock.now() });
    const [ret] = await returnsOf(paymentId);
    expect(ret).toMatchObject({ status: 'COMPLETE', amount: 10_000, transactionType: 'RETURN' });
    const [payment] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    expect(payment.status).toBe('COMPLETE'); // a completed payment is never edited: the RETURN row reverses it
    const fees = await app.ctx.db
      .select()
      .from(openCharges)
      .where(eq(openCharges.postingKey, `nsf:${paymentId}`));
    expect(fees).toHaveLength(1);
    expect(fees[0].amount).toBe(3_500);
    expect(await leaseBalance(app, I.leaseActive)).toBe(before + 10_000 + 3_500);
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, I.tenant), eq(notifications.kind, 'BANK_PAYMENT_RETURNED')));
    expect(told.filter((n) => n.params.transactionId === paymentId)).toHaveLength(1);

    // Rerun: nothing more.
    await runJobs(app.ctx, { now: clock.now() });
    expect(await returnsOf(paymentId)).toHaveLength(1);
    expect(await leaseBalance(app, I.leaseActive)).toBe(before + 10_000 + 3_500);
    await expectLedgerReconciles(app);
    // The ledger shows it raising the balance; a second return of the same payment is refused.
    const ledger = await app.inject({
      method: 'POST',
      url: '/api/ledger/search',
      headers: auth(manager),
      payload: { leaseId: I.leaseActive, types: ['RETURN'] },
    });
    expect(ledger.json().records.find((r: { id: string }) => r.id === ret.id)).toMatchObject({ signedAmount: 100 });
    expect((await simulate(manager, { transactionId: paymentId, code: 'R02' })).statusCode).toBe(409);
  });

  it('two runners at once record one return', async () => {
    const paymentId = await settledBankPayment(40);
    expect((await simulate(manager, { transactionId: paymentId, code: 'R09' })).statusCode).toBe(200);
    const twin = await twinApp(app);
    try {
      await Promise.all([
        runJobs(app.ctx, { now: clock.now(), runnerId: 'runner-a' }),
        runJobs(twin.ctx, { now: clock.now(), runnerId: 'runner-b' }),
      ]);
    } finally {
      await twin.close();
    }
    expect(await returnsOf(paymentId)).toHaveLength(1);
    const fees = await app.ctx.db
      .select()
      .from(openCharges)
      .where(eq(openCharges.postingKey, `nsf:${paymentId}`));
    expect(fees).toHaveLength(1);
    await expectLedgerReconciles(app);
  });

  it('the sandbox call: manager of the company or admin; another company 404, tenant 403, no token 401, bad input 400', async () => {
    const card = await app.ctx.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.paymentMethodType, 'TYPE_CREDIT_CARD'), eq(paymentTransactions.status, 'COMPLETE')))
      .limit(1);
    expect((await simulate(manager, { transactionId: card[0].id, code: 'R01' })).statusCode).toBe(409);
    expect((await simulate(manager2, { transactionId: card[0].id, code: 'R01' })).statusCode).toBe(404);
    expect((await simulate(tenant, { transactionId: card[0].id, code: 'R01' })).statusCode).toBe(403);
    expect((await simulate(null, { transactionId: card[0].id, code: 'R01' })).statusCode).toBe(401);
    const bad = await simulate(manager, { transactionId: card[0].id, code: 'NSF' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('code');
  });
});
