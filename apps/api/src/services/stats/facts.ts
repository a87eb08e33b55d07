// The ledger's KPI facts (issue 24): payment_transactions (PAYMENT, REFUND, RETURN) summed by month (UTC) and by what the
// KPIs group on, kept in kpi_monthly_facts. A write to the ledger marks its months in kpi_dirty_months (the triggers of
// migration 0017); a read first rebuilds the marked months it needs, in one statement, so the facts always equal the
// ledger. A period that does not start or end on a month's first day reads its partial months from the ledger itself.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Period } from './period.ts';

/** The facts' columns, in order. */
const COLUMNS = `month, company_id, property_id, currency, payment_method_type, transaction_type, status,
  billing_account_type, autopay, n, amount, fee_amount, settled_n, settled_seconds`;

/** The facts of the ledger rows that `from` and `where` name (t: payment_transactions), grouped as the table keeps them. */
function ledgerFacts(from: string, where: string): string {
  return `SELECT date_trunc('month', t.create_date AT TIME ZONE 'UTC')::date AS month, t.company_id, t.property_id,
    t.currency, t.payment_method_type, t.transaction_type, t.status, t.billing_account_type,
    (t.recurring_schedule_id IS NOT NULL) AS autopay, count(*) AS n, coalesce(sum(t.amount), 0) AS amount,
    coalesce(sum(t.fee_amount), 0) AS fee_amount,
    count(t.settled_at) FILTER (WHERE t.status = 'COMPLETE') AS settled_n,
    coalesce(sum(extract(epoch FROM t.settled_at - t.create_date)) FILTER (WHERE t.status = 'COMPLETE'), 0)::float8
      AS settled_seconds
  FROM ${from}
  WHERE t.transaction_type IN ('PAYMENT', 'REFUND', 'RETURN') AND ${where}
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

// The month d as its first instant in UTC.
const MONTH_START = `(d.month::timestamp AT TIME ZONE 'UTC')`;
const MONTH_END = `((d.month + interval '1 month')::timestamp AT TIME ZONE 'UTC')`;

// Refreshers take turns (a transaction-level advisory lock): with a mark per writing transaction, two refreshers could
// each find a mark of the same month and insert its facts twice.
const REFRESH_LOCK = 24_0001;

/**
 * Rebuilds the marked months in [fromMonth, toMonth) (YYYY-MM-01; every marked month when not given), in one statement
 * after the refreshers' lock: the marks it deletes are those committed before it began, and so are the payments it
 * sums; a payment committed later leaves its mark for the next read.
 */
export async function refreshFacts(ctx: Pick<AppContext, 'db'>, range?: { fromMonth: string; toMonth: string }): Promise<void> {
  const which = range ? sql`WHERE month >= ${range.fromMonth}::date AND month < ${range.toMonth}::date` : sql``;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFRESH_LOCK})`);
    await tx.execute(sql`WITH marks AS (DELETE FROM kpi_dirty_months ${which} RETURNING month),
       dirty AS (SELECT DISTINCT month FROM marks),
       gone AS (DELETE FROM kpi_monthly_facts f USING dirty WHERE f.month = dirty.month)
     INSERT INTO kpi_monthly_facts (${sql.raw(COLUMNS)})
     ${sql.raw(
       ledgerFacts(
         `dirty d JOIN payment_transactions t ON t.create_date >= ${MONTH_START} AND t.create_date < ${MONTH_END}`,
         'true',
       ),
     )}`);
  });
}

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01T00:00:00.000Z`;
const nextMonth = (iso: string) => {
  const d = new Date(monthStart(iso));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
};

/** The scope of a facts read: every company, one company, or one property. */
export type FactsScope = { companyId?: string | null; propertyId?: string | null };

/**
 * The facts of a period as a relation (SQL text to use as `FROM (…) f`), with its parameters appended to `params`:
 * the whole months from the table (rebuilt first where marked), the partial months at either end from the ledger.
 */
export async function factsOf(
  ctx: Pick<AppContext, 'database' | 'db'>,
  period: Pick<Period, 'start' | 'end'>,
  scope: FactsScope,
  params: unknown[],
): Promise<string> {
  const start = new Date(period.start).toISOString();
  const end = new Date(period.end).toISOString();
  // Whole months: from the first month starting at or after `start` to the last ending at or before `end`.
  const firstFull = start === monthStart(start) ? start : nextMonth(start);
  const endFull = monthStart(end);
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const scopeOf = (alias: string) => {
    if (scope.propertyId) return ` AND ${alias}.property_id = ${p(scope.propertyId)}`;
    if (scope.companyId) return ` AND ${alias}.company_id = ${p(scope.companyId)}`;
    return '';
  };
  const parts: string[] = [];
  if (firstFull < endFull) {
    await refreshFacts(ctx, { fromMonth: firstFull.slice(0, 10), toMonth: endFull.slice(0, 10) });
    parts.push(
      `SELECT ${COLUMNS} FROM kpi_monthly_facts x WHERE x.month >= ${p(firstFull.slice(0, 10))}::date
       AND x.month < ${p(endFull.slice(0, 10))}::date${scopeOf('x')}`,
    );
    if (start < firstFull) parts.push(ledgerEdge(start, firstFull));
    if (endFull < end) parts.push(ledgerEdge(endFull, end));
  } else {
    parts.push(ledgerEdge(start, end));
  }
  return parts.join('\nUNION ALL\n');

  function ledgerEdge(from: string, to: string): string {
    return ledgerFacts(
      'payment_transactions t',
      `t.create_date >= ${p(from)}::timestamptz AND t.create_date < ${p(to)}::timestamptz${scopeOf('t')}`,
    );
  }
}

/** Every fact of the ledger (all time), every marked month rebuilt first. */
export async function allFacts(ctx: Pick<AppContext, 'database' | 'db'>): Promise<string> {
  await refreshFacts(ctx);
  return `SELECT ${COLUMNS} FROM kpi_monthly_facts`;
}
