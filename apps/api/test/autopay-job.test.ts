// The job that pays (issue 10), with an injected clock over 14 simulated months (Jan 2026 .. Feb 2027), one run a day:
// each month paid exactly once (ledger and balances), a custom amount honoured, insufficient funds → FAILED and the next
// month tries again, a disabled schedule stops, a pre-authorised debit pays on the first business day and for free,
// reminders 7 days before (once), two runs at the same instant pay nothing twice, missed occurrences (≤ 3 days late
// paid once; older SKIPPED and told, never charged), notices in the portal and the e-mail outbox.
import { firstBusinessDayOfMonth, isBusinessDay, reminderDate } from '@portal/domain/business-days';

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  mailOutbox,
  notifications,
  openCharges,
  paymentMethods,
  paymentTransactions,
  propertyLeases,
  recurringPayments,
  recurringSchedules,
} from '../src/db/schema.ts';
import { type JobReport, runJobs } from '../src/jobs/run-jobs.ts';
import { bankHolidays } from '../src/lib/bank-holidays.ts';
import type { ChargeInput } from '../src/providers/processor/processor.ts';
import { ensureUpcomingPayment } from '../src/services/autopay/upcoming.ts';
import type { OutgoingMail } from '../src/services/mail/transport.ts';
import { auth, buildTestApp, DEMO_IDS, login, TENANT, TENANT_US } from './helpers.ts';

const I = DEMO_IDS;
const RENT = 100_000; // 1000.00 due on the 1st of each month
const MONTHS = 14;
const isHoliday = bankHolidays('CA');

let clock = new Date('2025-12-20T12:00:00Z');
let app: FastifyInstance;
const mails: OutgoingMail[] = [];
const charges: ChargeInput[] = [];

const periods = Array.from({ length: MONTHS }, (_, i) => {
  const m = 2026 * 12 + i; // Jan 2026 = month index 0
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
});

async function newLease(months: readonly string[] = periods): Promise<string> {
  const [lease] = await app.ctx.db
    .insert(propertyLeases)
    .values({ userId: I.tenant, propertyId: I.propertyCa, companyId: I.companyCa, status: 'ACTIVE', unit: 'test' })
    .returning({ id: propertyLeases.id });
  await app.ctx.db.insert(openCharges).values(
    months.map((p) => ({
      billingAccountId: lease.id,
      code: 'Rent',
      name: 'Rent',
      dueDate: `${p}-01`,
      amount: RENT,
      balance: RENT,
    })),
  );
  return lease.id;
}

async function newMethod(type: 'TYPE_CREDIT_CARD' | 'TYPE_BANK_ACCOUNT', token: string, last4: string) {
  const [m] = await app.ctx.db
    .insert(paymentMethods)
    .values({
      userId: I.tenant,
      type,
      country: 'CA',
      processorToken: token,
      brand: type === 'TYPE_CREDIT_CARD' ? 'VISA' : null,
      cardType: type === 'TYPE_CREDIT_CARD' ? 'CREDIT' : null,
      last4,
      expiryMonth: 12,
      expiryYear: 2035,
    })
    .returning({ id: paymentMethods.id });
  return m.id;
}

async function newSchedule(input: {
  leaseId: string;
  methodId: string;
  methodType: 'TYPE_CREDIT_CARD' | 'TYPE_BANK_ACCOUNT';
  startDate: string;
  customAmount?: number;
  pad?: boolean;
}) {
  const [schedule] = await app.ctx.db
    .insert(recurringSchedules)
    .values({
      userId: I.tenant,
      billingAccountId: input.leaseId,
      paymentMethodId: input.methodId,
      paymentMethodType: input.methodType,
      startDate: input.startDate,
      customAmount: input.customAmount ?? 0,
      padSchedule: input.pad ?? false,
      active: true,
    })
    .returning();
  await ensureUpcomingPayment(app.ctx.db, schedule, isHoliday);
  return schedule.id;
}

const rowsOf = (scheduleId: string) =>
  app.ctx.db
    .select()
    .from(recurringPayments)
    .where(eq(recurringPayments.recurringScheduleId, scheduleId))
    .orderBy(asc(recurringPayments.period));
const txOf = (scheduleId: string) =>
  app.ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.recurringScheduleId, scheduleId))
    .orderBy(asc(paymentTransactions.idempotencyKey));
async function balanceOf(leaseId: string): Promise<number> {
  const rows = await app.ctx.db.select().from(openCharges).where(eq(openCharges.billingAccountId, leaseId));
  return rows.reduce((s, c) => s + c.balance, 0);
}

const run = (at = clock) => runJobs(app.ctx, { now: at, runnerId: 'test-runner' });
const total = (r: JobReport) => r.autopay.paid.count + r.autopay.paidLate.count + r.autopay.failed.count;

/** Every day at noon from the clock to `until` (exclusive), one run each, skipping the days `skip` says. */
async function runDaily(until: string, skip: (day: string) => boolean = () => false): Promise<JobReport[]> {
  const reports: JobReport[] = [];
  while (clock.toISOString().slice(0, 10) < until) {
    const day = clock.toISOString().slice(0, 10);
    if (!skip(day)) reports.push(await run());
    clock = new Date(clock.getTime() + 86_400_000);
  }
  return reports;
}

const s: Record<string, string> = {};
const l: Record<string, string> = {};
let fourteenMonths: JobReport[] = [];

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  app.ctx.mail = { name: 'test', send: async (m) => void mails.push(m) };
  const processor = app.ctx.providers.processor;
  const charge = processor.charge.bind(processor);
  processor.charge = async (input) => {
    charges.push(input);
    return charge(input);
  };
  // The demo's own schedule is left out of these counts.
  await app.ctx.db.update(recurringSchedules).set({ active: false }).where(eq(recurringSchedules.id, I.schedule));

  const card = await newMethod('TYPE_CREDIT_CARD', 'tok_sbx_card_autopaytest1', '4242');
  const nsfCard = await newMethod('TYPE_CREDIT_CARD', 'tok_sbx_cardnsf_autopaytest', '9995');
  const bank = await newMethod('TYPE_BANK_ACCOUNT', 'tok_sbx_bank_autopaytest1', '6789');
  l.balance = await newLease();
  l.custom = await newLease();
  l.nsf = await newLease();
  l.pad = await newLease();
  l.disabled = await newLease();
  s.balance = await newSchedule({ leaseId: l.balance, methodId: card, methodType: 'TYPE_CREDIT_CARD', startDate: '2026-01-05' });
  s.custom = await newSchedule({
    leaseId: l.custom,
    methodId: card,
    methodType: 'TYPE_CREDIT_CARD',
    startDate: '2026-01-05',
    customAmount: 25_000,
  });
  s.nsf = await newSchedule({ leaseId: l.nsf, methodId: nsfCard, methodType: 'TYPE_CREDIT_CARD', startDate: '2026-01-15' });
  // spec 2 §9: a debit's day is moved by the PAD rule (the 25th → the 1st), then finalised on a business day
  s.pad = await newSchedule({
    leaseId: l.pad,
    methodId: bank,
    methodType: 'TYPE_BANK_ACCOUNT',
    startDate: '2026-01-01',
    pad: true,
  });
  s.disabled = await newSchedule({
    leaseId: l.disabled,
    methodId: card,
    methodType: 'TYPE_CREDIT_CARD',
    startDate: '2026-01-05',
  });

  // Two months on the card without funds, then the tenant switches to a good card (next month retries).
  fourteenMonths = await runDaily('2026-02-20');
  await app.ctx.db.update(recurringSchedules).set({ paymentMethodId: card }).where(eq(recurringSchedules.id, s.nsf));
  fourteenMonths.push(...(await runDaily('2026-03-20')));
  // Disabled after its third payment (as the disable call does: active false, custom amount 0).
  await app.ctx.db
    .update(recurringSchedules)
    .set({ active: false, customAmount: 0 })
    .where(eq(recurringSchedules.id, s.disabled));
  fourteenMonths.push(...(await runDaily('2027-03-01')));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('autopay over 14 months', () => {
  it('pays the balance then due each month exactly once, with the card fee', async () => {
    const txs = await txOf(s.balance);
    expect(txs).toHaveLength(MONTHS);
    expect(txs.every((t) => t.status === 'COMPLETE' && t.amount === RENT && t.feeAmount === 2_900)).toBe(true);
    expect(new Set(txs.map((t) => t.idempotencyKey))).toEqual(new Set(periods.map((p) => `autopay:${s.balance}:${p}`)));
    // Dated by the job's clock (the day it ran), not the database's.
    expect(txs.map((t) => new Date(t.createDate).toISOString().slice(0, 10))).toEqual(periods.map((p) => `${p}-05`));
    expect(await balanceOf(l.balance)).toBe(0);
    const rows = await rowsOf(s.balance);
    expect(rows.slice(0, MONTHS).map((r) => [r.period, r.status, r.scheduledDate])).toEqual(
      periods.map((p) => [p, 'COMPLETE', `${p}-05`]),
    );
    // The upcoming payment moved on: exactly one PENDING row, the month after the last.
    expect(rows.filter((r) => r.status === 'PENDING').map((r) => r.period)).toEqual(['2027-03']);
    // Each row carries its transaction.
    expect(rows.slice(0, MONTHS).map((r) => r.transactionId)).toEqual(
      periods.map((p) => txs.find((t) => t.idempotencyKey === `autopay:${s.balance}:${p}`)?.id),
    );
  });

  it('honours the custom amount', async () => {
    const txs = await txOf(s.custom);
    expect(txs).toHaveLength(MONTHS);
    expect(txs.every((t) => t.status === 'COMPLETE' && t.amount === 25_000)).toBe(true);
    expect(await balanceOf(l.custom)).toBe(MONTHS * RENT - MONTHS * 25_000);
  });

  it('insufficient funds: FAILED, the schedule kept and the tenant told; the next month pays what is owed', async () => {
    const rows = await rowsOf(s.nsf);
    expect(rows.slice(0, 3).map((r) => [r.period, r.status, r.outcomeCode])).toEqual([
      ['2026-01', 'FAILED', 'INSUFFICIENT_FUNDS'],
      ['2026-02', 'FAILED', 'INSUFFICIENT_FUNDS'],
      ['2026-03', 'COMPLETE', 'COMPLETE'],
    ]);
    const txs = await txOf(s.nsf);
    const failed = txs.filter((t) => t.status === 'FAILED');
    expect(failed).toHaveLength(2);
    // The failed payments' allocations were given back: March paid the three months owed.
    const march = txs.find((t) => t.idempotencyKey === `autopay:${s.nsf}:2026-03`);
    expect(march).toMatchObject({ status: 'COMPLETE', amount: 3 * RENT });
    expect(txs.filter((t) => t.status === 'COMPLETE')).toHaveLength(MONTHS - 2);
    expect(await balanceOf(l.nsf)).toBe(0);
    const [schedule] = await app.ctx.db.select().from(recurringSchedules).where(eq(recurringSchedules.id, s.nsf));
    expect(schedule.active).toBe(true);
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'AUTOPAY_FAILED'), eq(notifications.billingAccountId, l.nsf)));
    expect(told).toHaveLength(2);
    expect(told[0].params).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
  });

  it('a pre-authorised debit pays on the first business day of each month, free, and settles', async () => {
    const rows = await rowsOf(s.pad);
    const done = rows.filter((r) => r.status === 'COMPLETE');
    expect(done.map((r) => r.scheduledDate)).toEqual(periods.map((p) => firstBusinessDayOfMonth(`${p}-01`, isHoliday)));
    expect(done.every((r) => isBusinessDay(r.scheduledDate, isHoliday))).toBe(true);
    // New Year's Day 2026 (Thu, holiday) → the 2nd; Feb 1 2026 (Sun) → the 2nd; Nov 1 2026 (Sun) → the 2nd.
    expect(done.map((r) => r.scheduledDate)).toEqual(expect.arrayContaining(['2026-01-02', '2026-02-02', '2026-11-02']));
    const txs = await txOf(s.pad);
    expect(txs).toHaveLength(MONTHS);
    // spec 1 §9: pre-authorised debit autopay on the 1st is free; the debits settled (PENDING → ONHOLD → COMPLETE)
    expect(txs.every((t) => t.feeAmount === 0 && t.paymentMethodType === 'TYPE_BANK_ACCOUNT')).toBe(true);
    expect(txs.filter((t) => t.status === 'COMPLETE').length).toBeGreaterThanOrEqual(MONTHS - 1);
    expect(fourteenMonths.reduce((n, r) => n + r.bankPaymentsSettled.count, 0)).toBeGreaterThanOrEqual(2 * (MONTHS - 1));
  });

  it('a disabled schedule stops: no charge after it', async () => {
    const txs = await txOf(s.disabled);
    expect(txs.map((t) => t.idempotencyKey)).toEqual(['2026-01', '2026-02', '2026-03'].map((p) => `autopay:${s.disabled}:${p}`));
    const rows = await rowsOf(s.disabled);
    expect(rows.map((r) => [r.period, r.status])).toEqual([
      ['2026-01', 'COMPLETE'],
      ['2026-02', 'COMPLETE'],
      ['2026-03', 'COMPLETE'],
      ['2026-04', 'CANCELLED'],
    ]);
  });

  it('the processor was charged once per payment, never twice for a key', () => {
    const keys = charges.map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(fourteenMonths.every((r) => r.errors.length === 0)).toBe(true);
  });

  it('reminds 7 days before each payment, once', async () => {
    const rows = (await rowsOf(s.balance)).filter((r) => r.status === 'COMPLETE');
    const reminders = await app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'AUTOPAY_REMINDER'),
          inArray(
            notifications.dedupeKey,
            rows.map((r) => `reminder:${r.id}`),
          ),
        ),
      );
    expect(reminders).toHaveLength(MONTHS);
    for (const r of rows) {
      expect(r.reminderSentAt).not.toBeNull();
      const n = reminders.find((x) => x.dedupeKey === `reminder:${r.id}`);
      expect(n?.createdAt.slice(0, 10)).toBe(reminderDate(r.scheduledDate));
    }
    // The upcoming March 2027 payment (on the 5th) is reminded from Feb 26 (already run).
    const pending = (await rowsOf(s.balance)).find((r) => r.status === 'PENDING');
    expect(pending?.reminderSentAt).not.toBeNull();
    expect(fourteenMonths.reduce((n, r) => n + r.remindersQueued.count, 0)).toBe(
      (await app.ctx.db.select().from(notifications).where(eq(notifications.kind, 'AUTOPAY_REMINDER'))).length,
    );
  });

  it('two runs at the same instant pay nothing twice', async () => {
    const at = new Date('2027-03-05T12:00:00Z');
    clock = at;
    const [first, second] = [await run(at), await run(at)];
    // Due on the 5th: the custom amount is paid; the balance schedule finds nothing owed (no charge after February).
    expect(first.autopay.paid.count).toBe(1);
    expect(first.autopay.skipped.NOTHING_DUE?.count).toBe(1);
    expect(total(second)).toBe(0);
    expect(second.remindersQueued.count).toBe(0);
    expect((await txOf(s.custom)).filter((t) => t.idempotencyKey === `autopay:${s.custom}:2027-03`)).toHaveLength(1);
  });

  it('notices are in the outbox and e-mailed once each', async () => {
    const all = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, I.tenant));
    expect(all.length).toBeGreaterThan(0);
    const outbox = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, I.tenant));
    expect(outbox.map((m) => m.notificationId).sort()).toEqual(all.map((n) => n.id).sort());
    expect(outbox.every((m) => m.status === 'SENT' && m.attempts === 1)).toBe(true);
    expect(mails.length).toBe(all.length);
    expect(new Set(mails.map((m) => m.outboxId)).size).toBe(mails.length);
    const paid = mails.find((m) => m.subject === 'Autopayment made' && m.text.includes('$1,029.00'));
    expect(paid?.to).toBe('tenant@demo.test');
    expect(paid?.text).toMatch(
      /Your autopayment of \$1,029\.00 for .+ was charged to your VISA card ending in 4242 on \d\d-\w{3}-20\d\d/,
    );
  });
});

describe('missed occurrences', () => {
  it('≤ 3 days late: paid once; more: SKIPPED MISSED, told (in the tenant language), never charged', async () => {
    await app.ctx.db.update(customers).set({ languageCode: 'fr' }).where(eq(customers.id, I.tenant));
    clock = new Date('2027-03-06T12:00:00Z');
    const lease = await newLease(['2027-03', '2027-04', '2027-05', '2027-06', '2027-07', '2027-08']);
    const card = await newMethod('TYPE_CREDIT_CARD', 'tok_sbx_card_autopaytest2', '1111');
    const id = await newSchedule({ leaseId: lease, methodId: card, methodType: 'TYPE_CREDIT_CARD', startDate: '2027-03-20' });
    // Nothing runs from the 19th to the 22nd: the 23rd is 3 days late → paid late, once.
    await runDaily('2027-04-19', (d) => d >= '2027-03-19' && d <= '2027-03-22');
    // Nothing runs from April 19 to April 24: the 25th is 5 days late → SKIPPED MISSED.
    clock = new Date('2027-04-25T12:00:00Z');
    const skipped = await run();
    expect(skipped.autopay.skipped.MISSED?.count).toBe(1);
    // Months of downtime: nothing runs until August 30: May, June, July recorded SKIPPED MISSED; August's (the 20th)
    // too, never a pile of charges.
    clock = new Date('2027-08-30T12:00:00Z');
    const afterDowntime = await run();
    expect(total(afterDowntime)).toBe(0);
    // (the other schedules of the tenant missed those months too)
    expect(afterDowntime.autopay.skipped.MISSED?.ids).toEqual(
      expect.arrayContaining((await rowsOf(id)).filter((r) => r.status === 'SKIPPED' && r.period > '2027-04').map((r) => r.id)),
    );
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.period, r.status, r.outcomeCode])).toEqual([
      ['2027-03', 'COMPLETE', 'COMPLETE'],
      ['2027-04', 'SKIPPED', 'MISSED'],
      ['2027-05', 'SKIPPED', 'MISSED'],
      ['2027-06', 'SKIPPED', 'MISSED'],
      ['2027-07', 'SKIPPED', 'MISSED'],
      ['2027-08', 'SKIPPED', 'MISSED'],
      ['2027-09', 'PENDING', null],
    ]);
    const txs = await txOf(id);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ amount: RENT, status: 'COMPLETE' });
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'AUTOPAY_SKIPPED'), eq(notifications.billingAccountId, lease)));
    expect(told).toHaveLength(5);
    const mail = mails.find((m) => m.subject === 'Paiement automatique non prélevé' && m.text.includes('3 jours'));
    expect(mail?.text).toContain('n’a pas été prélevé');
    expect(mail?.text).toContain('avr-2027');
  });
});

describe('notifications routes', () => {
  it('lists the caller’s notices, localized, newest first, with the unread count; read and read-all', async () => {
    const token = await login(app, TENANT);
    const res = await app.inject({
      method: 'GET',
      url: '/api/notifications?page=1&recordsPerPage=5',
      headers: { ...auth(token), 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.records).toHaveLength(5);
    expect(body.unreadCount).toBeGreaterThan(5);
    const dates = body.records.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.records[0]).toMatchObject({ kind: expect.any(String), title: expect.any(String), readAt: null });
    expect(body.records.some((r: { title: string }) => /Paiement|Versement|paiement/.test(r.title))).toBe(true);

    const first = body.records[0].id;
    const read = await app.inject({ method: 'POST', url: `/api/notifications/${first}/read`, headers: auth(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    const after = (await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(token) })).json();
    expect(after.unreadCount).toBe(body.unreadCount - 1);

    // Another tenant's notice answers 404, like a missing one; they see none of ours.
    const other = await login(app, TENANT_US);
    expect((await app.inject({ method: 'POST', url: `/api/notifications/${first}/read`, headers: auth(other) })).statusCode).toBe(
      404,
    );
    const theirs = (await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(other) })).json();
    expect(theirs.records.every((r: { id: string }) => r.id !== first)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/notifications?page=0', headers: auth(token) })).statusCode).toBe(400);

    const all = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: auth(token) });
    expect(all.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(token) })).json().unreadCount).toBe(0);
  });
});
