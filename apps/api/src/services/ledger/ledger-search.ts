// The ledger of a lease or of a property (issue 23 "Money"): its open charges and payment transactions in date order,
// each amount signed as it moves the balance, with a running balance per lease and the totals. Read-only: the rows are
// the payment service's (ARCHITECTURE "Money: one payment service"); this only reads them, scoped to the caller.
import { LEDGER_TYPES, type LedgerPage, type LedgerRow, type LedgerTotals, type LedgerType } from '@portal/domain/ledger-shapes';
import { currencyForCountry, fromCents } from '@portal/domain/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

export { LEDGER_TYPES, type LedgerPage, type LedgerRow, type LedgerTotals, type LedgerType };

export interface LedgerFilter {
  propertyId?: string;
  leaseId?: string;
  /** Inclusive ISO dates (YYYY-MM-DD). */
  from?: string;
  to?: string;
  types?: LedgerType[];
  status?: string;
}

export interface LedgerScope {
  leaseIds: 'property' | 'lease';
  id: string;
  currency: 'CAD' | 'USD';
}

// A transaction's signed amount is migration 0018's ledger_signed(): it moves the balance while its status stands
// (ledger.ts STANDING_STATUSES; a refund counts from INPROCESS on, as its allocations are reversed when it is recorded).
const BACK_TYPES = `('REFUND','RETURN','NSF','CHARGEBACK')`;

/** The lease or property named by the filter, when the caller may read it (another company's id: 404). */
export async function resolveLedgerScope(
  ctx: Pick<AppContext, 'database'>,
  caller: ConsoleCaller,
  filter: Pick<LedgerFilter, 'propertyId' | 'leaseId'>,
): Promise<LedgerScope> {
  if (!filter.leaseId && !filter.propertyId) throw AppError.onField('propertyId', 'server.ledger.scopeRequired');
  const { rows } = filter.leaseId
    ? await ctx.database.raw(
        `SELECT l.company_id, c.country FROM property_leases l JOIN companies c ON c.id = l.company_id WHERE l.id = $1`,
        [filter.leaseId],
      )
    : await ctx.database.raw(
        `SELECT p.company_id, c.country FROM properties p JOIN companies c ON c.id = p.company_id WHERE p.id = $1`,
        [filter.propertyId],
      );
  const record = filter.leaseId ? 'Lease' : 'Property';
  const row = rows[0] as { company_id: string; country: string } | undefined;
  if (!row) throw AppError.notFound(record);
  requireCompanyScope(caller, row.company_id, record);
  return {
    leaseIds: filter.leaseId ? 'lease' : 'property',
    id: (filter.leaseId ?? filter.propertyId) as string,
    currency: currencyForCountry(row.country as 'CA' | 'US'),
  };
}

// What is left to refund of a row that is a COMPLETE processor-charged PAYMENT (computed for a page's rows only).
const REFUNDABLE = `CASE WHEN f.type = 'PAYMENT' AND f.status = 'COMPLETE' AND f.provider_id IS NOT NULL THEN
  f.amount - coalesce((SELECT sum(r.amount) FROM payment_transactions r WHERE r.parent_transaction_id = f.id
    AND r.transaction_type IN ('REFUND','RETURN') AND r.status IN ('COMPLETE','INPROCESS')), 0)
ELSE 0 END`;

/**
 * The ledger's rows (charges and payment transactions) that the two conditions keep, one definition for every read.
 * Charges are dated at their due date (UTC midnight: to_timestamp of the epoch's seconds, arithmetic where a time zone
 * name would be looked up for every row), before that day's transactions. Used NOT MATERIALIZED: a read of only some of
 * the columns computes only those, and a condition on the rows reaches both branches' indexes.
 */
function ledgerRows(chargeCondition: string, transactionCondition: string): string {
  return `
  SELECT c.id, c.billing_account_id AS lease_id, to_timestamp((c.due_date - DATE '1970-01-01') * 86400) AS at, 0 AS ord,
    CASE WHEN c.amount < 0 THEN 'CREDIT' ELSE 'CHARGE' END AS type, 'POSTED' AS status, abs(c.amount) AS amount,
    c.amount AS signed, coalesce(c.description, c.name) AS description, c.code, NULL::text AS confirmation_id,
    NULL::text AS parent_id, NULL::text AS method_type, NULL::text AS provider_id
  FROM open_charges c WHERE ${chargeCondition}
  UNION ALL
  SELECT t.id, t.billing_account_id, t.create_date, 1, t.transaction_type, t.status, t.amount,
    ledger_signed(t.transaction_type, t.status, t.amount),
    coalesce(t.note, ''), NULL, t.confirmation_id, t.parent_transaction_id, t.payment_method_type, t.payment_provider_id
  FROM payment_transactions t WHERE ${transactionCondition}`;
}

type RawLedgerRow = Record<string, unknown>;

function toLedgerRow(r: RawLedgerRow): LedgerRow {
  return {
    id: String(r.id),
    leaseId: String(r.lease_id),
    unit: (r.unit as string | null) ?? null,
    date: new Date(r.at as string | Date).toISOString(),
    type: String(r.type),
    status: String(r.status),
    amount: fromCents(Number(r.amount)),
    signedAmount: fromCents(Number(r.signed)),
    runningBalance: fromCents(Number(r.running)),
    description: String(r.description ?? ''),
    code: (r.code as string | null) ?? null,
    confirmationId: (r.confirmation_id as string | null) ?? null,
    parentTransactionId: (r.parent_id as string | null) ?? null,
    paymentMethodType: (r.method_type as string | null) ?? null,
    refundable: fromCents(Math.max(0, Number(r.refundable ?? 0))),
  };
}

/** The filters as conditions on ledger_lines (alias l), their parameters appended to `params`. */
function lineFilters(filter: LedgerFilter, params: unknown[]): string[] {
  const where: string[] = [];
  if (filter.from) {
    params.push(filter.from);
    where.push(`l.at >= $${params.length}::date`);
  }
  if (filter.to) {
    params.push(filter.to);
    where.push(`l.at < ($${params.length}::date + 1)`);
  }
  if (filter.types && filter.types.length > 0) {
    params.push(filter.types);
    where.push(`l.type = ANY($${params.length}::text[])`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`l.status = $${params.length}`);
  }
  return where;
}

/**
 * POST /ledger/search: one page of the ledger, and the totals of every row the filters keep. Read from ledger_lines
 * (migration 0018: one narrow line per charge and transaction, indexed in the ledger's order per lease and per
 * property, kept by triggers), so a page costs what it shows, not the size of the ledger:
 * - the page: the index walked in order to the page (no sort of the union of two tables);
 * - the running balance of a page's line (per lease, over every line of it, whatever the filters): the sum of the
 *   lease's lines before the page's first line of that lease, then the lease's lines through its last one on the page;
 * - the totals: unfiltered, each lease's kept totals (a property's 2,000 leases: 2,000 small rows); filtered, the
 *   lines the filters keep;
 * - the wide columns (description, confirmation, what is left to refund, …) read by id for the page's rows only.
 */
export async function searchLedger(
  ctx: Pick<AppContext, 'database'>,
  caller: ConsoleCaller,
  filter: LedgerFilter & { page: number; recordsPerPage: number },
): Promise<LedgerPage> {
  const scope = await resolveLedgerScope(ctx, caller, filter);
  const params: unknown[] = [scope.id];
  const inScope = scope.leaseIds === 'lease' ? 'l.lease_id = $1' : 'l.property_id = $1';
  const filters = lineFilters(filter, params);
  const where = [inScope, ...filters].join(' AND ');
  const totalsSql =
    filters.length > 0
      ? `SELECT count(*)::bigint AS n,
  coalesce(sum(l.signed) FILTER (WHERE l.type IN ('CHARGE','CREDIT')), 0)::bigint AS charged,
  coalesce(-sum(l.signed) FILTER (WHERE l.type IN ('PAYMENT','CHARGEBACK_REVERSAL')), 0)::bigint AS paid,
  coalesce(sum(l.signed) FILTER (WHERE l.type IN ${BACK_TYPES}), 0)::bigint AS refunded,
  coalesce(sum(l.signed), 0)::bigint AS balance
FROM ledger_lines l WHERE ${where}`
      : `SELECT coalesce(sum(l.n), 0)::bigint AS n, coalesce(sum(l.charged), 0)::bigint AS charged,
  coalesce(sum(l.paid), 0)::bigint AS paid, coalesce(sum(l.refunded), 0)::bigint AS refunded,
  coalesce(sum(l.balance), 0)::bigint AS balance
FROM ledger_lease_totals l WHERE ${inScope}`;
  const totalsRow = (await ctx.database.raw(totalsSql, params)).rows[0] as Record<string, unknown>;
  const n = Number(totalsRow.n);
  // A page in the back half of the ledger is walked to from its end (the index read backwards), and each lease's
  // balance before it is its kept balance less its lines from there on: neither walk is longer than half the ledger.
  const offset = (filter.page - 1) * filter.recordsPerPage;
  const fromEnd = offset * 2 + filter.recordsPerPage > n;
  const skip = fromEnd ? Math.max(0, n - offset - filter.recordsPerPage) : offset;
  const take = fromEnd ? Math.max(0, n - offset - skip) : filter.recordsPerPage;
  const limit = params.length + 1;
  const before = fromEnd
    ? `coalesce((SELECT t.balance FROM ledger_lease_totals t WHERE t.lease_id = a.lease_id), 0) - coalesce(sum(y.signed), 0)
      AS before FROM ledger_lines y WHERE y.lease_id = a.lease_id AND (y.at, y.ord, y.id) >= (a.at, a.ord, a.id)`
    : `coalesce(sum(y.signed), 0) AS before FROM ledger_lines y
      WHERE y.lease_id = a.lease_id AND (y.at, y.ord, y.id) < (a.at, a.ord, a.id)`;
  const order = fromEnd ? 'l.at DESC, l.ord DESC, l.id DESC' : 'l.at, l.ord, l.id';
  const pageSql = `WITH page AS MATERIALIZED (SELECT l.id, l.ord, l.lease_id, l.at FROM ledger_lines l WHERE ${where}
  ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}),
firsts AS (SELECT DISTINCT ON (lease_id) lease_id, at, ord, id FROM page ORDER BY lease_id, at, ord, id),
lasts AS (SELECT DISTINCT ON (lease_id) lease_id, at, ord, id FROM page ORDER BY lease_id, at DESC, ord DESC, id DESC),
ran AS MATERIALIZED (
  SELECT x.id, x.ord,
    b.before + sum(x.signed) OVER (PARTITION BY x.lease_id ORDER BY x.at, x.ord, x.id ROWS UNBOUNDED PRECEDING) AS running
  FROM firsts a JOIN lasts z ON z.lease_id = a.lease_id
  CROSS JOIN LATERAL (SELECT ${before}) b
  JOIN ledger_lines x ON x.lease_id = a.lease_id AND (x.at, x.ord, x.id) >= (a.at, a.ord, a.id)
    AND (x.at, x.ord, x.id) <= (z.at, z.ord, z.id)),
f AS MATERIALIZED (${ledgerRows(
    'c.id = ANY(ARRAY(SELECT id FROM page WHERE ord = 0))',
    't.id = ANY(ARRAY(SELECT id FROM page WHERE ord = 1))',
  )})
SELECT ran.running, f.*, (SELECT unit FROM property_leases pl WHERE pl.id = f.lease_id) AS unit,
  ${REFUNDABLE} AS refundable
FROM page JOIN ran ON ran.id = page.id AND ran.ord = page.ord JOIN f ON f.id = page.id AND f.ord = page.ord
ORDER BY f.at, f.ord, f.id`;
  const rows = take > 0 ? (await ctx.database.raw(pageSql, [...params, take, skip])).rows : [];
  const totalRecords = n;
  return {
    records: rows.map(toLedgerRow),
    page: filter.page,
    totalPages: Math.ceil(totalRecords / filter.recordsPerPage),
    totalRecords,
    currency: scope.currency,
    totals: {
      charged: fromCents(Number(totalsRow.charged)),
      paid: fromCents(Number(totalsRow.paid)),
      refunded: fromCents(Number(totalsRow.refunded)),
      balance: fromCents(Number(totalsRow.balance)),
    },
  };
}

/**
 * Every row the filters keep, in date order, a batch at a time (the CSV download streams them: a property's ledger
 * is never held in memory whole). Keyset paging on the ledger_lines index (at, ord, id) over every line of the scope,
 * whatever the filters, so each lease's running balance is carried from batch to batch here; the filters choose which
 * lines are written, and only those are read whole.
 */
export async function* streamLedger(
  ctx: Pick<AppContext, 'database'>,
  scope: LedgerScope,
  filter: LedgerFilter,
  batch = 1000,
): AsyncGenerator<LedgerRow> {
  const params: unknown[] = [scope.id];
  const inScope = scope.leaseIds === 'lease' ? 'l.lease_id = $1' : 'l.property_id = $1';
  const filters = lineFilters(filter, params);
  const kept = filters.length > 0 ? filters.join(' AND ') : 'true';
  const running = new Map<string, number>();
  // The cursor is the line's instant as PostgreSQL writes it (microseconds and offset: read back exactly).
  let after: { at: string; ord: number; id: string } | null = null;
  for (;;) {
    const p = [...params];
    let cond = '';
    if (after) {
      p.push(after.at, after.ord, after.id);
      const n = p.length;
      cond = `AND (l.at, l.ord, l.id) > ($${n - 2}::timestamptz, $${n - 1}::smallint, $${n})`;
    }
    p.push(batch);
    const { rows } = await ctx.database.raw(
      `WITH b AS MATERIALIZED (SELECT l.id, l.ord, l.lease_id, l.at, l.at::text AS at_text, l.signed, ${kept} AS kept
    FROM ledger_lines l WHERE ${inScope} ${cond} ORDER BY l.at, l.ord, l.id LIMIT $${p.length}),
  f AS MATERIALIZED (${ledgerRows(
    'c.id = ANY(ARRAY(SELECT id FROM b WHERE kept AND ord = 0))',
    't.id = ANY(ARRAY(SELECT id FROM b WHERE kept AND ord = 1))',
  )})
SELECT b.id AS line_id, b.ord AS line_ord, b.lease_id AS line_lease, b.at_text, b.signed AS line_signed, b.kept, f.*,
  (SELECT unit FROM property_leases pl WHERE pl.id = b.lease_id) AS unit, 0 AS refundable
FROM b LEFT JOIN f ON f.id = b.id AND f.ord = b.ord ORDER BY b.at, b.ord, b.id`,
      p,
    );
    for (const r of rows) {
      const lease = String(r.line_lease);
      const balance = (running.get(lease) ?? 0) + Number(r.line_signed);
      running.set(lease, balance);
      if (r.kept) yield toLedgerRow({ ...r, running: balance });
    }
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { at: String(last.at_text), ord: Number(last.line_ord), id: String(last.line_id) };
  }
}

export interface LedgerProperty {
  id: string;
  propertyName: string;
  city: string;
  companyId: string;
}

/** GET /ledger/properties: the properties whose ledger the caller may read (the manager's company's; the admin's all). */
export async function ledgerProperties(ctx: Pick<AppContext, 'database'>, caller: ConsoleCaller): Promise<LedgerProperty[]> {
  const { rows } =
    caller.role === 'manager'
      ? await ctx.database.raw(
          `SELECT id, property_name, city, company_id FROM properties WHERE company_id = $1 ORDER BY property_name, id LIMIT 1000`,
          [caller.companyId],
        )
      : await ctx.database.raw(
          `SELECT id, property_name, city, company_id FROM properties ORDER BY property_name, id LIMIT 1000`,
        );
  return rows.map((r) => ({
    id: String(r.id),
    propertyName: String(r.property_name),
    city: String(r.city),
    companyId: String(r.company_id),
  }));
}
