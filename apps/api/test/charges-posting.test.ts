// Issue 23 "Charges", the monthly posting step of the job (services/charges/post-monthly.ts) with an injected clock:
// each ACTIVE lease's recurring charges posted once per period on its due day (run twice for one instant: one charge
// per lease, period and line), a due day past the month's end on its last day (31 → Feb 28), a lease starting mid-month
// or ended or TERMINATED, the late fee (off by default; once per charge; never on a late fee or a TERMINATED lease),
// an unapplied credit paying the rent posted, and the demo: the job at next month's due date posts the rent and the
// tenant's autopay ("the balance then due") pays exactly it.
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeAllocations,
  companies,
  openCharges,
  paymentTransactions,
  propertyLeases,
  recurringPayments,
} from '../src/db/schema.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { auth, buildTestApp, DEMO_IDS, login } from './helpers.ts';

const I = DEMO_IDS;
let clock = new Date('2026-01-20T12:00:00Z');
let app: FastifyInstance;

const run = (at: string) => {
  clock = new Date(at);
  return runJobs(app.ctx, { now: clock });
};

type LeaseOpts = {
  dueDay?: number;
  start?: string | null;
  end?: string | null;
  status?: string;
  companyId?: string;
  propertyId?: string;
};

async function lease(opts: LeaseOpts = {}): Promise<string> {
  const [row] = await app.ctx.db
    .insert(propertyLeases)
    .values({
      userId: I.tenant,
      propertyId: opts.propertyId ?? I.propertyCa,
      companyId: opts.companyId ?? I.companyCa,
      status: opts.status ?? 'ACTIVE',
      unit: 'post',
      startDate: opts.start === undefined ? '2025-06-01' : opts.start,
      endDate: opts.end ?? null,
      monthlyPaymentDueDay: opts.dueDay ?? 1,
      charges: [
        { code: 'Rent', name: 'Rent', amount: 1_200_00 },
        { code: 'parking', name: 'Parking', amount: 50_00 },
      ],
    })
    .returning({ id: propertyLeases.id });
  return row.id;
}

const chargesOf = (leaseId: string) =>
  app.ctx.db
    .select()
    .from(openCharges)
    .where(eq(openCharges.billingAccountId, leaseId))
    .orderBy(openCharges.dueDate, openCharges.postingKey);

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
});
afterAll(() => app.close());

describe('the monthly posting', () => {
  it('posts each line once on the due day, whatever the reruns', async () => {
    const id = await lease({ dueDay: 5 });
    await run('2026-02-04T23:00:00Z');
    expect(await chargesOf(id)).toHaveLength(0); // not before the due day
    const first = await run('2026-02-05T06:00:00Z');
    const second = await run('2026-02-05T06:00:00Z');
    await run('2026-02-06T12:00:00Z'); // the catch-up window: still nothing new
    const posted = await chargesOf(id);
    expect(posted.map((c) => [c.postingKey, c.code, c.name, c.dueDate, c.postMonth, c.amount, c.balance])).toEqual([
      [`rent:${id}:2026-02:0`, 'Rent', 'Rent', '2026-02-05', '2026-02-01', 1_200_00, 1_200_00],
      [`rent:${id}:2026-02:1`, 'parking', 'Parking', '2026-02-05', '2026-02-01', 50_00, 50_00],
    ]);
    expect(first.charges.posted.ids).toEqual(expect.arrayContaining(posted.map((c) => c.id)));
    expect(second.charges.posted.ids.some((x) => posted.some((c) => c.id === x))).toBe(false);
    expect(first.errors).toEqual([]);
    // next month: one more of each
    await run('2026-03-05T00:30:00Z');
    expect((await chargesOf(id)).map((c) => c.postingKey)).toEqual([
      `rent:${id}:2026-02:0`,
      `rent:${id}:2026-02:1`,
      `rent:${id}:2026-03:0`,
      `rent:${id}:2026-03:1`,
    ]);
  });

  it('catches up a missed due day within the grace days, never an older period', async () => {
    const id = await lease({ dueDay: 28 });
    await run('2026-03-02T12:00:00Z'); // February 28 missed: caught up on March 2 (3 days' grace)
    expect((await chargesOf(id)).map((c) => c.dueDate)).toEqual(['2026-02-28', '2026-02-28']);
    const late = await lease({ dueDay: 10 });
    await run('2026-03-20T12:00:00Z'); // March 10 is 10 days ago: left to the manager
    expect(await chargesOf(late)).toHaveLength(0);
  });

  it('a due day of 31 falls on the last day of February', async () => {
    const id = await lease({ dueDay: 31 });
    await run('2026-02-27T12:00:00Z');
    expect(await chargesOf(id)).toHaveLength(0);
    await run('2026-02-28T12:00:00Z');
    await run('2026-03-31T12:00:00Z');
    expect((await chargesOf(id)).map((c) => `${c.postingKey?.split(':')[2]} ${c.dueDate}`)).toEqual([
      '2026-02 2026-02-28',
      '2026-02 2026-02-28',
      '2026-03 2026-03-31',
      '2026-03 2026-03-31',
    ]);
  });

  it('a lease starting mid-month starts with its first due date after the start; an ended or TERMINATED lease posts nothing', async () => {
    const mid = await lease({ dueDay: 1, start: '2026-04-15' });
    const ended = await lease({ dueDay: 1, start: '2025-01-01', end: '2026-04-20' });
    const terminated = await lease({ dueDay: 1, status: 'TERMINATED' });
    const pending = await lease({ dueDay: 1, status: 'PENDING' });
    await run('2026-04-15T12:00:00Z');
    expect(await chargesOf(mid)).toHaveLength(0); // April 1 is before the start
    await run('2026-05-01T12:00:00Z');
    expect((await chargesOf(mid)).map((c) => c.dueDate)).toEqual(['2026-05-01', '2026-05-01']);
    expect(await chargesOf(ended)).toHaveLength(0); // ended April 20
    expect(await chargesOf(terminated)).toHaveLength(0);
    expect(await chargesOf(pending)).toHaveLength(0);
  });

  it('an unapplied credit pays the rent posted', async () => {
    const id = await lease({ dueDay: 1 });
    const manager = await login(app, 'manager@demo.test');
    const credit = await app.inject({
      method: 'POST',
      url: '/api/open_charge/create',
      headers: auth(manager),
      payload: { leaseId: id, kind: 'CREDIT', code: 'other', amount: 1_225 },
    });
    expect(credit.json()).toMatchObject({ unappliedCredit: 1225, balance: 0 });
    const report = await run('2026-06-01T12:00:00Z');
    expect(report.charges.creditsApplied.ids).toContain(id);
    // oldest first, in line order: rent paid in full, 25.00 of the parking
    expect((await chargesOf(id)).map((c) => [c.code, c.balance])).toEqual([
      ['Rent', 0],
      ['parking', 25_00],
    ]);
    const allocations = await app.ctx.db
      .select()
      .from(chargeAllocations)
      .where(eq(chargeAllocations.transactionId, credit.json().transaction.id));
    expect(allocations.reduce((s, a) => s + a.amount, 0)).toBe(1_225_00);
  });
});

describe('the late fee', () => {
  it('is off by default', async () => {
    const id = await lease({ dueDay: 2 });
    await run('2026-07-02T12:00:00Z');
    await run('2026-07-07T12:00:00Z');
    await run('2026-07-08T12:00:00Z');
    expect((await chargesOf(id)).filter((c) => c.code === 'late-fee')).toHaveLength(0);
  });

  it("posts once per charge still open the company's days after its due date, never on a late fee or a TERMINATED lease", async () => {
    await app.ctx.db.update(companies).set({ lateFeeAmount: 50_00, lateFeeDays: 5 }).where(eq(companies.id, I.companyCa2));
    try {
      const id = await lease({ dueDay: 3, companyId: I.companyCa2, propertyId: I.propertyCa2 });
      const ended = await lease({ dueDay: 3, companyId: I.companyCa2, propertyId: I.propertyCa2 });
      await run('2026-08-03T12:00:00Z');
      await app.ctx.db.update(propertyLeases).set({ status: 'TERMINATED' }).where(eq(propertyLeases.id, ended));
      await run('2026-08-07T12:00:00Z');
      expect((await chargesOf(id)).filter((c) => c.code === 'late-fee')).toHaveLength(0); // 4 days: not yet
      const report = await run('2026-08-08T12:00:00Z');
      await run('2026-08-08T12:00:00Z');
      await run('2026-08-09T12:00:00Z');
      const fees = (await chargesOf(id)).filter((c) => c.code === 'late-fee');
      const rent = (await chargesOf(id)).filter((c) => c.code !== 'late-fee');
      expect(fees.map((f) => [f.name, f.amount, f.balance, f.dueDate]).sort()).toEqual([
        ['Late fee', 50_00, 50_00, '2026-08-08'],
        ['Late fee', 50_00, 50_00, '2026-08-08'],
      ]);
      expect(fees.map((f) => f.postingKey).sort()).toEqual(rent.map((r) => `late:${r.id}`).sort());
      expect(report.charges.lateFees.ids).toEqual(expect.arrayContaining(fees.map((f) => f.id)));
      // the late fees are themselves open 5 days later: no fee on a fee
      await run('2026-08-13T12:00:00Z');
      expect((await chargesOf(id)).filter((c) => c.code === 'late-fee')).toHaveLength(2);
      expect((await chargesOf(ended)).filter((c) => c.code === 'late-fee')).toHaveLength(0);
      // a charge paid before its late day gets none
      const paidOnTime = await lease({ dueDay: 3, companyId: I.companyCa2, propertyId: I.propertyCa2 });
      await run('2026-09-03T12:00:00Z');
      await app.ctx.db.update(openCharges).set({ balance: 0 }).where(eq(openCharges.billingAccountId, paidOnTime));
      await run('2026-09-08T12:00:00Z');
      expect((await chargesOf(paidOnTime)).filter((c) => c.code === 'late-fee')).toHaveLength(0);
    } finally {
      await app.ctx.db.update(companies).set({ lateFeeAmount: null }).where(eq(companies.id, I.companyCa2));
    }
  });
});

describe('the demo, end to end', () => {
  let demo: FastifyInstance;
  let demoClock = new Date('2026-05-20T15:00:00Z');
  beforeAll(async () => {
    demo = await buildTestApp({ now: () => demoClock });
  });
  afterAll(() => demo.close());

  it("the job at next month's due date posts the rent and the tenant's autopay pays exactly it", async () => {
    // today (the seed's) nothing is posted: this month's rent was the seed's
    const today = await runJobs(demo.ctx, { now: demoClock });
    expect(today.charges.posted.count).toBe(0);
    demoClock = new Date('2026-06-01T13:00:00Z');
    const before = await demo.ctx.db.select().from(openCharges).where(eq(openCharges.billingAccountId, I.leaseActive));
    const report = await runJobs(demo.ctx, { now: demoClock });
    expect(report.errors).toEqual([]);
    const june = await demo.ctx.db
      .select()
      .from(openCharges)
      .where(and(eq(openCharges.billingAccountId, I.leaseActive), like(openCharges.postingKey, 'rent:%:2026-06:%')));
    // the seed's June rent is there already: the job adds the parking line only (never a second rent)
    expect(june.map((c) => [c.postingKey, c.code, c.amount]).sort()).toEqual([
      [`rent:${I.leaseActive}:2026-06:0`, 'Rent', 1_850_00],
      [`rent:${I.leaseActive}:2026-06:1`, 'parking', 75_00],
    ]);
    const posted = june.find((c) => c.code === 'parking');
    expect(report.charges.posted.ids).toContain(posted?.id);
    // the US lease's June rent too
    const us = await demo.ctx.db
      .select()
      .from(openCharges)
      .where(eq(openCharges.postingKey, `rent:${I.leaseUs}:2026-06:0`));
    expect(us).toHaveLength(1);

    // the autopay of the demo schedule paid the balance then due: everything due by June 1, the posted parking included
    const [occurrence] = await demo.ctx.db
      .select()
      .from(recurringPayments)
      .where(and(eq(recurringPayments.recurringScheduleId, I.schedule), eq(recurringPayments.period, '2026-06')));
    expect(report.autopay.paid.ids).toContain(occurrence.id);
    const [payment] = await demo.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, occurrence.transactionId as string));
    const dueBefore = before.filter((c) => c.dueDate <= '2026-06-01').reduce((s, c) => s + c.balance, 0);
    expect(payment.amount).toBe(dueBefore + 75_00);
    const after = await demo.ctx.db.select().from(openCharges).where(eq(openCharges.billingAccountId, I.leaseActive));
    expect(after.filter((c) => c.dueDate <= '2026-06-01').every((c) => c.balance === 0)).toBe(true);
    const [allocation] = await demo.ctx.db
      .select()
      .from(chargeAllocations)
      .where(and(eq(chargeAllocations.transactionId, payment.id), eq(chargeAllocations.openChargeId, posted?.id as string)));
    expect(allocation.amount).toBe(75_00);
    // the same instant again: nothing more for these leases (the Okanagan lease the first run activated, starting
    // today, gets its first rent now: activation comes after posting in a run)
    expect(report.leasesActivated.ids).toEqual([I.leasePending]);
    const again = await runJobs(demo.ctx, { now: demoClock });
    const againPosted = await demo.ctx.db
      .select({ leaseId: openCharges.billingAccountId, key: openCharges.postingKey })
      .from(openCharges)
      .where(inArray(openCharges.id, again.charges.posted.ids));
    expect(againPosted).toEqual([{ leaseId: I.leasePending, key: `rent:${I.leasePending}:2026-06:0` }]);
    expect(again.autopay.paid.count).toBe(0);
  });
});
