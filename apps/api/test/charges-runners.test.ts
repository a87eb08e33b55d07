// Issue 23 "Charges": the monthly posting from two job runners at once on one PostgreSQL (the pattern of
// autopay-runners.test.ts): two app contexts, each with its own pool, run the job for the same instant over a few
// hundred leases. The posting keys (rent:<leaseId>:<YYYY-MM>:<line>, unique) make each lease's period posted once
// between them; unapplied credits pay it once; the autopay that follows in either runner pays the balance then due,
// the rent just posted included, exactly once. PostgreSQL only (TEST_DATABASE_URL).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_IDS, seedDemo } from '../src/db/seed.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';

const LEASES = 300;
const CREDITED = 50; // leases 1..50 hold a 30.00 unapplied credit
const AUTOPAID = 100; // leases 1..100 have an autopay due today
const serverUrl = process.env.TEST_DATABASE_URL;
const at = new Date('2026-05-05T12:00:00Z');

describe.skipIf(!serverUrl)('the monthly posting from two runners on one PostgreSQL', () => {
  let dbUrl: string;
  const apps: App[] = [];

  beforeAll(async () => {
    dbUrl = await createThrowawayDatabase(serverUrl as string, 'portal_charges');
    const dir = mkdtempSync(join(tmpdir(), 'portal-charges-'));
    const config: AppConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      jwtSecret: 'test-secret-test-secret-test-secret',
      storageDir: join(dir, 'files'),
      authorizeRateLimit: { max: 1000, timeWindowMs: 60_000 },
      logLevel: 'silent',
    };
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: dbUrl });
      const app = await buildApp({ database, config, now: () => at });
      app.ctx.mail = { name: 'none', send: async () => undefined };
      app.addHook('onClose', () => database.close());
      apps.push(app);
    }
    await seedDemo(apps[0].ctx);
    const raw = apps[0].ctx.database.raw;
    await raw(`UPDATE recurring_schedules SET active = false`);
    await raw(
      `INSERT INTO payment_methods (id, user_id, type, country, processor_token, brand, card_type, last4, expiry_month, expiry_year)
       VALUES ('posting-card', $1, 'TYPE_CREDIT_CARD', 'CA', 'tok_sbx_card_postingtest', 'VISA', 'CREDIT', '4242', 12, 2035)`,
      [DEMO_IDS.tenant],
    );
    await raw(
      `INSERT INTO property_leases (id, user_id, property_id, company_id, status, unit, start_date, monthly_payment_due_day, charges)
       SELECT 'posting-lease-' || g, $1, $2, $3, 'ACTIVE', 'u' || g, '2025-01-01', 5,
         '[{"code":"Rent","name":"Rent","amount":100000},{"code":"parking","name":"Parking","amount":5000}]'::jsonb
       FROM generate_series(1, $4) g`,
      [DEMO_IDS.tenant, DEMO_IDS.propertyCa, DEMO_IDS.companyCa, LEASES],
    );
    await raw(
      `INSERT INTO payment_transactions (user_id, billing_account_id, property_id, company_id, amount, currency, status,
         transaction_type, create_date)
       SELECT $1, 'posting-lease-' || g, $2, $3, 3000, 'CAD', 'COMPLETE', 'CREDIT', '2026-04-20' FROM generate_series(1, $4) g`,
      [DEMO_IDS.tenant, DEMO_IDS.propertyCa, DEMO_IDS.companyCa, CREDITED],
    );
    await raw(
      `INSERT INTO recurring_schedules (id, user_id, billing_account_id, payment_method_id, payment_method_type, start_date)
       SELECT 'posting-schedule-' || g, $1, 'posting-lease-' || g, 'posting-card', 'TYPE_CREDIT_CARD', '2026-01-05'
       FROM generate_series(1, $2) g`,
      [DEMO_IDS.tenant, AUTOPAID],
    );
    await raw(
      `INSERT INTO recurring_payments (recurring_schedule_id, period, scheduled_date, status, amount)
       SELECT 'posting-schedule-' || g, '2026-05', '2026-05-05', 'PENDING', 0 FROM generate_series(1, $1) g`,
      [AUTOPAID],
    );
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    if (dbUrl) await dropThrowawayDatabase(serverUrl as string, dbUrl);
  });

  it('posts each lease and period once between them, and the autopay pays it once', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([
      runJobs(apps[0].ctx, { now: at, runnerId: 'runner-a', batchSize: 20 }),
      runJobs(apps[1].ctx, { now: at, runnerId: 'runner-b', batchSize: 20 }),
    ]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    const raw = apps[0].ctx.database.raw;
    const { rows: posted } = await raw(
      `SELECT id FROM open_charges WHERE billing_account_id LIKE 'posting-lease-%' AND posting_key LIKE 'rent:%:2026-05:%'`,
    );
    expect(posted).toHaveLength(LEASES * 2);
    const reported = [...a.charges.posted.ids, ...b.charges.posted.ids].filter((id) => posted.some((p) => p.id === id));
    expect(reported).toHaveLength(LEASES * 2);
    expect(new Set(reported).size).toBe(LEASES * 2);

    const { rows: perLease } = await raw(
      `SELECT billing_account_id, count(*)::int AS n, sum(amount)::int AS amount, sum(balance)::int AS balance
       FROM open_charges WHERE billing_account_id LIKE 'posting-lease-%' GROUP BY billing_account_id`,
    );
    expect(perLease).toHaveLength(LEASES);
    const n = (id: unknown) => Number(String(id).replace('posting-lease-', ''));
    for (const r of perLease) {
      expect(r.n).toBe(2);
      expect(r.amount).toBe(105_000);
      // autopaid leases owe nothing; the others owe the rent less their credit
      expect(r.balance).toBe(
        n(r.billing_account_id) <= AUTOPAID ? 0 : 105_000 - (n(r.billing_account_id) <= CREDITED ? 3_000 : 0),
      );
    }
    // each credit allocated once, in full
    const { rows: credits } = await raw(
      `SELECT t.id, (SELECT coalesce(sum(x.amount), 0)::int FROM charge_allocations x WHERE x.transaction_id = t.id) AS used
       FROM payment_transactions t WHERE t.transaction_type = 'CREDIT' AND t.billing_account_id LIKE 'posting-lease-%'`,
    );
    expect(credits).toHaveLength(CREDITED);
    expect(credits.every((c) => c.used === 3_000)).toBe(true);
    // one autopay per schedule, paying the balance then due (the rent just posted, less the credit)
    const { rows: paid } = await raw(
      `SELECT billing_account_id, count(*)::int AS n, min(amount)::int AS amount FROM payment_transactions
       WHERE recurring_schedule_id LIKE 'posting-schedule-%' GROUP BY billing_account_id`,
    );
    expect(paid).toHaveLength(AUTOPAID);
    for (const p of paid) {
      expect(p.n).toBe(1);
      expect(p.amount).toBe(105_000 - (n(p.billing_account_id) <= CREDITED ? 3_000 : 0));
    }

    // a second round for the same instant posts and pays nothing
    const [a2, b2] = await Promise.all([
      runJobs(apps[0].ctx, { now: at, runnerId: 'runner-a' }),
      runJobs(apps[1].ctx, { now: at, runnerId: 'runner-b' }),
    ]);
    expect(a2.charges.posted.count + b2.charges.posted.count).toBe(0);
    expect(a2.autopay.paid.count + b2.autopay.paid.count).toBe(0);
  });
});
