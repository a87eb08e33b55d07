// Two job runners at once on one PostgreSQL (issue 10: "two processes on one PostgreSQL never pay the same occurrence
// twice"): two app contexts, each with its own connection pool, run the job for the same instant over a few hundred
// due schedules. The claims (FOR UPDATE SKIP LOCKED) split the rows; every schedule is paid once, one transaction per
// schedule and period, and the processor is charged once per payment. PostgreSQL only (TEST_DATABASE_URL), like the
// other multi-process tests.
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
import type { ChargeInput, PaymentProcessor } from '../src/providers/processor/processor.ts';
import { createSandboxProcessor } from '../src/providers/processor/sandbox-processor.ts';

const SCHEDULES = 300;
const serverUrl = process.env.TEST_DATABASE_URL;
const at = new Date('2026-05-05T12:00:00Z');

describe.skipIf(!serverUrl)('two runners on one PostgreSQL', () => {
  let dbUrl: string;
  const apps: App[] = [];
  const charged: ChargeInput[] = [];

  beforeAll(async () => {
    dbUrl = await createThrowawayDatabase(serverUrl as string, 'portal_runners');
    const dir = mkdtempSync(join(tmpdir(), 'portal-runners-'));
    const config: AppConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      jwtSecret: 'test-secret-test-secret-test-secret',
      storageDir: join(dir, 'files'),
      authorizeRateLimit: { max: 1000, timeWindowMs: 60_000 },
      logLevel: 'silent',
    };
    // One processor for both (two processes talk to the same processor); it counts every charge request.
    const sandbox = createSandboxProcessor({ secret: config.jwtSecret, now: () => at });
    const processor: PaymentProcessor = {
      ...sandbox,
      charge: async (input) => {
        charged.push(input);
        return sandbox.charge(input);
      },
    };
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: dbUrl });
      const app = await buildApp({ database, config, now: () => at, providers: { processor } });
      app.ctx.mail = { name: 'none', send: async () => undefined };
      app.addHook('onClose', () => database.close());
      apps.push(app);
    }
    await seedDemo(apps[0].ctx);
    const raw = apps[0].ctx.database.raw;
    await raw(`UPDATE recurring_schedules SET active = false`);
    await raw(
      `INSERT INTO payment_methods (id, user_id, type, country, processor_token, brand, card_type, last4, expiry_month, expiry_year)
       VALUES ('runner-card', $1, 'TYPE_CREDIT_CARD', 'CA', 'tok_sbx_card_runnertest', 'VISA', 'CREDIT', '4242', 12, 2035)`,
      [DEMO_IDS.tenant],
    );
    // SCHEDULES leases, each with May's rent and a schedule due today (its upcoming payment row PENDING).
    await raw(
      `INSERT INTO property_leases (id, user_id, property_id, company_id, status, unit)
       SELECT 'runner-lease-' || g, $1, $2, $3, 'ACTIVE', 'u' || g FROM generate_series(1, $4) g`,
      [DEMO_IDS.tenant, DEMO_IDS.propertyCa, DEMO_IDS.companyCa, SCHEDULES],
    );
    await raw(
      `INSERT INTO open_charges (billing_account_id, code, name, due_date, amount, balance)
       SELECT 'runner-lease-' || g, 'Rent', 'Rent', '2026-05-01', 150000, 150000 FROM generate_series(1, $1) g`,
      [SCHEDULES],
    );
    await raw(
      `INSERT INTO recurring_schedules (id, user_id, billing_account_id, payment_method_id, payment_method_type, start_date)
       SELECT 'runner-schedule-' || g, $1, 'runner-lease-' || g, 'runner-card', 'TYPE_CREDIT_CARD', '2026-01-05'
       FROM generate_series(1, $2) g`,
      [DEMO_IDS.tenant, SCHEDULES],
    );
    await raw(
      `INSERT INTO recurring_payments (recurring_schedule_id, period, scheduled_date, status, amount)
       SELECT 'runner-schedule-' || g, '2026-05', '2026-05-05', 'PENDING', 0 FROM generate_series(1, $1) g`,
      [SCHEDULES],
    );
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    if (dbUrl) await dropThrowawayDatabase(serverUrl as string, dbUrl);
  });

  it('pays every schedule once between them', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([
      runJobs(apps[0].ctx, { now: at, runnerId: 'runner-a', batchSize: 20 }),
      runJobs(apps[1].ctx, { now: at, runnerId: 'runner-b', batchSize: 20 }),
    ]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(a.autopay.paid.count + b.autopay.paid.count).toBe(SCHEDULES);
    // Both took part (the claims split the rows, neither waited for the other's).
    expect(a.autopay.paid.count).toBeGreaterThan(0);
    expect(b.autopay.paid.count).toBeGreaterThan(0);
    const paidIds = [...a.autopay.paid.ids, ...b.autopay.paid.ids];
    expect(new Set(paidIds).size).toBe(SCHEDULES);

    const raw = apps[0].ctx.database.raw;
    const { rows } = await raw(
      `SELECT recurring_schedule_id, count(*)::int AS n, min(status) AS status, min(amount)::int AS amount
       FROM payment_transactions WHERE recurring_schedule_id LIKE 'runner-schedule-%' GROUP BY recurring_schedule_id`,
    );
    expect(rows).toHaveLength(SCHEDULES);
    expect(rows.every((r) => r.n === 1 && r.status === 'COMPLETE' && r.amount === 150000)).toBe(true);
    const keys = charged.map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(SCHEDULES);
    expect(new Set(keys).size).toBe(SCHEDULES);
    const { rows: left } = await raw(
      `SELECT count(*)::int AS n FROM open_charges WHERE billing_account_id LIKE 'runner-lease-%' AND balance > 0`,
    );
    expect(left[0].n).toBe(0);

    // A second round for the same instant pays nothing.
    const [a2, b2] = await Promise.all([
      runJobs(apps[0].ctx, { now: at, runnerId: 'runner-a' }),
      runJobs(apps[1].ctx, { now: at, runnerId: 'runner-b' }),
    ]);
    expect(a2.autopay.paid.count + b2.autopay.paid.count).toBe(0);
    expect(charged).toHaveLength(SCHEDULES);
  });
});
