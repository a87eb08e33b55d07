// No double charge and no false decline when a request or a job stops between recording a payment and settling it
// (issue 20 §2): a failure after the charge (the retry finishes the payment instead of charging again), the interrupted
// autopay run (charged once by the rerun the same day; cancelled as not charged, never "declined", when too late), and,
// on PostgreSQL, the retry storm with statements cancelled every few milliseconds.
import { randomUUID } from 'node:crypto';
import { pastPaymentConditions } from '@portal/domain/receipt';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  openCharges,
  paymentMethods,
  paymentTransactions,
  propertyLeases,
  recurringPayments,
  recurringSchedules,
} from '../src/db/schema.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { bankHolidays } from '../src/lib/bank-holidays.ts';
import type { ChargeInput, PaymentProcessor } from '../src/providers/processor/processor.ts';
import { RECLAIM_AGE_MS } from '../src/services/autopay/run-autopay.ts';
import { ensureUpcomingPayment } from '../src/services/autopay/upcoming.ts';
import { recoverPayments } from '../src/services/payments/recover-payments.ts';
import { auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';
import { expectLedgerReconciles, leaseBalance } from './ledger-helpers.ts';

const I = DEMO_IDS;

/** Wraps the app's processor: every charge request is counted; `fault` may throw after (or instead of) the charge. */
function spyProcessor(app: FastifyInstance) {
  const real: PaymentProcessor = { ...app.ctx.providers.processor };
  const asked: ChargeInput[] = [];
  const state: { fault: ((input: ChargeInput) => Promise<'before' | 'after' | null>) | null } = { fault: null };
  app.ctx.providers.processor = {
    ...real,
    charge: async (input) => {
      asked.push(input);
      const where = state.fault ? await state.fault(input) : null;
      if (where === 'before') throw new Error('connect ECONNRESET (the processor was never reached)');
      const charged = await real.charge(input);
      if (where === 'after') throw new Error('socket hang up (the answer was lost after the charge)');
      return charged;
    },
  };
  return { asked, state };
}

async function chargesUnder(app: FastifyInstance, key: string): Promise<number> {
  const { rows } = await app.ctx.database.raw(
    `SELECT count(*)::int AS n FROM sandbox_processor_charges WHERE idempotency_key = $1`,
    [key],
  );
  return Number(rows[0].n);
}

const visaPayment = (amount: number) => ({
  billingAccountId: I.leaseActive,
  billingAccountType: 'TYPE_PROPERTY_LEASE',
  paymentMethodId: I.cardVisa,
  paymentMethodType: 'TYPE_CREDIT_CARD',
  amount,
});

describe('a one-time payment whose request fails after the charge', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    token = await login(app, TENANT);
  });
  afterAll(() => app.close());
  /** The tenant's payment of `amount` under one Idempotency-Key, sent again by each call. */
  const payment = (amount: number, key = randomUUID()) => ({
    key,
    send: (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/processpayment',
        headers: { ...auth(token), 'idempotency-key': key, ...headers },
        payload: visaPayment(amount),
      }),
  });

  it('is finished by the retry with the same key: charged once, recorded once, the balance moved once', async () => {
    const spy = spyProcessor(app);
    let failures = 1;
    spy.state.fault = async () => (failures-- > 0 ? 'after' : null);
    const before = await leaseBalance(app, I.leaseActive);
    const { key, send } = payment(25);
    const first = await send();
    expect(first.statusCode).toBeGreaterThanOrEqual(500);
    // The tenant retries with the same key; the key is not freed (only released), the transaction waits INPROCESS.
    const [pending] = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, I.tenant), eq(paymentTransactions.idempotencyKey, key)));
    expect(pending.status).toBe('INPROCESS');
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ id: pending.id, status: 'COMPLETE', amount: 25 });
    expect((await send()).json()).toEqual(retry.json());

    const rows = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, I.tenant), eq(paymentTransactions.idempotencyKey, key)));
    expect(rows).toHaveLength(1);
    expect(await chargesUnder(app, pending.id)).toBe(1);
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 2_500);
    await expectLedgerReconciles(app);
  });

  it('is charged once by the retry when the first request never reached the processor', async () => {
    const spy = spyProcessor(app);
    let failures = 1;
    spy.state.fault = async () => (failures-- > 0 ? 'before' : null);
    const { send } = payment(26);
    expect((await send()).statusCode).toBeGreaterThanOrEqual(500);
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'COMPLETE', amount: 26 });
    expect(await chargesUnder(app, retry.json().id)).toBe(1);
  });

  it('is cancelled as not charged (never declined) by the recovery when no retry came', async () => {
    const spy = spyProcessor(app);
    spy.state.fault = async () => 'before';
    const before = await leaseBalance(app, I.leaseActive);
    const { key, send } = payment(27);
    expect((await send()).statusCode).toBeGreaterThanOrEqual(500);
    spy.state.fault = null;
    const report = await recoverPayments(app.ctx, { olderThanMs: 0 });
    const [row] = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, I.tenant), eq(paymentTransactions.idempotencyKey, key)));
    expect(report.settled).toContainEqual({ id: row.id, status: 'CANCELLED' });
    expect(row.error).toMatch(/NOT_CHARGED/);
    expect(await leaseBalance(app, I.leaseActive)).toBe(before);
    // The retry is told the truth, in the tenant's language.
    const retry = await send({ 'accept-language': 'fr-CA' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ errorCode: 'RM_ERROR_PAYMENT_NOT_CHARGED' });
    expect(retry.json().message).toMatch(/Aucun montant/);
    expect(await chargesUnder(app, row.id)).toBe(0);
  });
});

describe('an autopay run interrupted before its charges', () => {
  const isHoliday = bankHolidays('CA');
  let clock = new Date('2026-03-05T12:00:00Z');
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ now: () => clock });
    app.ctx.mail = { name: 'none', send: async () => undefined };
    await app.ctx.db.update(recurringSchedules).set({ active: false }).where(eq(recurringSchedules.id, I.schedule));
  });
  afterAll(() => app.close());

  async function dueSchedules(count: number, startDate: string) {
    const [card] = await app.ctx.db
      .insert(paymentMethods)
      .values({
        userId: I.tenant,
        type: 'TYPE_CREDIT_CARD',
        country: 'CA',
        processorToken: `tok_sbx_card_interrupt${count}${startDate.replace(/-/g, '')}`,
        brand: 'VISA',
        cardType: 'CREDIT',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2035,
      })
      .returning({ id: paymentMethods.id });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const [lease] = await app.ctx.db
        .insert(propertyLeases)
        .values({ userId: I.tenant, propertyId: I.propertyCa, companyId: I.companyCa, status: 'ACTIVE', unit: `i${i}` })
        .returning({ id: propertyLeases.id });
      await app.ctx.db.insert(openCharges).values({
        billingAccountId: lease.id,
        code: 'Rent',
        name: 'Rent',
        dueDate: startDate,
        amount: 50_000,
        balance: 50_000,
      });
      const [schedule] = await app.ctx.db
        .insert(recurringSchedules)
        .values({
          userId: I.tenant,
          billingAccountId: lease.id,
          paymentMethodId: card.id,
          paymentMethodType: 'TYPE_CREDIT_CARD',
          startDate,
          active: true,
        })
        .returning();
      await ensureUpcomingPayment(app.ctx.db, schedule, isHoliday);
      ids.push(schedule.id);
    }
    return ids;
  }

  const occurrences = (ids: string[]) =>
    Promise.all(
      ids.map(async (id) => {
        const [row] = await app.ctx.db.select().from(recurringPayments).where(eq(recurringPayments.recurringScheduleId, id));
        const [tx] = row.transactionId
          ? await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, row.transactionId))
          : [];
        return { row, tx };
      }),
    );

  it('pays every occurrence once at the rerun the same day, and tells no one of a decline', async () => {
    const ids = await dueSchedules(12, '2026-03-05');
    const spy = spyProcessor(app);
    // The processor cannot be reached during the first run (as if the runner died before charging).
    spy.state.fault = async () => 'before';
    await runJobs(app.ctx, { now: clock, runnerId: 'runner-1' });
    const after1 = await occurrences(ids);
    expect(after1.every((o) => o.row.status === 'PROCESSING' && o.tx?.status === 'INPROCESS')).toBe(true);

    // The recovery (the server's timer) runs meanwhile: it must not decline what was never charged.
    spy.state.fault = null;
    clock = new Date(clock.getTime() + 60_000);
    await recoverPayments(app.ctx, { olderThanMs: 0 });
    expect((await occurrences(ids)).every((o) => o.tx?.status === 'INPROCESS')).toBe(true);

    // Later the same day another run reclaims the rows and charges each once.
    clock = new Date(clock.getTime() + RECLAIM_AGE_MS + 60_000);
    await runJobs(app.ctx, { now: clock, runnerId: 'runner-2' });
    const after2 = await occurrences(ids);
    for (const o of after2) {
      expect(o.row.status).toBe('COMPLETE');
      expect(o.tx?.status).toBe('COMPLETE');
      expect(await chargesUnder(app, o.tx?.id as string)).toBe(1);
    }
    const declines = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, I.tenant));
    expect(declines.filter((n) => JSON.stringify(n.params).includes('DECLINED'))).toEqual([]);
  });

  it('cancels, as not charged and missed, an interrupted occurrence reclaimed too late to pay', async () => {
    clock = new Date('2026-04-05T12:00:00Z');
    const ids = await dueSchedules(2, '2026-04-05');
    const spy = spyProcessor(app);
    spy.state.fault = async () => 'before';
    await runJobs(app.ctx, { now: clock, runnerId: 'runner-3' });
    spy.state.fault = null;
    const asked = spy.asked.length;
    clock = new Date('2026-04-10T12:00:00Z'); // more than 3 days late
    await runJobs(app.ctx, { now: clock, runnerId: 'runner-4' });
    for (const o of await occurrences(ids)) {
      expect(o.row).toMatchObject({ status: 'SKIPPED', outcomeCode: 'MISSED' });
      expect(o.tx).toMatchObject({ status: 'CANCELLED' });
      expect(await chargesUnder(app, o.tx?.id as string)).toBe(0);
    }
    expect(spy.asked.length).toBe(asked);
  });
});

// spec: the reproduction ran 897 payments with running statements cancelled every 3–13 ms; 9 were charged twice.
describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, statements cancelled every few milliseconds', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    token = await login(app, TENANT);
    // Enough open balance for every payment of the storm.
    await app.ctx.db.insert(openCharges).values({
      billingAccountId: I.leaseActive,
      code: 'Rent',
      name: 'Rent',
      dueDate: '2026-01-01',
      amount: 10_000_000,
      balance: 10_000_000,
    });
  });
  afterAll(() => app.close());

  it('never charges twice, never records a payment twice, and keeps answering', { timeout: 240_000 }, async () => {
    const { rows } = await app.ctx.database.raw('SELECT current_database() AS db');
    const canceller = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await canceller.connect();
    let storming = true;
    let cancelled = 0;
    const storm = (async () => {
      while (storming) {
        const res = await canceller.query(
          `SELECT count(*) FILTER (WHERE pg_cancel_backend(pid))::int AS n FROM pg_stat_activity
           WHERE datname = $1 AND pid <> pg_backend_pid() AND state = 'active'`,
          [rows[0].db],
        );
        cancelled += Number(res.rows[0].n);
        await new Promise((r) => setTimeout(r, 3 + Math.random() * 10));
      }
    })();
    const PAYMENTS = 120;
    const answers: number[] = [];
    const keys: string[] = [];
    let failedAttempts = 0;
    try {
      await Promise.all(
        Array.from({ length: 6 }, async (_, worker) => {
          for (let i = worker; i < PAYMENTS; i += 6) {
            const key = randomUUID();
            keys.push(key);
            // As the web app: retry a 5xx (or "still in progress") with the same key until an answer.
            for (let attempt = 0; attempt < 60; attempt++) {
              const res = await app.inject({
                method: 'POST',
                url: '/api/processpayment',
                headers: { ...auth(token), 'idempotency-key': key },
                payload: visaPayment(10 + (i % 7)),
              });
              if (res.statusCode < 500 && res.json().errorCode !== 'RM_ERROR_IDEMPOTENCY_CONFLICT') {
                answers.push(res.statusCode);
                break;
              }
              failedAttempts += 1;
              await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
            }
          }
        }),
      );
    } finally {
      storming = false;
      await storm;
      await canceller.end();
    }
    // The storm did interrupt requests (each then retried as the web app does).
    console.log(`statement cancellations: ${cancelled}, interrupted attempts: ${failedAttempts}`);
    expect(cancelled).toBeGreaterThan(0);
    expect(failedAttempts).toBeGreaterThan(0);
    // What a second look after the storm finds: every recorded payment finished by the recovery.
    await recoverPayments(app.ctx, { olderThanMs: 0 });
    const perKey = await app.ctx.database.raw(
      `SELECT idempotency_key, count(*)::int AS n FROM payment_transactions WHERE idempotency_key = ANY($1::text[]) GROUP BY 1`,
      [keys],
    );
    expect(perKey.rows.filter((r) => Number(r.n) > 1)).toEqual([]);
    // One processor charge at most per transaction, and none without its transaction, none under a cancelled one.
    const orphans = await app.ctx.database.raw(
      `SELECT c.idempotency_key, t.status FROM sandbox_processor_charges c
       LEFT JOIN payment_transactions t ON t.id = c.idempotency_key
       WHERE t.id IS NULL OR t.status NOT IN ('COMPLETE', 'PENDING', 'FAILED')`,
    );
    expect(orphans.rows).toEqual([]);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(answers).toHaveLength(PAYMENTS);
    await expectLedgerReconciles(app);
    // Still answering.
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
  });
});

describe('later split-pay instalments on the ledger (issue 20 §3)', () => {
  let clock = new Date('2026-03-05T12:00:00Z');
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp({ now: () => clock });
    app.ctx.mail = { name: 'none', send: async () => undefined };
    await app.ctx.db.update(recurringSchedules).set({ active: false }).where(eq(recurringSchedules.id, I.schedule));
    token = await login(app, TENANT);
  });
  afterAll(() => app.close());

  const call = (method: 'POST' | 'PATCH', url: string, payload: object, key?: string) =>
    app.inject({ method, url, headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) }, payload });

  it('records each instalment INPROCESS before its charge, charges it once whatever the interruptions', async () => {
    const plan = (
      await call('POST', '/api/installment_pay/initiate', { amount: 400, billingAccount: { id: I.leaseActive } })
    ).json();
    await call('PATCH', `/api/INSTALLMENT_PAY/${plan.id}/update`, {
      acceptedTermsAndConditions: true,
      fundingMethodId: I.cardVisa,
    });
    const paid = await call(
      'POST',
      '/api/processpayment',
      { ...visaPayment(400), paymentMethodId: plan.id, paymentMethodType: 'TYPE_INSTALLMENT_PAY' },
      randomUUID(),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const balance = await leaseBalance(app, I.leaseActive);
    const spy = spyProcessor(app);
    const instalment = async (n: number) => {
      const { rows } = await app.ctx.database.raw(`SELECT * FROM payment_transactions WHERE idempotency_key = $1`, [
        `instalment:${plan.id}:${n}`,
      ]);
      return rows as {
        id: string;
        status: string;
        billing_account_type: string;
        parent_transaction_id: string;
        amount: number;
      }[];
    };

    // Instalment 2, a month later: the answer is lost after the charge; the next run finds the charge, never a second.
    clock = new Date('2026-04-06T12:00:00Z');
    let lost = 1;
    spy.state.fault = async () => (lost-- > 0 ? 'after' : null);
    await runJobs(app.ctx, { now: clock, runnerId: 'i-1' });
    expect((await instalment(2))[0]).toMatchObject({ status: 'INPROCESS' });
    await recoverPayments(app.ctx, { olderThanMs: 0 });
    expect((await instalment(2))[0]).toMatchObject({ status: 'INPROCESS' }); // the job's own: left to its next run
    clock = new Date(clock.getTime() + 60 * 60_000);
    await runJobs(app.ctx, { now: clock, runnerId: 'i-2' });
    const [second] = await instalment(2);
    expect(second).toMatchObject({
      status: 'COMPLETE',
      billing_account_type: 'TYPE_INSTALLMENT_PAY',
      parent_transaction_id: paid.json().id,
    });
    expect(Number(second.amount)).toBe(10_000);
    expect(await chargesUnder(app, second.id)).toBe(1);

    // Instalment 3: the processor cannot be reached at first; charged once at the next run.
    clock = new Date('2026-05-06T12:00:00Z');
    spy.state.fault = async () => 'before';
    await runJobs(app.ctx, { now: clock, runnerId: 'i-3' });
    expect((await instalment(3))[0]).toMatchObject({ status: 'INPROCESS' });
    spy.state.fault = null;
    await runJobs(app.ctx, { now: clock, runnerId: 'i-4' });
    const [third] = await instalment(3);
    expect(third.status).toBe('COMPLETE');
    expect(await chargesUnder(app, third.id)).toBe(1);

    // The plan shows them paid; the lease balance is what the plan's payment left; the tenant was told once each.
    token = await login(app, TENANT); // two months on: a new session
    const got = await app.inject({ method: 'GET', url: `/api/INSTALLMENT_PAY/${plan.id}`, headers: auth(token) });
    expect(got.json().installmentDetails.paymentDetails.map((d: { status: string }) => d.status)).toEqual([
      'PAID',
      'PAID',
      'PAID',
      'PENDING',
    ]);
    expect(await leaseBalance(app, I.leaseActive)).toBe(balance);
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, I.tenant), eq(notifications.kind, 'INSTALMENT_PAID')));
    expect(told).toHaveLength(2);
    // Past payments list the plan's payment to the lease, not the instalments (they are in the plan's schedule).
    const past = await app.inject({
      method: 'POST',
      url: '/api/payment_transaction/search?recordsPerPage=100',
      headers: auth(token),
      payload: { conditions: pastPaymentConditions() },
    });
    const ids = past.json().records.map((r: { id: string }) => r.id);
    expect(ids).toContain(paid.json().id);
    expect(ids).not.toContain(second.id);
    await expectLedgerReconciles(app);
  });
});
