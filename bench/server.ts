// Benchmark server child: the real app on a seeded database, plus a bare Fastify route for comparison (c).
import Fastify from 'fastify';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardSearches } from '../apps/api/src/services/search/dashboard-queries.ts';
import { openSeededApp } from './bench-db.ts';

const kind = process.argv[2] ?? 'pglite';
const { app, dispose } = await openSeededApp(kind);
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const port = (s: typeof app) => {
  const a = s.server.address();
  return typeof a === 'object' && a ? a.port : 0;
};
process.send?.({
  ready: true,
  port: port(app),
  barePort: port(bare as unknown as typeof app),
  searches: dashboardSearches(DEMO_IDS.leaseActive),
});
process.on('message', async (m: { stop?: boolean }) => {
  if (m?.stop) {
    await bare.close();
    await dispose();
    process.exit(0);
  }
});
