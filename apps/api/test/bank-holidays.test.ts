import { firstBusinessDayOfMonth, nextBusinessDay } from '@portal/domain/business-days';
import { describe, expect, it } from 'vitest';
import { bankHolidays } from '../src/lib/bank-holidays.ts';

describe('bank holidays (date-holidays, issue 10)', () => {
  const ca = bankHolidays('CA');
  const us = bankHolidays('US');
  it('closes Canadian banks on Payments Canada days, not on provincial-only ones', () => {
    for (const d of ['2026-01-01', '2026-04-03', '2026-05-18', '2026-07-01', '2026-09-07', '2026-10-12', '2026-11-11'])
      expect(ca(d), d).toBe(true);
    // Boxing Day 2026 is a Saturday: observed Monday 28 December
    expect(ca('2026-12-28')).toBe(true);
    // Family Day (Ontario) and Easter Monday are provincial: the clearing system runs
    expect(ca('2026-02-16')).toBe(false);
    expect(ca('2026-04-06')).toBe(false);
    expect(ca('2026-11-23')).toBe(false);
  });
  it('closes US banks on Federal Reserve holidays, with a Sunday holiday observed on Monday only', () => {
    for (const d of ['2026-01-19', '2026-05-25', '2026-06-19', '2026-11-26', '2026-12-25']) expect(us(d), d).toBe(true);
    // Independence Day 2026 is a Saturday: the Federal Reserve is open on Friday 3 July
    expect(us('2026-07-03')).toBe(false);
    // Independence Day 2027 is a Sunday: observed Monday 5 July
    expect(us('2027-07-05')).toBe(true);
    // The day after Thanksgiving and Christmas Eve are business days
    expect(us('2026-11-27')).toBe(false);
    expect(us('2026-12-24')).toBe(false);
  });
  it('feeds the business-day rules (a pre-authorised debit on the 1st)', () => {
    expect(firstBusinessDayOfMonth('2027-01-10', ca)).toBe('2027-01-04');
    expect(nextBusinessDay('2026-12-25', ca)).toBe('2026-12-29');
    expect(nextBusinessDay('2026-12-25', us)).toBe('2026-12-28');
  });
  it('treats an unknown country as Canada', () => {
    expect(bankHolidays(null)('2026-07-01')).toBe(true);
  });
});
