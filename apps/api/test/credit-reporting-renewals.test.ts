// Credit reporting renewals in the job (issue 22 "Money"): the next year charged once whatever the runs (twice for one
// instant, two at once, a run after the processor charged but the answer was lost), a refused renewal suspends the
// subscription and tells the tenant once (en/fr), an UNSUBSCRIBED subscription past its expiry becomes EXPIRED.
// On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { addDays } from '@portal/domain/dates';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditReportSubscriptions,
  creditReportTerms,
  notifications,
  paymentTransactions,
  propertyLeases,
  recurringSchedules,
  sandboxProcessorCharges,
} from '../src/db/schema.ts';
import { CREDIT_REPORT_DEMO_IDS } from '../src/db/seed-credit-reporting.ts';
import { contextAt, runJobs } from '../src/jobs/run-jobs.ts';
import { runCreditReportRenewals } from '../src/services/credit-reporting/renewals.ts';
import { renderNotification } from '../src/services/notifications/render-notification.ts';
import { auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';
import { addCard } from './ledger-helpers.ts';

const I = DEMO_IDS;
const SUB: string = CREDIT_REPORT_DEMO_IDS.subscriptionActive;
let app: FastifyInstance;
let tenant: string;
let clock = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  tenant = await login(app, TENANT);
  // The demo's autopay schedule is not this test's business (it would pay rent on each run).
  await app.ctx.db.update(recurringSchedules).set({ active: false }).where(eq(recurringSchedules.id, I.schedule));
  // The demo lease ends two years after the seed: open-ended here, so that the years below renew (see the last test).
  await app.ctx.db.update(propertyLeases).set({ endDate: null }).where(eq(propertyLeases.id, I.leaseActive));
});
afterAll(async () => {
  await app.close();
});

const subscription = async (id = SUB) =>
  (await app.ctx.db.select().from(creditReportSubscriptions).where(eq(creditReportSubscriptions.id, id)))[0];
const terms = (id = SUB) =>
  app.ctx.db
    .select()
    .from(creditReportTerms)
    .where(eq(creditReportTerms.subscriptionId, id))
    .orderBy(asc(creditReportTerms.termNumber));
const fees = (id = SUB) =>
  app.ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.billingAccountId, id), eq(paymentTransactions.billingAccountType, 'TYPE_CREDIT_REPORT')));
/** The processor's charges (one per key whatever the requests) of a subscription's fees. */
async function processorCharges(id = SUB) {
  const keys = (await fees(id)).map((t) => t.id);
  const all = await app.ctx.db.select().from(sandboxProcessorCharges);
  return all.filter((c) => keys.includes(c.idempotencyKey));
}
/** The day after the subscription's expiry, at noon UTC. */
const dayAfterExpiry = async (id = SUB) => new Date(`${addDays((await subscription(id)).expiryDate as string, 1)}T12:00:00Z`);

describe('credit reporting renewals', () => {
  it('renews the demo subscription once: the job run twice for one instant, then two runs at once', async () => {
    const before = await subscription();
    expect(before).toMatchObject({ status: 'ACTIVE', autoRenew: true, expiryDate: '2027-01-31' });
    // Not yet due on the expiry date itself.
    clock = new Date('2027-01-31T12:00:00Z');
    expect((await runJobs(app.ctx, { now: clock })).creditReporting.renewed.count).toBe(0);

    clock = await dayAfterExpiry();
    const first = await runJobs(app.ctx, { now: clock });
    expect(first.errors.filter((e) => e.step.startsWith('credit reporting renewals'))).toEqual([]);
    expect(first.creditReporting.renewed.ids).toEqual([SUB]);
    const second = await runJobs(app.ctx, { now: clock });
    expect(second.creditReporting.renewed.count).toBe(0);
    await Promise.all([runJobs(app.ctx, { now: clock }), runJobs(app.ctx, { now: clock })]);

    expect(await subscription()).toMatchObject({ status: 'ACTIVE', expiryDate: '2028-01-31', feeAmount: 495 });
    const t = await terms();
    expect(t.map((x) => [x.termNumber, x.status, x.startsOn, x.endsOn])).toEqual([
      [1, 'PAID', '2026-02-01', '2027-01-31'],
      [2, 'PAID', '2027-02-01', '2028-01-31'],
    ]);
    const year2 = (await fees()).filter((f) => f.note === 'Credit reporting, year 2');
    expect(year2).toHaveLength(1);
    expect(year2[0]).toMatchObject({ status: 'COMPLETE', amount: 495, paymentMethodId: I.cardVisa });
    expect(t[1].transactionId).toBe(year2[0].id);
    expect(await processorCharges()).toHaveLength(1); // the seeded year 1 was never at the processor
  });

  it('a run whose charge answer was lost (the processor charged): the next run settles that charge, never a second', async () => {
    clock = await dayAfterExpiry();
    const processor = app.ctx.providers.processor;
    const charge = processor.charge.bind(processor);
    processor.charge = async (input) => {
      await charge(input);
      throw new Error('connection reset after the charge');
    };
    try {
      await expect(runCreditReportRenewals(contextAt(app.ctx, clock))).rejects.toThrow('connection reset');
    } finally {
      processor.charge = charge;
    }
    const stuck = (await fees()).filter((f) => f.note === 'Credit reporting, year 3');
    expect(stuck.map((f) => f.status)).toEqual(['INPROCESS']);
    expect((await subscription()).expiryDate).toBe('2028-01-31');

    const next = await runCreditReportRenewals(contextAt(app.ctx, clock));
    expect(next.renewed).toEqual([SUB]);
    const year3 = (await fees()).filter((f) => f.note === 'Credit reporting, year 3');
    expect(year3.map((f) => f.status)).toEqual(['COMPLETE']);
    expect((await subscription()).expiryDate).toBe('2029-01-31');
    expect((await processorCharges()).filter((c) => c.idempotencyKey === year3[0].id)).toHaveLength(1);
  });

  it('a refused renewal suspends the subscription and tells the tenant once, in English and French', async () => {
    clock = new Date('2029-01-15T12:00:00Z');
    tenant = await login(app, TENANT);
    const nsf = await addCard(app, tenant, '4000000000009995');
    const changed = await app.inject({
      method: 'GET',
      url: `/api/credit_report/${SUB}/change_payment_type?methodType=TYPE_CREDIT_CARD&methodId=${nsf}`,
      headers: auth(tenant),
    });
    expect(changed.statusCode, changed.body).toBe(200);

    clock = await dayAfterExpiry();
    const r1 = await runCreditReportRenewals(contextAt(app.ctx, clock));
    const r2 = await runCreditReportRenewals(contextAt(app.ctx, clock));
    expect(r1.suspended).toEqual([SUB]);
    expect(r2.suspended).toEqual([]);
    expect(await subscription()).toMatchObject({ status: 'SUSPENDED', statusReason: 'INSUFFICIENT_FUNDS' });
    expect((await terms()).map((x) => [x.termNumber, x.status])).toEqual([
      [1, 'PAID'],
      [2, 'PAID'],
      [3, 'PAID'],
      [4, 'REFUSED'],
    ]);
    expect((await fees()).filter((f) => f.note === 'Credit reporting, year 4').map((f) => f.status)).toEqual(['FAILED']);
    const notices = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, I.tenant), eq(notifications.kind, 'CREDIT_REPORT_RENEWAL_FAILED')));
    expect(notices).toHaveLength(1);
    const en = renderNotification('CREDIT_REPORT_RENEWAL_FAILED', notices[0].params as never, 'en');
    expect(en.title).toBe('Credit reporting renewal failed');
    expect(en.body).toContain('$4.95');
    expect(en.body).toContain('insufficient funds');
    expect(en.body).toContain('Harbourview');
    const fr = renderNotification('CREDIT_REPORT_RENEWAL_FAILED', notices[0].params as never, 'fr');
    expect(fr.body).toContain('4,95');
    expect(fr.body).toContain('suspendu');
  });

  it('resubscribing after a suspension starts a new paid year; unsubscribed, it expires after its expiry date', async () => {
    tenant = await login(app, TENANT);
    const res = await app.inject({
      method: 'GET',
      url: `/api/credit_report/subscribe?accountType=TYPE_PROPERTY_LEASE&accountId=${I.leaseActive}&payMethodType=TYPE_CREDIT_CARD&payMethodId=${I.cardVisa}`,
      headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    expect(id).not.toBe(SUB);
    expect((await subscription()).status).toBe('EXPIRED');
    const un = await app.inject({ method: 'GET', url: `/api/credit_report/${id}/unsubscribe`, headers: auth(tenant) });
    expect(un.json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    clock = await dayAfterExpiry(id);
    const r = await runCreditReportRenewals(contextAt(app.ctx, clock));
    expect(r.expired).toContain(id);
    expect(await subscription(id)).toMatchObject({ status: 'EXPIRED', autoRenew: false });
    expect(await fees(id)).toHaveLength(1);
  });

  it('a lease that ends within the year is not renewed: EXPIRED (LEASE_ENDED), nothing charged', async () => {
    tenant = await login(app, TENANT);
    const res = await app.inject({
      method: 'GET',
      url: `/api/credit_report/subscribe?accountType=TYPE_PROPERTY_LEASE&accountId=${I.leaseActive}&payMethodType=TYPE_CREDIT_CARD&payMethodId=${I.cardVisa}`,
      headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    // The tenant gives notice: the lease ends before the subscription's year does.
    await app.ctx.db
      .update(propertyLeases)
      .set({ endDate: addDays(res.json().startDate, 200) })
      .where(eq(propertyLeases.id, I.leaseActive));
    clock = await dayAfterExpiry(id);
    const r1 = await runCreditReportRenewals(contextAt(app.ctx, clock));
    const r2 = await runCreditReportRenewals(contextAt(app.ctx, clock));
    expect(r1.expired).toEqual([id]);
    expect(r1.renewed).toEqual([]);
    expect(r2.expired).toEqual([]);
    expect(await subscription(id)).toMatchObject({ status: 'EXPIRED', statusReason: 'LEASE_ENDED', autoRenew: false });
    expect(await terms(id)).toHaveLength(1);
    expect(await fees(id)).toHaveLength(1);
  });
});
