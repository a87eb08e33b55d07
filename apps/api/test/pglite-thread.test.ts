// The embedded database's thread (src/db/pglite-thread.ts): queries, transactions, errors, dumps and death.
// PGlite only: skipped in CI's second run on PostgreSQL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatabaseError, PGliteThread } from '../src/db/pglite-thread.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
/** The seeded snapshot of global-setup.ts: starting from it skips initdb (seconds per start). */
const snapshot = () => new Blob([readFileSync(join(inject('snapshotDir'), 'pgdata.tar'))]);
const start = (opts: Parameters<typeof PGliteThread.start>[0] = {}) => PGliteThread.start({ loadDataDir: snapshot(), ...opts });

describe.skipIf(onPostgres)('PGliteThread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await start();
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, at date)');
  });
  afterAll(() => db.close());

  it('runs parameterised queries in object and array row modes', async () => {
    await db.query('INSERT INTO t (id, name, at) VALUES ($1, $2, $3)', [1, 'one', '2026-11-22']);
    const objects = await db.query<{ id: number; name: string }>('SELECT id, name FROM t WHERE id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one' }]);
    const arrays = await db.query('SELECT id, name FROM t WHERE id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'name']);
  });

  it('keeps dates as text when asked with identity parsers (as drizzle asks), and refuses any other parser', async () => {
    const parsed = await db.query<{ at: unknown }>('SELECT at FROM t WHERE id = 1');
    expect(parsed.rows[0].at).toBeInstanceOf(Date);
    const text = await db.query<{ at: unknown }>('SELECT at FROM t WHERE id = 1', [], { parsers: { 1082: (v) => v } });
    expect(text.rows[0].at).toBe('2026-11-22');
    expect(() => db.query('SELECT 1', [], { parsers: { 1082: (v) => `x${v}` } })).toThrow(/keep the text/);
  });

  it('carries the SQLSTATE code, detail and constraint of a database error', async () => {
    const err = await db.query('INSERT INTO t (id, name) VALUES (1, $1)', ['dup']).catch((e) => e);
    expect(err).toBeInstanceOf(DatabaseError);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('t_pkey');
    expect(err.message).toMatch(/duplicate key/);
  });

  it('commits a transaction when its function resolves', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES (2, $1)', ['two']);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n;
    });
    expect(result).toBe(2);
    expect((await db.query('SELECT name FROM t WHERE id = 2')).rows).toEqual([{ name: 'two' }]);
  });

  it('rolls back when the function throws, and after an explicit rollback', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES (3, $1)', ['three']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES (4, $1)', ['four']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      expect(() => tx.query('SELECT 1')).toThrow('Transaction is closed');
    });
    expect((await db.query('SELECT id FROM t WHERE id IN (3, 4)')).rows).toEqual([]);
  });

  it('rolls back everything when a statement fails inside the transaction', async () => {
    const err = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES (5, $1)', ['five']);
        await tx.query('INSERT INTO t (id, name) VALUES (5, $1)', ['again']);
      })
      .catch((e) => e);
    expect(err.code).toBe('23505');
    expect((await db.query('SELECT id FROM t WHERE id = 5')).rows).toEqual([]);
  });

  it('makes other callers wait for an open transaction instead of running inside it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO t (id, name) VALUES (6, $1)', ['six']);
      await held;
      throw new Error('roll back');
    });
    // Started while the transaction is open: it must not see (nor join) the uncommitted row.
    const outside = db.query('SELECT id FROM t WHERE id = 6');
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([]);
  });

  it('dumps the database and starts another one from the dump', async () => {
    const dump = await db.dumpDataDir();
    const copy = await PGliteThread.start({ loadDataDir: dump });
    try {
      expect((await copy.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await copy.close();
    }
  });
});

describe.skipIf(onPostgres)('PGliteThread lifecycle', () => {
  it('fails every call after close', async () => {
    const db = await start();
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('The database is closed');
  });

  it('reports a dead thread once, and fails pending and later calls', async () => {
    const deaths: Error[] = [];
    const db = await start({ onExit: (e) => deaths.push(e) });
    // Kill the thread from outside, as a crash would.
    const pending = db.query('SELECT pg_sleep(0.2)');
    await (db as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate();
    await expect(pending).rejects.toThrow(/database thread stopped/);
    await expect(db.query('SELECT 1')).rejects.toThrow(/database thread stopped/);
    expect(deaths).toHaveLength(1);
  });

  it('refuses to start on a damaged dump', async () => {
    await expect(PGliteThread.start({ loadDataDir: new Blob(['not a tarball']) })).rejects.toThrow();
  });
});
