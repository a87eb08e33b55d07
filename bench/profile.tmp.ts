import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries, dashboardSearches } from '../apps/api/src/services/search/dashboard-queries.ts';
import { openSeededApp } from './bench-db.ts';

const { app, database } = await openSeededApp('pglite');
await app.ready();
const res = await app.inject({
  method: 'GET',
  url: '/api/authorize',
  headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
});
const token = res.json().access_token;
const s = dashboardSearches(DEMO_IDS.leaseActive);
const q = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);
const N = 1500;
for (let i = 0; i < 200; i++) {
  const x = s[i % 3];
  await app.inject({
    method: 'POST',
    url: `/api/${x.recordType}/search?page=${x.query.page}&recordsPerPage=${x.query.recordsPerPage}`,
    headers: { authorization: `Bearer ${token}` },
    payload: x.body,
  });
  await database.raw(q[i % 3].text, q[i % 3].params);
}
let t = performance.now();
for (let i = 0; i < N; i++) {
  const x = s[i % 3];
  const r = await app.inject({
    method: 'POST',
    url: `/api/${x.recordType}/search?page=${x.query.page}&recordsPerPage=${x.query.recordsPerPage}`,
    headers: { authorization: `Bearer ${token}` },
    payload: x.body,
  });
  if (r.statusCode !== 200) throw new Error(r.body);
}
const api = performance.now() - t;
t = performance.now();
for (let i = 0; i < N; i++) await database.raw(q[i % 3].text, q[i % 3].params);
const raw = performance.now() - t;
const { searchRecords } = await import('../apps/api/src/services/search/search-records.ts');
const { RECORD_TYPES } = await import('../apps/api/src/services/search/registry.ts');
t = performance.now();
for (let i = 0; i < N; i++) {
  const x = s[i % 3];
  await searchRecords(app.ctx, { role: 'tenant', id: DEMO_IDS.tenant }, RECORD_TYPES[x.recordType], { ...x.body, ...x.query });
}
const svc = performance.now() - t;
t = performance.now();
for (let i = 0; i < N; i++) await app.ctx.db.execute((await import('drizzle-orm')).sql.raw('select 1'));
console.log('service', (svc / N).toFixed(3));
console.log('per request: inject', (api / N).toFixed(3), 'ms; raw', (raw / N).toFixed(3), 'ms');
process.exit(0);
