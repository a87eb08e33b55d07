// Lease application submit with the page's fee (issue 11; docs/api-contract.md "Lease applications (issue 11)"): the
// fee is charged through the ledger once per application (a retry, a double click, two submits at once, a crash between
// charge and commit), a refusal (sandbox card 4000000000009995 = insufficient funds) answers 402 and leaves the
// application IN_PROGRESS, an accepted charge (card COMPLETE, bank PENDING) submits it and the screenings start.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseApplicationPages, leaseApplications, paymentMethods, paymentTransactions, screenings } from '../src/db/schema.ts';
import type { ChargeInput } from '../src/providers/processor/processor.ts';
import { finishPaidApplications } from '../src/services/applications/finish-paid-applications.ts';
import { totalCentsOf } from '../src/services/payments/ledger.ts';
import { recoverPayments } from '../src/services/payments/recover-payments.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';
import { addCard } from './ledger-helpers.ts';

type Json = Record<string, unknown>;
const I = DEMO_IDS;

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
/** Every charge the processor was asked for, and what the next call does instead (a test fault). */
const charges: ChargeInput[] = [];
let fault: 'before' | 'after' | null = null;

beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
  await app.ctx.db.insert(leaseApplicationPages).values({
    name: 'h1-fee',
    companyId: I.companyCa,
    applicationFeeAmount: 3_500,
    creditReportEnabled: true,
  });
  const processor = app.ctx.providers.processor;
  const charge = processor.charge.bind(processor);
  processor.charge = async (input) => {
    const f = fault;
    fault = null;
    if (f === 'before') throw new Error('connect ECONNREFUSED (test)');
    charges.push(input);
    const answer = await charge(input);
    if (f === 'after') throw new Error('socket hang up (test)');
    return answer;
  };
});
afterAll(async () => {
  await app.close();
});

const ANSWERS = { propertyId: I.propertyCa, acknowledgedTerms: true };

async function newApplication(token = tenant): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/lease_application/new?pageName=h1-fee&propertyId=${I.propertyCa}`,
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const submit = (id: string, body: Json, headers: Record<string, string> = {}, token = tenant) =>
  app.inject({
    method: 'POST',
    url: `/api/lease_application/${id}/submit`,
    headers: { ...auth(token), ...headers },
    payload: body,
  });
const feeTxs = (id: string) =>
  app.ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.billingAccountId, id), eq(paymentTransactions.billingAccountType, 'TYPE_LEASE_APPLICATION')),
    );
const chargesOf = (txIds: string[]) => charges.filter((c) => txIds.includes(c.idempotencyKey));
const rowOf = async (id: string) => (await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id)))[0];

describe('submit with a fee', () => {
  it('needs the fields first, then a payment method (the answers are saved either way)', async () => {
    const id = await newApplication();
    // progress: 3 sections + the fee (an existing tenant, no template section): property and phone of 4
    const fresh = await app.inject({ method: 'GET', url: `/api/lease_application/${id}`, headers: auth(tenant) });
    expect(fresh.json().progress).toBe(50);
    const missing = await submit(id, { paymentMethodId: I.cardVisa });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.map((f: Json) => f.field)).toEqual(['acknowledgedTerms']);
    const noMethod = await submit(id, { ...ANSWERS });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().fieldErrors.map((f: Json) => f.field)).toEqual(['paymentMethodId']);
    expect(await rowOf(id)).toMatchObject({ status: 'IN_PROGRESS', acknowledgedTerms: true, propertyId: I.propertyCa });
    expect(await feeTxs(id)).toHaveLength(0);
  });

  it('refuses a method that is not a card, bank account or wallet, and a method of another tenant', async () => {
    const id = await newApplication();
    const [cash] = await app.ctx.db
      .insert(paymentMethods)
      .values({ userId: I.tenant, type: 'TYPE_CASH', processorToken: null })
      .returning();
    const res = await submit(id, { ...ANSWERS, paymentMethodId: cash?.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    expect((await submit(id, { ...ANSWERS, paymentMethodId: I.cardUs })).statusCode).toBe(404);
    expect(await feeTxs(id)).toHaveLength(0);
    expect((await rowOf(id))?.status).toBe('IN_PROGRESS');
  });

  it('charges the card once: PENDING, the ledger row TYPE_LEASE_APPLICATION, a retry charges nothing', async () => {
    const id = await newApplication();
    const key = { 'idempotency-key': `submit-${id}` };
    const res = await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa, paymentMethodType: 'TYPE_CREDIT_CARD' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const txs = await feeTxs(id);
    expect(txs).toHaveLength(1);
    const tx = txs[0] as (typeof txs)[number];
    expect(tx).toMatchObject({
      status: 'COMPLETE',
      amount: 3_500,
      billingAccountType: 'TYPE_LEASE_APPLICATION',
      idempotencyKey: `application-fee:${id}`,
      userId: I.tenant,
      companyId: I.companyCa,
      propertyId: I.propertyCa,
      paymentMethodId: I.cardVisa,
    });
    expect(res.json()).toMatchObject({
      status: 'PENDING',
      feeTransactionId: tx.id,
      feeAmount: totalCentsOf(tx) / 100,
      applicationFeeAmount: 35,
    });
    expect(chargesOf([tx.id])).toHaveLength(1);
    expect(chargesOf([tx.id])[0]?.amountCents).toBe(totalCentsOf(tx));
    // The same request again (same key): the same answer; a new request: 409; never a second charge.
    const replay = await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa, paymentMethodType: 'TYPE_CREDIT_CARD' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(id);
    const again = await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa });
    expect(again.statusCode).toBe(409);
    expect(await feeTxs(id)).toHaveLength(1);
    expect(chargesOf([tx.id])).toHaveLength(1);
    // The screenings the page enables started after the commit.
    const started = await app.ctx.db.select().from(screenings).where(eq(screenings.applicationId, id));
    expect(started.map((s) => s.type)).toEqual(['CREDIT']);
  });

  it('two submits at once charge once', async () => {
    const id = await newApplication();
    const body = { ...ANSWERS, paymentMethodId: I.cardVisa };
    const [a, b] = await Promise.all([submit(id, body), submit(id, body)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const txs = await feeTxs(id);
    expect(txs).toHaveLength(1);
    expect(new Set(chargesOf(txs.map((t) => t.id)).map((c) => c.idempotencyKey)).size).toBe(1);
    expect((await rowOf(id))?.status).toBe('PENDING');
  });

  it('a refused card (insufficient funds) answers 402 and stays IN_PROGRESS; another card then submits', async () => {
    const id = await newApplication();
    const nsf = await addCard(app, tenant, '4000000000009995');
    const refused = await submit(id, { ...ANSWERS, paymentMethodId: nsf });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().errorCode).toBe('RM_ERROR_INSUFFICIENT_FUNDS');
    expect(refused.json().transaction).toMatchObject({ status: 'FAILED' });
    expect(await rowOf(id)).toMatchObject({ status: 'IN_PROGRESS', feeTransactionId: null, submittedAt: null });
    const ok = await submit(id, { paymentMethodId: I.cardVisa });
    expect(ok.statusCode, ok.body).toBe(200);
    const txs = await feeTxs(id);
    expect(txs.map((t) => [t.status, t.idempotencyKey]).sort()).toEqual(
      [
        ['COMPLETE', `application-fee:${id}:2`],
        ['FAILED', `application-fee:${id}`],
      ].sort(),
    );
    expect(ok.json().feeTransactionId).toBe(txs.find((t) => t.status === 'COMPLETE')?.id);
  });

  it('a bank account debit (PENDING in the ledger) submits the application', async () => {
    const id = await newApplication();
    const res = await submit(id, { ...ANSWERS, paymentMethodId: I.bankCa });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('PENDING');
    const [tx] = await feeTxs(id);
    expect(tx?.status).toBe('PENDING');
  });

  it('another tenant cannot submit it (404) and nothing is charged', async () => {
    const id = await newApplication();
    expect((await submit(id, { ...ANSWERS, paymentMethodId: I.cardUs }, {}, tenantUs)).statusCode).toBe(404);
    expect(await feeTxs(id)).toHaveLength(0);
  });
});

describe('a crash between the charge and the commit', () => {
  it('charged, then lost: the recovery settles the fee row; the next submit finishes without charging', async () => {
    const id = await newApplication();
    fault = 'after';
    const crashed = await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa });
    expect(crashed.statusCode).toBe(500);
    const [stuck] = await feeTxs(id);
    expect(stuck?.status).toBe('INPROCESS');
    expect((await rowOf(id))?.status).toBe('IN_PROGRESS');
    const report = await recoverPayments(app.ctx, { olderThanMs: 0 });
    expect(report.settled).toContainEqual({ id: stuck?.id, status: 'COMPLETE' });
    const after = await submit(id, { paymentMethodId: I.cardVisa });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ status: 'PENDING', feeTransactionId: stuck?.id });
    expect(await feeTxs(id)).toHaveLength(1);
    expect(chargesOf([stuck?.id as string])).toHaveLength(1);
  });

  it('charged, then lost, finished by the job: the request\'s retry with its key gets the application (200), not "already submitted"', async () => {
    const id = await newApplication();
    const key = { 'idempotency-key': `submit-${id}` };
    fault = 'after';
    expect((await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa }, key)).statusCode).toBe(500);
    await recoverPayments(app.ctx, { olderThanMs: 0 });
    expect((await finishPaidApplications(app.ctx)).finished).toEqual([id]);
    const retry = await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'PENDING' });
    // another request (another key) is still told it was submitted
    expect((await submit(id, { paymentMethodId: I.cardVisa }, { 'idempotency-key': 'another' })).statusCode).toBe(409);
    expect(await feeTxs(id)).toHaveLength(1);
  });

  it('charged, then lost: the job finishes the application after the recovery (no tenant action)', async () => {
    const id = await newApplication();
    fault = 'after';
    expect((await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa })).statusCode).toBe(500);
    const [stuck] = await feeTxs(id);
    await recoverPayments(app.ctx, { olderThanMs: 0 });
    const report = await finishPaidApplications(app.ctx);
    expect(report.finished).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({
      status: 'PENDING',
      feeTransactionId: stuck?.id,
      feeAmount: totalCentsOf(stuck as never),
    });
    expect(await app.ctx.db.select().from(screenings).where(eq(screenings.applicationId, id))).toHaveLength(1);
    expect((await finishPaidApplications(app.ctx)).finished).toEqual([]);
    expect(chargesOf([stuck?.id as string])).toHaveLength(1);
  });

  it('never reached the processor: the next submit charges that same transaction once', async () => {
    const id = await newApplication();
    fault = 'before';
    expect((await submit(id, { ...ANSWERS, paymentMethodId: I.cardVisa })).statusCode).toBe(500);
    const [stuck] = await feeTxs(id);
    expect(stuck?.status).toBe('INPROCESS');
    const after = await submit(id, {});
    expect(after.statusCode, after.body).toBe(200);
    const txs = await feeTxs(id);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ id: stuck?.id, status: 'COMPLETE' });
    expect(chargesOf([stuck?.id as string])).toHaveLength(1);
  });
});

describe('a submit whose answer was lost (issue 20)', () => {
  it('is answered the submitted application on its retry with the same key; another key is refused', async () => {
    const id = await newApplication();
    const body = { ...ANSWERS, paymentMethodId: I.cardVisa, paymentMethodType: 'TYPE_CREDIT_CARD' };
    const first = await submit(id, body, { 'idempotency-key': `lost-${id}` });
    expect(first.statusCode, first.body).toBe(200);
    // The server died before its answer was kept: the key is claimed, unanswered and released.
    await app.ctx.database.raw(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, heartbeat_at = NULL WHERE key = $1`,
      [`lost-${id}`],
    );
    const retry = await submit(id, body, { 'idempotency-key': `lost-${id}` });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ id, status: 'PENDING' });
    expect(await feeTxs(id)).toHaveLength(1);
    const other = await submit(id, body, { 'idempotency-key': `other-${id}` });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('RM_ERROR_APPLICATION_SUBMITTED');
  });
});
