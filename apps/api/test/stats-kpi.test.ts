// issue 24 "Statistics and KPIs": the admin's /admin/stats/{type}, processing_kpi, revenue_kpi/{year} (+ /download),
// totals and entity_details (+ /download), held to the ledger to the cent on a seeded year of payments of two companies
// (failed, refunded, returned, several method types, service fees, month boundaries in UTC), the CSV downloads opened and
// summed, each call for each role, and bad input answered 400 naming the field in English and French.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, csvField } from '../src/lib/csv.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

const A = 'stats-co-a'; // Canadian (CAD)
const B = 'stats-co-b'; // American (USD), named like a spreadsheet formula
const B_NAME = '=HYPERLINK("http://x.test","Stats B")';
const YEAR = 2025;

interface Tx {
  id: string;
  company: string;
  amount: number;
  fee?: number;
  status: string;
  type?: string;
  method?: string;
  at: string;
  billing?: string;
  autopay?: boolean;
  parent?: string;
  settledAt?: string;
}

// The seeded ledger: what each KPI must add up to (by hand below, and by a JavaScript sum of the table).
const TXS: Tx[] = [
  // January: a card payment on its very last millisecond (UTC), a failed card, an autopay bank payment
  {
    id: 's1',
    company: A,
    amount: 150000,
    fee: 3750,
    status: 'COMPLETE',
    method: 'TYPE_CREDIT_CARD',
    at: '2025-01-31T23:59:59.999Z',
  },
  { id: 's2', company: A, amount: 150000, fee: 3750, status: 'FAILED', method: 'TYPE_CREDIT_CARD', at: '2025-01-15T10:00:00Z' },
  {
    id: 's3',
    company: A,
    amount: 120000,
    fee: 150,
    status: 'COMPLETE',
    method: 'TYPE_BANK_ACCOUNT',
    at: '2025-01-03T12:00:00Z',
    autopay: true,
  },
  // February from its first instant: a card payment later refunded in part (March), a credit-reporting fee
  { id: 's4', company: A, amount: 99999, fee: 2500, status: 'COMPLETE', method: 'TYPE_CREDIT_CARD', at: '2025-02-01T00:00:00Z' },
  {
    id: 's5',
    company: A,
    amount: 2999,
    status: 'COMPLETE',
    method: 'TYPE_CREDIT_CARD',
    at: '2025-02-10T09:00:00Z',
    billing: 'TYPE_CREDIT_REPORT',
  },
  {
    id: 's6',
    company: A,
    amount: 12345,
    status: 'COMPLETE',
    type: 'REFUND',
    method: 'TYPE_CREDIT_CARD',
    at: '2025-03-02T08:00:00Z',
    parent: 's4',
  },
  // March: a bank debit that settled three days later; it is returned in April; an application fee; one still pending
  {
    id: 's7',
    company: A,
    amount: 80000,
    fee: 100,
    status: 'COMPLETE',
    method: 'TYPE_BANK_ACCOUNT',
    at: '2025-03-10T00:00:00Z',
    settledAt: '2025-03-13T00:00:00Z',
    autopay: true,
  },
  {
    id: 's8',
    company: A,
    amount: 80000,
    status: 'COMPLETE',
    type: 'RETURN',
    method: 'TYPE_BANK_ACCOUNT',
    at: '2025-04-05T00:00:00Z',
    parent: 's7',
  },
  {
    id: 's9',
    company: A,
    amount: 4500,
    fee: 113,
    status: 'COMPLETE',
    method: 'TYPE_CREDIT_CARD',
    at: '2025-03-20T00:00:00Z',
    billing: 'TYPE_LEASE_APPLICATION',
  },
  { id: 's10', company: A, amount: 50000, status: 'PENDING', method: 'TYPE_BANK_ACCOUNT', at: '2025-03-28T00:00:00Z' },
  // A refund of the credit-reporting fee (service revenue given back in its month)
  {
    id: 's11',
    company: A,
    amount: 999,
    status: 'COMPLETE',
    type: 'REFUND',
    method: 'TYPE_CREDIT_CARD',
    at: '2025-04-01T00:00:00Z',
    billing: 'TYPE_CREDIT_REPORT',
    parent: 's5',
  },
  // Company B in dollars: a wallet payment, a cancelled one, a credit-reporting fee, in December's last second
  { id: 's12', company: B, amount: 200001, fee: 5001, status: 'COMPLETE', method: 'TYPE_PAY_PAL', at: '2025-06-30T23:59:59Z' },
  { id: 's13', company: B, amount: 1000, status: 'CANCELLED', method: 'TYPE_PAY_PAL', at: '2025-07-01T00:00:00Z' },
  {
    id: 's14',
    company: B,
    amount: 3999,
    fee: 99,
    status: 'COMPLETE',
    method: 'TYPE_CREDIT_CARD',
    at: '2025-12-31T23:59:59Z',
    billing: 'TYPE_CREDIT_REPORT',
  },
  // Outside the year, on both sides: never counted in 2025
  {
    id: 's15',
    company: A,
    amount: 70000,
    fee: 1750,
    status: 'COMPLETE',
    method: 'TYPE_CREDIT_CARD',
    at: '2024-12-31T23:59:59.999Z',
  },
  { id: 's16', company: B, amount: 70000, fee: 1750, status: 'COMPLETE', method: 'TYPE_CREDIT_CARD', at: '2026-01-01T00:00:00Z' },
];

let app: FastifyInstance;
let admin: string;
let manager: string;
let tenant: string;

async function raw(text: string, params: unknown[] = []) {
  return (await app.ctx.database.raw(text, params)).rows;
}

async function seed() {
  await raw(`INSERT INTO companies (id, name, country) VALUES ($1, 'Stats Alpha', 'CA'), ($2, $3, 'US')`, [A, B, B_NAME]);
  for (const c of [A, B]) {
    await raw(
      `INSERT INTO properties (id, company_id, property_name, street1, city, province, country, postal_code)
       VALUES ($1, $2, $1, '1 Main', 'Town', 'BC', 'CA', 'V6B 1A1')`,
      [`${c}-p`, c],
    );
    await raw(`INSERT INTO customers (id, email, first_name, last_name) VALUES ($1, $2, 'Stat', 'Tenant')`, [
      `${c}-t`,
      `${c}@stats.test`,
    ]);
    await raw(`INSERT INTO property_leases (id, status, user_id, property_id, company_id) VALUES ($1, 'ACTIVE', $2, $3, $4)`, [
      `${c}-l`,
      `${c}-t`,
      `${c}-p`,
      c,
    ]);
  }
  for (const t of TXS) {
    // Recorded as it happens: a payment that settles later is PENDING first, then COMPLETE (the trigger's path).
    const later = t.settledAt !== undefined;
    await raw(
      `INSERT INTO payment_transactions (id, user_id, billing_account_id, billing_account_type, property_id, company_id,
         amount, currency, status, transaction_type, payment_method_type, fee_amount, recurring_schedule_id,
         parent_transaction_id, create_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        t.id,
        `${t.company}-t`,
        `${t.company}-l`,
        t.billing ?? 'TYPE_PROPERTY_LEASE',
        `${t.company}-p`,
        t.company,
        t.amount,
        t.company === A ? 'CAD' : 'USD',
        later ? 'PENDING' : t.status,
        t.type ?? 'PAYMENT',
        t.method,
        t.fee ?? 0,
        t.autopay ? 'stats-schedule' : null,
        t.parent ?? null,
        t.at,
      ],
    );
    if (later)
      await raw(`UPDATE payment_transactions SET status = $2, settled_at = $3 WHERE id = $1`, [t.id, t.status, t.settledAt]);
  }
}

const get = (url: string, token?: string, lang = 'en') =>
  app.inject({ method: 'GET', url, headers: { ...(token ? auth(token) : {}), 'accept-language': lang } });

/** RFC 4180 rows (quoted fields with "" and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** "1234.56" → 123456, exactly. */
const centsOf = (decimal: string) => {
  expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
  return Number(decimal.replace('.', ''));
};
const cents = (amount: number) => Math.round(amount * 100);

beforeAll(async () => {
  app = await buildTestApp();
  await seed();
  [admin, manager, tenant] = await Promise.all([login(app, ADMIN), login(app, 'manager@demo.test'), login(app, TENANT)]);
});
afterAll(() => app.close());

describe('who may call', () => {
  const adminOnly = [
    '/api/admin/stats/leases',
    '/api/admin/processing_kpi',
    `/api/admin/revenue_kpi/${YEAR}`,
    `/api/admin/revenue_kpi/${YEAR}/download`,
    '/api/admin/totals',
  ];
  it.each(adminOnly)('%s: the admin 200, a manager or a tenant 403, no token 401', async (url) => {
    expect((await get(url, admin)).statusCode).toBe(200);
    expect((await get(url, manager)).statusCode).toBe(403);
    expect((await get(url, tenant)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });

  it.each(['/api/admin/entity_details', '/api/admin/entity_details/download'])(
    "%s: a manager reads their own company and its properties; another company's id answers 404",
    async (url) => {
      const own = [`companyId=${DEMO_IDS.companyCa}`, `propertyId=${DEMO_IDS.propertyCa}`];
      const other = [`companyId=${DEMO_IDS.companyCa2}`, `propertyId=${DEMO_IDS.propertyCa2}`, `companyId=${A}`];
      for (const q of own) expect((await get(`${url}?${q}`, manager)).statusCode).toBe(200);
      for (const q of other) {
        const res = await get(`${url}?${q}`, manager);
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
      }
      expect((await get(`${url}?companyId=${A}`, admin)).statusCode).toBe(200);
      expect((await get(`${url}?companyId=${DEMO_IDS.companyCa}`, tenant)).statusCode).toBe(403);
      expect((await get(`${url}?companyId=${DEMO_IDS.companyCa}`)).statusCode).toBe(401);
      expect((await get(`${url}?companyId=no-such-company`, admin)).statusCode).toBe(404);
    },
  );
});

describe('processing_kpi', () => {
  it("adds up company A's year by method type to the cent: rates, settlement time, autopay share", async () => {
    const res = await get(`/api/admin/processing_kpi?from=${YEAR}-01-01&to=${YEAR}-12-31&companyId=${A}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const card = body.byMethod.find((m: { paymentMethodType: string }) => m.paymentMethodType === 'TYPE_CREDIT_CARD');
    const bank = body.byMethod.find((m: { paymentMethodType: string }) => m.paymentMethodType === 'TYPE_BANK_ACCOUNT');
    // Cards: s1 s2(failed) s4 s5 s9 are payments; s6 and s11 are refunds (their amounts), s15 is in 2024.
    expect(card).toMatchObject({ currency: 'CAD', payments: 5, completed: 4, failed: 1, pending: 0, returns: 0 });
    expect(cents(card.processedAmount)).toBe(150000 + 99999 + 2999 + 4500);
    expect(cents(card.feeAmount)).toBe(3750 + 2500 + 113);
    expect(cents(card.refundedAmount)).toBe(12345 + 999);
    expect(card.successRate).toBe(0.8);
    expect(card.failureRate).toBe(0.2);
    expect(card.autopayShare).toBe(0);
    // Cards recorded COMPLETE at once: settled on creation.
    expect(card.averageSettlementSeconds).toBe(0);
    // Bank: s3 (autopay, at once), s7 (autopay, three days), s10 pending; s8 a return.
    expect(bank).toMatchObject({ payments: 3, completed: 2, failed: 0, pending: 1, returns: 1, autopayPayments: 2 });
    expect(cents(bank.processedAmount)).toBe(120000 + 80000);
    expect(bank.successRate).toBe(1);
    expect(bank.autopayShare).toBe(0.6667);
    expect(bank.averageSettlementSeconds).toBe((3 * 86400) / 2);
    expect(body.totals).toHaveLength(1);
    expect(body.totals[0]).toMatchObject({
      currency: 'CAD',
      payments: 8,
      completed: 6,
      failed: 1,
      pending: 1,
      autopayPayments: 2,
    });
    expect(cents(body.totals[0].processedAmount)).toBe(150000 + 99999 + 2999 + 4500 + 120000 + 80000);
  });

  // Whole months come from the monthly facts, partial ones from the ledger itself (services/stats/facts.ts).
  it.each([
    ['2025-01-01', '2025-06-30'],
    ['2025-01-31', '2025-07-01'],
    ['2025-02-01', '2025-02-01'],
    ['2024-12-31', '2026-01-01'],
  ])('equals a sum of the whole ledger from %s to %s, every company, per method and currency', async (from, to) => {
    const res = await get(`/api/admin/processing_kpi?from=${from}&to=${to}`, admin);
    expect(res.statusCode).toBe(200);
    const rows = await raw(
      `SELECT payment_method_type AS m, currency, transaction_type AS type, status, amount::text AS amount, fee_amount::text AS fee
       FROM payment_transactions WHERE create_date >= $1::timestamptz AND create_date < $2::timestamptz + interval '1 day'`,
      [`${from}T00:00:00Z`, `${to}T00:00:00Z`],
    );
    const want = new Map<string, { processed: number; fees: number; payments: number }>();
    for (const r of rows) {
      if (r.type !== 'PAYMENT') continue;
      const key = `${r.m ?? 'UNKNOWN'}|${r.currency}`;
      const w = want.get(key) ?? { processed: 0, fees: 0, payments: 0 };
      w.payments += 1;
      if (r.status === 'COMPLETE') {
        w.processed += Number(r.amount);
        w.fees += Number(r.fee);
      }
      want.set(key, w);
    }
    const got = new Map<string, { processed: number; fees: number; payments: number }>(
      res
        .json()
        .byMethod.map(
          (m: { paymentMethodType: string; currency: string; processedAmount: number; feeAmount: number; payments: number }) => [
            `${m.paymentMethodType}|${m.currency}`,
            { processed: cents(m.processedAmount), fees: cents(m.feeAmount), payments: m.payments },
          ],
        ),
    );
    for (const [key, w] of want) expect(got.get(key), key).toEqual(w);
    expect(got.size).toBe(want.size);
  });

  it("follows the ledger as it changes: a past month's payment failed later, a refund added (the months marked dirty)", async () => {
    const url = `/api/admin/processing_kpi?from=${YEAR}-01-01&to=${YEAR}-12-31&companyId=${B}`;
    const before = (await get(url, admin)).json().totals[0];
    expect(cents(before.processedAmount)).toBe(200001 + 3999);
    await raw(`UPDATE payment_transactions SET status = 'FAILED' WHERE id = 's12'`);
    await raw(
      `INSERT INTO payment_transactions (id, user_id, company_id, property_id, amount, currency, status, transaction_type,
         payment_method_type, parent_transaction_id, create_date)
       VALUES ('s-late-refund', $1, $2, $3, 1000, 'USD', 'COMPLETE', 'REFUND', 'TYPE_CREDIT_CARD', 's14', '2025-12-31T23:59:59.999Z')`,
      [`${B}-t`, B, `${B}-p`],
    );
    const after = (await get(url, admin)).json().totals[0];
    expect(cents(after.processedAmount)).toBe(3999);
    expect(after).toMatchObject({ completed: 1, failed: 2 });
    expect(cents(after.refundedAmount)).toBe(1000);
    await raw(`DELETE FROM payment_transactions WHERE id = 's-late-refund'`);
    await raw(`UPDATE payment_transactions SET status = 'COMPLETE' WHERE id = 's12'`);
    expect((await get(url, admin)).json().totals[0]).toEqual(before);
  });

  it('stays equal to the ledger when many read while payments are written (the monthly facts rebuilt once each)', async () => {
    const url = `/api/admin/processing_kpi?from=${YEAR}-05-01&to=${YEAR}-05-31&companyId=${A}`;
    const writes = Array.from({ length: 20 }, (_, i) =>
      raw(
        `INSERT INTO payment_transactions (id, user_id, company_id, property_id, amount, currency, status, payment_method_type,
           fee_amount, create_date)
         VALUES ($1, $2, $3, $4, $5, 'CAD', 'COMPLETE', 'TYPE_CREDIT_CARD', 25, $6)`,
        [`s-may-${i}`, `${A}-t`, A, `${A}-p`, 1000 + i, `2025-05-${String(1 + i).padStart(2, '0')}T12:00:00Z`],
      ),
    );
    const reads = Array.from({ length: 10 }, () => get(url, admin));
    const answers = await Promise.all(reads);
    await Promise.all(writes);
    for (const r of answers) expect(r.statusCode).toBe(200);
    const card = (await get(url, admin)).json().byMethod[0];
    expect(card).toMatchObject({ paymentMethodType: 'TYPE_CREDIT_CARD', payments: 20, completed: 20 });
    expect(cents(card.processedAmount)).toBe(20 * 1000 + (19 * 20) / 2);
    expect(cents(card.feeAmount)).toBe(20 * 25);
    const [facts] = await raw(`SELECT sum(n)::int AS n FROM kpi_monthly_facts WHERE month = '2025-05-01' AND company_id = $1`, [
      A,
    ]);
    expect(facts.n).toBe(20);
    await raw(`DELETE FROM payment_transactions WHERE id LIKE 's-may-%'`);
  });

  // On PostgreSQL (PGlite has one connection): with one mark per month, the second inserts below waited on each other.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two writers marking two new months in opposite orders never wait on each other (a mark per transaction)',
    async () => {
      let arrived = 0;
      let open: () => void = () => undefined;
      const bothFirst = new Promise<void>((resolve) => {
        open = resolve;
      });
      const writer = (first: string, second: string, id: string) =>
        app.ctx.db.transaction(async (tx) => {
          const pay = (month: string, n: number) =>
            tx.execute(sql`INSERT INTO payment_transactions (id, user_id, company_id, amount, currency, status, create_date)
              VALUES (${`${id}-${n}`}, ${`${A}-t`}, ${A}, 100, 'CAD', 'COMPLETE', ${`${month}-10T00:00:00Z`})`);
          await pay(first, 1);
          arrived += 1;
          if (arrived === 2) open();
          await bothFirst;
          await pay(second, 2);
        });
      await Promise.all([writer('2023-01', '2023-02', 's-w1'), writer('2023-02', '2023-01', 's-w2')]);
      const res = await get(`/api/admin/processing_kpi?from=2023-01-01&to=2023-02-28&companyId=${A}`, admin);
      expect(res.json().totals[0]).toMatchObject({ payments: 4, completed: 4 });
      await raw(`DELETE FROM payment_transactions WHERE id LIKE 's-w%'`);
    },
  );

  it('stamps settled_at when a payment becomes COMPLETE (the database trigger), never before its creation', async () => {
    await raw(
      `INSERT INTO payment_transactions (id, user_id, company_id, amount, currency, status, create_date)
       VALUES ('s-trigger', $1, $2, 100, 'CAD', 'PENDING', '2025-05-05T00:00:00Z')`,
      [`${A}-t`, A],
    );
    expect((await raw(`SELECT settled_at FROM payment_transactions WHERE id = 's-trigger'`))[0].settled_at).toBeNull();
    await raw(`UPDATE payment_transactions SET status = 'COMPLETE' WHERE id = 's-trigger'`);
    const [row] = await raw(`SELECT settled_at >= create_date AS ok FROM payment_transactions WHERE id = 's-trigger'`);
    expect(row.ok).toBe(true);
    await raw(`DELETE FROM payment_transactions WHERE id = 's-trigger'`);
  });
});

describe('revenue_kpi', () => {
  it("gives each month's fees and service revenue per company, to the cent (UTC months)", async () => {
    const res = await get(`/api/admin/revenue_kpi/${YEAR}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const of = (company: string, month: string) =>
      body.byCompany.find((r: { companyId: string; month: string }) => r.companyId === company && r.month === month);
    // January: s1 (its last millisecond) and s3; not s15 (2024) nor the failed s2.
    expect(cents(of(A, '2025-01').processingFees)).toBe(3750 + 150);
    // February: s4's fee, and the credit-reporting fee s5.
    expect(of(A, '2025-02')).toMatchObject({ companyName: 'Stats Alpha', currency: 'CAD' });
    expect(cents(of(A, '2025-02').processingFees)).toBe(2500);
    expect(cents(of(A, '2025-02').creditReporting)).toBe(2999);
    // March: s7's fee, s9's fee and its application fee; s6 refunds rent (not revenue): nothing given back.
    expect(cents(of(A, '2025-03').processingFees)).toBe(100 + 113);
    expect(cents(of(A, '2025-03').applicationFees)).toBe(4500);
    // April: s11 gives back part of the credit-reporting fee; s8 returns rent (not revenue).
    expect(cents(of(A, '2025-04').creditReporting)).toBe(-999);
    expect(cents(of(A, '2025-04').total)).toBe(-999);
    expect(cents(of(B, '2025-12').total)).toBe(3999 + 99);
    expect(of(B, '2025-12').companyName).toBe(B_NAME);
    // The monthly series: twelve months per currency, zero where nothing.
    const cad = body.monthly.filter((m: { currency: string }) => m.currency === 'CAD');
    expect(cad.map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}`),
    );
    // Each month of the series is the sum of the companies' rows.
    for (const m of body.monthly) {
      const rows = body.byCompany.filter(
        (r: { month: string; currency: string }) => r.month === m.month && r.currency === m.currency,
      );
      expect(cents(m.total)).toBe(rows.reduce((t: number, r: { total: number }) => t + cents(r.total), 0));
    }
  });

  it('downloads the same revenue as CSV: header, one line per month and company, sums equal to the JSON', async () => {
    const [json, csv] = await Promise.all([
      get(`/api/admin/revenue_kpi/${YEAR}`, admin),
      get(`/api/admin/revenue_kpi/${YEAR}/download`, admin),
    ]);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="revenue-${YEAR}.csv"`);
    const [head, ...lines] = parseCsv(csv.body);
    expect(head).toEqual([
      'Month',
      'Company ID',
      'Company',
      'Currency',
      'Processing fees',
      'Credit reporting',
      'Application fees',
      'Total',
    ]);
    expect(lines).toHaveLength(json.json().byCompany.length);
    for (const cur of ['CAD', 'USD']) {
      const csvTotal = lines.filter((l) => l[3] === cur).reduce((t, l) => t + centsOf(l[7]), 0);
      const jsonTotal = json
        .json()
        .byCompany.filter((r: { currency: string }) => r.currency === cur)
        .reduce((t: number, r: { total: number }) => t + cents(r.total), 0);
      expect(csvTotal).toBe(jsonTotal);
      for (const l of lines) expect(centsOf(l[4]) + centsOf(l[5]) + centsOf(l[6])).toBe(centsOf(l[7]));
    }
    // A company name a spreadsheet would run as a formula is written as text.
    expect(lines.find((l) => l[1] === B)?.[2]).toBe(`'${B_NAME}`);
    // A negative amount stays a number.
    expect(lines.find((l) => l[1] === A && l[0] === '2025-04')?.[7]).toBe('-9.99');
    // In French, the header too.
    const fr = await get(`/api/admin/revenue_kpi/${YEAR}/download?companyId=${A}`, admin, 'fr');
    expect(parseCsv(fr.body)[0]).toEqual([
      'Mois',
      'Identifiant de l’entreprise',
      'Entreprise',
      'Devise',
      'Frais de traitement',
      'Déclaration au bureau de crédit',
      'Frais de demande',
      'Total',
    ]);
    expect(
      parseCsv(fr.body)
        .slice(1)
        .every((l) => l[1] === A),
    ).toBe(true);
  });
});

describe('entity_details', () => {
  it("gives a company's figures by month, and the download sums to the JSON", async () => {
    const q = `companyId=${A}&from=${YEAR}-01-01&to=${YEAR}-12-31`;
    const res = await get(`/api/admin/entity_details?${q}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entity).toEqual({ type: 'company', id: A, name: 'Stats Alpha', companyId: A, currency: 'CAD' });
    expect(body).toMatchObject({ properties: 1, leases: 1, activeLeases: 1, tenants: 1 });
    expect(body.months).toHaveLength(12);
    const jan = body.months[0];
    expect(jan).toMatchObject({ month: '2025-01', payments: 3, completed: 2, failed: 1 });
    expect(cents(jan.processedAmount)).toBe(270000);
    const sum = (k: string) => body.months.reduce((t: number, m: Record<string, number>) => t + cents(m[k]), 0);
    expect(sum('processedAmount')).toBe(150000 + 120000 + 99999 + 2999 + 80000 + 4500);
    expect(sum('refundedAmount')).toBe(12345 + 999);
    expect(sum('returnedAmount')).toBe(80000);

    const csv = await get(`/api/admin/entity_details/download?${q}`, admin);
    expect(csv.statusCode).toBe(200);
    const [head, ...lines] = parseCsv(csv.body);
    expect(head).toEqual([
      'Month',
      'Currency',
      'Payments',
      'Completed',
      'Failed',
      'Amount processed',
      'Fees',
      'Refunded',
      'Returned',
    ]);
    expect(lines).toHaveLength(12);
    const col = (i: number) => lines.reduce((t, l) => t + centsOf(l[i]), 0);
    expect(col(5)).toBe(sum('processedAmount'));
    expect(col(6)).toBe(sum('feeAmount'));
    expect(col(7)).toBe(sum('refundedAmount'));
    expect(col(8)).toBe(sum('returnedAmount'));
    expect(lines.reduce((t, l) => t + Number(l[2]), 0)).toBe(
      body.months.reduce((t: number, m: { payments: number }) => t + m.payments, 0),
    );
  });

  it("gives a property's figures", async () => {
    const res = await get(`/api/admin/entity_details?propertyId=${B}-p&from=${YEAR}-06-01&to=${YEAR}-07-31`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().entity).toMatchObject({ type: 'property', companyId: B, currency: 'USD' });
    expect(res.json().months.map((m: { month: string; payments: number }) => [m.month, m.payments])).toEqual([
      ['2025-06', 1],
      ['2025-07', 1],
    ]);
  });
});

describe('stats and totals', () => {
  it('counts payments created in a period by status and month', async () => {
    const res = await get(`/api/admin/stats/PAYMENTS?from=${YEAR}-01-01&to=${YEAR}-03-31&companyId=${A}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // s1 s2 s3 (January), s4 s5 (February), s7 s9 s10 (March); the refunds and returns are not payments.
    expect(body).toMatchObject({ type: 'payments', interval: 'month', total: 8 });
    expect(body.byStatus).toEqual([
      { status: 'COMPLETE', count: 6 },
      { status: 'FAILED', count: 1 },
      { status: 'PENDING', count: 1 },
    ]);
    expect(body.series).toContainEqual({ period: '2025-01', status: 'COMPLETE', count: 2 });
    expect(body.series).toContainEqual({ period: '2025-02', status: 'COMPLETE', count: 2 });
  });

  it("counts a company's tenants and leases created in the default period (the last twelve months), by status", async () => {
    const tenants = (await get(`/api/admin/stats/tenants?companyId=${A}`, admin)).json();
    expect(tenants).toMatchObject({ total: 1, byStatus: [{ status: 'ACTIVE', count: 1 }] });
    await raw(`UPDATE property_leases SET status = 'TERMINATED' WHERE id = $1`, [`${A}-l`]);
    expect((await get(`/api/admin/stats/tenants?companyId=${A}`, admin)).json().byStatus).toEqual([
      { status: 'INACTIVE', count: 1 },
    ]);
    expect((await get(`/api/admin/stats/leases?companyId=${A}`, admin)).json().byStatus).toEqual([
      { status: 'TERMINATED', count: 1 },
    ]);
    await raw(`UPDATE property_leases SET status = 'ACTIVE' WHERE id = $1`, [`${A}-l`]);
  });

  it.each(['tenants', 'leases', 'payment_methods', 'applications', 'subscriptions'])('answers %s', async (type) => {
    const res = await get(`/api/admin/stats/${type}?interval=day&from=2026-09-01&to=2026-11-30`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.byStatus.reduce((t: number, s: { count: number }) => t + s.count, 0));
  });

  it('gives the totals, money per currency equal to the ledger', async () => {
    const res = await get('/api/admin/totals', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [counts] = await raw('SELECT (SELECT count(*) FROM companies) AS c, (SELECT count(*) FROM property_leases) AS l');
    expect(body.companies).toBe(Number(counts.c));
    expect(body.leases).toBe(Number(counts.l));
    const ledger = await raw(
      `SELECT currency, sum(amount)::text AS amount, sum(fee_amount)::text AS fees FROM payment_transactions
       WHERE transaction_type = 'PAYMENT' AND status = 'COMPLETE' GROUP BY 1`,
    );
    for (const l of ledger) {
      const m = body.money.find((x: { currency: string }) => x.currency === l.currency);
      expect(cents(m.processedAmount)).toBe(Number(l.amount));
      expect(cents(m.feeAmount)).toBe(Number(l.fees));
    }
  });
});

describe('bad input', () => {
  it.each([
    [`/api/admin/revenue_kpi/20x5`, 'year', 'Give a year between 2000 and 2100.', 'Indiquez une année entre 2000 et 2100.'],
    [
      `/api/admin/revenue_kpi/1999/download`,
      'year',
      'Give a year between 2000 and 2100.',
      'Indiquez une année entre 2000 et 2100.',
    ],
    [
      '/api/admin/processing_kpi?from=2025-02-30',
      'from',
      'Give a date as YYYY-MM-DD (a real calendar date).',
      'Indiquez une date au format AAAA-MM-JJ (une date réelle du calendrier).',
    ],
    [
      '/api/admin/processing_kpi?from=2025-03-01&to=2025-02-01',
      'to',
      'The end of the period ("to") is before its start ("from").',
      'La fin de la période («\u202fto\u202f») précède son début («\u202ffrom\u202f»).',
    ],
    [
      '/api/admin/stats/leases?from=2020-01-01&to=2025-01-01',
      'from',
      'The period is too long (at most 1098 days).',
      'La période est trop longue (au plus 1098 jours).',
    ],
    [
      '/api/admin/stats/leases?interval=day&from=2025-01-01&to=2025-12-31',
      'interval',
      'A daily series covers at most 92 days. Choose month, or a shorter period.',
      'Une série quotidienne couvre au plus 92 jours. Choisissez le mois, ou une période plus courte.',
    ],
    [
      `/api/admin/entity_details?companyId=${A}&propertyId=${A}-p`,
      'companyId',
      'Choose a company or a property (one of them).',
      'Choisissez une entreprise ou une propriété (l’une des deux).',
    ],
  ])('%s → 400 naming %s, in English and French', async (url, field, en, fr) => {
    for (const [lang, message] of [
      ['en', en],
      ['fr', fr],
    ]) {
      const res = await get(url, admin, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      expect(res.json().fieldErrors).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it('an unknown statistics type is a 400 naming it', async () => {
    const res = await get('/api/admin/stats/unicorns', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].field).toBe('type');
  });
});

describe("CSV cells (lib/csv.ts, the ledger download's too)", () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+33 1 23', "'+33 1 23"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-1+cmd|calc', "'-1+cmd|calc"],
    ['-12.50', '-12.50'],
    ['2025-01-31', '2025-01-31'],
    ['a,"b"', '"a,""b"""'],
    ['=a,b', '"\'=a,b"'],
  ])('%s → %s', (value, cell) => expect(csvField(value)).toBe(cell));

  it('writes cents as exact decimals', () => {
    expect([0, 5, -5, 100, -123456, 900719925474099].map(centsToDecimal)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '-1234.56',
      '9007199254740.99',
    ]);
  });
});

describe('a truncated ledger', () => {
  it('leaves no KPI facts behind (the TRUNCATE trigger)', async () => {
    const other = await buildTestApp({ seed: false });
    try {
      const q = (text: string) => other.ctx.database.raw(text);
      await q(`INSERT INTO kpi_monthly_facts (month, currency, transaction_type, status, autopay, n, amount, fee_amount,
        settled_n, settled_seconds) VALUES ('2025-01-01', 'CAD', 'PAYMENT', 'COMPLETE', false, 1, 100, 0, 0, 0)`);
      await q(`INSERT INTO kpi_dirty_months (month) VALUES ('2025-02-01')`);
      await q('TRUNCATE payment_transactions CASCADE');
      expect((await q('SELECT count(*)::int AS n FROM kpi_monthly_facts')).rows[0].n).toBe(0);
      expect((await q('SELECT count(*)::int AS n FROM kpi_dirty_months')).rows[0].n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
