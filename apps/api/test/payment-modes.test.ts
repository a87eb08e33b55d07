// The extra payment modes (issue 8): paysafe cash (US), union pay (CA), instalment (split) pay and the online wallet
// provider's order flow — each on the ledger, behind an Idempotency-Key, with the limits and eligibility of spec 1 §5.
import { randomUUID } from 'node:crypto';
import { type PropertyLease, propertyLeaseRecordSchema } from '@portal/domain/api-shapes';
import { balanceBreakdown } from '@portal/domain/balance-breakdown';
import {
  instalmentAmountSchema,
  instalmentPlanSchema,
  paymentResultSchema,
  redirectAnswerSchema,
} from '@portal/domain/payment-shapes';
import { shownBalanceCents, shownOpenCharges } from '@portal/domain/pending-payments';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../src/db/schema.ts';
import { lockOpenCharges, postPayment } from '../src/services/payments/ledger.ts';
import { recoverPayPalCaptures } from '../src/services/payments/paypal-order.ts';
import { expirePaysafeCash } from '../src/services/payments/paysafe-cash.ts';
import { expireUnionPayOrders } from '../src/services/payments/union-pay.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';
import { addCard, expectLedgerReconciles, leaseBalance } from './ledger-helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const I = DEMO_IDS;
const DAY = 24 * 60 * 60 * 1000;

const send = (
  method: 'POST' | 'PATCH' | 'GET',
  token: string | null,
  url: string,
  body?: Record<string, unknown>,
  opts: { key?: string | null; lang?: string } = {},
) => {
  const key = opts.key === undefined ? randomUUID() : opts.key;
  return app.inject({
    method,
    url,
    headers: {
      ...(token ? auth(token) : {}),
      ...(key && method === 'POST' ? { 'idempotency-key': key } : {}),
      'accept-language': opts.lang ?? 'en',
    },
    ...(body ? { payload: body } : {}),
  });
};
const lease = (leaseId: string, over: Record<string, unknown> = {}) => ({
  billingAccountId: leaseId,
  billingAccountType: 'TYPE_PROPERTY_LEASE',
  ...over,
});
const paysafe = (over: Record<string, unknown> = {}) => lease(I.leaseUs, { currency: 'USD', language: 'EN', ...over });

async function transaction(id: string) {
  const [row] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

/** The lease as the tenant's dashboard reads it (POST /property_lease/search). */
async function tenantLease(leaseId: string): Promise<PropertyLease> {
  const res = await send('POST', tenant, '/api/property_lease/search', {});
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().records as PropertyLease[]).find((l) => l.id === leaseId);
  if (!found) throw new Error(`lease ${leaseId} not listed`);
  return propertyLeaseRecordSchema.parse(found);
}
const pendingSum = (l: PropertyLease) => (l.pendingPayments ?? []).reduce((sum, p) => sum + p.allocated, 0);

async function countTransactions(type: string): Promise<number> {
  return app.ctx.db.$count(paymentTransactions, eq(paymentTransactions.paymentMethodType, type));
}

const raw = (text: string, params: unknown[] = []) => app.ctx.database.raw(text, params);

/** Runs `fn` with the app's clock moved by `ms` (the jobs and the rules read ctx.now). */
async function withClockAhead<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const real = app.ctx.now;
  app.ctx.now = () => new Date(real().getTime() + ms);
  try {
    return await fn();
  } finally {
    app.ctx.now = real;
  }
}

describe('POST /payment/paysafecash (US)', () => {
  // issue 21 §1: partial payments blocked and 2,400.00 due at once, above the 1,495.00 cash cap: it can never succeed
  it('is refused with the reason the method selector shows when it cannot succeed, whatever the amount', async () => {
    const reason =
      'Not available for this payment: your property manager requires the $2,400.00 due to be paid at once, and cash payments cannot exceed $1,495.00.';
    for (const body of [paysafe({ amount: 2400 }), paysafe({ amount: 1000 }), paysafe({ amount: 2400, prepareOnly: true })]) {
      const res = await send('POST', tenantUs, '/api/payment/paysafecash', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED', message: reason });
    }
    const fr = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 2400 }), { lang: 'fr' });
    expect(fr.json().message).toMatch(/^Non offert pour ce paiement\u202f: .*2\s400,00\s\$\sUS/);
    expect(await countTransactions('TYPE_PAYSAFE_CASH')).toBe(0);
  });

  it('applies the rules of every payment: the US lease blocks partial payments', async () => {
    const res = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 100 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED');
    // The rest of this block pays part of the balance in cash.
    await raw('UPDATE property_leases SET block_partial_payments = false WHERE id = $1', [I.leaseUs]);
    await raw('UPDATE companies SET block_partial_payments = false WHERE id = $1', [I.companyUs]);
  });

  it('records a PENDING cash payment allocated now, and answers its barcode page', async () => {
    const before = await leaseBalance(app, I.leaseUs);
    const key = randomUUID();
    const res = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 100 }), { key });
    expect(res.statusCode, res.body).toBe(200);
    const answer = redirectAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ total: 100, currency: 'USD' });
    expect(answer.url).toMatch(/^\/api\/sandbox\/paysafecash\/[A-Za-z0-9]+\?lang=en$/);
    const tx = await transaction(answer.transactionId);
    expect(tx).toMatchObject({ status: 'PENDING', paymentMethodType: 'TYPE_PAYSAFE_CASH', amount: 10_000, feeAmount: 0 });
    expect(answer.url).toContain(tx.hostedPaymentPageId as string);
    expect(Date.parse(answer.expiresAt as string) - Date.parse(tx.createDate)).toBe(7 * DAY);
    expect(await leaseBalance(app, I.leaseUs)).toBe(before - 10_000);
    await expectLedgerReconciles(app);

    // A retry answers the first result; one transaction. The same key with another body is refused.
    const count = await countTransactions('TYPE_PAYSAFE_CASH');
    const retry = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 100 }), { key });
    expect(retry.body).toBe(res.body);
    expect(await countTransactions('TYPE_PAYSAFE_CASH')).toBe(count);
    const other = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 101 }), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('RM_ERROR_IDEMPOTENCY_CONFLICT');

    // The barcode page: real HTML, the number and the total, no inline script, in English and French.
    const page = await app.inject({ method: 'GET', url: answer.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const number = (tx.paymentProviderId as string).replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(page.body).toContain(number);
    expect(page.body).toContain('$100.00');
    expect(page.body).toContain('Pay at store (sandbox)');
    expect(page.body).toContain('<svg class="barcode"');
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/api/sandbox/assets/payment-modes.js" defer>']);
    expect(page.body).not.toMatch(/\son[a-z]+="/);
    const fr = await app.inject({ method: 'GET', url: answer.url.replace('lang=en', 'lang=fr') });
    expect(fr.body).toContain('Payer comptant en magasin');
    expect(fr.body).toContain('100,00');
    const js = await app.inject({ method: 'GET', url: '/api/sandbox/assets/payment-modes.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');

    // The sandbox store takes the cash: COMPLETE, once.
    const pageId = tx.hostedPaymentPageId as string;
    const paid = await send('POST', null, `/api/sandbox/paysafecash/${pageId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paymentResultSchema.parse(paid.json())).toMatchObject({ id: tx.id, status: 'COMPLETE' });
    const again = await send('POST', null, `/api/sandbox/paysafecash/${pageId}/pay`);
    expect(again.json()).toMatchObject({ id: tx.id, status: 'COMPLETE' });
    expect(await leaseBalance(app, I.leaseUs)).toBe(before - 10_000);
    const donePage = await app.inject({ method: 'GET', url: answer.url });
    expect(donePage.body).not.toContain('id="pay-at-store"');
    await expectLedgerReconciles(app);
  });

  it('enforces the cash limits: below 10 names the amount, the 1495 cap is blocked; 10 and 1495 pass', async () => {
    const low = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 9.99 }));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      errorCode: 'RM_ERROR_INVALID_AMOUNT',
      fieldErrors: [{ field: 'amount', fieldValue: -0.01 }],
    });
    expect(low.json().message).toContain('$9.99');
    const lowFr = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 9.99 }), { lang: 'fr' });
    expect(lowFr.json().message).toContain('9,99');
    const high = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 1495.01 }));
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({
      errorCode: 'RM_ERROR_INVALID_AMOUNT',
      message: 'Cash payments cannot exceed $1,495.00.',
    });
    // issue 20: the cap with its cents and currency in French ("1 495,00 $ US", not "1495 $")
    const highFr = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 1495.01 }), { lang: 'fr' });
    expect(highFr.json().message.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Les paiements en espèces ne peuvent pas dépasser 1 495,00 $ US.',
    );
    // The 500 and 995 notes are the form's: the server accepts those amounts (prepareOnly: checks and total only).
    const count = await countTransactions('TYPE_PAYSAFE_CASH');
    for (const amount of [500.01, 995, 995.01]) {
      const res = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount, prepareOnly: true }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ url: '', transactionId: '', total: amount, currency: 'USD', expiresAt: null });
    }
    expect(await countTransactions('TYPE_PAYSAFE_CASH')).toBe(count);
    for (const amount of [10, 1495]) {
      const res = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total).toBe(amount);
    }
    await expectLedgerReconciles(app);
  });

  it('is offered in the US only, for the caller own lease, and not when cash is blocked', async () => {
    const ca = await send('POST', tenant, '/api/payment/paysafecash', paysafe({ billingAccountId: I.leaseActive, amount: 50 }));
    expect(ca.statusCode).toBe(400);
    expect(ca.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const foreign = await send('POST', tenant, '/api/payment/paysafecash', paysafe({ amount: 50 }));
    expect(foreign.statusCode).toBe(404);
    const bad = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 50, currency: 'CAD' }));
    expect(bad.statusCode).toBe(400);
    const noKey = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 50 }), { key: null });
    expect(noKey.statusCode).toBe(400);
    await raw(`UPDATE property_leases SET block_payments = '{"TYPE_CASH":{"blocked":true}}' WHERE id = $1`, [I.leaseUs]);
    try {
      const blocked = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 50 }));
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_BLOCKED');
    } finally {
      await raw(`UPDATE property_leases SET block_payments = '{"TYPE_BANK_ACCOUNT":{"blocked":true}}' WHERE id = $1`, [
        I.leaseUs,
      ]);
    }
  });

  it('expires an unpaid barcode after 7 days: TIMEDOUT, the balance given back, the store refused', async () => {
    const before = await leaseBalance(app, I.leaseUs);
    const res = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 40 }));
    expect(res.statusCode, res.body).toBe(200);
    const { transactionId } = res.json();
    expect(await leaseBalance(app, I.leaseUs)).toBe(before - 4_000);
    const now = app.ctx.now().getTime();
    expect(await expirePaysafeCash(app.ctx, new Date(now + 6 * DAY))).not.toContain(transactionId);
    expect((await transaction(transactionId)).status).toBe('PENDING');
    // Every barcode still unpaid expires (the earlier ones of this file too): each gives its amount back.
    const expired = await expirePaysafeCash(app.ctx, new Date(now + 7 * DAY + 1000));
    expect(expired).toContain(transactionId);
    let givenBack = 0;
    for (const id of expired) {
      const row = await transaction(id);
      expect(row).toMatchObject({ status: 'TIMEDOUT', paymentMethodType: 'TYPE_PAYSAFE_CASH' });
      givenBack += row.amount;
    }
    const tx = await transaction(transactionId);
    expect(tx.error?.split(':')[0]).toBe('paysafecash');
    expect(await leaseBalance(app, I.leaseUs)).toBe(before - 4_000 + givenBack);
    const afterSweep = await leaseBalance(app, I.leaseUs);
    const late = await send('POST', null, `/api/sandbox/paysafecash/${tx.hostedPaymentPageId}/pay`);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain('expired');
    await expectLedgerReconciles(app);

    // Past its time but not swept yet: the store is refused and the payment expires there and then.
    const second = await send('POST', tenantUs, '/api/payment/paysafecash', paysafe({ amount: 40 }));
    const row = await transaction(second.json().transactionId);
    const refused = await withClockAhead(8 * DAY, () =>
      send('POST', null, `/api/sandbox/paysafecash/${row.hostedPaymentPageId}/pay`),
    );
    expect(refused.statusCode).toBe(400);
    expect((await transaction(row.id)).status).toBe('TIMEDOUT');
    expect(await leaseBalance(app, I.leaseUs)).toBe(afterSweep);
    await expectLedgerReconciles(app);
  });

  it('answers an unknown barcode page with a not-found page', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/sandbox/paysafecash/unknownpage123?lang=fr' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Code-barres introuvable');
    const pay = await send('POST', null, '/api/sandbox/paysafecash/unknownpage123/pay');
    expect(pay.statusCode).toBe(404);
  });
});

describe('POST /geoswift/create_order (union pay, Canada)', () => {
  it('records a PENDING order and pays it on the sandbox page', async () => {
    const before = await leaseBalance(app, I.leaseActive);
    const key = randomUUID();
    const res = await send('POST', tenant, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 50 }), { key });
    expect(res.statusCode, res.body).toBe(200);
    const answer = redirectAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ total: 50, currency: 'CAD' });
    expect(answer.url).toMatch(/^\/api\/sandbox\/geoswift\/[A-Za-z0-9]+\?lang=en$/);
    const retry = await send('POST', tenant, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 50 }), { key });
    expect(retry.body).toBe(res.body);
    const tx = await transaction(answer.transactionId);
    expect(tx).toMatchObject({ status: 'PENDING', paymentMethodType: 'TYPE_UNION_PAY', amount: 5_000 });
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 5_000);

    const page = await app.inject({ method: 'GET', url: answer.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Maple Leaf Property Management');
    expect(page.body).toContain('id="pay"');
    expect(page.body).toContain('id="cancel"');
    const paid = await send('POST', null, `/api/sandbox/geoswift/${tx.hostedPaymentPageId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ id: tx.id, status: 'COMPLETE' });
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 5_000);
    await expectLedgerReconciles(app);
  });

  it('shows a waiting order as pending, not off the balance the tenant sees; paying it takes it off (issue 21 §1)', async () => {
    const seenBefore = await tenantLease(I.leaseActive);
    const res = await send('POST', tenant, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 40 }));
    const { transactionId, expiresAt } = res.json();
    const waiting = await tenantLease(I.leaseActive);
    // the amount rules count it (the payable balance is 40 less) …
    expect(waiting.balance).toBeCloseTo(seenBefore.balance - 40, 2);
    // … but the tenant sees the same balance, with the order pending apart
    expect(waiting.balance + pendingSum(waiting)).toBeCloseTo(seenBefore.balance + pendingSum(seenBefore), 2);
    expect(waiting.pendingPayments).toContainEqual(
      expect.objectContaining({ id: transactionId, paymentMethodType: 'TYPE_UNION_PAY', amount: 40, allocated: 40, expiresAt }),
    );
    // issue 21 §1: the card's balance and its breakdown agree (the lease card read 3 775 and the breakdown 3 675): the
    // answer says where the pending money sits, so the breakdown of the balance shown totals it
    const order = waiting.pendingPayments?.find((p) => p.id === transactionId);
    expect(order?.charges?.reduce((sum, c) => sum + c.allocated, 0)).toBeCloseTo(40, 2);
    const shown = balanceBreakdown(shownOpenCharges(waiting), '2026-11-22');
    expect(shown.totalCents).toBe(shownBalanceCents(waiting));
    expect(shown.totalCents).toBe(shownBalanceCents(seenBefore));
    const tx = await transaction(transactionId);
    await send('POST', null, `/api/sandbox/geoswift/${tx.hostedPaymentPageId}/pay`);
    const paid = await tenantLease(I.leaseActive);
    expect(paid.pendingPayments?.some((p) => p.id === transactionId)).toBe(false);
    expect(paid.balance + pendingSum(paid)).toBeCloseTo(seenBefore.balance + pendingSum(seenBefore) - 40, 2);
  });

  it('records a cancelled order as CANCELLED (not FAILED) with the geo provider text and gives the balance back', async () => {
    const before = await leaseBalance(app, I.leaseActive);
    const seenBefore = await tenantLease(I.leaseActive);
    const res = await send('POST', tenant, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 60 }));
    const tx = await transaction(res.json().transactionId);
    const cancelled = await send('POST', null, `/api/sandbox/geoswift/${tx.hostedPaymentPageId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const result = cancelled.json();
    // issue 21 §1: the tenant's own cancellation is not a failure
    expect(result.status).toBe('CANCELLED');
    const seenAfter = await tenantLease(I.leaseActive);
    expect(seenAfter.balance).toBeCloseTo(seenBefore.balance, 2);
    expect(seenAfter.pendingPayments?.some((p) => p.id === tx.id)).toBe(false);
    // the geo provider's colon-separated text is kept
    const parts = (result.error as string).split(':');
    expect(parts[0]).toBe('geoswift');
    expect(parts.at(-1)).toBe('The payment was cancelled on the UnionPay page');
    expect(await leaseBalance(app, I.leaseActive)).toBe(before);
    const payLater = await send('POST', null, `/api/sandbox/geoswift/${tx.hostedPaymentPageId}/pay`);
    expect(payLater.statusCode).toBe(400);
    expect(payLater.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    await expectLedgerReconciles(app);
  });

  it('is offered in Canada only, for the caller own lease; abandoned orders expire after a day', async () => {
    const us = await send('POST', tenantUs, '/api/geoswift/create_order', lease(I.leaseUs, { amount: 2400 }));
    expect(us.statusCode).toBe(400);
    expect(us.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const foreign = await send('POST', tenantUs, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 50 }));
    expect(foreign.statusCode).toBe(404);
    const low = await send('POST', tenant, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 9 }));
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('Negative amount on PAYMENT transaction');

    const before = await leaseBalance(app, I.leaseActive);
    const res = await send('POST', tenant, '/api/geoswift/create_order', lease(I.leaseActive, { amount: 30 }));
    const { transactionId } = res.json();
    expect(await expireUnionPayOrders(app.ctx, new Date(app.ctx.now().getTime() + DAY + 1000))).toContain(transactionId);
    expect((await transaction(transactionId)).status).toBe('TIMEDOUT');
    expect(await leaseBalance(app, I.leaseActive)).toBe(before);
    await expectLedgerReconciles(app);
  });
});

describe('instalment (split) pay', () => {
  const initiate = (token: string, body: Record<string, unknown>, lang = 'en') =>
    send('POST', token, '/api/installment_pay/initiate', body, { key: null, lang });
  const plan400 = { amount: 400, billingAccount: { id: I.leaseActive } };
  const payPlan = (planId: string, amount: number, key = randomUUID()) =>
    send(
      'POST',
      tenant,
      '/api/processpayment',
      lease(I.leaseActive, { paymentMethodId: planId, paymentMethodType: 'TYPE_INSTALLMENT_PAY', amount }),
      { key },
    );
  const accept = (planId: string, body: Record<string, unknown>, token = tenant) =>
    send('PATCH', token, `/api/INSTALLMENT_PAY/${planId}/update`, body);

  it('initiates a plan: 4 instalments by default, the first with the 6.99% fee, terms to accept', async () => {
    const res = await initiate(tenant, plan400);
    expect(res.statusCode, res.body).toBe(200);
    const plan = instalmentPlanSchema.parse(res.json());
    expect(plan).toMatchObject({
      type: 'TYPE_INSTALLMENT_PAY',
      installments: 4,
      acceptedTermsAndConditions: false,
      fundingMethodId: null,
      amount: 400,
      termsAndConditionsUrl: '/api/sandbox/installment-pay/terms?lang=en',
    });
    const details = plan.installmentDetails.paymentDetails;
    expect(details.map((d) => d.amount)).toEqual([127.96, 100, 100, 100]); // 400 / 4 + 6.99% of 400 (27.96)
    expect(details.every((d) => d.status === 'PENDING')).toBe(true);
    expect(details[1].paymentDueDate.slice(0, 7)).not.toBe(details[0].paymentDueDate.slice(0, 7));
    const terms = await app.inject({ method: 'GET', url: plan.termsAndConditionsUrl });
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('6.99%');
    const termsFr = await app.inject({ method: 'GET', url: '/api/sandbox/installment-pay/terms?lang=fr' });
    expect(termsFr.body).toContain('6,99 %');
    const got = await send('GET', tenant, `/api/installment_pay/${plan.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(plan);
    // One unused plan per lease: initiating again replaces it (6 instalments now).
    const six = await initiate(tenant, { ...plan400, installments: 6 });
    expect(six.json()).toMatchObject({ id: plan.id, installments: 6 });
    expect(six.json().installmentDetails.paymentDetails).toHaveLength(6);
    expect((await send('GET', tenant, `/api/INSTALLMENT_PAY/${plan.id}`)).json()).toEqual(six.json());
    // Another tenant's plan answers like a missing one.
    expect((await send('GET', tenantUs, `/api/INSTALLMENT_PAY/${plan.id}`)).statusCode).toBe(404);
    expect((await send('GET', tenantUs, `/api/INSTALLMENT_PAY/${plan.id}/amount`)).statusCode).toBe(404);
    expect((await accept(plan.id, { acceptedTermsAndConditions: true, fundingMethodId: I.cardUs }, tenantUs)).statusCode).toBe(
      404,
    );
    expect((await initiate(tenantUs, plan400)).statusCode).toBe(404);
  });

  it('enforces the amount: 80 to 20000', async () => {
    for (const amount of [79.99, 20000.01]) {
      const res = await initiate(tenant, { ...plan400, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'RM_ERROR_INVALID_AMOUNT',
        message: 'Instalment payments must be between $80.00 and $20,000.00.',
      });
    }
    for (const amount of [80, 20000]) {
      const res = await initiate(tenant, { ...plan400, amount });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().amount).toBe(amount);
    }
    const fr = await initiate(tenant, { ...plan400, amount: 79.99 }, 'fr');
    expect(fr.json().message).toContain('80,00');
  });

  it('enforces eligibility: province, phone, an eligible credit card, split pay not blocked', async () => {
    for (const province of ['NB', 'NS']) {
      await raw('UPDATE properties SET province = $1 WHERE id = $2', [province, I.propertyCa]);
      const res = await initiate(tenant, plan400);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
        message: 'Instalment payments are not available in your province.',
      });
    }
    await raw(`UPDATE properties SET province = 'BC' WHERE id = $1`, [I.propertyCa]);

    const [{ phone }] = (await raw('SELECT phone FROM customers WHERE id = $1', [I.tenant])).rows as { phone: string }[];
    try {
      await raw('UPDATE customers SET phone = NULL WHERE id = $1', [I.tenant]);
      const unset = await initiate(tenant, plan400);
      expect(unset.statusCode).toBe(400);
      expect(unset.json().fieldErrors[0]).toMatchObject({ field: 'phone' });
      expect(unset.json().message).toContain('add your phone number');
      await raw(`UPDATE customers SET phone = '555-0142' WHERE id = $1`, [I.tenant]);
      const format = await initiate(tenant, plan400);
      expect(format.statusCode).toBe(400);
      expect(format.json().message).toContain('not correctly formatted');
    } finally {
      await raw('UPDATE customers SET phone = $1 WHERE id = $2', [phone, I.tenant]);
    }

    // A debit card is not a funding card; with no eligible credit card at all the alert asks to add one.
    const debit = await addCard(app, tenant, '4000056655665556');
    const withDebit = await initiate(tenant, { ...plan400, fundingMethodId: debit });
    expect(withDebit.statusCode).toBe(400);
    expect(withDebit.json().fieldErrors[0]).toMatchObject({ field: 'fundingMethodId' });
    await raw(`UPDATE payment_methods SET card_type = 'DEBIT' WHERE id = $1`, [I.cardVisa]);
    try {
      const none = await initiate(tenant, plan400);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toContain('credit card');
    } finally {
      await raw(`UPDATE payment_methods SET card_type = 'CREDIT' WHERE id = $1`, [I.cardVisa]);
    }
    await raw(`UPDATE payment_methods SET deleted_at = now() WHERE id = $1`, [debit]);

    await raw(`UPDATE property_leases SET block_payments = '{"TYPE_CREDIT_CARD":{"blockedSplit":true}}' WHERE id = $1`, [
      I.leaseActive,
    ]);
    try {
      const blocked = await initiate(tenant, plan400);
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_BLOCKED');
    } finally {
      await raw(`UPDATE property_leases SET block_payments = '{}' WHERE id = $1`, [I.leaseActive]);
    }
    for (const leaseId of [I.leaseTerminated, I.leasePending]) {
      const res = await initiate(tenant, { ...plan400, billingAccount: { id: leaseId } });
      expect(res.statusCode).toBe(422);
    }
  });

  it('pays a plan: terms first, the funding card charged the first instalment, the funded amount on the ledger', async () => {
    const plan = (await initiate(tenant, plan400)).json();
    const listed = async () =>
      (
        (await send('GET', tenant, `/api/customer/${I.tenant}/paymentmethods`)).json() as { records: { id: string }[] }
      ).records.map((r) => r.id);
    expect(await listed()).not.toContain(plan.id); // an unpaid plan is not a saved method yet
    const refused = await payPlan(plan.id, 400);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('accept the instalment terms');
    const noCard = await accept(plan.id, { acceptedTermsAndConditions: true });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().fieldErrors[0].field).toBe('fundingMethodId');
    expect((await accept(plan.id, {})).statusCode).toBe(400);
    const accepted = await accept(plan.id, { acceptedTermsAndConditions: true, fundingMethodId: I.cardVisa });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ acceptedTermsAndConditions: true, fundingMethodId: I.cardVisa });

    const mismatch = await payPlan(plan.id, 399);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('$400.00');

    const before = await leaseBalance(app, I.leaseActive);
    const key = randomUUID();
    const res = await payPlan(plan.id, 400, key);
    expect(res.statusCode, res.body).toBe(200);
    const tx = paymentResultSchema.parse(res.json());
    expect(tx).toMatchObject({
      status: 'COMPLETE',
      amount: 400,
      feeAmount: 27.96,
      total: 427.96,
      paymentMethodType: 'TYPE_INSTALLMENT_PAY',
      paymentMethodId: plan.id,
      cardBrand: 'VISA',
      last4: '4242',
    });
    const charge = await app.ctx.providers.processor.getCharge(tx.id);
    expect(charge).toMatchObject({ amountCents: 12_796, token: 'tok_sandbox_visa_4242' });
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 40_000);
    await expectLedgerReconciles(app);
    expect(await listed()).toContain(plan.id);

    // A retry answers the first result; the plan cannot pay twice nor change once used.
    const count = await countTransactions('TYPE_INSTALLMENT_PAY');
    expect((await payPlan(plan.id, 400, key)).body).toBe(res.body);
    const twice = await payPlan(plan.id, 400);
    expect(twice.statusCode).toBe(409);
    expect(await countTransactions('TYPE_INSTALLMENT_PAY')).toBe(count);
    expect((await accept(plan.id, { acceptedTermsAndConditions: false })).statusCode).toBe(409);

    const got = instalmentPlanSchema.parse((await send('GET', tenant, `/api/INSTALLMENT_PAY/${plan.id}`)).json());
    expect(got.installmentDetails.paymentDetails.map((d) => [d.amount, d.status])).toEqual([
      [127.96, 'PAID'],
      [100, 'PENDING'],
      [100, 'PENDING'],
      [100, 'PENDING'],
    ]);
    expect(got.installmentDetails.paymentDetails[0].paymentDueDate).toBe(app.ctx.now().toISOString().slice(0, 10));
    const amount = instalmentAmountSchema.parse((await send('GET', tenant, `/api/INSTALLMENT_PAY/${plan.id}/amount`)).json());
    expect(amount).toEqual({
      id: plan.id,
      amount: 400,
      feeAmount: 27.96,
      feePaidByCompany: false,
      installments: 4,
      firstInstalmentAmount: 127.96,
      total: 427.96,
      currency: 'CAD',
    });
  });

  it('leaves the plan unpaid when the funding card is refused, and pays with another card', async () => {
    const nsf = await addCard(app, tenant, '4000000000009995');
    const plan = (await initiate(tenant, { ...plan400, amount: 100, fundingMethodId: nsf })).json();
    expect(plan.fundingMethodId).toBe(nsf);
    await accept(plan.id, { acceptedTermsAndConditions: true });
    const before = await leaseBalance(app, I.leaseActive);
    const res = await payPlan(plan.id, 100);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_INSUFFICIENT_FUNDS', transaction: { status: 'FAILED' } });
    expect(await leaseBalance(app, I.leaseActive)).toBe(before);
    const unpaid = (await send('GET', tenant, `/api/INSTALLMENT_PAY/${plan.id}`)).json();
    expect(unpaid.installmentDetails.paymentDetails.every((d: { status: string }) => d.status === 'PENDING')).toBe(true);
    expect((await accept(plan.id, { fundingMethodId: I.cardVisa })).statusCode).toBe(200);
    const ok = await payPlan(plan.id, 100);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'COMPLETE', amount: 100, feeAmount: 6.99, last4: '4242' });
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 10_000);
    await expectLedgerReconciles(app);
  });
});

describe('online wallet provider order flow', () => {
  const createOrder = (token: string, body: Record<string, unknown>, key = randomUUID()) =>
    send('POST', token, '/api/paypal_create_order', body, { key });
  const capture = (token: string, body: Record<string, unknown>, key = randomUUID()) =>
    send('POST', token, '/api/paypal_capture_order', body, { key });

  it('creates an order for the total and captures it once: one TYPE_PAY_PAL transaction however often it is captured', async () => {
    const key = randomUUID();
    const created = await createOrder(tenant, lease(I.leaseActive, { amount: 75 }), key);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ merchantId: 'SANDBOX-MERCHANT-CA', currency: 'CAD' });
    const { orderId } = created.json();
    expect((await createOrder(tenant, lease(I.leaseActive, { amount: 75 }), key)).json().orderId).toBe(orderId);

    const before = await leaseBalance(app, I.leaseActive);
    const count = await countTransactions('TYPE_PAY_PAL');
    const body = lease(I.leaseActive, { amount: 75, orderId });
    const answers = await Promise.all([capture(tenant, body), capture(tenant, body), capture(tenant, body)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(answers[0].json()).toMatchObject({ status: 'COMPLETE', amount: 75, paymentMethodType: 'TYPE_PAY_PAL' });
    expect((await capture(tenant, body)).json().id).toBe(answers[0].json().id);
    expect(await countTransactions('TYPE_PAY_PAL')).toBe(count + 1);
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 7_500);
    await expectLedgerReconciles(app);
  });

  it('refuses a cancelled, unknown, foreign or mismatched order with a clear 4xx', async () => {
    const { orderId } = (await createOrder(tenant, lease(I.leaseActive, { amount: 20 }))).json();
    const foreign = await capture(tenantUs, lease(I.leaseUs, { amount: 20, orderId }));
    expect(foreign.statusCode).toBe(404);
    const mismatch = await capture(tenant, lease(I.leaseActive, { amount: 21, orderId }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors[0].field).toBe('orderId');
    await app.ctx.providers.onlineWallet.cancelOrder(orderId);
    const cancelled = await capture(tenant, lease(I.leaseActive, { amount: 20, orderId }));
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().message).toContain('cancelled');
    const unknown = await capture(tenant, lease(I.leaseActive, { amount: 20, orderId: 'ORD-SBX-nope' }));
    expect(unknown.statusCode).toBe(404);
    expect((await createOrder(tenantUs, lease(I.leaseActive, { amount: 20 }))).statusCode).toBe(404);
    const us = await createOrder(tenantUs, lease(I.leaseUs, { amount: 100 }));
    expect(us.statusCode).toBe(400); // the US company does not accept the online wallet provider
    const terminated = await createOrder(tenant, lease(I.leaseTerminated, { amount: 20 }));
    expect(terminated.statusCode).toBe(422);
  });

  it('settles a capture left PENDING by a crash by asking the provider (never capturing)', async () => {
    const record = async (orderId: string) =>
      app.ctx.db.transaction(async (tx) =>
        postPayment(tx, {
          userId: I.tenant,
          leaseId: I.leaseActive,
          propertyId: I.propertyCa,
          companyId: I.companyCa,
          currency: 'CAD',
          status: 'PENDING',
          paymentProviderId: orderId,
          amountCents: 1_500,
          feeCents: 0,
          feeType: 'ADD',
          feePaidByCompany: false,
          paymentMethodType: 'TYPE_PAY_PAL',
          paymentMethodId: null,
          cardBrand: null,
          last4: null,
          note: null,
          idempotencyKey: `paypal-order:${orderId}`,
          allocate: { amountCents: 1_500 },
          openCharges: await lockOpenCharges(tx, I.leaseActive),
        }),
      );
    const before = await leaseBalance(app, I.leaseActive);
    const captured = (await createOrder(tenant, lease(I.leaseActive, { amount: 15 }))).json().orderId;
    const uncaptured = (await createOrder(tenant, lease(I.leaseActive, { amount: 15 }))).json().orderId;
    const a = await record(captured);
    await app.ctx.providers.onlineWallet.captureOrder({ orderId: captured });
    const b = await record(uncaptured);
    const settled = await recoverPayPalCaptures(app.ctx, { olderThanMs: 0 });
    expect(settled).toEqual(
      expect.arrayContaining([
        { id: a.id, status: 'COMPLETE' },
        { id: b.id, status: 'FAILED' },
      ]),
    );
    expect((await app.ctx.providers.onlineWallet.getOrder(uncaptured))?.status).toBe('CREATED');
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 1_500);
    // The tenant's retry of the first capture answers the settled transaction.
    const retry = await capture(tenant, lease(I.leaseActive, { amount: 15, orderId: captured }));
    expect(retry.json()).toMatchObject({ id: a.id, status: 'COMPLETE' });
    const [{ n }] = (
      await app.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.idempotencyKey, `paypal-order:${captured}`)))
    ).map((r) => r);
    expect(n).toBe(1);
    await expectLedgerReconciles(app);
  });
});
