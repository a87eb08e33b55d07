// Opens a seeded benchmark database: in-memory PGlite, or a fresh database on BENCH_DATABASE_URL's server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import type { AppConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed.ts';

export async function freshDatabaseUrl(serverUrl: string): Promise<string> {
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function openSeededApp(kind: string) {
  const database = await openDatabase(kind === 'pglite' ? { dataDir: 'memory' } : { databaseUrl: await freshDatabaseUrl(kind) });
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
  return { app, database };
}
