// Opens a seeded benchmark database: in-memory PGlite, or a fresh database on BENCH_DATABASE_URL's server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import type { AppConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../apps/api/src/db/throwaway.ts';

export async function openSeededApp(kind: string) {
  const dbUrl = kind === 'pglite' ? null : await createThrowawayDatabase(kind, 'portal_bench');
  const database = await openDatabase(dbUrl ? { databaseUrl: dbUrl } : { dataDir: 'memory' });
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    storageDir: join(dir, 'files'),
    authorizeRateLimit: { max: 100000, timeWindowMs: 60_000 },
    logLevel: 'silent',
  };
  const app = await buildApp({ database, config });
  await seedDemo(app.ctx);
  /** Closes the app and the database, drops a PostgreSQL throwaway database and removes the data folder. */
  const dispose = async () => {
    await app.close();
    await database.close();
    if (dbUrl) await dropThrowawayDatabase(kind, dbUrl);
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, database, dispose };
}
