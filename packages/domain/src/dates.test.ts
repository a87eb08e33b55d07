import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageOn,
  compareIsoDates,
  datePart,
  daysInMonth,
  endOfMonth,
  firstOfMonth,
  firstOfNextMonth,
  formatDdMmmYyyy,
  isValidIsoDate,
  monthIndex,
  parseIsoDate,
} from './dates.ts';

describe('dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-04-31', false],
    ['2024-00-10', false],
    ['2024-13-10', false],
    ['2024-01-00', false],
    ['24-01-01', false],
    ['2024-12-31', true],
  ])('%s valid=%s', (d, ok) => {
    expect(isValidIsoDate(d)).toBe(ok);
  });
  it('parses', () => {
    expect(parseIsoDate('2025-06-09')).toEqual({ year: 2025, month: 6, day: 9 });
  });
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2025-01-15', -1, '2024-12-15'],
    ['2025-03-31', 12, '2026-03-31'],
  ])('addMonths(%s, %i) = %s', (d, n, out) => {
    expect(addMonths(d, n)).toBe(out);
  });
  it.each([
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
  ])('addDays(%s, %i) = %s', (d, n, out) => {
    expect(addDays(d, n)).toBe(out);
  });
  it('month helpers', () => {
    expect(firstOfMonth('2025-06-19')).toBe('2025-06-01');
    expect(firstOfNextMonth('2025-12-19')).toBe('2026-01-01');
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(monthIndex('2025-06-19') - monthIndex('2024-06-01')).toBe(12);
    expect(datePart('2025-06-19T10:00:00Z')).toBe('2025-06-19');
  });
  it.each([
    ['2000-06-15', '2018-06-14', 17],
    ['2000-06-15', '2018-06-15', 18],
    ['2000-06-15', '2018-07-01', 18],
    ['2000-06-15', '2018-05-31', 17],
  ])('ageOn(%s, %s) = %i', (b, t, age) => {
    expect(ageOn(b, t)).toBe(age);
  });
  it('compares and formats', () => {
    expect(compareIsoDates('2025-01-01', '2025-01-02')).toBe(-1);
    expect(compareIsoDates('2025-01-02', '2025-01-01')).toBe(1);
    expect(compareIsoDates('2025-01-01', '2025-01-01')).toBe(0);
    expect(() => compareIsoDates('x', '2025-01-01')).toThrow(RangeError);
    expect(formatDdMmmYyyy('2025-06-01')).toBe('01-Jun-2025');
    expect(formatDdMmmYyyy('2025-12-25')).toBe('25-Dec-2025');
    // the same display in French (web and server notices share it)
    expect(formatDdMmmYyyy('2026-12-01', 'fr')).toBe('01-déc-2026');
    expect(formatDdMmmYyyy('2027-02-05', 'fr')).toBe('05-févr-2027');
  });
});
