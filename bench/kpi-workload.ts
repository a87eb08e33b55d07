// issue 24 "Statistics and KPIs" (BENCH_ONLY=kpi): the admin's statistics and KPI calls stay fast on a year of data for
// 10,000 leases: p99 under 200 ms for each call. Run by bench/run.mjs as `kpi-workload.ts <kind>...` (pglite, or a
// postgres:// URL): for each kind it forks itself as the server (`serve <kind>`: the demo seed plus the year below,
// written set-based), drives each call from this process one at a time for SECONDS (the figure an admin waits), and sends
// { kpi: rows } back. BENCH_KPI_SECONDS (default 4) sets the seconds per call; BENCH_KPI_LEASES the leases (10,000).
import { type Call, measureOneAtATime, serveSeeded } from './one-caller.ts';

const SECONDS = Number(process.env.BENCH_KPI_SECONDS ?? 4);
export const LEASES = Number(process.env.BENCH_KPI_LEASES ?? 10_000);
export const YEAR = 2025;
export const TARGET_P99_MS = 200;
const COMPANIES = 4;

/** The calls of the admin's statistics screen on the bench year (ids from the server). */
function callsFor(ids: { companyId: string; propertyId: string }): Call[] {
  const year = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
  return [
    { name: 'processing_kpi, a year, every company', path: `/api/admin/processing_kpi?${year}` },
    { name: 'processing_kpi, a year, one company', path: `/api/admin/processing_kpi?${year}&companyId=${ids.companyId}` },
    { name: `revenue_kpi/${YEAR}`, path: `/api/admin/revenue_kpi/${YEAR}` },
    { name: `revenue_kpi/${YEAR}/download (CSV)`, path: `/api/admin/revenue_kpi/${YEAR}/download` },
    { name: 'stats/payments, a year by month', path: `/api/admin/stats/payments?${year}` },
    { name: 'stats/leases, a year by month', path: `/api/admin/stats/leases?${year}` },
    { name: 'stats/tenants, a year by month', path: `/api/admin/stats/tenants?${year}` },
    { name: 'totals', path: '/api/admin/totals' },
    { name: 'entity_details of a company, a year', path: `/api/admin/entity_details?companyId=${ids.companyId}&${year}` },
    { name: 'entity_details of a property, a year', path: `/api/admin/entity_details?propertyId=${ids.propertyId}&${year}` },
    {
      name: 'entity_details/download of a company (CSV)',
      path: `/api/admin/entity_details/download?companyId=${ids.companyId}&${year}`,
    },
  ];
}

async function measureKind(kind: string) {
  const { ready, rows } = await measureOneAtATime<{
    port: number;
    companyId: string;
    propertyId: string;
    rows: number;
    seedSeconds: number;
  }>({ script: new URL(import.meta.url).pathname, kind, email: 'admin@demo.test', seconds: SECONDS, callsFor });
  return { kind: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', seedSeconds: ready.seedSeconds, ledgerRows: ready.rows, rows };
}

/**
 * The year, in a few set-based statements: COMPANIES companies (Canadian and American) of one property each, LEASES
 * leases spread over them (each its tenant), and for each lease twelve monthly payments of YEAR by card, bank debit or
 * wallet (1 in 25 failed; half of them by autopay; bank debits settled two days later), a credit-reporting fee for one
 * lease in ten, and a refund for one payment in fifty.
 */
export async function seedYear(raw: (text: string, params?: unknown[]) => Promise<unknown>) {
  await raw(
    `INSERT INTO companies (id, name, country)
     SELECT 'kpi-co-' || c, 'KPI Company ' || c, CASE WHEN c % 2 = 0 THEN 'US' ELSE 'CA' END FROM generate_series(1, $1) c`,
    [COMPANIES],
  );
  await raw(
    `INSERT INTO properties (id, company_id, property_name, street1, city, province, country, postal_code)
     SELECT 'kpi-p-' || c, 'kpi-co-' || c, 'KPI Place ' || c, '1 Bench Street', 'Vancouver', 'BC', 'CA', 'V6B 1A1'
     FROM generate_series(1, $1) c`,
    [COMPANIES],
  );
  await raw(
    `INSERT INTO customers (id, email, first_name, last_name, created_at)
     SELECT 'kpi-c-' || g, 'kpi' || g || '@bench.test', 'Kpi' || g, 'Tenant',
            TIMESTAMPTZ '${YEAR}-01-01T00:00:00Z' + ((g % 365) || ' days')::interval
     FROM generate_series(1, $1) g`,
    [LEASES],
  );
  await raw(
    `INSERT INTO property_leases (id, status, unit, user_id, property_id, company_id, start_date, created_at)
     SELECT 'kpi-l-' || g, CASE WHEN g % 20 = 0 THEN 'TERMINATED' ELSE 'ACTIVE' END, 'U' || g, 'kpi-c-' || g,
            'kpi-p-' || (1 + g % $2), 'kpi-co-' || (1 + g % $2), DATE '${YEAR}-01-01',
            TIMESTAMPTZ '${YEAR}-01-01T00:00:00Z' + ((g % 365) || ' days')::interval
     FROM generate_series(1, $1) g`,
    [LEASES, COMPANIES],
  );
  // Twelve payments per lease; the method by lease, the outcome and autopay by lease and month.
  await raw(
    `INSERT INTO payment_transactions (id, user_id, billing_account_id, property_id, company_id, amount, currency, status,
       transaction_type, payment_method_type, fee_amount, recurring_schedule_id, create_date, settled_at)
     SELECT 'kpi-t-' || g || '-' || m, 'kpi-c-' || g, 'kpi-l-' || g, 'kpi-p-' || (1 + g % $2), 'kpi-co-' || (1 + g % $2),
            150000 + (g % 100) * 100, CASE WHEN (1 + g % $2) % 2 = 0 THEN 'USD' ELSE 'CAD' END,
            CASE WHEN (g + m) % 25 = 0 THEN 'FAILED' ELSE 'COMPLETE' END, 'PAYMENT',
            (ARRAY['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL'])[1 + g % 3],
            (ARRAY[3750, 150, 4000])[1 + g % 3], CASE WHEN (g + m) % 2 = 0 THEN 'kpi-rs' END,
            at, CASE WHEN (g + m) % 25 <> 0 THEN at + CASE WHEN g % 3 = 1 THEN interval '2 days' ELSE interval '0' END END
     FROM generate_series(1, $1) g CROSS JOIN generate_series(0, 11) m
     CROSS JOIN LATERAL (SELECT TIMESTAMPTZ '${YEAR}-01-01T00:00:00Z' + (m || ' months')::interval
       + ((g % 28) || ' days')::interval + ((g % 24) || ' hours')::interval AS at) d`,
    [LEASES, COMPANIES],
  );
  await raw(
    `INSERT INTO payment_transactions (id, user_id, billing_account_id, billing_account_type, property_id, company_id,
       amount, currency, status, transaction_type, payment_method_type, create_date)
     SELECT 'kpi-cr-' || g, 'kpi-c-' || g, 'kpi-l-' || g, 'TYPE_CREDIT_REPORT', 'kpi-p-' || (1 + g % $2),
            'kpi-co-' || (1 + g % $2), 2999, CASE WHEN (1 + g % $2) % 2 = 0 THEN 'USD' ELSE 'CAD' END, 'COMPLETE', 'PAYMENT',
            'TYPE_CREDIT_CARD', TIMESTAMPTZ '${YEAR}-01-01T00:00:00Z' + ((g % 365) || ' days')::interval
     FROM generate_series(10, $1, 10) g`,
    [LEASES, COMPANIES],
  );
  await raw(
    `INSERT INTO payment_transactions (id, user_id, billing_account_id, property_id, company_id, amount, currency, status,
       transaction_type, payment_method_type, parent_transaction_id, create_date)
     SELECT 'kpi-r-' || t.id, t.user_id, t.billing_account_id, t.property_id, t.company_id, 10000, t.currency, 'COMPLETE',
            'REFUND', t.payment_method_type, t.id, t.create_date + interval '3 days'
     FROM payment_transactions t
     WHERE t.id LIKE 'kpi-t-%' AND t.status = 'COMPLETE' AND hashtext(t.id) % 50 = 0 AND t.create_date < TIMESTAMPTZ '${YEAR}-12-20T00:00:00Z'`,
  );
  await raw('ANALYZE');
  const counted = (await raw(`SELECT count(*)::int AS n FROM payment_transactions`)) as { rows: { n: number }[] };
  return { companyId: 'kpi-co-1', propertyId: 'kpi-p-1', rows: counted.rows[0]?.n ?? 0 };
}

const isMain = process.argv[1] === new URL(import.meta.url).pathname;
if (isMain && process.argv[2] === 'serve') {
  await serveSeeded(process.argv[3] ?? 'pglite', seedYear);
} else if (isMain) {
  const rows = [];
  for (const kind of process.argv.slice(2)) rows.push(await measureKind(kind));
  process.send?.({ kpi: rows });
  process.exit(0);
}
