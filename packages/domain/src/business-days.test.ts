import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  canChangeRecurringPayment,
  dayOfWeek,
  dueOccurrenceAction,
  firstBusinessDayOfMonth,
  fullBusinessDaysBetween,
  type IsHoliday,
  isBusinessDay,
  lastRecurringChangeDay,
  NO_HOLIDAYS,
  nextBusinessDay,
  nextPeriod,
  occurrenceDate,
  periodOf,
  recurringChangeLocked,
  reminderDate,
} from './business-days.ts';

// 2026: Jan 1 Thu (holiday), Feb 1 Sun, Mar 1 Sun, Aug 1 Sat; Jul 1 Wed (Canada Day)
const CA_2026: IsHoliday = (d) => ['2026-01-01', '2026-07-01', '2026-09-07', '2026-12-25', '2027-01-01'].includes(d);

describe('business days', () => {
  it('knows weekdays, weekends and holidays', () => {
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(isBusinessDay('2026-11-23', NO_HOLIDAYS)).toBe(true);
    expect(isBusinessDay('2026-11-22', NO_HOLIDAYS)).toBe(false);
    expect(isBusinessDay('2026-07-01', CA_2026)).toBe(false);
    expect(() => dayOfWeek('2026-02-30')).toThrow(RangeError);
  });
  it('moves to the next business day', () => {
    expect(nextBusinessDay('2026-11-21', NO_HOLIDAYS)).toBe('2026-11-23');
    expect(nextBusinessDay('2026-12-25', CA_2026)).toBe('2026-12-28');
    expect(addBusinessDays('2026-11-20', 1, NO_HOLIDAYS)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-23', 2, NO_HOLIDAYS)).toBe('2026-11-25');
    expect(() => nextBusinessDay('2026-11-21', () => true)).toThrow(RangeError);
  });
  it('finds the first business day of a month (spec 2 §9)', () => {
    expect(firstBusinessDayOfMonth('2026-01-15', CA_2026)).toBe('2026-01-02');
    expect(firstBusinessDayOfMonth('2026-02-10', CA_2026)).toBe('2026-02-02');
    expect(firstBusinessDayOfMonth('2026-08-31', CA_2026)).toBe('2026-08-03');
    expect(firstBusinessDayOfMonth('2027-01-20', CA_2026)).toBe('2027-01-04');
  });
  it('counts full business days between two dates, ends excluded', () => {
    expect(fullBusinessDaysBetween('2026-11-22', '2026-11-25', NO_HOLIDAYS)).toBe(2);
    expect(fullBusinessDaysBetween('2026-11-23', '2026-11-25', NO_HOLIDAYS)).toBe(1);
    expect(fullBusinessDaysBetween('2026-11-25', '2026-11-25', NO_HOLIDAYS)).toBe(0);
  });
  it('applies the 2-full-business-day change rule', () => {
    // payment Wed 25 Nov: Sun 22 leaves Mon+Tue → allowed; Mon 23 leaves Tue only → refused
    expect(canChangeRecurringPayment('2026-11-22', '2026-11-25', NO_HOLIDAYS)).toBe(true);
    expect(canChangeRecurringPayment('2026-11-23', '2026-11-25', NO_HOLIDAYS)).toBe(false);
    // payment Mon 4 Jan 2027 after New Year's Day: Wed 30 Dec leaves Thu 31 only (Fri 1 Jan is a holiday)
    expect(canChangeRecurringPayment('2026-12-30', '2027-01-04', CA_2026)).toBe(false);
    expect(canChangeRecurringPayment('2026-12-29', '2027-01-04', CA_2026)).toBe(true);
    expect(lastRecurringChangeDay('2027-01-04', CA_2026)).toBe('2026-12-29');
    expect(lastRecurringChangeDay('2026-11-25', NO_HOLIDAYS)).toBe('2026-11-22');
  });
  it('locks the schedule from the day after the last change day, or when the server says so (issue 21 §1)', () => {
    const window = { scheduledDate: '2026-12-01', lastChangeDate: '2026-11-26', changeable: true };
    expect(recurringChangeLocked('2026-11-26', window)).toBe(false);
    // the modal left open overnight: the server's answer of yesterday no longer holds
    expect(recurringChangeLocked('2026-11-27', window)).toBe(true);
    expect(recurringChangeLocked('2026-11-20', { ...window, changeable: false })).toBe(true);
    expect(recurringChangeLocked('2026-11-27', null)).toBe(false);
  });
  it('dates the reminder 7 days before', () => {
    expect(reminderDate('2026-12-01')).toBe('2026-11-24');
  });
  it('classifies due and missed occurrences (3-day grace)', () => {
    expect(dueOccurrenceAction('2026-12-01', '2026-11-30')).toBe('NOT_DUE');
    expect(dueOccurrenceAction('2026-12-01', '2026-12-01')).toBe('PAY');
    expect(dueOccurrenceAction('2026-12-01', '2026-12-04')).toBe('PAY_LATE');
    expect(dueOccurrenceAction('2026-12-01', '2026-12-05')).toBe('SKIP_MISSED');
  });
  it('names periods', () => {
    expect(periodOf('2026-12-31')).toBe('2026-12');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(nextPeriod('2026-01')).toBe('2026-02');
  });
  it('dates occurrences: cards on the day (clamped), PAD on its business day (spec 2 §9)', () => {
    expect(occurrenceDate('2026-02', 31, false, CA_2026)).toBe('2026-02-28');
    expect(occurrenceDate('2026-08', 1, false, CA_2026)).toBe('2026-08-01');
    // PAD: day 25 or 5 → the 1st, finalised on the first business day
    expect(occurrenceDate('2026-08', 25, true, CA_2026)).toBe('2026-08-03');
    expect(occurrenceDate('2026-01', 5, true, CA_2026)).toBe('2026-01-02');
    // PAD day 15 stays, moved off a weekend
    expect(occurrenceDate('2026-11', 15, true, CA_2026)).toBe('2026-11-16');
    expect(occurrenceDate('2026-12', 15, true, CA_2026)).toBe('2026-12-15');
  });
});
