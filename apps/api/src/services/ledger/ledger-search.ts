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

// Statuses whose transaction moves the balance (ledger.ts STANDING_STATUSES; a refund counts from INPROCESS on, as its
// allocations are reversed when it is recorded).
const STANDING = `('COMPLETE','PENDING','INPROCESS','ONHOLD','AUTHORIZED')`;
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

interface LedgerSql {
  /** `WITH leases AS (…), rows AS (…)`: the scope's leases and their rows (charges and transactions), unfiltered. */
  base: string;
  /** The filters as a WHERE clause on rows (or ''). */
  where: string;
  params: unknown[];
}

// What is left to refund of a row that is a COMPLETE processor-charged PAYMENT (computed for a page's rows only).
const REFUNDABLE = `CASE WHEN f.type = 'PAYMENT' AND f.status = 'COMPLETE' AND f.provider_id IS NOT NULL THEN
  f.amount - coalesce((SELECT sum(r.amount) FROM payment_transactions r WHERE r.parent_transaction_id = f.id
    AND r.transaction_type IN ('REFUND','RETURN') AND r.status IN ('COMPLETE','INPROCESS')), 0)
ELSE 0 END`;
const RUNNING = 'sum(r.signed) OVER (PARTITION BY r.lease_id ORDER BY r.at, r.ord, r.id ROWS UNBOUNDED PRECEDING)';

/** The ledger's rows of the scope (SQL and its parameters) and the filters, apart. */
function ledgerQuery(scope: LedgerScope, filter: LedgerFilter): LedgerSql {
  const params: unknown[] = [scope.id];
  const leases =
    scope.leaseIds === 'lease'
      ? `SELECT id, unit FROM property_leases WHERE id = $1`
      : `SELECT id, unit FROM property_leases WHERE property_id = $1`;
  const where: string[] = [];
  if (filter.from) {
    params.push(filter.from);
    where.push(`at >= $${params.length}::date`);
  }
  if (filter.to) {
    params.push(filter.to);
    where.push(`at < ($${params.length}::date + 1)`);
  }
  if (filter.types && filter.types.length > 0) {
    params.push(filter.types);
    where.push(`type = ANY($${params.length}::text[])`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  // Charges are dated at their due date (UTC midnight), before that day's transactions. NOT MATERIALIZED: a query
  // that reads only some leases' rows (the page's running balances) has that condition pushed into both branches.
  const base = `WITH leases AS (${leases}),
rows AS NOT MATERIALIZED (
  SELECT c.id, c.billing_account_id AS lease_id, (c.due_date::timestamp AT TIME ZONE 'UTC') AS at, 0 AS ord,
    CASE WHEN c.amount < 0 THEN 'CREDIT' ELSE 'CHARGE' END AS type, 'POSTED' AS status, abs(c.amount) AS amount,
    c.amount AS signed, coalesce(c.description, c.name) AS description, c.code, NULL::text AS confirmation_id,
    NULL::text AS parent_id, NULL::text AS method_type, NULL::text AS provider_id
  FROM open_charges c WHERE c.billing_account_id IN (SELECT id FROM leases)
  UNION ALL
  SELECT t.id, t.billing_account_id, t.create_date, 1, t.transaction_type, t.status, t.amount,
    CASE WHEN t.status NOT IN ${STANDING} THEN 0
      WHEN t.transaction_type IN ('PAYMENT', 'CREDIT', 'CHARGEBACK_REVERSAL') THEN -t.amount
      WHEN t.transaction_type IN ${BACK_TYPES} THEN t.amount ELSE 0 END,
    coalesce(t.note, ''), NULL, t.confirmation_id, t.parent_transaction_id, t.payment_method_type, t.payment_provider_id
  FROM payment_transactions t
  WHERE t.billing_account_id IN (SELECT id FROM leases) AND t.billing_account_type = 'TYPE_PROPERTY_LEASE'
)`;
  return { base, where: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params };
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

/** POST /ledger/search: one page of the ledger, and the totals of every row the filters keep. */
export async function searchLedger(
  ctx: Pick<AppContext, 'database'>,
  caller: ConsoleCaller,
  filter: LedgerFilter & { page: number; recordsPerPage: number },
): Promise<LedgerPage> {
  const scope = await resolveLedgerScope(ctx, caller, filter);
  const { base, where, params } = ledgerQuery(scope, filter);
  const limit = params.length + 1;
  // The page first (date order, narrow rows), then the running balances of only the leases on it (a property's
  // 2,000 leases are not all summed for 50 rows), then what its payments have left to refund. The ARRAY(...) lists are
  // computed once (init plans): the leases' condition reaches both branches' indexes, and no row is joined in a loop.
  const pageSql = `${base},
page AS MATERIALIZED (SELECT id, ord, lease_id FROM rows ${where} ORDER BY at, ord, id LIMIT $${limit} OFFSET $${limit + 1}),
ran AS (SELECT r.*, ${RUNNING} AS running FROM rows r WHERE r.lease_id = ANY(ARRAY(SELECT DISTINCT lease_id FROM page)))
SELECT f.*, leases.unit, ${REFUNDABLE} AS refundable
FROM ran f JOIN leases ON leases.id = f.lease_id
WHERE f.id = ANY(ARRAY(SELECT id FROM page))
ORDER BY f.at, f.ord, f.id`;
  const totalsSql = `${base}
SELECT count(*)::bigint AS n,
  coalesce(sum(signed) FILTER (WHERE type IN ('CHARGE','CREDIT')), 0)::bigint AS charged,
  coalesce(-sum(signed) FILTER (WHERE type IN ('PAYMENT','CHARGEBACK_REVERSAL')), 0)::bigint AS paid,
  coalesce(sum(signed) FILTER (WHERE type IN ${BACK_TYPES}), 0)::bigint AS refunded,
  coalesce(sum(signed), 0)::bigint AS balance
FROM rows ${where}`;
  const totalsRow = (await ctx.database.raw(totalsSql, params)).rows[0] as Record<string, unknown>;
  const rows = (await ctx.database.raw(pageSql, [...params, filter.recordsPerPage, (filter.page - 1) * filter.recordsPerPage]))
    .rows;
  const totalRecords = Number(totalsRow.n);
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
 * is never held in memory whole). Keyset paging on (at, ord, id).
 */
export async function* streamLedger(
  ctx: Pick<AppContext, 'database'>,
  scope: LedgerScope,
  filter: LedgerFilter,
  batch = 1000,
): AsyncGenerator<LedgerRow> {
  const { base, where, params } = ledgerQuery(scope, filter);
  // Every row's running balance (the whole ledger is read anyway), filtered after it.
  const text = `${base},
ran AS (SELECT r.*, (extract(epoch FROM r.at) * 1000000)::bigint AS at_us, ${RUNNING} AS running FROM rows r)
SELECT ran.*, leases.unit, 0 AS refundable FROM ran JOIN leases ON leases.id = ran.lease_id ${where}`;
  // The cursor is the instant in microseconds (a JavaScript Date would drop them and repeat or skip rows).
  let after: { atUs: string; ord: number; id: string } | null = null;
  for (;;) {
    const p = [...params];
    let cond = '';
    if (after) {
      p.push(after.atUs, after.ord, after.id);
      const n = p.length;
      cond = `WHERE (f.at_us, f.ord, f.id) > ($${n - 2}::bigint, $${n - 1}::int, $${n})`;
    }
    p.push(batch);
    const { rows } = await ctx.database.raw(
      `SELECT f.* FROM (${text}) f ${cond} ORDER BY f.at, f.ord, f.id LIMIT $${p.length}`,
      p,
    );
    for (const r of rows) yield toLedgerRow(r);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { atUs: String(last.at_us), ord: Number(last.ord), id: String(last.id) };
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
