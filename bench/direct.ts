// (b) The dashboard's SQL (or the fee lookup's, workload 'fees') straight through the database driver, 10 concurrent
// loops: the data layer's limit.
// Driven by bench/run.mjs in rounds that alternate with the API runs ({ run: seconds, inThread, workload }): on PGlite it is
// measured both through the app's driver (PGlite on its database thread, pglite-thread.ts) and with PGlite inside
// this thread (no thread hop).
import { PGlite } from '@electric-sql/pglite';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries } from '../apps/api/src/services/search/dashboard-queries.ts';
import type { RawQuery } from '../apps/api/src/services/search/search-records.ts';
import { openSeededApp } from './bench-db.ts';
import { feeQuery } from './fee-workload.ts';

type Raw = (text: string, params: unknown[]) => Promise<unknown>;

const kind = process.argv[2] ?? 'pglite';
const dashboard = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);

async function loops(raw: Raw, seconds: number, queries: RawQuery[]): Promise<number> {
  let count = 0;
  const end = Date.now() + seconds * 1000;
  const loop = async (offset: number) => {
    let i = offset;
    while (Date.now() < end) {
      const q = queries[i++ % queries.length];
      await raw(q.text, q.params);
      count++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: 10 }, (_, i) => loop(i)));
  return count / ((Date.now() - started) / 1000);
}

const { database, dispose } = await openSeededApp(kind);
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
for (const raw of [viaDriver, inThread]) if (raw) for (const qs of Object.values(workloads)) await loops(raw, 1, qs); // warm up
process.send?.({ ready: true, hasInThread: !!inThread });

process.on('message', async (m: { run?: number; inThread?: boolean; workload?: string; stop?: boolean }) => {
  if (m.run) {
    const raw = m.inThread && inThread ? inThread : viaDriver;
    process.send?.({ rps: await loops(raw, m.run, workloads[m.workload ?? 'dashboard']) });
  }
  if (m.stop) {
    await local?.close();
    await dispose();
    process.exit(0);
  }
});
