// Small helpers of the statistics queries (issue 24): every sum is done by SQL in cents and leaves the database as text
// (a bigint sum is exact there; JavaScript reads it without a float on the way).
import { fromCents } from '@portal/domain/money';
import type { AppContext } from '../../context.ts';

export type Row = Record<string, unknown>;

/** Runs one read-only statement. */
export async function query(ctx: Pick<AppContext, 'database'>, text: string, params: unknown[]): Promise<Row[]> {
  return (await ctx.database.raw(text, params)).rows;
}

/** A count or a cents sum read from SQL (bigint or numeric as text, or a number) as an integer. */
export function int(value: unknown): number {
  if (value == null) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`not an exact integer: ${String(value)}`);
  return n;
}

/** Cents as the API's decimal amount (ARCHITECTURE "Money": the JSON carries decimals with at most two places). */
export const money = (cents: number) => fromCents(cents);

/** part / whole rounded to 4 places (a rate shown as a percentage with two decimals); null when whole is 0. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

// The ledger's words (packages/domain entities: TRANSACTION_STATUSES), grouped as the KPIs count them.
export const FAILED_STATUSES = `('FAILED','CANCELLED','TIMEDOUT')`;
export const OPEN_STATUSES = `('PENDING','INPROCESS','ONHOLD','AUTHORIZED')`;
// Service revenue (issue 24): what tenants pay the provider for a service, on the same ledger as rent, by its billing
// account type: the credit-reporting subscription's yearly fee and the lease application's screening fee.
export const CREDIT_REPORT_BILLING = 'TYPE_CREDIT_REPORT';
export const APPLICATION_BILLING = 'TYPE_LEASE_APPLICATION';
