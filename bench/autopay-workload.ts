// issue 10 "Benchmark" (BENCH_ONLY=autopay): one job run (apps/api/src/jobs/run-jobs.ts) over 10,000 active autopay
// schedules due the same day: payments per second, total seconds, and this process's resident memory before, at its
// peak during the run (sampled every 25 ms) and after, on PGlite (a data folder on disk, as npm start has it, PGlite on
// its own thread inside this process) and on PostgreSQL when BENCH_DATABASE_URL is set (the server's memory is its own:
// the column is the job's process only). Target: all paid in under 60 s on PGlite with memory flat (streamed in batches).
//
// The data: the demo seed, then BENCH_AUTOPAY_COUNT (default 10,000) tenants bulk-inserted in one statement per table
// (generate_series): each a copy of the demo tenant with one active lease at Harbourview (a copy of the demo lease),
// one open rent charge due today, a Visa on file (the sandbox token the seed uses, which approves), a schedule on that
// card for the balance due, and its upcoming payment (PENDING, dated today). Then one runJobs at noon UTC today, a
// check that every schedule was paid exactly once (a transaction per schedule, each occurrence COMPLETE, the next
// month's upcoming payment made), and a second run for the same instant, which must pay nothing.
//
// Run by bench/run.mjs as `autopay-workload.ts <kind>...` (pglite, or a postgres:// URL): each kind is measured in a
// fresh child process (`measure <kind>`), so one kind's memory does not colour the other's. Alone:
// `node --import tsx bench/autopay-workload.ts pglite [postgres://…]` prints the table. BENCH_AUTOPAY_BATCH sets the
// job's batchSize (its default otherwise).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import type { AppConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { DEMO_IDS, seedDemo } from '../apps/api/src/db/seed.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../apps/api/src/db/throwaway.ts';
import { runJobs } from '../apps/api/src/jobs/run-jobs.ts';

const COUNT = Number(process.env.BENCH_AUTOPAY_COUNT ?? 10_000);
const BATCH = process.env.BENCH_AUTOPAY_BATCH ? Number(process.env.BENCH_AUTOPAY_BATCH) : undefined;
const RENT_CENTS = 150_000;
const MB = 1024 * 1024;

export interface AutopayRow {
  kind: string;
  schedules: number;
  batchSize: number | 'default';
  seedSeconds: number;
  seconds: number;
  paid: number;
  paymentsPerSecond: number;
  /** Other outcomes of the first run (failed, skipped, late): all should be 0. */
  notPaid: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  heapBeforeMb: number;
  heapPeakMb: number;
  /** The check after the run: transactions and completed occurrences per schedule, next upcoming payments. */
  check: { transactions: number; doublePaid: number; complete: number; nextPending: number };
  /** The second run for the same instant. */
  secondRun: { paid: number; seconds: number };
  errors: string[];
}

const todayUtc = (d: Date) => d.toISOString().slice(0, 10);

/** The column list of a table, generated columns left out (the database keeps those). */
async function columnsOf(database: Database, table: string): Promise<string[]> {
  const { rows } = await database.raw(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => String(r.column_name));
}

/**
 * COUNT copies of one row of `table` (its id `templateId`), one per g in 1..COUNT, in one statement: each column is
 * the template's unless `overrides` gives an SQL expression of g for it.
 */
async function copyRows(database: Database, table: string, templateId: string, overrides: Record<string, string>) {
  const cols = await columnsOf(database, table);
  for (const c of Object.keys(overrides)) if (!cols.includes(c)) throw new Error(`${table} has no column ${c}`);
  const exprs = cols.map((c) => overrides[c] ?? `t."${c}"`);
  await database.raw(
    `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')})
     select ${exprs.join(', ')} from "${table}" t, generate_series(1, ${COUNT}) g where t.id = $1`,
    [templateId],
  );
}

/** A stable uuid for the g-th row of a kind (the same in both databases). */
const uuidOf = (kind: string) => `md5('bench-autopay-${kind}-' || g)::uuid::text`;

async function seedSchedules(database: Database, day: string) {
  const customer = uuidOf('customer');
  const lease = uuidOf('lease');
  const card = uuidOf('card');
  const schedule = uuidOf('schedule');
  await copyRows(database, 'customers', DEMO_IDS.tenant, {
    id: customer,
    email: `'bench-autopay-' || g || '@bench.test'`,
    first_name: `'Bench'`,
    last_name: `'Tenant ' || g`,
    acknowledged_terms: 'true',
    acknowledged_terms_at: 'now()',
  });
  await copyRows(database, 'property_leases', DEMO_IDS.leaseActive, {
    id: lease,
    user_id: customer,
    unit: `'B-' || g`,
    require_auto_pay: 'false',
  });
  await copyRows(database, 'payment_methods', DEMO_IDS.cardVisa, {
    id: card,
    user_id: customer,
    // The sandbox processor approves the seed's token; the fingerprint is one per card, as tokenising would make it.
    fingerprint: `'bench-fp-' || g`,
    name_on_card: `'Bench Tenant ' || g`,
    created_at: 'now()',
  });
  await database.raw(
    `insert into open_charges (id, billing_account_id, code, name, due_date, post_month, amount, balance)
     select ${uuidOf('charge')}, ${lease}, 'Rent', 'Rent', $1::date, date_trunc('month', $1::date)::date, $2, $2
       from generate_series(1, ${COUNT}) g`,
    [day, RENT_CENTS],
  );
  await database.raw(
    `insert into recurring_schedules (id, user_id, billing_account_id, payment_method_id, payment_method_type, start_date,
                                      custom_amount, pad_schedule, active)
     select ${schedule}, ${customer}, ${lease}, ${card}, 'TYPE_CREDIT_CARD', $1::date, 0, false, true
       from generate_series(1, ${COUNT}) g`,
    [day],
  );
  await database.raw(
    `insert into recurring_payments (id, recurring_schedule_id, period, scheduled_date, status, amount)
     select ${uuidOf('occurrence')}, ${schedule}, to_char($1::date, 'YYYY-MM'), $1::date, 'PENDING', 0
       from generate_series(1, ${COUNT}) g`,
    [day],
  );
  // Fresh statistics, as autovacuum would have them on a portal that grew to this size.
  await database.raw('analyze');
}

/** What the run left: per bench schedule, its transactions and completed occurrence, and the next upcoming payment. */
async function checkRun(database: Database) {
  const { rows } = await database.raw(
    `with b as (select ${uuidOf('schedule')} as id from generate_series(1, ${COUNT}) g),
          paid as (select t.recurring_schedule_id as sid, count(*) as n from payment_transactions t
                    join b on b.id = t.recurring_schedule_id where t.status <> 'FAILED' group by 1)
     select
       (select count(*)::int from payment_transactions t join b on b.id = t.recurring_schedule_id) as transactions,
       (select count(*)::int from paid where n > 1) as double_paid,
       (select count(*)::int from recurring_payments p join b on b.id = p.recurring_schedule_id
         where p.status = 'COMPLETE' and p.transaction_id is not null) as complete,
       (select count(*)::int from recurring_payments p join b on b.id = p.recurring_schedule_id
         where p.status = 'PENDING') as next_pending`,
  );
  const r = rows[0];
  return {
    transactions: Number(r.transactions),
    doublePaid: Number(r.double_paid),
    complete: Number(r.complete),
    nextPending: Number(r.next_pending),
  };
}

const memory = () => {
  const m = process.memoryUsage();
  return { rss: m.rss / MB, heap: m.heapUsed / MB };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lets the collector run (when exposed) and the memory settle, then reads it. */
async function settledMemory() {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await sleep(200);
  }
  return memory();
}

/** A benchmark database (PGlite in a temporary folder, or a throwaway PostgreSQL database) and the app over it. */
export async function openAutopayBench(kind: string) {
  const dbUrl = kind === 'pglite' ? null : await createThrowawayDatabase(kind, 'portal_bench');
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-autopay-'));
  const database = await openDatabase(dbUrl ? { databaseUrl: dbUrl } : { dataDir: join(dir, 'pglite') });
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir, // the sandbox processor keeps its durable log here, fsync'ed per charge, as in the server
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    storageDir: join(dir, 'files'),
    authorizeRateLimit: { max: 100000, timeWindowMs: 60_000 },
    logLevel: 'silent',
  };
  // The e-mails are rendered and marked sent as with any transport, but not printed (10,000 of them).
  const mail = { sent: 0, name: 'bench', send: async () => void mail.sent++ };
  const app = await buildApp({ database, config, mail });
  const seedStart = performance.now();
  await seedDemo(app.ctx);
  const now = new Date();
  now.setUTCHours(12, 0, 0, 0);
  await seedSchedules(database, todayUtc(now));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const dispose = async () => {
    await app.close();
    await database.close();
    if (dbUrl) await dropThrowawayDatabase(kind, dbUrl);
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, database, now, seedSeconds, mail, dispose };
}

export async function measureAutopay(kind: string): Promise<AutopayRow> {
  const { app, database, now, seedSeconds, dispose } = await openAutopayBench(kind);
  try {
    const before = await settledMemory();
    let peak = before;
    const sampler = setInterval(() => {
      const m = memory();
      peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap) };
    }, 25);
    const errors: string[] = [];
    const started = performance.now();
    const report = await runJobs(app.ctx, {
      now,
      batchSize: BATCH,
      log: (msg, data) => errors.push(`${msg} ${JSON.stringify(data ?? {})}`.slice(0, 300)),
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const m = memory();
    peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap) };
    const after = await settledMemory();
    for (const e of report.errors) errors.push(`${e.step}: ${e.error}`);

    const check = await checkRun(database);
    const again = await runJobs(app.ctx, { now, batchSize: BATCH });
    const a = report.autopay;
    const skipped = Object.values(a.skipped).reduce((n, l) => n + l.count, 0);
    return {
      kind: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      schedules: COUNT,
      batchSize: BATCH ?? 'default',
      seedSeconds,
      seconds,
      paid: a.paid.count,
      paymentsPerSecond: a.paid.count / seconds,
      notPaid: a.paidLate.count + a.failed.count + skipped,
      rssBeforeMb: before.rss,
      rssPeakMb: peak.rss,
      rssAfterMb: after.rss,
      heapBeforeMb: before.heap,
      heapPeakMb: peak.heap,
      check,
      secondRun: {
        paid: again.autopay.paid.count + again.autopay.paidLate.count + again.autopay.failed.count,
        seconds: again.durationMs / 1000,
      },
      errors: errors.slice(0, 10),
    };
  } finally {
    await dispose();
  }
}

const f0 = (n: number, w = 8) => n.toFixed(0).padStart(w);
const f1 = (n: number, w = 8) => n.toFixed(1).padStart(w);

/** The table, as bench/run.mjs prints it. */
export function autopayLines(rows: AutopayRow[]): string[] {
  const lines = [
    `Autopay job (issue 10): one runJobs over ${rows[0]?.schedules ?? COUNT} active card schedules due the same day (batch size ${rows[0]?.batchSize ?? 'default'})`,
    'database      payments/s  total s     paid  other  RSS before / peak / after MB   heap before / peak MB  2nd run paid  check',
  ];
  for (const r of rows) {
    const ok =
      r.check.transactions === r.schedules &&
      r.check.doublePaid === 0 &&
      r.check.complete === r.schedules &&
      r.check.nextPending === r.schedules &&
      r.secondRun.paid === 0;
    lines.push(
      `${r.kind.padEnd(12)} ${f0(r.paymentsPerSecond, 10)}  ${f1(r.seconds, 7)}  ${f0(r.paid, 7)}  ${f0(r.notPaid, 5)}  ${f0(r.rssBeforeMb, 9)} / ${f0(r.rssPeakMb, 5)} / ${f0(r.rssAfterMb, 5)}      ${f0(r.heapBeforeMb, 7)} / ${f0(r.heapPeakMb, 5)}  ${f0(r.secondRun.paid, 12)}  ${ok ? 'ok' : `FAILED ${JSON.stringify(r.check)}`}`,
    );
    for (const e of r.errors) lines.push(`  error: ${e}`);
  }
  lines.push(
    `  seeding took ${rows.map((r) => `${r.seedSeconds.toFixed(1)} s (${r.kind})`).join(', ')}; the RSS is this process's (PGlite runs in it, on its own thread; PostgreSQL's memory is the server's)`,
  );
  lines.push(
    '  check: one transaction per schedule, no schedule paid twice, every occurrence COMPLETE, next month upcoming; 2nd run = same instant again',
  );
  lines.push('  target: all paid in < 60 s on PGlite, memory flat (peak near before: the job streams in batches)');
  return lines;
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] === self) {
  if (process.argv[2] === 'measure') {
    const row = await measureAutopay(process.argv[3] ?? 'pglite');
    process.send?.({ row });
    process.exit(0);
  }
  const kinds = process.argv.length > 2 ? process.argv.slice(2) : ['pglite'];
  const rows: AutopayRow[] = [];
  for (const kind of kinds) {
    const child = fork(self, ['measure', kind], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    rows.push(
      await new Promise<AutopayRow>((resolve, reject) => {
        child.once('message', (m) => resolve((m as { row: AutopayRow }).row));
        child.once('exit', (code) => reject(new Error(`autopay bench (${kind}) exited ${code}`)));
      }),
    );
  }
  const lines = autopayLines(rows);
  if (process.send) {
    process.send({ autopay: { rows, lines } });
    process.exit(0);
  }
  console.log(lines.join('\n'));
}
