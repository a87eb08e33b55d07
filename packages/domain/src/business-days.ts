import { padDayOfMonth } from './autopay.ts';
import { addDays, endOfMonth, parseIsoDate, toIsoDate } from './dates.ts';

// Business days for autopay (spec 2 §9: pre-authorised debit is finalised on the first business day of the month; a
// recurring payment must be disabled at least 2 full business days before its date; a reminder 7 days before; issue 10:
// missed occurrences within 3 days are paid late once). Pure: the bank holidays come in as a predicate (the API builds
// it from a holiday library for the company's country), so every rule here is testable with any calendar.

/** True when `isoDate` (YYYY-MM-DD) is a bank holiday. */
export type IsHoliday = (isoDate: string) => boolean;
export const NO_HOLIDAYS: IsHoliday = () => false;

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

export function isWeekend(date: string): boolean {
  const d = dayOfWeek(date);
  return d === 0 || d === 6;
}

/** A day the banks process debits: not a weekend, not a bank holiday. */
export function isBusinessDay(date: string, isHoliday: IsHoliday): boolean {
  return !isWeekend(date) && !isHoliday(date);
}

/** `date` itself when it is a business day, else the next one. */
export function nextBusinessDay(date: string, isHoliday: IsHoliday): string {
  let d = date;
  // A year never holds more than a few consecutive non-business days; the bound guards a broken predicate.
  for (let i = 0; i < 60; i++, d = addDays(d, 1)) if (isBusinessDay(d, isHoliday)) return d;
  throw new RangeError(`No business day within 60 days of ${date}`);
}

/** `n` business days after `date` (n ≥ 0; 0 = nextBusinessDay(date)). */
export function addBusinessDays(date: string, n: number, isHoliday: IsHoliday): string {
  let d = nextBusinessDay(date, isHoliday);
  for (let i = 0; i < n; i++) d = nextBusinessDay(addDays(d, 1), isHoliday);
  return d;
}

// spec 2 §9: pre-authorised debit is finalised on the first business day of the month
export function firstBusinessDayOfMonth(date: string, isHoliday: IsHoliday): string {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return nextBusinessDay(toIsoDate({ year: p.year, month: p.month, day: 1 }), isHoliday);
}

/** Business days strictly between `from` and `to` (neither end counted: `from` is under way, `to` is the day itself). */
export function fullBusinessDaysBetween(from: string, to: string, isHoliday: IsHoliday): number {
  let n = 0;
  for (let d = addDays(from, 1); d < to; d = addDays(d, 1)) if (isBusinessDay(d, isHoliday)) n++;
  return n;
}

// spec 2 §9 (terms of use): a recurring payment must be disabled at least 2 full business days before its date
export const RECURRING_CHANGE_BUSINESS_DAYS = 2;
// spec 2 §9 (terms of use): a recurring payment reminder is sent 7 days before
export const RECURRING_REMINDER_DAYS = 7;
// issue 10: an occurrence missed while nothing ran is paid late when at most this many days late, else skipped
export const MISSED_OCCURRENCE_GRACE_DAYS = 3;

/**
 * spec 2 §9: may a recurring payment due on `scheduledDate` still be changed or disabled on `today`? Only with at least
 * 2 full business days between today and its date.
 */
export function canChangeRecurringPayment(today: string, scheduledDate: string, isHoliday: IsHoliday): boolean {
  return fullBusinessDaysBetween(today, scheduledDate, isHoliday) >= RECURRING_CHANGE_BUSINESS_DAYS;
}

/** The last day a change to the payment on `scheduledDate` is accepted (for the modal's notice). */
export function lastRecurringChangeDay(scheduledDate: string, isHoliday: IsHoliday): string {
  let d = addDays(scheduledDate, -1);
  while (!canChangeRecurringPayment(d, scheduledDate, isHoliday)) d = addDays(d, -1);
  return d;
}

/** The upcoming payment's change window as the server answers it (GET /recurring_schedule/{id}/upcomingpayment). */
export interface RecurringChangeWindow {
  scheduledDate: string;
  lastChangeDate: string;
  changeable: boolean;
}

/**
 * spec 2 §9: is the schedule locked on `today` (the server refuses every change and the disable, not only the upcoming
 * payment's, until that payment has been made)? The server computed the window with the company's bank holidays; a
 * page left open past lastChangeDate is locked too (canChangeRecurringPayment only turns false as `today` advances).
 */
export function recurringChangeLocked(today: string, upcoming: RecurringChangeWindow | null | undefined): boolean {
  if (!upcoming) return false;
  return !upcoming.changeable || today > upcoming.lastChangeDate;
}

/** spec 2 §9: the day the reminder for the payment on `scheduledDate` is due. */
export function reminderDate(scheduledDate: string): string {
  return addDays(scheduledDate, -RECURRING_REMINDER_DAYS);
}

/** issue 10: what to do with an occurrence dated `scheduledDate` that has not run by `today`. */
export function dueOccurrenceAction(scheduledDate: string, today: string): 'NOT_DUE' | 'PAY' | 'PAY_LATE' | 'SKIP_MISSED' {
  if (scheduledDate > today) return 'NOT_DUE';
  if (scheduledDate === today) return 'PAY';
  return addDays(scheduledDate, MISSED_OCCURRENCE_GRACE_DAYS) >= today ? 'PAY_LATE' : 'SKIP_MISSED';
}

/** 'YYYY-MM' of a date. */
export function periodOf(date: string): string {
  return date.slice(0, 7);
}

/** The period after 'YYYY-MM'. */
export function nextPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The date a monthly schedule on `day` pays in `period` (YYYY-MM). A card payment runs on that day (short months clamp
 * to their last day). A pre-authorised debit (spec 2 §9) runs on its PAD day (after the 20th or before the 10th → the
 * 1st), finalised on a business day: the 1st becomes the month's first business day, any other day the next one.
 */
export function occurrenceDate(period: string, day: number, pad: boolean, isHoliday: IsHoliday): string {
  const first = `${period}-01`;
  const last = Number(endOfMonth(first).slice(8, 10));
  if (!pad) return `${period}-${String(Math.min(day, last)).padStart(2, '0')}`;
  return nextBusinessDay(`${period}-${String(padDayOfMonth(day)).padStart(2, '0')}`, isHoliday);
}
