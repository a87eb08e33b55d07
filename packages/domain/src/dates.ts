// Date-only values are 'YYYY-MM-DD' strings; rules take `today` explicitly (no clock inside a rule).

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function parseIsoDate(value: string): DateParts | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

function mustParse(value: string): DateParts {
  const p = parseIsoDate(value);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${value}`);
  return p;
}

export function toIsoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date part of a date or timestamp string ('2025-05-01T10:00:00Z' → '2025-05-01'). */
export function datePart(value: string): string {
  return value.slice(0, 10);
}

/** Lexical comparison works for valid ISO dates: -1, 0, 1. */
export function compareIsoDates(a: string, b: string): -1 | 0 | 1 {
  mustParse(a);
  mustParse(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds calendar months, clamping the day to the target month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = mustParse(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return toIsoDate({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = mustParse(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return toIsoDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export function firstOfMonth(date: string): string {
  const { year, month } = mustParse(date);
  return toIsoDate({ year, month, day: 1 });
}

export function firstOfNextMonth(date: string): string {
  return addMonths(firstOfMonth(date), 1);
}

/** Last day of the month of `date`. */
export function endOfMonth(date: string): string {
  const { year, month } = mustParse(date);
  return toIsoDate({ year, month, day: daysInMonth(year, month) });
}

/** Whole years between birthDate and today (birthday reached counts; Feb 29 birthdays turn on Mar 1). */
export function ageOn(birthDate: string, today: string): number {
  const b = mustParse(birthDate);
  const t = mustParse(today);
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age -= 1;
  return age;
}

// An instant: ISO 8601 or PostgreSQL's timestamptz text ('2026-01-01 12:00:00+00', '…:00.123456-04:30'); a date alone
// is its midnight UTC and a time without a zone is UTC (how the database's timestamp text and the search conditions read).
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The milliseconds since the epoch of an instant's text (see INSTANT), or null when it is not one. */
export function parseInstant(value: string): number | null {
  const m = INSTANT.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0));
  // Date.UTC maps years 0..99 to 1900..1999: the API never answers such instants, refuse them rather than shift them.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const zone = m[8] && m[8].toUpperCase() !== 'Z' ? m[8].replace(':', '') : null;
  const offsetMinutes = zone ? (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5) || 0)) : 0;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}

/**
 * issue 20 §3: every instant the API answers is ISO 8601 in UTC with milliseconds ('2026-03-05T12:00:00.000Z'), whatever
 * the text the database gave (PostgreSQL's '2026-03-05 07:00:00-05', json's '+00:00' form) or a Date.
 */
export function toIsoInstant(value: string | Date): string {
  const ms = value instanceof Date ? value.getTime() : parseInstant(value);
  if (ms === null || !Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(value)}`);
  return new Date(ms).toISOString();
}

/** Month abbreviations of the DD-MMM-YYYY display, per language (the browser and the server's notices share them). */
export const MONTH_ABBREVIATIONS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'],
} as const;

// spec 2 §4: dates in DD-MMM-YYYY format (e.g. 01-Jun-2025; 01-juin-2025 in French)
export function formatDdMmmYyyy(date: string, lang: keyof typeof MONTH_ABBREVIATIONS = 'en'): string {
  const { year, month, day } = mustParse(date);
  return ddMmmYyyy(year, month, day, lang);
}

/**
 * spec 2 §4: a date ('YYYY-MM-DD') or an instant as the portal shows it, DD-MMM-YYYY in the reader's language: the one
 * formatter of the web's dates and of the server's texts (notices, e-mails, PDF reports, messages). An instant is read on
 * the calendar of `timeZone` (default: the runtime's own, the browser's for the web). A text that is neither stays as is.
 */
export function formatDisplayDate(value: string, lang: keyof typeof MONTH_ABBREVIATIONS, timeZone?: string): string {
  const date = parseIsoDate(value);
  if (date) return ddMmmYyyy(date.year, date.month, date.day, lang);
  const ms = parseInstant(value);
  if (ms === null) return value;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(
    ms,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return ddMmmYyyy(part('year'), part('month'), part('day'), lang);
}

/** DD-MMM-YYYY of calendar parts (month 1..12). */
export function ddMmmYyyy(year: number, month: number, day: number, lang: keyof typeof MONTH_ABBREVIATIONS): string {
  return `${String(day).padStart(2, '0')}-${MONTH_ABBREVIATIONS[lang][month - 1]}-${year}`;
}

/** Months as year*12+month, to compare calendar months. */
export function monthIndex(date: string): number {
  const { year, month } = mustParse(date);
  return year * 12 + month;
}
