// The embedded database's own thread: one PGlite instance answering the main thread's messages (pglite-thread.ts).
// Plain JavaScript so the worker starts without a TypeScript loader (tests, tsx and the built server alike).
// Protocol: main → { id, op: 'query' | 'exec' | 'begin' | 'end' | 'dump' | 'close', ... }; worker → { id, result }
// or { id, error }; first of all { ready: true } or { fatal }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** An error as plain data: message, name and the driver's scalar fields (code, detail, constraint, …). */
function plainError(e) {
  const out = { message: e instanceof Error ? e.message : String(e), name: e instanceof Error ? e.name : 'Error' };
  if (e && typeof e === 'object') {
    for (const [k, v] of Object.entries(e)) {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    }
  }
  return out;
}

const keep = (value) => value;
const parserCache = new Map();
/** PGlite query options: row mode, and the type ids whose values stay text (drizzle keeps dates as strings). */
function optionsOf(message) {
  if (!message.rowMode && !message.keepText) return undefined;
  const key = `${message.rowMode ?? ''}|${message.keepText?.join(',') ?? ''}`;
  let options = parserCache.get(key);
  if (!options) {
    options = { rowMode: message.rowMode };
    if (message.keepText) options.parsers = Object.fromEntries(message.keepText.map((oid) => [oid, keep]));
    parserCache.set(key, options);
  }
  return options;
}

const { dataDir, loadDataDir, sharedBuffers = '32MB' } = workerData;
let pg;
try {
  // PGlite's default shared_buffers is 160 MB, all of it touched in time: a landlord's data fits in far less, and the
  // files stay in the operating system's cache (issue 21 §3: npm start at idle ≤ 500 MB; 321 → 196 MB for PGlite alone).
  const postgresqlconf = [`shared_buffers=${sharedBuffers}`];
  pg = dataDir
    ? new PGlite(dataDir, { postgresqlconf })
    : new PGlite({ postgresqlconf, ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}) });
  await pg.waitReady;
} catch (e) {
  parentPort.postMessage({ fatal: plainError(e) });
  process.exit(1);
}

/** Open transactions by id: PGlite's transaction object, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

function begin() {
  return new Promise((opened, failed) => {
    const id = nextTransaction++;
    let end;
    const ended = new Promise((resolve) => {
      end = resolve;
    });
    const done = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done });
        opened(id);
        if (!(await ended)) await tx.rollback();
      })
      .finally(() => transactions.delete(id));
    done.catch(failed); // BEGIN itself failed (before opened); later failures go to 'end'
    transactions.set(id, { tx: null, end, done });
  });
}

function executorOf(message) {
  if (!message.tx) return pg;
  const open = transactions.get(message.tx);
  if (!open?.tx) throw new Error(`Transaction ${message.tx} is not open`);
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return executorOf(message).query(message.text, message.params, optionsOf(message));
    case 'exec':
      return executorOf(message).exec(message.text);
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`Transaction ${message.tx} is not open`);
      open.end(message.commit);
      await open.done;
      return null;
    }
    case 'dump': {
      const file = await pg.dumpDataDir('none');
      return file.arrayBuffer();
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      parentPort.postMessage({ id: message.id, result }, result instanceof ArrayBuffer ? [result] : []);
      if (message.op === 'close') parentPort.close();
    },
    (e) => parentPort.postMessage({ id: message.id, error: plainError(e) }),
  );
});
parentPort.postMessage({ ready: true });
