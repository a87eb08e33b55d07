// The one process: open the database, migrate, seed the demo when asked, serve the SPA and the API.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type PoolName } from './db/client.ts';
import { isDatabaseUnavailable } from './db/connection-errors.ts';
import { DataDirLockedError } from './db/data-lock.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed.ts';
import { jobTimerFromEnv, startJobTimer } from './jobs/job-timer.ts';
import { startPaymentRecovery } from './jobs/payment-recovery.ts';
import internalJobRoutes from './routes/internal/jobs.ts';
import { issueJobsSecret, withdrawJobsSecret } from './routes/internal/jobs-secret.ts';
import { sweepStorage } from './services/documents/sweep-storage.ts';
import { startMailer } from './services/mail/mailer.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Where a lost database connection is reported: stderr until the app's logger exists, then that logger. */
let reportLostConnection = (err: Error, pool: PoolName) =>
  console.warn(`database connection lost (${pool} pool): ${err.message}; the next query reconnects`);

/**
 * Last net behind every promise and event (issue 20 §2): a database connection error that escaped its caller (an
 * 'error' event or a rejection nobody awaited) is logged and the process keeps serving, since the pool drops the broken
 * connection by itself. Anything else is a defect whose state is unknown: logged, and the process exits as Node would.
 */
function onEscapedError(kind: 'uncaughtException' | 'unhandledRejection') {
  return (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      reportLostConnection(reason instanceof Error ? reason : new Error(String(reason)), 'main');
      return;
    }
    console.error(`Fatal ${kind}:`, reason);
    process.exit(1);
  };
}

async function main() {
  process.on('uncaughtException', onEscapedError('uncaughtException'));
  process.on('unhandledRejection', onEscapedError('unhandledRejection'));
  const config = loadConfig();
  config.webDist = process.env.WEB_DIST ?? join(here, '../../web/dist');
  const open = async () => {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: join(config.dataDir, 'pglite'),
      port: config.port,
      // Without its database thread the portal can only fail: exit, so a supervisor (or the user) restarts it.
      onDatabaseExit: (err) => {
        console.error(`Fatal: ${err.message}`);
        process.exit(1);
      },
      onConnectionError: (err, pool) => reportLostConnection(err, pool),
    });
    return { database, app: await buildApp({ database, config, logger: { level: config.logLevel } }) };
  };
  let { database, app } = await open();
  // The embedded database always gets the demo; a real PostgreSQL only with --demo.
  const wantDemo = database.kind === 'pglite' || process.argv.includes('--demo');
  // issue 25: on the demo the sandbox inbox (/sandbox/mail) is open to anyone, so a newcomer can follow a "sent" reset
  // link; a real deployment keeps it to admins (it holds reset links) unless MAIL_SANDBOX_PUBLIC=1 says otherwise.
  if (wantDemo) config.mailboxPublic = true;
  if (wantDemo && (await isDatabaseEmpty(app.ctx))) {
    await seedDemo(app.ctx);
    app.log.info('demo data seeded');
    if (database.kind === 'pglite') {
      // Migrating and seeding grew the embedded database's memory (WebAssembly memory never shrinks): opened afresh,
      // the first start holds at idle what every later start does (issue 21 §3: ~870 → ~420 MB).
      await app.close();
      await database.close();
      ({ database, app } = await open());
      // …and the seed's garbage goes now rather than whenever V8 next needs room (npm start exposes gc).
      (globalThis as { gc?: () => void }).gc?.();
    }
  }
  reportLostConnection = (err, pool) =>
    app.log.warn(
      { pool, code: (err as { code?: unknown }).code, reason: err.message },
      'database connection lost: dropped from the pool, the next query reconnects',
    );
  // `npm run jobs` cannot open a folder this process holds: it asks here instead, with the secret written at each start
  // (routes/internal/jobs.ts). On PostgreSQL the command runs the jobs itself.
  const jobsSecret = database.kind === 'pglite' ? issueJobsSecret(config.dataDir) : null;
  if (jobsSecret) await app.register(internalJobRoutes, { prefix: '/api', secret: jobsSecret });
  // Upload files a crash left half-done (issue 9): placed when their row was committed, removed otherwise. On PGlite
  // the folder's lock makes this process the only user; with PostgreSQL other processes may be mid-upload (an hour's grace).
  const swept = await sweepStorage(app.ctx, { graceMs: database.kind === 'pglite' ? 0 : 3_600_000 });
  if (swept.placed || swept.removed) app.log.warn(swept, 'upload files left by an earlier stop were swept');
  // Payments left INPROCESS by a process that died are settled before the first request is served.
  const recovery = startPaymentRecovery(app.ctx, {
    olderThanMs: Number(process.env.PAYMENT_RECOVERY_AGE_MS ?? 30_000),
    log: (msg, data) => app.log.warn(data ?? {}, msg),
  });
  await recovery.ready;
  // The job (issue 10: autopay, reminders, instalments, vouchers, bank settlement, e-mail outbox): at start, then on a timer.
  const jobSettings = jobTimerFromEnv();
  const jobs = jobSettings.disabled
    ? null
    : startJobTimer(app.ctx, { everyMs: jobSettings.everyMs, log: (msg, data) => app.log.info(data ?? {}, msg) });
  // issue 25: the outbox's sender, woken by whatever queues a mail (a reset link arrives in seconds), retries on its timer.
  const mailer = startMailer(app.ctx, { log: (msg, data) => app.log.info(data ?? {}, msg) });
  app.ctx.mailer = mailer;
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Tenant portal running at ${url}  (API: ${url}/api, OpenAPI: ${url}/api/docs)`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (wantDemo) {
    lines.push(`  Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(22)} ${l.role}`);
  }
  if (config.mailboxPublic && app.ctx.mail?.name === 'sandbox') {
    lines.push(`  Demo inbox (every e-mail the portal sends): ${url}/sandbox/mail`);
  }
  console.log(`${lines.join('\n')}\n`);
  let stopping = false;
  const stop = async () => {
    // Ctrl-C reaches this process twice under npm start (from the terminal and passed on by start.mjs): close once.
    if (stopping) return;
    stopping = true;
    recovery.stop();
    await jobs?.stop();
    await mailer.stop();
    if (jobsSecret) withdrawJobsSecret(config.dataDir, jobsSecret);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  // A data folder another server holds: its message names that server (no stack trace needed).
  console.error(err instanceof DataDirLockedError ? `Fatal: ${err.message}` : err);
  process.exit(1);
});
