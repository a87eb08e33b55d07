// Opens the database: embedded PGlite (default, under DATA_DIR or in memory) or PostgreSQL (DATABASE_URL).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { SEARCH_STATEMENT_TIMEOUT_MS } from '@portal/domain/search-limits';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataLock } from './data-lock.ts';
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
  /**
   * PostgreSQL only: raw SQL of searches on their own pool, whose statements stop after SEARCH_STATEMENT_TIMEOUT_MS
   * (SQLSTATE 57014; issue 9 "Fair use"). PGlite cannot interrupt a statement (WebAssembly has no timer signal).
   */
  rawSearch?: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: the whole database as a tarball. */
  dump?: () => Promise<Blob | File>;
  /** Whether `SELECT 1` answers within timeoutMs (readiness, GET /api/ready; issue 20 §2). Never throws. */
  ping: (timeoutMs: number) => Promise<boolean>;
  /** PostgreSQL only: a new client of its own, not yet connected (issue 24: LISTEN needs a connection kept for it). */
  newClient?: () => pg.Client;
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
  /** PGlite in a folder: the port this process serves, written into the folder's lock for a refused second process. */
  port?: number;
  /**
   * PostgreSQL only: told of each connection the server or the network dropped (a restart, a failover, an idle or proxy
   * timeout). The pool has dropped it already and the next query opens a new one (issue 20 §2). Default: a line on stderr.
   */
  onConnectionError?: (err: Error, pool: PoolName) => void;
  /** PostgreSQL only: apply the migrations when opening (default true). */
  migrate?: boolean;
}

export type PoolName = 'main' | 'search';

/** Seconds of silence on an idle connection before TCP keepalive probes it: a peer gone without a word is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * Waiting for a connection (a new one, or a free one of the pool) gives up after this long: a database that is down or
 * out of reach answers 503 in seconds instead of holding every request (PG_CONNECT_TIMEOUT_MS overrides).
 */
function connectTimeoutMs(): number {
  const ms = Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 10_000);
  return Number.isFinite(ms) && ms > 0 ? ms : 10_000;
}

/**
 * A pg.Pool that survives its connections' loss. node-postgres emits 'error' on the pool for an idle connection that
 * breaks, and on the client itself for one checked out between two statements (a transaction awaiting something else):
 * the pool listens on its idle clients only. An 'error' event nobody listens to ends the process (issue 20 §2: both
 * servers died within 3 s of pg_terminate_backend), so both get a listener here. A broken client is not queryable any
 * more: the pool removes it when it is released, and the next query connects afresh.
 */
function resilientPool(config: pg.PoolConfig, name: PoolName, onError: (err: Error, pool: PoolName) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionTimeoutMillis: connectTimeoutMs(),
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    application_name: name === 'main' ? 'tenant-portal' : 'tenant-portal-search',
    ...config,
  });
  // One report per lost connection: an idle one raises both events below.
  const reported = new WeakSet<object>();
  const report = (err: Error, client: object) => {
    if (reported.has(client)) return;
    reported.add(client);
    onError(err, name);
  };
  pool.on('error', (err, client) => report(err, client));
  pool.on('connect', (client) => {
    client.on('error', (err) => report(err, client));
  });
  return pool;
}

/** Whether a probe answers within timeoutMs; a late answer or failure is swallowed (no unhandled rejection). */
async function answersOnce(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      probe().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a probe answers before the deadline. A connection the database ended a moment ago may still sit idle in the
 * pool until its end is read: that failure removes it, so the probe tries again (a database that is down fails fast).
 */
async function answersWithin(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (let attempt = 0; attempt < 3; attempt++) {
    const left = deadline - performance.now();
    if (left <= 0) return false;
    if (await answersOnce(probe, left)) return true;
  }
  return false;
}

function logConnectionError(err: Error, pool: PoolName): void {
  console.warn(`database connection lost (${pool} pool): ${err.message}; the next query reconnects`);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const onError = opts.onConnectionError ?? logConnectionError;
    const pool = resilientPool(
      { connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) },
      'main',
      onError,
    );
    // node-postgres parses int8 as string by default; our money columns fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      if (opts.migrate !== false) await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    const searchPool = resilientPool(
      {
        connectionString: opts.databaseUrl,
        max: Number(process.env.PG_SEARCH_POOL_MAX ?? 10),
        statement_timeout: SEARCH_STATEMENT_TIMEOUT_MS,
      },
      'search',
      onError,
    );
    return {
      db,
      kind: 'postgres',
      raw: async (text, params) => pool.query(text, params as unknown[]),
      rawSearch: async (text, params) => searchPool.query(text, params as unknown[]),
      newClient: () =>
        new pg.Client({ connectionString: opts.databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS }),
      // On the main pool, where requests run: ready means this process can reach the database now.
      ping: (timeoutMs) => {
        // query_timeout (read by pg's client, absent from its types) ends a probe stuck on a silent connection.
        const probe: pg.QueryConfig & { query_timeout: number } = { text: 'SELECT 1', query_timeout: timeoutMs };
        return answersWithin(() => pool.query(probe), timeoutMs);
      },
      close: async () => {
        await Promise.all([pool.end(), searchPool.end()]);
      },
    };
  }
  const dir = opts.dataDir ?? 'memory';
  if (dir !== 'memory') mkdirSync(dirname(dir), { recursive: true });
  // One process per folder (issue 9): a second one refuses here, naming the holder, before touching any file.
  const lock = dir === 'memory' ? null : acquireDataLock(dir, { port: opts.port });
  let client: PGliteThread;
  try {
    // PGlite runs on its own thread (pglite-thread.ts); drizzle's pglite driver talks to it as to PGlite itself.
    client = await PGliteThread.start({
      dataDir: dir === 'memory' ? undefined : dir,
      loadDataDir: opts.loadDataDir,
      onExit: opts.onDatabaseExit,
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const typed = drizzlePglite({ client: client as unknown as PGlite, schema });
  try {
    await migratePglite(typed, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
  return {
    db: typed as unknown as Db,
    kind: 'pglite',
    dump: () => client.dumpDataDir(),
    raw: (text, params) => client.query(text, params),
    ping: (timeoutMs) => answersWithin(() => client.query('SELECT 1'), timeoutMs),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
