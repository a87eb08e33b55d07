// The period of a statistics or KPI call (issue 24): inclusive UTC dates, turned into a half-open instant range
// [from 00:00Z, to+1 day 00:00Z) so a payment at 23:59:59.999Z on the last day counts and one at 00:00Z the next does not.
import { AppError } from '../../lib/app-error.ts';

/** At most this many days in one period: the calls stay bounded (a few years of monthly figures). */
export const MAX_PERIOD_DAYS = 3 * 366;
/** A daily series is for short periods only (a chart of at most about a quarter). */
export const MAX_DAILY_DAYS = 92;

export interface Period {
  /** Inclusive ISO dates (YYYY-MM-DD), UTC. */
  from: string;
  to: string;
  /** The half-open instant range as ISO instants, for SQL. */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

/** Whether a YYYY-MM-DD string names a real calendar date (2026-02-30 does not). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/**
 * The period asked for, or by default the last twelve months to today (from the first of the month eleven months ago).
 * Refused naming the field: `to` before `from`, or longer than MAX_PERIOD_DAYS.
 */
export function periodOf(query: { from?: string; to?: string }, now: Date): Period {
  const today = now.toISOString().slice(0, 10);
  const to = query.to ?? today;
  const d = new Date(`${to}T00:00:00Z`);
  const defaultFrom = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  const from = query.from ?? defaultFrom;
  if (from > to) throw AppError.onField('to', 'server.input.periodOrder');
  const startMs = Date.parse(`${from}T00:00:00Z`);
  const endMs = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  if ((endMs - startMs) / DAY_MS > MAX_PERIOD_DAYS)
    throw AppError.onField('from', 'server.stats.periodTooLong', { values: { max: MAX_PERIOD_DAYS } });
  return { from, to, start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
}

/** The calendar year as a period (UTC), for the revenue KPI. */
export function yearPeriod(year: number): Period {
  return {
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    start: new Date(Date.UTC(year, 0, 1)).toISOString(),
    end: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
  };
}

/** The months of a period as YYYY-MM, in order (the charts' x axis: a month without figures still shows, at zero). */
export function monthsOf(period: Pick<Period, 'from' | 'to'>): string[] {
  const out: string[] = [];
  let y = Number(period.from.slice(0, 4));
  let m = Number(period.from.slice(5, 7));
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) return out;
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}
