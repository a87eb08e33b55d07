// Recurring schedules, the tenant's side (issue 10; spec 2 §3, §4, §5, §7, §8, §9): POST /create
// TYPE_RECURRING_SCHEDULE, PATCH /recurring_schedule/{id}/update, GET /recurring_schedule/{id}/upcomingpayment,
// POST /recurring_schedule/search, POST /savelist, with the rules of the autopay form enforced by the server, the
// 2-business-day rule on a fixed clock, PAD dates, one PENDING row per schedule, isolation and admin mimic.
import { recurringScheduleAnswerSchema } from '@portal/domain/autopay-shapes';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, paymentMethods, recurringPayments, recurringSchedules } from '../src/db/schema.ts';
import { scheduleStartDate } from '../src/services/autopay/schedule-rules.ts';
import { ADMIN, auth, DEMO_IDS, login, signedInApp, TENANT, TENANT_US } from './helpers.ts';

type Json = Record<string, unknown>;
const I = DEMO_IDS;
// Tuesday 8 July 2025, noon UTC: the demo's "next month" is August 2025.
let clock = new Date('2025-07-08T12:00:00Z');
/** Moves the clock and signs in again (access tokens last 15 minutes of that clock). */
async function setToday(day: string) {
  clock = new Date(`${day}T12:00:00Z`);
  [tenant, tenantUs, admin] = await Promise.all([login(app, TENANT), login(app, TENANT_US), login(app, ADMIN)]);
}

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp({ now: () => clock }));
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: Json, lang = 'en') =>
  app.inject({ method, url, headers: { ...auth(token), 'accept-language': lang }, ...(payload ? { payload } : {}) });
const create = (token: string, body: Json, lang = 'en') =>
  call(
    'POST',
    '/api/create',
    token,
    { type: 'TYPE_RECURRING_SCHEDULE', billingAccountType: 'TYPE_PROPERTY_LEASE', ...body },
    lang,
  );
const update = (token: string, id: string, body: Json, lang = 'en') =>
  call('PATCH', `/api/recurring_schedule/${id}/update`, token, body, lang);
const upcoming = (token: string, id: string) => call('GET', `/api/recurring_schedule/${id}/upcomingpayment`, token);
const fieldsOf = (body: { fieldErrors?: { field: string }[] }) => (body.fieldErrors ?? []).map((f) => f.field);
const rowsOf = (scheduleId: string) =>
  app.ctx.db.select().from(recurringPayments).where(eq(recurringPayments.recurringScheduleId, scheduleId));
const pendingOf = async (scheduleId: string) => (await rowsOf(scheduleId)).filter((r) => r.status === 'PENDING');

const usCard = { billingAccountId: I.leaseUs, paymentMethodId: I.cardUs, paymentMethodType: 'TYPE_CREDIT_CARD' };
const caVisa = { billingAccountId: I.leaseActive, paymentMethodId: I.cardVisa, paymentMethodType: 'TYPE_CREDIT_CARD' };

async function setCompany(id: string, values: Partial<typeof companies.$inferInsert>) {
  await app.ctx.db.update(companies).set(values).where(eq(companies.id, id));
}

describe('start dates (spec 2 §9: next occurrence of the day; PAD after the 20th or before the 10th → the 1st)', () => {
  it.each([
    // day, today, pad, expected
    [15, '2025-07-08', false, '2025-07-15'],
    [8, '2025-07-08', false, '2025-07-08'],
    [5, '2025-07-08', false, '2025-08-05'],
    [31, '2025-09-08', false, '2025-09-30'],
    [15, '2025-07-08', true, '2025-07-15'],
    [25, '2025-07-08', true, '2025-08-01'],
    [5, '2025-07-08', true, '2025-08-01'],
    // the 3rd is ahead, but its PAD day (the 1st) is behind: the month after
    [3, '2025-07-02', true, '2025-08-01'],
    [3, '2025-07-01', true, '2025-07-01'],
  ])('day %i on %s (pad %s) → %s', (day, today, pad, expected) => {
    expect(scheduleStartDate(day, { today, pad })).toBe(expected);
  });

  it('starts on a later start date when one is asked, and not more than 12 months away', () => {
    expect(scheduleStartDate(15, { today: '2025-07-08', from: '2025-09-20', pad: false })).toBe('2025-10-15');
    expect(() => scheduleStartDate(15, { today: '2025-07-08', from: '2026-09-20', pad: false })).toThrow();
  });
});

describe('POST /create TYPE_RECURRING_SCHEDULE', () => {
  let usScheduleId = '';

  it('creates a card autopay: startDate the next day-15, one PENDING upcoming payment, 201, audited', async () => {
    // the demo's lease without a schedule, where the manager requires autopay (spec 2 §2: close hidden)
    const lease = await call('POST', '/api/property_lease/search', tenantUs, { conditions: [] });
    expect(lease.json().records).toEqual([
      expect.objectContaining({ id: I.leaseUs, requireAutoPay: true, recurringSchedule: null, recurringScheduleStatus: null }),
    ]);
    const res = await create(tenantUs, { ...usCard, startDay: 15 });
    expect(res.statusCode, res.body).toBe(201);
    const s = recurringScheduleAnswerSchema.parse(res.json());
    usScheduleId = s.id;
    expect(s).toMatchObject({
      recurrenceType: 'MONTHLY',
      userId: I.tenantUs,
      billingAccountId: I.leaseUs,
      paymentMethodId: I.cardUs,
      startDate: '2025-07-15',
      padSchedule: false,
      active: true,
      customAmount: 0,
    });
    expect(s.joins.property).toMatchObject({ propertyName: 'Pike Street Flats' });
    // 2 full business days before Tuesday the 15th: Friday 11 and Monday 14 → the last change day is Thursday 10
    expect(s.upcomingPayment).toMatchObject({
      status: 'PENDING',
      scheduledDate: '2025-07-15',
      period: '2025-07',
      amount: 0,
      lastChangeDate: '2025-07-10',
      changeable: true,
    });
    expect(await pendingOf(s.id)).toHaveLength(1);
    const [event] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, s.id), eq(auditEvents.action, 'CREATE')));
    expect(event).toMatchObject({ recordType: 'recurring_schedule', actorId: I.tenantUs });
  });

  it('refuses a second active schedule on the lease (409 RM_ERROR_RECORD_ALREADY_EXIST)', async () => {
    const res = await create(tenantUs, { ...usCard, startDay: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_ALREADY_EXIST');
    const demo = await create(tenant, { ...caVisa, startDay: 3 });
    expect(demo.statusCode).toBe(409);
  });

  it("answers another tenant's lease or method like a missing one (404)", async () => {
    for (const body of [
      { ...usCard, startDay: 15 }, // tenant on the US tenant's lease
      { ...caVisa, paymentMethodId: I.cardUs, startDay: 15 }, // the US tenant's card on the tenant's lease
      { ...caVisa, billingAccountId: 'no-such-lease', startDay: 15 },
    ]) {
      const res = await create(tenant, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    }
    const foreign = await create(tenant, { ...usCard, userId: I.tenantUs, startDay: 15 });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the fields', async () => {
    const cases: [Json, string][] = [
      [{ ...usCard }, 'startDay'],
      [{ ...usCard, startDay: 32 }, 'startDay'],
      [{ ...usCard, startDay: 0 }, 'startDay'],
      [{ ...usCard, startDate: '2025-02-30' }, 'startDate'],
      [{ ...usCard, startDay: 5, customAmount: 10.005 }, 'customAmount'],
      [{ ...usCard, startDay: 5, customAmount: -1 }, 'customAmount'],
      [{ ...usCard, startDay: 5, recurrenceType: 'WEEKLY' }, 'recurrenceType'],
      [{ ...usCard, startDay: 5, billingAccountType: 'TYPE_OTHER' }, 'billingAccountType'],
    ];
    for (const [body, field] of cases) {
      const res = await create(tenant, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      expect(fieldsOf(res.json())).toContain(field);
    }
  });

  it('refuses leases that cannot be paid: terminated, pending, manager-only, enforced custom amount with blocked partials', async () => {
    const terminated = await create(tenant, { ...caVisa, billingAccountId: I.leaseTerminated, startDay: 5 });
    expect(terminated.statusCode).toBe(422);
    expect(terminated.json().errorCode).toBe('RM_ERROR_LEASE_NOT_PAYABLE');
    // the pending lease's company also allows manager payments only
    const pending = await create(tenant, { ...caVisa, billingAccountId: I.leasePending, startDay: 5 });
    expect(pending.json().errorCode).toBe('RM_ERROR_LEASE_NOT_PAYABLE');

    // spec 2 §5: enforce custom amount + blocked partial payments → saving refused (the US company blocks partials)
    await setCompany(I.companyUs, { enforceCustomAmount: true });
    try {
      const res = await update(tenantUs, usScheduleId, { startDay: 16 }, 'fr');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_LEASE_NOT_PAYABLE' });
      expect(res.json().message).toContain('montant personnalisé');
    } finally {
      await setCompany(I.companyUs, { enforceCustomAmount: false });
    }
    await setCompany(I.companyUs, { onlyPMPaymentAllowed: 'YES' });
    try {
      const res = await update(tenantUs, usScheduleId, { startDay: 16 });
      expect(res.json().errorCode).toBe('RM_ERROR_LEASE_NOT_PAYABLE');
      const off = await update(tenantUs, usScheduleId, { active: false, customAmount: 0 });
      expect(off.json().errorCode).toBe('RM_ERROR_LEASE_NOT_PAYABLE');
    } finally {
      await setCompany(I.companyUs, { onlyPMPaymentAllowed: 'NO' });
    }
  });

  it('refuses methods an autopay cannot use: blocked bank (spec 2 §8), wallet-like types, expired cards, type mismatch', async () => {
    const [bankUs, payPal, expired] = await app.ctx.db
      .insert(paymentMethods)
      .values([
        { userId: I.tenantUs, type: 'TYPE_BANK_ACCOUNT', country: 'US', processorToken: 'tok_sandbox_bank_us', last4: '1111' },
        { userId: I.tenantUs, type: 'TYPE_PAY_PAL', email: 'jordan@example.test', agreementId: 'agr-test-1' },
        {
          userId: I.tenantUs,
          type: 'TYPE_CREDIT_CARD',
          country: 'US',
          processorToken: 'tok_sandbox_old',
          brand: 'VISA',
          cardType: 'CREDIT',
          last4: '0005',
          expiryMonth: 6,
          expiryYear: 2025,
        },
      ])
      .returning({ id: paymentMethods.id });
    const asUs = (methodId: string, type: string, lang = 'en') =>
      update(tenantUs, usScheduleId, { paymentMethodId: methodId, paymentMethodType: type }, lang);

    const blocked = await asUs(bankUs.id, 'TYPE_BANK_ACCOUNT');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_BLOCKED');
    expect(blocked.json().message).toContain('will not be processed');
    const blockedFr = await asUs(bankUs.id, 'TYPE_BANK_ACCOUNT', 'fr');
    expect(blockedFr.json().message).toContain('ne sera pas traité');

    const payPalRes = await asUs(payPal.id, 'TYPE_PAY_PAL');
    expect(payPalRes.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const expiredRes = await asUs(expired.id, 'TYPE_CREDIT_CARD');
    expect(expiredRes.statusCode).toBe(400);
    expect(fieldsOf(expiredRes.json())).toEqual(['paymentMethodId']);
    const mismatch = await asUs(I.cardUs, 'TYPE_BANK_ACCOUNT');
    expect(mismatch.statusCode).toBe(400);
    expect(fieldsOf(mismatch.json())).toContain('paymentMethodType');
    // nothing changed
    expect((await upcoming(tenantUs, usScheduleId)).json()).toMatchObject({ scheduledDate: '2025-07-15' });
  });

  it('enforces the amount rules of the form: min 1, no overpayment, partials blocked → at least the balance', async () => {
    // Liberty Homes: overpayment NO, partial payments blocked; balance 2400.00 due this month
    const below = await update(tenantUs, usScheduleId, { customAmount: 0.5 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ errorCode: 'RM_ERROR_INVALID_AMOUNT' });
    expect(fieldsOf(below.json())).toEqual(['customAmount']);
    const partial = await update(tenantUs, usScheduleId, { customAmount: 100 });
    expect(partial.json().errorCode).toBe('RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED');
    const over = await update(tenantUs, usScheduleId, { customAmount: 3000 });
    expect(over.json().errorCode).toBe('RM_ERROR_OVER_PAYMENT_NOT_ALLOWED');
    const exact = await update(tenantUs, usScheduleId, { customAmount: 2400 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ customAmount: 2400, upcomingPayment: { amount: 2400, scheduledDate: '2025-07-15' } });
  });
});

describe('the demo schedule (bank, pre-authorised debit on the 1st)', () => {
  it('moves the PAD date, replaces the PENDING row and never leaves two', async () => {
    const before = await upcoming(tenant, I.schedule);
    expect(before.json()).toMatchObject({ scheduledDate: '2025-08-01', padSchedule: true });
    // day 25 with a bank account → the 1st of the next month
    const d25 = await update(tenant, I.schedule, { startDay: 25 });
    expect(d25.statusCode, d25.body).toBe(200);
    expect(d25.json()).toMatchObject({
      startDate: '2025-08-01',
      padSchedule: true,
      upcomingPayment: { scheduledDate: '2025-08-01' },
    });
    // day 15 stays (10..20), this month
    const d15 = await update(tenant, I.schedule, { startDay: 15 });
    expect(d15.json()).toMatchObject({
      startDate: '2025-07-15',
      upcomingPayment: { scheduledDate: '2025-07-15', period: '2025-07' },
    });
    const pending = await pendingOf(I.schedule);
    expect(pending.map((r) => r.scheduledDate)).toEqual(['2025-07-15']);
    // a card is charged on its day: no PAD move
    const card = await update(tenant, I.schedule, { ...caVisa, startDay: 25, billingAccountId: undefined });
    expect(card.json()).toMatchObject({ startDate: '2025-07-25', padSchedule: false, paymentMethodType: 'TYPE_CREDIT_CARD' });
    // back to the bank on the 1st: the 1st of August is a Friday (first business day)
    const bank = await update(tenant, I.schedule, {
      paymentMethodId: I.bankCa,
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      startDay: 1,
    });
    expect(bank.json()).toMatchObject({
      startDate: '2025-08-01',
      padSchedule: true,
      upcomingPayment: { scheduledDate: '2025-08-01' },
    });
    expect(await pendingOf(I.schedule)).toHaveLength(1);
  });

  it('asks to confirm an amount over the soft maximum (5000.00) and refuses more than 100000', async () => {
    const soft = await update(tenant, I.schedule, { customAmount: 6000 });
    expect(soft.statusCode).toBe(400);
    expect(soft.json()).toMatchObject({ errorCode: 'RM_ERROR_INVALID_AMOUNT' });
    expect(soft.json().fieldErrors[0]).toMatchObject({ field: 'confirmSoftMaximum', errorCode: 'SOFT_MAXIMUM_CONFIRMATION' });
    const limit = await update(tenant, I.schedule, { customAmount: 100_000.01, confirmSoftMaximum: true });
    expect(limit.json().errorCode).toBe('RM_ERROR_OVER_PAYMENT_NOT_ALLOWED');
    const confirmed = await update(tenant, I.schedule, { customAmount: 6000, confirmSoftMaximum: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().upcomingPayment).toMatchObject({ amount: 6000, scheduledDate: '2025-08-01' });
    const back = await update(tenant, I.schedule, { customAmount: 0 });
    expect(back.json().upcomingPayment.amount).toBe(0);
  });

  it('refuses a change or a disable less than 2 full business days before the payment (409), in English and French', async () => {
    // Friday 1 August: Wednesday 30 July leaves only Thursday 31 between → locked; Tuesday 29 leaves two → open
    await setToday('2025-07-30');
    try {
      const up = await upcoming(tenant, I.schedule);
      expect(up.json()).toMatchObject({ scheduledDate: '2025-08-01', lastChangeDate: '2025-07-29', changeable: false });
      const change = await update(tenant, I.schedule, { startDay: 15 });
      expect(change.statusCode).toBe(409);
      expect(change.json().errorCode).toBe('RM_ERROR_RECURRING_PAYMENT_LOCKED');
      // spec 2 §4: dates as the portal shows them, DD-MMM-YYYY in the tenant's language (it said 'August 1, 2025')
      expect(change.json().message).toContain('on 01-Aug-2025');
      expect(change.json().message).toContain('the last day was 29-Jul-2025');
      expect(change.json().fieldErrors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'scheduledDate', fieldValue: '2025-08-01' })]),
      );
      const off = await update(tenant, I.schedule, { active: false, customAmount: 0 }, 'fr');
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toContain('01-août-2025');
      expect(off.json().message).toContain('29-juil-2025');
      expect(off.json().message).toContain('jours ouvrables');
      expect(await pendingOf(I.schedule)).toHaveLength(1);
      await setToday('2025-07-29');
      expect((await upcoming(tenant, I.schedule)).json().changeable).toBe(true);
    } finally {
      await setToday('2025-07-08');
    }
  });

  it('counts bank holidays: Labour Day (Monday 1 September) moves the PAD date and the deadline', async () => {
    await setToday('2025-08-20');
    try {
      // pretend August was paid so the upcoming payment is September's
      await app.ctx.db
        .update(recurringPayments)
        .set({ status: 'COMPLETE' })
        .where(and(eq(recurringPayments.recurringScheduleId, I.schedule), eq(recurringPayments.status, 'PENDING')));
      const res = await update(tenant, I.schedule, { startDay: 1 });
      expect(res.statusCode, res.body).toBe(200);
      // 1 September 2025 is Labour Day: the debit runs Tuesday 2; the 2 full business days before it are Thursday 28
      // and Friday 29 August (the holiday does not count) → the last change day is Wednesday 27
      expect(res.json().upcomingPayment).toMatchObject({
        scheduledDate: '2025-09-02',
        period: '2025-09',
        lastChangeDate: '2025-08-27',
      });
    } finally {
      await setToday('2025-07-08');
    }
  });

  it('disables with {active: false, customAmount: 0}: CANCELLED, inactive, no upcoming payment', async () => {
    const partial = await update(tenant, I.schedule, { active: false, customAmount: 5 });
    expect(partial.statusCode).toBe(400);

    const off = await update(tenant, I.schedule, { active: false, customAmount: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, customAmount: 0, upcomingPayment: null });
    const rows = await rowsOf(I.schedule);
    expect(rows.filter((r) => r.status === 'PENDING')).toHaveLength(0);
    expect(rows.find((r) => r.period === '2025-09')).toMatchObject({ status: 'CANCELLED' });
    expect((await upcoming(tenant, I.schedule)).statusCode).toBe(404);
    // the lease card reads the schedule as inactive (spec 1 §2: "auto-pay", not "edit auto-pay")
    const leases = await call('POST', '/api/property_lease/search', tenant, {
      conditions: [{ field: 'id', operator: 'EQUALS', value: I.leaseActive }],
    });
    expect(leases.json().records[0]).toMatchObject({
      recurringScheduleStatus: 'INACTIVE',
      recurringScheduleUpcomingPayment: null,
    });
    // disabling twice is harmless; a change of a disabled schedule needs active: true
    expect((await update(tenant, I.schedule, { active: false, customAmount: 0 })).statusCode).toBe(200);
    expect((await update(tenant, I.schedule, { startDay: 2 })).statusCode).toBe(400);
  });

  it('reactivates: PATCH active true revives the cancelled period; a new create reuses the disabled schedule (200)', async () => {
    await setToday('2025-08-20');
    try {
      const on = await update(tenant, I.schedule, { active: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ active: true, upcomingPayment: { scheduledDate: '2025-09-02', status: 'PENDING' } });
      const rows = await rowsOf(I.schedule);
      expect(rows.filter((r) => r.period === '2025-09')).toHaveLength(1);
      expect(await pendingOf(I.schedule)).toHaveLength(1);

      await update(tenant, I.schedule, { active: false, customAmount: 0 });
      const again = await create(tenant, { ...caVisa, startDay: 22, customAmount: 1925 });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        id: I.schedule,
        active: true,
        startDate: '2025-08-22',
        customAmount: 1925,
        // August was paid already (its row is COMPLETE): the next payment is September's, on the card's day
        upcomingPayment: { scheduledDate: '2025-09-22', amount: 1925, period: '2025-09' },
      });
      expect((await rowsOf(I.schedule)).map((r) => `${r.period}:${r.status}`).sort()).toEqual([
        '2025-08:COMPLETE',
        '2025-09:PENDING',
      ]);
    } finally {
      await setToday('2025-07-08');
    }
  });
});

describe('reactivation to an earlier month', () => {
  it('disables a lease that requires autopay too (spec 2 §2 offers the button), then drops the cancelled later month on reactivation', async () => {
    const [us] = await app.ctx.db
      .select({ id: recurringSchedules.id })
      .from(recurringSchedules)
      .where(eq(recurringSchedules.userId, I.tenantUs));
    const aug = await update(tenantUs, us.id, { startDay: 5 });
    expect(aug.json().upcomingPayment).toMatchObject({ scheduledDate: '2025-08-05' });
    expect((await update(tenantUs, us.id, { active: false, customAmount: 0 })).statusCode).toBe(200);
    const jul = await update(tenantUs, us.id, { active: true, startDay: 20 });
    expect(jul.statusCode, jul.body).toBe(200);
    expect(jul.json()).toMatchObject({ customAmount: 0, upcomingPayment: { scheduledDate: '2025-07-20', period: '2025-07' } });
    expect((await rowsOf(us.id)).map((r) => `${r.period}:${r.status}`)).toEqual(['2025-07:PENDING']);
  });
});

describe('isolation, search and mimic', () => {
  it("answers another tenant's schedule like a missing one (404)", async () => {
    const [usSchedule] = await app.ctx.db
      .select({ id: recurringSchedules.id })
      .from(recurringSchedules)
      .where(eq(recurringSchedules.userId, I.tenantUs));
    for (const res of [
      await upcoming(tenant, usSchedule.id),
      await update(tenant, usSchedule.id, { startDay: 3 }),
      await update(tenant, usSchedule.id, { active: false, customAmount: 0 }),
      await upcoming(tenantUs, I.schedule),
      await call('GET', `/api/recurring_schedule/${I.schedule}`, tenantUs),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    }
    const fr = await call('GET', `/api/recurring_schedule/${usSchedule.id}/upcomingpayment`, tenant, undefined, 'fr');
    expect(fr.json().message).toBe('Calendrier de paiements récurrents introuvable');
  });

  it('POST /recurring_schedule/search answers only the caller’s schedules, with joins', async () => {
    const mine = await call('POST', '/api/recurring_schedule/search', tenant, { conditions: [], joins: ['property'] });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().records.map((r: Json) => r.userId)).toEqual([I.tenant]);
    expect(mine.json().records[0].joins.property).toMatchObject({ propertyName: 'Harbourview Residences' });
    const theirs = await call('POST', '/api/RECURRING_SCHEDULE/search', tenantUs, {
      conditions: [{ field: 'userId', operator: 'EQUALS', value: I.tenant }],
    });
    expect(theirs.json()).toMatchObject({ totalRecords: 0, records: [] });
    const history = await call('GET', `/api/recurring_schedule/${I.schedule}/history`, tenant);
    expect(history.json().records.map((r: Json) => r.action)).toContain('UPDATE');
  });

  it('an admin mimicking the tenant acts as the tenant (the audit names the admin)', async () => {
    const token = (await call('POST', '/api/admin/mimic', admin, { leaseId: I.leaseActive })).json().access_token as string;
    const up = await upcoming(token, I.schedule);
    expect(up.statusCode, up.body).toBe(200);
    const res = await update(token, I.schedule, { startDay: 23 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().startDate).toBe('2025-07-23');
    const [last] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, I.schedule))
      .orderBy(auditEvents.createdAt);
    expect(last).toBeDefined();
    const events = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.recordId, I.schedule));
    expect(events.some((e) => e.actorType === 'TYPE_ADMIN')).toBe(true);
    // the admin's own session is not a tenant's
    expect((await upcoming(admin, I.schedule)).statusCode).toBe(403);
  });
});

describe('POST /savelist and the service fee', () => {
  const body = (charges: Json[]) => ({
    billingAccounts: [{ id: I.leaseActive, type: 'TYPE_PROPERTY_LEASE', charges, requireAutoPay: false }],
  });

  it('refuses when the company manages balances; saves the chosen charges when it does not', async () => {
    const managed = await call('POST', '/api/savelist', tenant, body([{ code: 'Rent', amount: 1850 }]));
    expect(managed.statusCode).toBe(400);
    expect(fieldsOf(managed.json())).toEqual(['billingAccounts.0.charges']);
    await setCompany(I.companyCa, { manageBalance: 'NO' });
    try {
      const unknown = await call('POST', '/api/savelist', tenant, body([{ code: 'yacht', amount: 10 }]));
      expect(unknown.statusCode).toBe(400);
      const saved = await call(
        'POST',
        '/api/savelist',
        tenant,
        body([
          { code: 'Rent', amount: 1850 },
          { code: 'storage', amount: 40.5 },
        ]),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().billingAccounts[0]).toMatchObject({
        id: I.leaseActive,
        requireAutoPay: false,
        charges: [
          { code: 'Rent', name: 'Rent', amount: 1850 },
          { code: 'storage', name: 'storage', amount: 40.5 },
        ],
      });
      const foreign = await call('POST', '/api/savelist', tenantUs, body([{ code: 'Rent', amount: 1 }]));
      expect(foreign.statusCode).toBe(404);
      // the schedule's charges follow the tenant's choice too (manageBalance NO)
      const sched = await update(tenant, I.schedule, { charges: [{ code: 'Rent', amount: 1850 }] });
      expect(sched.statusCode, sched.body).toBe(200);
      expect(sched.json().upcomingPayment.charges).toEqual([{ code: 'Rent', name: 'Rent', amount: 1850 }]);
    } finally {
      await setCompany(I.companyCa, { manageBalance: 'YES' });
    }
    const refused = await update(tenant, I.schedule, { charges: [{ code: 'Rent', amount: 1850 }] });
    expect(refused.statusCode).toBe(400);
  });

  it('POST /fee_profile/payment_method prices a bank autopay as pre-authorised debit (free)', async () => {
    const res = await call('POST', '/api/fee_profile/payment_method', tenant, {
      companyId: I.companyCa,
      paymentMethod: I.bankCa,
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      padSchedule: true,
      recurringSchedule: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feeProfile).toMatchObject({ paymentType: 'TYPE_BANK_ACCOUNT', padSchedule: true, feeRate: 0 });
  });
});
