// The upcoming payment of a recurring schedule (spec 2 §3 "Upcoming payment", §4 "Autopayment": the entry with status
// PENDING is the upcoming payment). One recurring_payments row per schedule and period (YYYY-MM, unique); an active
// schedule has exactly one PENDING row, for the first period after its last row (or the period of its start date),
// dated by occurrenceDate (card: the day; pre-authorised debit: spec 2 §9 PAD day on a business day). The schedule
// routes call ensureUpcomingPayment after a create or update; the autopay job calls it after an occurrence ends (paid,
// failed, skipped) so the upcoming payment moves to the next month.
import { type IsHoliday, nextPeriod, occurrenceDate, periodOf } from '@portal/domain/business-days';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recurringPayments, type recurringSchedules } from '../../db/schema.ts';

export type ScheduleRow = typeof recurringSchedules.$inferSelect;
export type RecurringPaymentRow = typeof recurringPayments.$inferSelect;

/** The monthly day of a schedule: the day of its start date (already moved by the PAD rule for a debit). */
export function scheduleDay(schedule: Pick<ScheduleRow, 'startDate'>): number {
  return Number(schedule.startDate.slice(8, 10));
}

/**
 * The occurrence that follows `lastPeriod` (null: none yet): the period after it, or the start date's period when that
 * is later; periods whose date falls before the start date are passed over.
 */
export function nextOccurrenceAfter(
  schedule: Pick<ScheduleRow, 'startDate' | 'padSchedule'>,
  lastPeriod: string | null,
  isHoliday: IsHoliday,
): { period: string; scheduledDate: string } {
  const startPeriod = periodOf(schedule.startDate);
  let period = lastPeriod !== null && lastPeriod >= startPeriod ? nextPeriod(lastPeriod) : startPeriod;
  const day = scheduleDay(schedule);
  let scheduledDate = occurrenceDate(period, day, schedule.padSchedule, isHoliday);
  while (scheduledDate < schedule.startDate) {
    period = nextPeriod(period);
    scheduledDate = occurrenceDate(period, day, schedule.padSchedule, isHoliday);
  }
  return { period, scheduledDate };
}

/** The PENDING row of `schedule` for `period`: its custom amount (0 = the balance then due) and charges. */
export function upcomingRowOf(
  schedule: Pick<ScheduleRow, 'id' | 'customAmount' | 'charges'>,
  period: string,
  scheduledDate: string,
): typeof recurringPayments.$inferInsert {
  return {
    recurringScheduleId: schedule.id,
    period,
    scheduledDate,
    status: 'PENDING',
    amount: schedule.customAmount,
    charges: schedule.charges,
  };
}

/**
 * The schedule's PENDING row, created when missing (idempotent: two callers at once insert one row). Null for an
 * inactive schedule. Periods whose date falls before the start date are passed over.
 */
export async function ensureUpcomingPayment(
  tx: Executor,
  schedule: ScheduleRow,
  isHoliday: IsHoliday,
): Promise<RecurringPaymentRow | null> {
  if (!schedule.active) return null;
  const pendingRow = async () =>
    (
      await tx
        .select()
        .from(recurringPayments)
        .where(and(eq(recurringPayments.recurringScheduleId, schedule.id), eq(recurringPayments.status, 'PENDING')))
        .limit(1)
    )[0] ?? null;
  const pending = await pendingRow();
  if (pending) return pending;
  const [last] = await tx
    .select({ period: recurringPayments.period })
    .from(recurringPayments)
    .where(eq(recurringPayments.recurringScheduleId, schedule.id))
    .orderBy(desc(recurringPayments.period))
    .limit(1);
  const { period, scheduledDate } = nextOccurrenceAfter(schedule, last?.period ?? null, isHoliday);
  await tx
    .insert(recurringPayments)
    .values(upcomingRowOf(schedule, period, scheduledDate))
    .onConflictDoNothing();
  return pendingRow();
}
