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
  formatDisplayDate,
  isValidIsoDate,
  monthIndex,
  parseInstant,
  parseIsoDate,
  toIsoInstant,
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

describe('instants: one parser for the database text and ISO 8601, answered as ISO 8601 UTC (issue 20 §3)', () => {
  it.each([
    ['PostgreSQL text, UTC', '2026-03-05 12:00:00+00', '2026-03-05T12:00:00.000Z'],
    ['PostgreSQL text, microseconds', '2026-03-05 12:00:00.123456+00', '2026-03-05T12:00:00.123Z'],
    ['PostgreSQL text, a session west of UTC', '2026-03-05 07:00:00-05', '2026-03-05T12:00:00.000Z'],
    ['PostgreSQL text, a half-hour zone', '2026-03-05 17:30:00+05:30', '2026-03-05T12:00:00.000Z'],
    ['json of a timestamptz', '2026-03-05T12:00:00+00:00', '2026-03-05T12:00:00.000Z'],
    ['json of a timestamptz, microseconds', '2026-03-05T12:00:00.5+00:00', '2026-03-05T12:00:00.500Z'],
    ['ISO 8601 already', '2026-03-05T12:00:00.000Z', '2026-03-05T12:00:00.000Z'],
    ['an offset without a colon', '2026-03-05 07:30:00-0430', '2026-03-05T12:00:00.000Z'],
    ['minutes only', '2026-03-05T12:00Z', '2026-03-05T12:00:00.000Z'],
    ['no zone is UTC', '2026-03-05 12:00:00', '2026-03-05T12:00:00.000Z'],
    ['a date alone is its midnight UTC', '2026-03-05', '2026-03-05T00:00:00.000Z'],
    ['the day before a new year, west of UTC', '2025-12-31 23:00:00-05', '2026-01-01T04:00:00.000Z'],
  ])('%s: %s → %s', (_case, text, iso) => {
    expect(toIsoInstant(text)).toBe(iso);
    expect(parseInstant(text)).toBe(Date.parse(iso));
  });

  it.each([
    ['words', 'last week'],
    ['an empty text', ''],
    ['February 30', '2026-02-30 10:00:00+00'],
    ['hour 24', '2026-03-05 24:00:00+00'],
    ['month 13', '2026-13-05'],
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['a zone without a time', '2026-03-05Z'],
  ])('%s is not an instant', (_case, text) => {
    expect(parseInstant(text)).toBeNull();
    expect(() => toIsoInstant(text)).toThrow(RangeError);
  });

  it('a Date is answered as its ISO 8601 instant', () => {
    expect(toIsoInstant(new Date(Date.UTC(2026, 2, 5, 12)))).toBe('2026-03-05T12:00:00.000Z');
    expect(() => toIsoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("formatDisplayDate: DD-MMM-YYYY in the reader's language, for the web and the server (spec 2 §4)", () => {
  it.each([
    ['a date, English', '2025-08-01', 'en', undefined, '01-Aug-2025'],
    ['a date, French', '2025-08-01', 'fr', undefined, '01-août-2025'],
    ['a date is never moved by a zone', '2025-08-01', 'en', 'America/Vancouver', '01-Aug-2025'],
    ['an instant on the UTC calendar', '2026-03-05T03:00:00.000Z', 'en', 'UTC', '05-Mar-2026'],
    ["the same instant on Vancouver's calendar", '2026-03-05T03:00:00.000Z', 'en', 'America/Vancouver', '04-Mar-2026'],
    ['PostgreSQL text', '2025-12-31 23:30:00-05', 'fr', 'UTC', '01-janv-2026'],
    ['December in French', '2025-12-24', 'fr', undefined, '24-déc-2025'],
    ['not a date: shown as is', 'soon', 'en', undefined, 'soon'],
  ] as const)('%s: %s → %s', (_case, value, lang, zone, shown) => {
    expect(formatDisplayDate(value, lang, zone)).toBe(shown);
  });
});
