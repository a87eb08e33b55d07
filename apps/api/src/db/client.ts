// Opens the database: embedded PGlite (default, under DATA_DIR or in memory) or PostgreSQL (DATABASE_URL).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw parameterised SQL through the driver (used by the benchmark's direct baseline). */
  raw: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
  /** PGlite only: the whole database as a tarball. */
  dump?: () => Promise<Blob | File>;
}

/** Raw parameterised SQL on an executor: the database itself or an open transaction (its connection). */
export type RawRun = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs constant SQL text through the executor's own driver client, skipping drizzle's query building and row mapping
 * (hot paths, issue 8 "Benchmark"). Works alike for PGlite (its thread client or a transaction of it) and
 * node-postgres (the pool, or a transaction's pooled connection): drizzle keeps that client as its session's `client`.
 * Values come back as the driver parses them: select dates and timestamps as ::text where drizzle would keep the text.
 */
export function rawOf(executor: Executor): RawRun {
  const { client } = (executor as unknown as { session: { client: { query: RawRun } } }).session;
  return (text, params = []) => client.query(text, params);
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface OpenOptions {
  /** postgres:// URL; when set, a real PostgreSQL server is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; 'memory' for an in-memory one (tests). */
  dataDir?: string;
  /** Start the in-memory database from a dump (PGlite dumpDataDir): tests skip initdb, migrations and seeding. */
  loadDataDir?: Blob;
  /** PGlite only: called if the database thread dies (the server exits rather than answer 500s). */
  onDatabaseExit?: (error: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // node-postgres parses int8 as string by default; our money columns fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      raw: async (text, params) => pool.query(text, params as unknown[]),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(dirname(dir), { recursive: true });
  // PGlite runs on its own thread (pglite-thread.ts); drizzle's pglite driver talks to it as to PGlite itself.
  const client = await PGliteThread.start({
    dataDir: dir === 'memory' ? undefined : dir,
    loadDataDir: opts.loadDataDir,
    onExit: opts.onDatabaseExit,
  });
  const typed = drizzlePglite({ client: client as unknown as PGlite, schema });
  await migratePglite(typed, { migrationsFolder });
  return {
    db: typed as unknown as Db,
    kind: 'pglite',
    dump: () => client.dumpDataDir(),
    raw: (text, params) => client.query(text, params),
    close: () => client.close(),
  };
}
