// (b) The dashboard's SQL (or the fee lookup's, workload 'fees', or the statements of one payment, workload 'payments':
// bench/payment-workload.ts, without the processor charge) straight through the database driver, 10 concurrent loops:
// the data layer's limit.
// Driven by bench/run.mjs in rounds that alternate with the API runs ({ run: seconds, inThread, workload }): on PGlite it is
// measured both through the app's driver (PGlite on its database thread, pglite-thread.ts) and with PGlite inside
// this thread (no thread hop).
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries } from '../apps/api/src/services/search/dashboard-queries.ts';
import type { RawQuery } from '../apps/api/src/services/search/search-records.ts';
import { openSeededApp } from './bench-db.ts';
import { feeQuery } from './fee-workload.ts';
import { driverClient, type PaymentSample, pgliteClient, preparePaymentWorkload, replayPayment } from './payment-workload.ts';

type Raw = (text: string, params: unknown[]) => Promise<unknown>;

const kind = process.argv[2] ?? 'pglite';
const dashboard = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);

/** Runs `one` (one query, or one payment) in 10 concurrent loops for `seconds`: how many per second. */
async function loops(seconds: number, one: (i: number) => Promise<unknown>): Promise<number> {
  let count = 0;
  const end = Date.now() + seconds * 1000;
  const loop = async (offset: number) => {
    let i = offset;
    while (Date.now() < end) {
      await one(i++);
      count++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: 10 }, (_, i) => loop(i)));
  return count / ((Date.now() - started) / 1000);
}

const queryLoop = (raw: Raw, queries: RawQuery[]) => (i: number) => {
  const q = queries[i % queries.length];
  return raw(q.text, q.params);
};

const { app, database, dispose } = await openSeededApp(kind);
const workloads: Record<string, RawQuery[]> = { dashboard, fees: [feeQuery(database.db)] };
const viaDriver: Raw = (text, params) => database.raw(text, params);
let inThread: Raw | null = null;
let local: PGlite | null = null;
if (database.dump) {
  local = new PGlite({ loadDataDir: await database.dump() });
  await local.waitReady;
  const pg = local;
  inThread = (text, params) => pg.query(text, params);
}
for (const raw of [viaDriver, inThread]) if (raw) for (const qs of Object.values(workloads)) await loops(1, queryLoop(raw, qs)); // warm up
process.send?.({ ready: true, hasInThread: !!inThread });

// Payments change the data: prepared when their workload starts. On PGlite the in-thread copy is taken after that.
let payment: PaymentSample | null = null;
let paymentsLocal: PGlite | null = null;
const payOnce = (inThreadPayment: boolean) => {
  const sample = payment as PaymentSample;
  const client = inThreadPayment && paymentsLocal ? pgliteClient(paymentsLocal) : driverClient(database);
  return () => replayPayment(sample, client, { key: randomUUID() });
};

process.on(
  'message',
  async (m: { run?: number; inThread?: boolean; workload?: string; stop?: boolean; preparePayments?: boolean }) => {
    if (m.preparePayments) {
      payment = await preparePaymentWorkload(app.ctx);
      if (database.dump) {
        paymentsLocal = new PGlite({ loadDataDir: await database.dump() });
        await paymentsLocal.waitReady;
      }
      for (const t of [false, true]) await loops(1, payOnce(t)); // warm up
      process.send?.({ prepared: true });
    }
    if (m.run) {
      const raw = m.inThread && inThread ? inThread : viaDriver;
      const one = m.workload === 'payments' ? payOnce(!!m.inThread) : queryLoop(raw, workloads[m.workload ?? 'dashboard']);
      process.send?.({ rps: await loops(m.run, one) });
    }
    if (m.stop) {
      await paymentsLocal?.close();
      await local?.close();
      await dispose();
      process.exit(0);
    }
  },
);
