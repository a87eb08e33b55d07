// (b) The dashboard's SQL straight through the database driver, 10 concurrent loops: the data layer's limit.
// On PGlite it is measured twice: through the app's driver (PGlite on its database thread, pglite-thread.ts) and
// with PGlite inside this thread (no thread hop), so the table shows both baselines.
import { PGlite } from '@electric-sql/pglite';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries } from '../apps/api/src/services/search/dashboard-queries.ts';
import { openSeededApp } from './bench-db.ts';

type Raw = (text: string, params: unknown[]) => Promise<unknown>;

const kind = process.argv[2] ?? 'pglite';
const seconds = Number(process.argv[3] ?? 10);
const queries = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);

async function loops(raw: Raw): Promise<number> {
  for (let i = 0; i < 30; i++) for (const q of queries) await raw(q.text, q.params); // warm up
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
const rps = await loops((text, params) => database.raw(text, params));
let inThreadRps: number | null = null;
if (database.dump) {
  const local = new PGlite({ loadDataDir: await database.dump() });
  await local.waitReady;
  inThreadRps = await loops((text, params) => local.query(text, params));
  await local.close();
}
process.send?.({ rps, inThreadRps });
await dispose();
process.exit(0);
