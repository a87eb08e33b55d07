// Benchmark server child: the real app on a seeded database, plus for comparison (c) a bare Fastify route and
// (d) the floor of any HTTP API here: bare node:http running the same SQL and writing its text, with no framework,
// auth, validation or paging logic (the dashboard's searches, and the fee lookup of POST /calculatefeewithfeeprofile).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries, dashboardSearches } from '../apps/api/src/services/search/dashboard-queries.ts';
import { openSeededApp } from './bench-db.ts';
import { FEE_PATH, feeQuery, feeRequestBody } from './fee-workload.ts';

const kind = process.argv[2] ?? 'pglite';
const { app, database, dispose } = await openSeededApp(kind);
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const searches = dashboardSearches(DEMO_IDS.leaseActive);
const queries = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);
const fee = feeQuery(app.ctx.db);
const floor = createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    if (req.url === FEE_PATH) {
      const { rows } = await database.raw(fee.text, fee.params);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rows));
      return;
    }
    const i = searches.findIndex((s) => req.url?.startsWith(`/api/${s.recordType}/`));
    const { rows } = await database.raw(queries[i].text, queries[i].params);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"records":[${rows.map((r) => r.r).join(',')}]}`);
  });
});
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));

const portOf = (address: string | AddressInfo | null) => (typeof address === 'object' && address ? address.port : 0);
process.send?.({
  ready: true,
  port: portOf(app.server.address()),
  barePort: portOf(bare.server.address()),
  floorPort: portOf(floor.address()),
  searches,
  fee: { path: FEE_PATH, body: feeRequestBody },
});
process.on('message', async (m: { stop?: boolean }) => {
  if (m?.stop) {
    floor.close();
    await bare.close();
    await dispose();
    process.exit(0);
  }
});
