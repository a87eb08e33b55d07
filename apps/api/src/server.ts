// The one process: open the database, migrate, seed the demo when asked, serve the SPA and the API.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed.ts';
import { startPaymentRecovery } from './jobs/payment-recovery.ts';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  config.webDist = process.env.WEB_DIST ?? join(here, '../../web/dist');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    // Without its database thread the portal can only fail: exit, so a supervisor (or the user) restarts it.
    onDatabaseExit: (err) => {
      console.error(`Fatal: ${err.message}`);
      process.exit(1);
    },
  });
  const app = await buildApp({ database, config, logger: { level: config.logLevel } });
  // The embedded database always gets the demo; a real PostgreSQL only with --demo.
  const wantDemo = database.kind === 'pglite' || process.argv.includes('--demo');
  if (wantDemo && (await isDatabaseEmpty(app.ctx))) {
    await seedDemo(app.ctx);
    app.log.info('demo data seeded');
  }
  // Payments left INPROCESS by a process that died are settled before the first request is served.
  const recovery = startPaymentRecovery(app.ctx, {
    olderThanMs: Number(process.env.PAYMENT_RECOVERY_AGE_MS ?? 30_000),
    log: (msg, data) => app.log.warn(data ?? {}, msg),
  });
  await recovery.ready;
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
  console.log(`${lines.join('\n')}\n`);
  const stop = async () => {
    recovery.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
