// The embedded PostgreSQL (PGlite) on its own thread: the database's work (about three quarters of a search
// request) no longer blocks the event loop, so HTTP parsing, auth and serialisation run beside it on the second
// core. PGliteThread offers the part of PGlite's interface that drizzle's pglite driver and our code use:
// query, exec, transaction, dumpDataDir, close.
import { Worker } from 'node:worker_threads';

type Row = Record<string, unknown>;

export interface QueryResult<T = Row> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Per type id parsers. Only "keep the text" parsers cross the thread (drizzle's, for dates and intervals). */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface PGliteExecutor {
  query<T = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  exec(text: string): Promise<QueryResult[]>;
}

export interface PGliteTransaction extends PGliteExecutor {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** A database error as thrown by PGlite, with its SQLSTATE code, detail and constraint. */
export class DatabaseError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string };
  ready?: boolean;
  fatal?: { message: string };
}

function errorOf(plain: NonNullable<Reply['error']>): Error {
  const { message, name, ...fields } = plain;
  const err = new DatabaseError(message);
  Object.assign(err, fields);
  err.name = name;
  return err;
}

const PROBE = 'pglite-thread-probe';
/** The type ids whose values must stay text; refuses any parser that would do more than that. */
function keepTextTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE) !== PROBE) throw new Error(`Only "keep the text" parsers can run on the database thread (type ${oid})`);
    return Number(oid);
  });
}

export interface PGliteThreadOptions {
  /** Folder of a persistent database; absent for an in-memory one. */
  dataDir?: string;
  /** An in-memory database started from a dump (dumpDataDir output). */
  loadDataDir?: Blob;
  /** Called once if the thread dies (crash, out of memory): every later call fails. */
  onExit?: (error: Error) => void;
}

export class PGliteThread implements PGliteExecutor {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private dead: Error | null = null;
  private readonly onExit?: (error: Error) => void;
  readonly waitReady: Promise<void>;

  private constructor(workerData: { dataDir?: string; loadDataDir?: ArrayBuffer }, onExit?: (error: Error) => void) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData,
      transferList: workerData.loadDataDir ? [workerData.loadDataDir] : [],
      // The worker is plain JavaScript: no TypeScript loader, whatever the main thread was started with.
      execArgv: [],
    });
    this.worker.unref(); // held only while calls are pending (call())
    this.waitReady = new Promise((resolve, reject) => {
      const onFirst = (m: Reply) => {
        if (m.ready) resolve();
        else if (m.fatal) reject(new Error(`The database did not start: ${m.fatal.message}`));
      };
      this.worker.once('message', onFirst);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (m: Reply) => this.settle(m));
    this.worker.on('error', (e) => this.die(e));
    this.worker.on('exit', (code) => this.die(new Error(`The database thread stopped (exit code ${code})`)));
    this.onExit = onExit;
  }

  static async start(opts: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const loadDataDir = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
    const thread = new PGliteThread({ dataDir: opts.dataDir, loadDataDir }, opts.onExit);
    thread.worker.ref();
    try {
      await thread.waitReady;
    } finally {
      thread.worker.unref();
    }
    return thread;
  }

  private settle(m: Reply) {
    if (m.id === undefined) return;
    const call = this.pending.get(m.id);
    if (!call) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.error) call.reject(errorOf(m.error));
    else call.resolve(m.result);
  }

  private die(error: Error) {
    if (this.dead) return;
    this.dead = error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    this.onExit?.(error);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T = Row>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<QueryResult<T>> {
    return this.call({ op: 'query', text, params, rowMode: options?.rowMode, keepText: keepTextTypes(options?.parsers), tx });
  }

  exec(text: string, tx?: number): Promise<QueryResult[]> {
    return this.call({ op: 'exec', text, tx });
  }

  /** Runs fn in one transaction on the database thread: committed when fn resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx: PGliteTransaction = {
      query: (text, params, options) => {
        open();
        return this.query(text, params, options, id);
      },
      exec: (text) => {
        open();
        return this.exec(text, id);
      },
      rollback: async () => {
        open();
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await end(false);
      throw err;
    }
    await end(true);
    return result;
  }

  /** The whole database as an uncompressed tarball (PGlite dumpDataDir). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (this.dead) return;
    await this.call({ op: 'close' });
    this.dead = new Error('The database is closed');
    await this.worker.terminate();
  }
}
