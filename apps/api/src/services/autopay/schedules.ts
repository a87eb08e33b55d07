// The tenant's recurring schedules (issue 10 "The tenant's side"; spec 2 §3, §4, §5, §7, §9): POST /create with type
// TYPE_RECURRING_SCHEDULE, PATCH /recurring_schedule/{id}/update (change, disable, reactivate) and GET
// /recurring_schedule/{id}/upcomingpayment. Every rule of the autopay form is checked here too (schedule-rules.ts).
//
// One schedule per lease and tenant: a create on a lease whose schedule is active answers 409
// RM_ERROR_RECORD_ALREADY_EXIST; a create on a lease whose schedule was disabled reactivates that schedule with the new
// fields (200, the same id, so its payment history stays together). The lease row is locked while deciding, so two
// creates at once make one schedule.
//
// The upcoming payment (the PENDING recurring_payments row, spec 2 §4) follows every write in the same transaction: a
// change replaces it (new date, amount, charges), a disable turns it CANCELLED, a reactivation places a new one. Rows
// the job holds or has finished (PROCESSING, COMPLETE, FAILED, SKIPPED) are never touched; a change or disable less
// than 2 full business days before the upcoming payment's date is refused (RM_ERROR_RECURRING_PAYMENT_LOCKED).

import { autopayStartDayOptions } from '@portal/domain/autopay';
import type {
  AutopayUpcomingPayment,
  CreateRecurringScheduleBody,
  RecurringScheduleAnswer,
  updateRecurringScheduleBodySchema,
} from '@portal/domain/autopay-shapes';
import { canChangeRecurringPayment, type IsHoliday, lastRecurringChangeDay } from '@portal/domain/business-days';
import { fromCents, toCents } from '@portal/domain/money';
import type { PaymentCharge } from '@portal/domain/payment-shapes';
import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { type ChargeLine, companies, propertyLeases, recurringPayments, recurringSchedules } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { bankHolidays } from '../../lib/bank-holidays.ts';
import type { Lang } from '../../lib/i18n.ts';
import { todayOf } from '../payments/payment-context.ts';
import { RECORD_TYPES } from '../search/registry.ts';
import { searchRecords } from '../search/search-records.ts';
import {
  type AutopayLease,
  loadAutopayLease,
  loadAutopayMethod,
  requireAutopayCharges,
  requireAutopaySavable,
  requireChangeable,
  requireValidCustomAmount,
  scheduleStartDate,
} from './schedule-rules.ts';
import {
  ensureUpcomingPayment,
  nextOccurrenceAfter,
  type RecurringPaymentRow,
  type ScheduleRow,
  scheduleDay,
  upcomingRowOf,
} from './upcoming.ts';

type UpdateBody = z.output<typeof updateRecurringScheduleBodySchema>;
type CreateBody = Omit<CreateRecurringScheduleBody, 'customAmount'> & { customAmount: number };

export interface ScheduleCaller {
  ctx: AppContext;
  customerId: string;
  actor: Actor;
  lang: Lang;
}

/** Statuses of occurrences the tenant's writes never change (the job holds them or has finished them). */
const SETTLED_OR_HELD = ['PROCESSING', 'COMPLETE', 'FAILED', 'SKIPPED'];

/** What a write of a schedule stores: the fields the rules decided. */
interface ScheduleFields {
  paymentMethodId: string;
  paymentMethodType: string;
  startDate: string;
  padSchedule: boolean;
  customAmount: number;
  charges: ChargeLine[];
  active: boolean;
}

/** The tenant's chosen start day: `startDay`, else the day of `startDate`; one of the lease's options (spec 2 §5). */
function chosenDay(lease: AutopayLease, body: { startDay?: number; startDate?: string }): number | null {
  const day = body.startDay ?? (body.startDate ? Number(body.startDate.slice(8, 10)) : null);
  if (day == null) return null;
  if (!autopayStartDayOptions(lease.monthlyPaymentDueDay).includes(day))
    throw AppError.onField('startDay', 'server.autopay.startDayNotOffered', { values: { day } });
  return day;
}

/**
 * Every rule of the form on the merged fields (method, start day, amount, charges), answering what to store.
 * `keepStartDate`: the stored start date stays (nothing about the date or the method type changed).
 */
async function decideFields(
  caller: ScheduleCaller,
  lease: AutopayLease,
  input: {
    methodId: string;
    methodType: string;
    day: number;
    from?: string;
    keepStartDate?: string;
    customAmountCents: number;
    charges?: readonly PaymentCharge[];
    currentCharges?: ChargeLine[];
    confirmSoftMaximum?: boolean;
  },
): Promise<ScheduleFields> {
  const today = todayOf(caller.ctx.now());
  requireAutopaySavable(lease);
  const method = await loadAutopayMethod(caller.ctx.db, lease, {
    customerId: caller.customerId,
    methodId: input.methodId,
    methodType: input.methodType,
    today,
  });
  const pad = method.type === 'TYPE_BANK_ACCOUNT';
  requireValidCustomAmount(lease, {
    customAmountCents: input.customAmountCents,
    day: input.day,
    methodId: method.id,
    today,
    display: { currency: lease.currency, locale: caller.lang },
    confirmSoftMaximum: input.confirmSoftMaximum,
  });
  const charges = input.charges ? requireAutopayCharges(lease, input.charges) : (input.currentCharges ?? lease.charges);
  const startDate = input.keepStartDate ?? scheduleStartDate(input.day, { today, from: input.from, pad });
  return {
    paymentMethodId: method.id,
    paymentMethodType: method.type,
    startDate,
    padSchedule: pad,
    customAmount: input.customAmountCents,
    charges,
    active: true,
  };
}

/** Locks the lease row (two schedule writes on one lease run one after the other). */
async function lockLease(tx: Executor, leaseId: string): Promise<void> {
  await tx.select({ id: propertyLeases.id }).from(propertyLeases).where(eq(propertyLeases.id, leaseId)).for('update');
}

/** The occurrence a change would affect: the PENDING row, else one the job holds right now. */
async function currentOccurrence(tx: Executor, scheduleId: string): Promise<RecurringPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(recurringPayments)
    .where(
      and(eq(recurringPayments.recurringScheduleId, scheduleId), inArray(recurringPayments.status, ['PENDING', 'PROCESSING'])),
    )
    .orderBy(asc(recurringPayments.scheduledDate))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Places the schedule's upcoming payment after a create, change or reactivation: the PENDING row is replaced by the
 * occurrence of the first period on or after the start date that the job has not held or finished (a CANCELLED row of
 * that period is revived; cancelled rows of later periods are dropped so the months after it follow on), then
 * ensureUpcomingPayment keeps its invariant (exactly one PENDING row).
 */
async function placeUpcomingPayment(
  tx: Executor,
  schedule: ScheduleRow,
  isHoliday: IsHoliday,
): Promise<RecurringPaymentRow | null> {
  await tx
    .delete(recurringPayments)
    .where(and(eq(recurringPayments.recurringScheduleId, schedule.id), eq(recurringPayments.status, 'PENDING')));
  const [lastHeld] = await tx
    .select({ period: recurringPayments.period })
    .from(recurringPayments)
    .where(and(eq(recurringPayments.recurringScheduleId, schedule.id), inArray(recurringPayments.status, SETTLED_OR_HELD)))
    .orderBy(desc(recurringPayments.period))
    .limit(1);
  const { period, scheduledDate } = nextOccurrenceAfter(schedule, lastHeld?.period ?? null, isHoliday);
  await tx
    .delete(recurringPayments)
    .where(
      and(
        eq(recurringPayments.recurringScheduleId, schedule.id),
        eq(recurringPayments.status, 'CANCELLED'),
        gt(recurringPayments.period, period),
      ),
    );
  await tx
    .insert(recurringPayments)
    .values(upcomingRowOf(schedule, period, scheduledDate))
    .onConflictDoUpdate({
      target: [recurringPayments.recurringScheduleId, recurringPayments.period],
      set: {
        status: 'PENDING',
        scheduledDate,
        amount: schedule.customAmount,
        charges: schedule.charges,
        outcomeCode: null,
        processedAt: null,
        reminderSentAt: null,
        claimedAt: null,
        claimedBy: null,
        updatedAt: sql`now()`,
      },
      setWhere: eq(recurringPayments.status, 'CANCELLED'),
    });
  return ensureUpcomingPayment(tx, schedule, isHoliday);
}

/** The schedule's audit fields (money in cents, as stored). */
const auditFields = (s: ScheduleRow) => ({
  billingAccountId: s.billingAccountId,
  paymentMethodId: s.paymentMethodId,
  paymentMethodType: s.paymentMethodType,
  startDate: s.startDate,
  padSchedule: s.padSchedule,
  customAmount: s.customAmount,
  charges: s.charges,
  active: s.active,
});

/** POST /create TYPE_RECURRING_SCHEDULE: a new schedule (201), or the lease's disabled one reactivated (200). */
export async function createRecurringSchedule(
  caller: ScheduleCaller,
  body: CreateBody,
): Promise<{ status: 200 | 201; record: RecurringScheduleAnswer }> {
  const { ctx, customerId } = caller;
  const lease = await loadAutopayLease(ctx.db, customerId, body.billingAccountId);
  const day = chosenDay(lease, body);
  if (day == null) throw AppError.onField('startDay', 'server.autopay.startDayRequired');
  const fields = await decideFields(caller, lease, {
    methodId: body.paymentMethodId,
    methodType: body.paymentMethodType,
    day,
    from: body.startDate,
    customAmountCents: toCents(body.customAmount),
    charges: body.charges,
    confirmSoftMaximum: body.confirmSoftMaximum,
  });
  const isHoliday = bankHolidays(lease.companyCountry);
  const { schedule, status } = await ctx.db.transaction(async (tx) => {
    await lockLease(tx, lease.id);
    const [existing] = await tx
      .select()
      .from(recurringSchedules)
      .where(and(eq(recurringSchedules.billingAccountId, lease.id), eq(recurringSchedules.userId, customerId)))
      .orderBy(desc(recurringSchedules.active), desc(recurringSchedules.createdAt))
      .limit(1);
    if (existing?.active)
      throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.autopay.alreadyExists', {
        values: { id: existing.id },
        extra: { id: existing.id },
      });
    if (existing) {
      const row = await rewriteSchedule(tx, existing, fields, caller, isHoliday);
      return { schedule: row, status: 200 as const };
    }
    const [row] = await tx
      .insert(recurringSchedules)
      .values({
        ...fields,
        recurrenceType: 'MONTHLY',
        userId: customerId,
        userType: 'TYPE_CUSTOMER',
        billingAccountId: lease.id,
        billingAccountType: 'TYPE_PROPERTY_LEASE',
      })
      .returning();
    await recordAudit(tx, {
      recordType: 'recurring_schedule',
      recordId: row.id,
      action: 'CREATE',
      changes: auditFields(row),
      actor: caller.actor,
    });
    await placeUpcomingPayment(tx, row, isHoliday);
    return { schedule: row, status: 201 as const };
  });
  return { status, record: await scheduleAnswer(ctx, customerId, schedule.id, lease.companyCountry) };
}

/** The caller's schedule (404 for another tenant's or a missing one). */
async function findOwnSchedule(db: Executor, customerId: string, id: string, lock = false): Promise<ScheduleRow> {
  const query = db
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.id, id), eq(recurringSchedules.userId, customerId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Recurring schedule');
  return row;
}

/**
 * PATCH /recurring_schedule/{id}/update: {active: false} disables (spec 2 §4: customAmount 0; the PENDING payment is
 * CANCELLED); {active: true} on a disabled schedule reactivates it; other fields change an active schedule (its
 * upcoming payment replaced). Each with the form's rules and the 2-business-day rule.
 */
export async function updateRecurringSchedule(
  caller: ScheduleCaller,
  id: string,
  body: UpdateBody,
): Promise<RecurringScheduleAnswer> {
  const { ctx, customerId } = caller;
  const today = todayOf(ctx.now());
  const current = await findOwnSchedule(ctx.db, customerId, id);
  const lease = await loadAutopayLease(ctx.db, customerId, current.billingAccountId);
  const isHoliday = bankHolidays(lease.companyCountry);

  if (body.active === false) {
    // spec 2 §4: disabling is {active: false, customAmount: 0}; nothing else may ride along.
    if (body.customAmount != null && body.customAmount !== 0)
      throw AppError.onField('customAmount', 'server.autopay.disableAmount');
    // spec 2 §2: the disable button is not offered with manager-only payments. It is offered on a lease that requires
    // autopay (only the close button is hidden there), so a required autopay may be disabled too.
    if (lease.company.onlyPMPaymentAllowed === 'YES')
      throw new AppError('RM_ERROR_LEASE_NOT_PAYABLE', 'server.payments.onlyManagerPayments');
    await ctx.db.transaction(async (tx) => {
      const schedule = await findOwnSchedule(tx, customerId, id, true);
      if (!schedule.active) return;
      const occurrence = await currentOccurrence(tx, schedule.id);
      if (occurrence) requireChangeable(occurrence.scheduledDate, today, isHoliday, caller.lang);
      const [row] = await tx
        .update(recurringSchedules)
        .set({ active: false, customAmount: 0, updatedAt: sql`now()` })
        .where(eq(recurringSchedules.id, schedule.id))
        .returning();
      await tx
        .update(recurringPayments)
        .set({ status: 'CANCELLED', outcomeCode: 'DISABLED', processedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(recurringPayments.recurringScheduleId, schedule.id), eq(recurringPayments.status, 'PENDING')));
      await recordAudit(tx, {
        recordType: 'recurring_schedule',
        recordId: row.id,
        action: 'UPDATE',
        changes: diffRecords(auditFields(schedule), auditFields(row)),
        actor: caller.actor,
      });
    });
    return scheduleAnswer(ctx, customerId, id, lease.companyCountry);
  }

  if (!current.active && body.active !== true) throw AppError.onField('active', 'server.autopay.inactive');
  const day = chosenDay(lease, body) ?? scheduleDay(current);
  const methodId = body.paymentMethodId ?? current.paymentMethodId;
  const methodType = body.paymentMethodType ?? current.paymentMethodType;
  if (!methodId || !methodType) throw AppError.onField('paymentMethodId', 'server.autopay.methodRequired');
  // The stored start date stays when neither the day nor the kind of method (card / pre-authorised debit) changes.
  const dateChanges = body.startDay != null || body.startDate != null || !current.active;
  const padChanges = (methodType === 'TYPE_BANK_ACCOUNT') !== current.padSchedule;
  const fields = await decideFields(caller, lease, {
    methodId,
    methodType,
    day,
    from: body.startDate,
    keepStartDate: dateChanges || padChanges ? undefined : current.startDate,
    customAmountCents: body.customAmount != null ? toCents(body.customAmount) : current.customAmount,
    charges: body.charges,
    currentCharges: current.charges,
    confirmSoftMaximum: body.confirmSoftMaximum,
  });
  await ctx.db.transaction(async (tx) => {
    await lockLease(tx, lease.id);
    const schedule = await findOwnSchedule(tx, customerId, id, true);
    if (schedule.active) {
      const occurrence = await currentOccurrence(tx, schedule.id);
      if (occurrence) requireChangeable(occurrence.scheduledDate, today, isHoliday, caller.lang);
    } else {
      // Reactivation: the lease's other schedule may have been created meanwhile (one active schedule per lease).
      const [other] = await tx
        .select({ id: recurringSchedules.id })
        .from(recurringSchedules)
        .where(
          and(
            eq(recurringSchedules.billingAccountId, lease.id),
            eq(recurringSchedules.active, true),
            notInArray(recurringSchedules.id, [schedule.id]),
          ),
        )
        .limit(1);
      if (other)
        throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.autopay.alreadyExists', { values: { id: other.id } });
    }
    await rewriteSchedule(tx, schedule, fields, caller, isHoliday);
  });
  return scheduleAnswer(ctx, customerId, id, lease.companyCountry);
}

/** The upcoming payment as answered: the row with the last day a change is accepted (spec 2 §9). */
function upcomingAnswer(row: RecurringPaymentRow, pad: boolean, today: string, isHoliday: IsHoliday): AutopayUpcomingPayment {
  return {
    id: row.id,
    recurringScheduleId: row.recurringScheduleId,
    period: row.period,
    status: row.status,
    scheduledDate: row.scheduledDate,
    amount: fromCents(row.amount),
    charges: row.charges.map((c) => ({ ...c, amount: fromCents(c.amount) })),
    padSchedule: pad,
    lastChangeDate: lastRecurringChangeDay(row.scheduledDate, isHoliday),
    changeable: canChangeRecurringPayment(today, row.scheduledDate, isHoliday),
  };
}

async function pendingRow(db: Executor, scheduleId: string): Promise<RecurringPaymentRow | null> {
  const [row] = await db
    .select()
    .from(recurringPayments)
    .where(and(eq(recurringPayments.recurringScheduleId, scheduleId), eq(recurringPayments.status, 'PENDING')))
    .orderBy(asc(recurringPayments.scheduledDate))
    .limit(1);
  return row ?? null;
}

/** The schedule as its search answers it (with joins.property), its upcoming payment with the change deadline. */
async function scheduleAnswer(
  ctx: AppContext,
  customerId: string,
  id: string,
  companyCountry: string,
): Promise<RecurringScheduleAnswer> {
  const def = RECORD_TYPES.recurring_schedule;
  if (!def) throw new Error('recurring_schedule is not a search record type');
  const page = await searchRecords(ctx, { role: 'tenant', id: customerId }, def, {
    conditions: [{ field: 'id', operator: 'EQUALS', value: id }],
    joins: ['property'],
    page: 1,
    recordsPerPage: 1,
  });
  const record = page.records[0] as RecurringScheduleAnswer | undefined;
  if (!record) throw AppError.notFound('Recurring schedule');
  const row = await pendingRow(ctx.db, id);
  return {
    ...record,
    upcomingPayment: row ? upcomingAnswer(row, record.padSchedule, todayOf(ctx.now()), bankHolidays(companyCountry)) : null,
  };
}

/** GET /recurring_schedule/{id}/upcomingpayment: the PENDING payment; 404 when there is none (a disabled schedule). */
export async function getUpcomingPayment(ctx: AppContext, customerId: string, id: string): Promise<AutopayUpcomingPayment> {
  const schedule = await findOwnSchedule(ctx.db, customerId, id);
  const row = await pendingRow(ctx.db, schedule.id);
  if (!row) throw AppError.notFound('Upcoming payment');
  const [company] = await ctx.db
    .select({ country: companies.country })
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(eq(propertyLeases.id, schedule.billingAccountId))
    .limit(1);
  return upcomingAnswer(row, schedule.padSchedule, todayOf(ctx.now()), bankHolidays(company?.country));
}

/** Stores a schedule's new fields (audited as an UPDATE) and places its upcoming payment, in the caller's transaction. */
async function rewriteSchedule(
  tx: Executor,
  before: ScheduleRow,
  fields: ScheduleFields,
  caller: Pick<ScheduleCaller, 'actor'>,
  isHoliday: IsHoliday,
): Promise<ScheduleRow> {
  const [row] = await tx
    .update(recurringSchedules)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(recurringSchedules.id, before.id))
    .returning();
  await recordAudit(tx, {
    recordType: 'recurring_schedule',
    recordId: row.id,
    action: 'UPDATE',
    changes: diffRecords(auditFields(before), auditFields(row)),
    actor: caller.actor,
  });
  await placeUpcomingPayment(tx, row, isHoliday);
  return row;
}
