// issue 8 "Benchmark": POST /processpayment as the payment page makes it (the demo tenant pays 12.34 on the active lease
// with the saved Visa, a new Idempotency-Key each time), and the same work without the API: the exact statements of
// one payment and its sandbox processor charge, replayed through the database driver.
//
// The statements are not written out here: preparePaymentWorkload records the ones the real payment service issues
// (routes/payments/index.ts → services/payments/idempotency.ts runIdempotent → services/payments/process-payment.ts
// processPayment) for one payment, through a recording client under drizzle, and replayPayment runs them again with a
// new key, confirmation id, transaction id and processor charge. So (b) and (d) follow the service as it changes.
//
// The data stays valid for the whole run: the lease's seeded open charges are paid off once, then one large charge
// due next month takes every payment (each one is allocated to it, like a partial payment of the next rent), and the
// lock, allocation and balance update of the ledger run on every payment.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { toIsoInstant } from '@portal/domain/dates';
import { processPaymentBodySchema } from '@portal/domain/payment-shapes';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { AppContext } from '../apps/api/src/context.ts';
import type { Database, Db } from '../apps/api/src/db/client.ts';
import type { PGliteThread } from '../apps/api/src/db/pglite-thread.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import type { ChargeInput, PaymentProcessor } from '../apps/api/src/providers/processor/processor.ts';
import { runIdempotent } from '../apps/api/src/services/payments/idempotency.ts';
import { newConfirmationId } from '../apps/api/src/services/payments/ledger.ts';
import { processPayment } from '../apps/api/src/services/payments/process-payment.ts';

export const PAYMENT_PATH = '/api/processpayment';

export const paymentRequestBody = {
  billingAccountId: DEMO_IDS.leaseActive,
  billingAccountType: 'TYPE_PROPERTY_LEASE',
  paymentMethodId: DEMO_IDS.cardVisa,
  paymentMethodType: 'TYPE_CREDIT_CARD',
  amount: 12.34,
};

/** The open charge every benchmark payment is allocated to (a fixed id: the same in every benchmark database). */
const BENCH_CHARGE_ID = '00000000-0000-4000-8000-00000000be0c';

type Rows = { rows: Record<string, unknown>[] };

/** The driver, as the replay uses it: plain statements, and a transaction on one connection. */
export interface SqlClient {
  query(text: string, params: unknown[]): Promise<Rows>;
  transaction<T>(fn: (tx: { query(text: string, params: unknown[]): Promise<Rows> }) => Promise<T>): Promise<T>;
}

/** The app's own driver: the PGlite thread client, or the node-postgres pool (the objects drizzle was built on). */
export function driverClient(database: Database): SqlClient {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') return pgliteClient(client as PGliteThread);
  const pool = client as pg.Pool;
  return {
    query: (text, params) => pool.query(text, params),
    async transaction(fn) {
      // As drizzle's node-postgres session does it: one pooled connection, begin … commit.
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await fn({ query: (text, params) => conn.query(text, params) });
        await conn.query('commit');
        return result;
      } catch (err) {
        await conn.query('rollback');
        throw err;
      } finally {
        conn.release();
      }
    },
  };
}

/** PGlite in this thread, or the PGlite thread client: both have query and transaction. */
export function pgliteClient(client: PGlite | PGliteThread): SqlClient {
  return {
    query: (text, params) => client.query(text, params) as Promise<Rows>,
    transaction: (fn) =>
      (client as PGliteThread).transaction((tx) => fn({ query: (text, params) => tx.query(text, params) as Promise<Rows> })),
  };
}

interface Statement {
  text: string;
  params: unknown[];
  /** Indexes of the string params holding a per-payment value (key, ids, confirmation, date). */
  varying: number[];
  /** The INSERT of the transaction: its row gives the new transaction id (this column) and date. */
  returnsTransactionId?: string;
}

type Step = { t: 'sql'; statement: Statement } | { t: 'tx'; statements: Statement[] } | { t: 'charge'; input: ChargeInput };

/** One payment as the service ran it: what to run again, and the values that are new for every payment. */
export interface PaymentSample {
  steps: Step[];
  /** The sample's own values, replaced in every replay. */
  values: { key: string; transactionId: string; confirmationId: string; chargeId: string; createDate: string };
  /** Where the stored answer (the response body) is: step, statement in the step, param. */
  answer: { step: number; statement: number; param: number };
  /** E.g. "9 statements (2 transactions) + 1 processor charge". */
  shape: string;
}

type Event =
  | { t: 'begin' }
  | { t: 'commit' }
  | { t: 'query'; text: string; params: unknown[]; result: { rows: unknown[]; fields?: { name: string }[] } }
  | { t: 'charge'; input: ChargeInput };

/** A drizzle instance of the same driver kind that records every statement (and transaction bounds) it sends. */
async function recordingDb(database: Database, events: Event[]): Promise<{ db: Db; done: () => void }> {
  const record = async (text: string, params: unknown[], run: Promise<unknown>) => {
    const result = (await run) as { rows: unknown[]; fields?: { name: string }[] };
    events.push({ t: 'query', text, params: [...params], result });
    return result;
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    type Q = (text: string, params?: unknown[], options?: object) => Promise<unknown>;
    const inner = client as PGliteThread;
    const recorder = {
      query: ((text, params = [], options) => record(text, params, inner.query(text, params, options))) as Q,
      exec: (text: string) => inner.exec(text),
      transaction: async <T>(fn: (tx: unknown) => Promise<T>): Promise<T> => {
        events.push({ t: 'begin' });
        const result = await inner.transaction((tx) =>
          fn({
            query: ((text, params = [], options) => record(text, params, tx.query(text, params, options))) as Q,
            exec: (text: string) => tx.exec(text),
            rollback: () => tx.rollback(),
            get closed() {
              return tx.closed;
            },
          }),
        );
        events.push({ t: 'commit' });
        return result;
      },
    };
    return { db: drizzlePglite({ client: recorder as unknown as PGlite, schema }) as unknown as Db, done: () => {} };
  }
  // node-postgres: one connection, not a pool, so drizzle sends begin and commit through query() as statements.
  const conn = await (client as pg.Pool).connect();
  const recorder = {
    query: (config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const word = text.trim().toLowerCase();
      if (word === 'begin' || word === 'commit') {
        events.push({ t: word });
        return conn.query(text);
      }
      const params = values ?? (typeof config === 'string' ? [] : (config.values ?? []));
      return record(text, params, conn.query(config as pg.QueryConfig, values));
    },
  };
  return { db: drizzlePg({ client: recorder as unknown as pg.PoolClient, schema }) as unknown as Db, done: () => conn.release() };
}

/** One payment through the service, as the route runs it (routes/payments/index.ts POST /processpayment). */
function pay(ctx: AppContext, key: string, body: unknown) {
  const parsed = processPaymentBodySchema.parse(body);
  return runIdempotent(ctx, { userId: DEMO_IDS.tenant, key, scope: 'processpayment', body: parsed }, async () => ({
    statusCode: 200,
    body: await processPayment(ctx, { customerId: DEMO_IDS.tenant, idempotencyKey: key, body: parsed, lang: 'en' }),
  }));
}

/**
 * Makes the database ready for the payment workload (seeded charges paid off, the large charge added) and records the
 * statements of one payment. Runs once per database, before the first payment of the benchmark.
 */
export async function preparePaymentWorkload(ctx: AppContext): Promise<PaymentSample> {
  const db = ctx.db;
  const lease = DEMO_IDS.leaseActive;
  const [{ open }] = await db
    .select({ open: sql<number>`coalesce(sum(${schema.openCharges.balance}), 0)::float8` })
    .from(schema.openCharges)
    .where(and(eq(schema.openCharges.billingAccountId, lease), gt(schema.openCharges.balance, 0)));
  if (open > 0) {
    const answer = await pay(ctx, `bench-payoff-${randomUUID()}`, { ...paymentRequestBody, amount: open / 100 });
    if (answer.statusCode !== 200) throw new Error(`paying off the lease answered ${answer.statusCode}`);
  }
  const next = new Date();
  const due = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  await db
    .insert(schema.openCharges)
    .values({
      id: BENCH_CHARGE_ID,
      billingAccountId: lease,
      code: 'Rent',
      name: 'Rent',
      dueDate: due,
      postMonth: due,
      amount: 1_000_000_000_000,
      balance: 1_000_000_000_000,
    })
    .onConflictDoNothing();

  // One payment, recorded.
  const events: Event[] = [];
  const recorder = await recordingDb(ctx.database, events);
  const processor = ctx.providers.processor;
  const recordingProcessor: PaymentProcessor = {
    ...processor,
    charge: (input) => {
      events.push({ t: 'charge', input: { ...input } });
      return processor.charge(input);
    },
  };
  const recordingCtx: AppContext = {
    ...ctx,
    db: recorder.db,
    database: {
      ...ctx.database,
      raw: (text, params = []) => {
        const run = ctx.database.raw(text, params);
        return run.then((result) => {
          events.push({ t: 'query', text, params: [...params], result });
          return result;
        });
      },
    },
    providers: { ...ctx.providers, processor: recordingProcessor },
  };
  const key = `bench-sample-${randomUUID()}`;
  let answer: Awaited<ReturnType<typeof pay>>;
  try {
    answer = await pay(recordingCtx, key, paymentRequestBody);
  } finally {
    recorder.done();
  }
  const result = answer.body as {
    id: string;
    confirmationId: string;
    paymentProviderId: string;
    createDate: string;
    status: string;
  };
  if (answer.statusCode !== 200 || result.status !== 'COMPLETE')
    throw new Error(`the sample payment answered ${answer.statusCode} ${JSON.stringify(answer.body)}`);
  return sampleOf(events, {
    key,
    transactionId: result.id,
    confirmationId: result.confirmationId,
    chargeId: result.paymentProviderId,
    createDate: result.createDate,
  });
}

function sampleOf(events: Event[], values: PaymentSample['values']): PaymentSample {
  const originals = Object.values(values);
  const steps: Step[] = [];
  let open: Statement[] | null = null;
  let answer: PaymentSample['answer'] | null = null;
  let statements = 0;
  for (const e of events) {
    if (e.t === 'begin') open = [];
    else if (e.t === 'commit') {
      steps.push({ t: 'tx', statements: open ?? [] });
      open = null;
    } else if (e.t === 'charge') steps.push({ t: 'charge', input: e.input });
    else {
      statements++;
      const statement: Statement = {
        text: e.text,
        params: e.params,
        varying: e.params.flatMap((p, i) => (typeof p === 'string' && originals.some((v) => p.includes(v)) ? [i] : [])),
      };
      // The first statement answering the new transaction id is its INSERT … RETURNING.
      const column = idColumnOf(e.result, values.transactionId);
      if (column && !steps.some(hasTransactionInsert) && !open?.some((s) => s.returnsTransactionId))
        statement.returnsTransactionId = column;
      const where = () => ({
        step: steps.length,
        statement: open ? open.length : 0,
        param: e.params.findIndex((p) => isAnswer(p, values.transactionId)),
      });
      if (e.params.some((p) => isAnswer(p, values.transactionId))) answer = where();
      if (open) open.push(statement);
      else steps.push({ t: 'sql', statement });
    }
  }
  if (!answer) throw new Error('the sample payment stored no answer');
  const transactions = steps.filter((s) => s.t === 'tx').length;
  const charges = steps.filter((s) => s.t === 'charge').length;
  return {
    steps,
    values,
    answer,
    shape: `${statements} statements (${transactions} transactions) + ${charges} processor charge${charges === 1 ? '' : 's'}`,
  };
}

const hasTransactionInsert = (s: Step) =>
  (s.t === 'sql' && !!s.statement.returnsTransactionId) || (s.t === 'tx' && s.statements.some((x) => x.returnsTransactionId));

/** The stored answer: the JSON of the payment result (its id is the transaction's). */
function isAnswer(p: unknown, transactionId: string): boolean {
  if (typeof p !== 'string' || !p.startsWith('{')) return false;
  try {
    const v = JSON.parse(p) as { id?: string; confirmationId?: string };
    return v.id === transactionId && typeof v.confirmationId === 'string';
  } catch {
    return false;
  }
}

function idColumnOf(result: { rows: unknown[]; fields?: { name: string }[] }, id: string): string | null {
  const row = result.rows[0];
  if (!row || !result.fields) return null;
  const cells = Array.isArray(row) ? row : result.fields.map((f) => (row as Record<string, unknown>)[f.name]);
  const i = cells.indexOf(id);
  return i >= 0 ? result.fields[i].name : null;
}

/**
 * Runs the sample's statements and charge again as a new payment (a new key, confirmation id, transaction id and
 * charge) and answers the stored response body. Without a processor the charge is skipped (the SQL-only baseline).
 */
export async function replayPayment(
  sample: PaymentSample,
  client: SqlClient,
  opts: { key: string; processor?: PaymentProcessor },
): Promise<string> {
  const v = sample.values;
  // The sample's values → this payment's. A transaction id made by the service itself (not by the database) is covered
  // by the fresh one set here; when the INSERT answers the id, that one replaces it.
  const subs = new Map<string, string>([
    [v.key, opts.key],
    [v.confirmationId, newConfirmationId()],
    [v.transactionId, randomUUID()],
  ]);
  const fill = (s: Statement) => {
    if (s.varying.length === 0) return s.params;
    const params = [...s.params];
    for (const i of s.varying) {
      let p = params[i] as string;
      for (const [from, to] of subs) p = p.replaceAll(from, to);
      params[i] = p;
    }
    return params;
  };
  let answer = '';
  const run = async (q: SqlClient['query'], s: Statement, at: { step: number; statement: number }) => {
    const params = fill(s);
    const { rows } = await q(s.text, params);
    if (s.returnsTransactionId) {
      subs.set(v.transactionId, String(rows[0][s.returnsTransactionId]));
      const created = rows[0].create_date;
      if (created != null) subs.set(v.createDate, toIsoInstant(created as string | Date));
    }
    if (at.step === sample.answer.step && at.statement === sample.answer.statement)
      answer = params[sample.answer.param] as string;
  };
  for (let i = 0; i < sample.steps.length; i++) {
    const step = sample.steps[i];
    if (step.t === 'sql') await run(client.query, step.statement, { step: i, statement: 0 });
    else if (step.t === 'tx')
      await client.transaction(async (tx) => {
        for (let j = 0; j < step.statements.length; j++) await run(tx.query, step.statements[j], { step: i, statement: j });
      });
    else {
      const swap = (s: string) => [...subs].reduce((acc, [from, to]) => acc.replaceAll(from, to), s);
      const input = {
        ...step.input,
        idempotencyKey: swap(step.input.idempotencyKey),
        description: swap(step.input.description ?? ''),
      };
      const chargeId = opts.processor ? (await opts.processor.charge(input)).id : `ch_sbx_${randomUUID().replaceAll('-', '')}`;
      subs.set(v.chargeId, chargeId);
    }
  }
  return answer;
}

/**
 * The double-charge audit of the retry run: for each Idempotency-Key, the ledger transactions recorded under it and the
 * processor charges made for them (the sandbox processor's own records, sandbox_processor_charges, keyed by the
 * transaction id), and what is left INPROCESS.
 */
export async function auditKeys(ctx: AppContext, keys: string[]) {
  const rows = await ctx.db
    .select({
      id: schema.paymentTransactions.id,
      key: schema.paymentTransactions.idempotencyKey,
      status: schema.paymentTransactions.status,
    })
    .from(schema.paymentTransactions)
    .where(and(eq(schema.paymentTransactions.userId, DEMO_IDS.tenant), inArray(schema.paymentTransactions.idempotencyKey, keys)));
  const keyOfTransaction = new Map(rows.map((r) => [r.id, r.key as string]));
  const charged = rows.length
    ? await ctx.db
        .select({ key: schema.sandboxProcessorCharges.idempotencyKey })
        .from(schema.sandboxProcessorCharges)
        .where(inArray(schema.sandboxProcessorCharges.idempotencyKey, [...keyOfTransaction.keys()]))
    : [];
  const charges = new Map<string, number>();
  for (const c of charged) {
    const key = keyOfTransaction.get(c.key) as string;
    charges.set(key, (charges.get(key) ?? 0) + 1);
  }
  const transactions = new Map<string, number>();
  for (const r of rows) transactions.set(r.key as string, (transactions.get(r.key as string) ?? 0) + 1);
  const excess = (counts: Map<string, number>) => [...counts.values()].reduce((s, n) => s + Math.max(0, n - 1), 0);
  return {
    keys: keys.length,
    transactions: rows.length,
    charges: charged.length,
    doubleCharges: excess(charges),
    duplicateTransactions: excess(transactions),
    uncharged: keys.filter((k) => !charges.has(k)).length,
    inProcess: rows.filter((r) => r.status === 'INPROCESS').length,
  };
}
