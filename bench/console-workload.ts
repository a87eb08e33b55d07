// issue 23 "Standards" (BENCH_ONLY=console): the manager's list calls stay quick on a big company: a property of 2,000
// leases and a lease whose ledger holds 5,000 rows (2,500 charges and 2,500 payments), p99 under 50 ms for each page.
// Run by bench/run.mjs as `console-workload.ts <kind>...` (pglite, or a postgres:// URL): for each kind it forks itself
// as the server (`serve <kind>`: the demo seed plus the bulk rows below), drives each call from this process
// one at a time for SECONDS, and sends { console: rows } back.
import { type Call, measureOneAtATime, serveSeeded } from './one-caller.ts';

const SECONDS = Number(process.env.BENCH_CONSOLE_SECONDS ?? 4);
export const LEASES = 2_000;
export const LEDGER_ROWS = 5_000;

/** The calls a manager's console makes on the big property and the big lease (bench ids from the server). */
function callsFor(ids: { propertyId: string; leaseId: string }): Call[] {
  return [
    {
      name: `lease list of a ${LEASES.toLocaleString('en')}-lease property, page 1`,
      method: 'GET',
      path: `/api/admin/tenants?propertyId=${ids.propertyId}&page=1&recordsPerPage=20`,
    },
    {
      name: 'the same list, page 50',
      method: 'GET',
      path: `/api/admin/tenants?propertyId=${ids.propertyId}&page=50&recordsPerPage=20`,
    },
    {
      name: 'the same list, searched by a name',
      method: 'GET',
      path: `/api/admin/tenants?propertyId=${ids.propertyId}&search=Bench1234&page=1&recordsPerPage=20`,
    },
    {
      name: "the company's leases (POST /property_lease/search), page 1",
      method: 'POST',
      path: '/api/property_lease/search?page=1&recordsPerPage=20',
      body: { conditions: [{ field: 'propertyId', operator: 'EQUALS', value: ids.propertyId }], joins: ['customer'] },
    },
    {
      name: `ledger of a ${LEDGER_ROWS.toLocaleString('en')}-row lease, page 1`,
      method: 'POST',
      path: '/api/ledger/search?page=1&recordsPerPage=50',
      body: { leaseId: ids.leaseId },
    },
    {
      name: 'the same ledger, last page',
      method: 'POST',
      path: `/api/ledger/search?page=${Math.ceil(LEDGER_ROWS / 50)}&recordsPerPage=50`,
      body: { leaseId: ids.leaseId },
    },
    {
      name: "the property's ledger, page 1",
      method: 'POST',
      path: '/api/ledger/search?page=1&recordsPerPage=50',
      body: { propertyId: ids.propertyId },
    },
  ];
}

async function measureKind(kind: string) {
  const { ready, rows } = await measureOneAtATime<{ port: number; propertyId: string; leaseId: string; seedSeconds: number }>({
    script: new URL(import.meta.url).pathname,
    kind,
    email: 'manager@demo.test',
    seconds: SECONDS,
    callsFor,
  });
  return { kind: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', seedSeconds: ready.seedSeconds, rows };
}

/**
 * The bulk rows, in a few set-based statements: a property of the demo manager's company with LEASES leases (each its
 * tenant, one rent charge and one payment), and the first of those leases with LEDGER_ROWS / 2 more charges and
 * payments, one per month back in time.
 */
export async function seedBulk(raw: (text: string, params?: unknown[]) => Promise<unknown>, companyId: string) {
  const propertyId = '00000000-0000-4000-8000-00000000b001';
  await raw(
    `INSERT INTO properties (id, company_id, property_name, street1, city, province, country, postal_code)
     VALUES ($1, $2, 'Bench Towers', '1 Bench Street', 'Vancouver', 'BC', 'CA', 'V6B 1A1')`,
    [propertyId, companyId],
  );
  await raw(
    `INSERT INTO customers (id, email, first_name, last_name)
     SELECT 'bench-c-' || g, 'bench' || g || '@bench.test', 'Bench' || g, 'Tenant' FROM generate_series(1, $1) g`,
    [LEASES],
  );
  await raw(
    `INSERT INTO property_leases (id, status, unit, user_id, property_id, company_id, start_date, charges)
     SELECT 'bench-l-' || g, 'ACTIVE', 'U' || g, 'bench-c-' || g, $1, $2, DATE '2020-01-01',
            '[{"code":"Rent","name":"Rent","amount":150000}]'::jsonb
     FROM generate_series(1, $3) g`,
    [propertyId, companyId, LEASES],
  );
  // One rent charge and one payment per lease, plus the big lease's LEDGER_ROWS / 2 of each, a month apart.
  await raw(
    `INSERT INTO open_charges (id, billing_account_id, code, name, due_date, amount, balance)
     SELECT 'bench-oc-' || g, 'bench-l-' || g, 'Rent', 'Rent', DATE '2026-11-01', 150000, 0 FROM generate_series(1, $1) g
     UNION ALL
     SELECT 'bench-ocx-' || g, 'bench-l-1', 'Rent', 'Rent', DATE '2026-10-01' - (g || ' days')::interval, 150000, 0
     FROM generate_series(1, $2) g`,
    [LEASES, LEDGER_ROWS / 2 - 1],
  );
  await raw(
    `INSERT INTO payment_transactions (id, user_id, billing_account_id, property_id, company_id, amount, currency, status,
       transaction_type, confirmation_id, payment_method_type, charges, create_date)
     SELECT 'bench-t-' || g, 'bench-c-' || g, 'bench-l-' || g, $1, $2, 150000, 'CAD', 'COMPLETE', 'PAYMENT',
            'BENCH' || g, 'TYPE_CREDIT_CARD', '[{"name":"Rent","amount":150000}]'::jsonb, TIMESTAMPTZ '2026-11-01 12:00Z'
     FROM generate_series(1, $3) g
     UNION ALL
     SELECT 'bench-tx-' || g, 'bench-c-1', 'bench-l-1', $1, $2, 150000, 'CAD', 'COMPLETE', 'PAYMENT', 'BENCHX' || g,
            'TYPE_CREDIT_CARD', '[{"name":"Rent","amount":150000}]'::jsonb,
            TIMESTAMPTZ '2026-10-01 12:00Z' - (g || ' days')::interval
     FROM generate_series(1, $4) g`,
    [propertyId, companyId, LEASES, LEDGER_ROWS / 2 - 1],
  );
  await raw('ANALYZE');
  return { propertyId, leaseId: 'bench-l-1' };
}

const isMain = process.argv[1] === new URL(import.meta.url).pathname;
if (isMain && process.argv[2] === 'serve') {
  const { DEMO_IDS } = await import('../apps/api/src/db/seed.ts');
  await serveSeeded(process.argv[3] ?? 'pglite', (raw) => seedBulk(raw, DEMO_IDS.companyCa));
} else if (isMain) {
  const rows = [];
  for (const kind of process.argv.slice(2)) rows.push(await measureKind(kind));
  process.send?.({ console: rows });
  process.exit(0);
}
