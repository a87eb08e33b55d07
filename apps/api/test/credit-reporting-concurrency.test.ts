// Concurrent credit-reporting sign-ups (issue 22 "Money": one charge per subscription year whatever the retries): 20
// subscribe calls at once, under the same and under different Idempotency-Keys, make ONE live subscription and ONE
// charge at the processor; a first charge left INPROCESS (its request died after the processor charged) is finished by
// the next call, never charged twice. On PGlite, and on PostgreSQL with TEST_DATABASE_URL (one pool, real row locks).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReportSubscriptions, creditReportTerms, paymentTransactions, sandboxProcessorCharges } from '../src/db/schema.ts';
import { CREDIT_REPORT_DEMO_IDS } from '../src/db/seed-credit-reporting.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
  // The demo's ACTIVE subscription stopped: the lease can be subscribed again.
  const stop = await app.inject({
    method: 'GET',
    url: `/api/credit_report/${CREDIT_REPORT_DEMO_IDS.subscriptionActive}/stop`,
    headers: auth(tenant),
  });
  expect(stop.statusCode, stop.body).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const subscribe = (key: string) =>
  app.inject({
    method: 'GET',
    url: `/api/credit_report/subscribe?accountType=TYPE_PROPERTY_LEASE&accountId=${I.leaseActive}&payMethodType=TYPE_CREDIT_CARD&payMethodId=${I.cardVisa}`,
    headers: { ...auth(tenant), 'idempotency-key': key },
  });

async function liveSubscriptions() {
  return app.ctx.db
    .select()
    .from(creditReportSubscriptions)
    .where(
      and(
        eq(creditReportSubscriptions.billingAccountId, I.leaseActive),
        inArray(creditReportSubscriptions.status, ['ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED', 'PENDING']),
      ),
    );
}
async function feesOf(subscriptionId: string) {
  return app.ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.billingAccountId, subscriptionId),
        eq(paymentTransactions.billingAccountType, 'TYPE_CREDIT_REPORT'),
      ),
    );
}
async function processorChargesOf(transactionIds: string[]) {
  if (transactionIds.length === 0) return [];
  return app.ctx.db.select().from(sandboxProcessorCharges).where(inArray(sandboxProcessorCharges.idempotencyKey, transactionIds));
}

describe('credit reporting: concurrent subscribe calls', () => {
  it('20 at once (same and different keys): one subscription, one term, one charge', { timeout: 120_000 }, async () => {
    const shared = randomUUID();
    const keys = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? shared : randomUUID()));
    const answers = await Promise.all(keys.map((k) => subscribe(k)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().id as string));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.json().status === 'ACTIVE')).toBe(true);

    const live = await liveSubscriptions();
    expect(live.map((s) => s.status)).toEqual(['ACTIVE']);
    const [id] = [...ids];
    const fees = await feesOf(id);
    expect(fees.map((f) => f.status)).toEqual(['COMPLETE']);
    expect(await app.ctx.db.select().from(creditReportTerms).where(eq(creditReportTerms.subscriptionId, id))).toHaveLength(1);
    expect(await processorChargesOf(fees.map((f) => f.id))).toHaveLength(1);
  });

  it('a first charge whose answer was lost is finished by the next call: the same charge, not a second', async () => {
    const [active] = await liveSubscriptions();
    const stop = await app.inject({ method: 'GET', url: `/api/credit_report/${active.id}/stop`, headers: auth(tenant) });
    expect(stop.statusCode).toBe(200);

    const processor = app.ctx.providers.processor;
    const charge = processor.charge.bind(processor);
    processor.charge = async (input) => {
      await charge(input);
      throw new Error('connection reset after the charge');
    };
    try {
      const lost = await subscribe(randomUUID());
      expect(lost.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      processor.charge = charge;
    }
    const [pending] = await liveSubscriptions();
    expect(pending.status).toBe('PENDING'); // internal: answered by no call
    expect((await feesOf(pending.id)).map((f) => f.status)).toEqual(['INPROCESS']);
    const search = await app.inject({
      method: 'POST',
      url: '/api/credit_report/search',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'id', operator: 'EQUALS', value: pending.id }] },
    });
    expect(search.json().records).toEqual([]);

    const retry = await subscribe(randomUUID());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ id: pending.id, status: 'ACTIVE' });
    const fees = await feesOf(pending.id);
    expect(fees.map((f) => f.status)).toEqual(['COMPLETE']);
    expect(await processorChargesOf(fees.map((f) => f.id))).toHaveLength(1);
  });
});
