// (b) The dashboard's SQL straight through the database driver, 10 concurrent loops: the data layer's limit.

import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries } from '../apps/api/src/services/search/dashboard-queries.ts';
import { openSeededApp } from './bench-db.ts';

const kind = process.argv[2] ?? 'pglite';
const seconds = Number(process.argv[3] ?? 10);
const { database, dispose } = await openSeededApp(kind);
const queries = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);
// warm up
for (let i = 0; i < 30; i++) for (const q of queries) await database.raw(q.text, q.params);
const latencies: number[] = [];
let count = 0;
const end = Date.now() + seconds * 1000;
async function loop(offset: number) {
  let i = offset;
  while (Date.now() < end) {
    const q = queries[i++ % queries.length];
    const t = performance.now();
    await database.raw(q.text, q.params);
    latencies.push(performance.now() - t);
    count++;
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: 10 }, (_, i) => loop(i)));
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
process.send?.({ rps: count / elapsed, p99 });
await dispose();
process.exit(0);
