// Benchmark server child: the real app on a seeded database, plus for comparison (c) a bare Fastify route and
// (d) the floor of any HTTP API here: bare node:http running the same SQL and writing its text, with no framework,
// auth, validation or paging logic (the dashboard's searches, the fee lookup of POST /calculatefeewithfeeprofile, and
// for POST /processpayment the statements of one payment with its sandbox processor charge, bench/payment-workload.ts).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { dashboardQueries, dashboardSearches } from '../apps/api/src/services/search/dashboard-queries.ts';
import { openSeededApp } from './bench-db.ts';
import { FEE_PATH, feeQuery, feeRequestBody } from './fee-workload.ts';
import {
  auditKeys,
  driverClient,
  PAYMENT_PATH,
  type PaymentSample,
  paymentRequestBody,
  preparePaymentWorkload,
  replayPayment,
} from './payment-workload.ts';

const kind = process.argv[2] ?? 'pglite';
const { app, database, dispose } = await openSeededApp(kind);
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const searches = dashboardSearches(DEMO_IDS.leaseActive);
const queries = dashboardQueries(DEMO_IDS.tenant, DEMO_IDS.leaseActive);
const fee = feeQuery(app.ctx.db);
const driver = driverClient(database);
let payment: PaymentSample | null = null; // recorded when the payment workload starts (it changes the data)
const floor = createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    if (req.url === PAYMENT_PATH && payment) {
      const key = req.headers['idempotency-key'];
      try {
        const body = await replayPayment(payment, driver, {
          key: typeof key === 'string' ? key : randomUUID(),
          processor: app.ctx.providers.processor,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      } catch (err) {
        res.writeHead(500);
        res.end(String(err));
      }
      return;
    }
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
  payment: { path: PAYMENT_PATH, body: paymentRequestBody },
  // PostgreSQL: the retry run cancels this database's statements (bench/run.mjs cancelStorm)
  databaseName: (await database.raw('SELECT current_database() AS name')).rows[0]?.name,
});
// The retry run's faults (issue 20): while set, this share of processor charges answers as if the connection broke after
// the charge was made (the request fails with a 5xx, the money was taken): the retry with the same key must find it.
const realCharge = app.ctx.providers.processor.charge.bind(app.ctx.providers.processor);
let faultRate = 0;
let faults = 0;
app.ctx.providers.processor.charge = async (input) => {
  const charge = await realCharge(input);
  if (faultRate > 0 && Math.random() < faultRate) {
    faults += 1;
    throw new Error('bench: the answer was lost after the charge');
  }
  return charge;
};

process.on('message', async (m: { stop?: boolean; preparePayments?: boolean; audit?: string[]; faultRate?: number }) => {
  if (m?.faultRate !== undefined) {
    faultRate = m.faultRate;
    process.send?.({ faults });
  }
  if (m?.preparePayments) {
    payment = await preparePaymentWorkload(app.ctx);
    process.send?.({ prepared: true, shape: payment.shape });
  }
  if (m?.audit) process.send?.({ audit: { ...(await auditKeys(app.ctx, m.audit)), injectedFaults: faults } });
  if (m?.stop) {
    floor.close();
    await bare.close();
    await dispose();
    process.exit(0);
  }
});
