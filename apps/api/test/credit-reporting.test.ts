// Credit reporting calls (issue 22; spec 2 §4, §5, §7, §8, §9): the offer, subscribe with each refusal and its charge
// on the ledger (once), unsubscribe, resubscribe, change of card, stop, the card in use, the payment-method lookup, last
// month's rent, and another tenant's records answering 404.
import { randomUUID } from 'node:crypto';
import {
  creditReportOfferSchema,
  creditReportSubscriptionSchema,
  lastMonthAmountPaidSchema,
  paymentMethodDetailSchema,
} from '@portal/domain/credit-report-shapes';
import { addDays, addMonths } from '@portal/domain/dates';
import { mapRequiredFieldError } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReportTerms, customers, paymentMethods, paymentTransactions, propertyLeases } from '../src/db/schema.ts';
import { CREDIT_REPORT_DEMO_IDS } from '../src/db/seed-credit-reporting.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';
import { addCard, expectLedgerReconciles } from './ledger-helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
const I = DEMO_IDS;
const C = CREDIT_REPORT_DEMO_IDS;

beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, token = tenant, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { ...auth(token), ...headers } });
const subscribeUrl = (q: Record<string, string>) =>
  `/credit_report/subscribe?${new URLSearchParams({ accountType: 'TYPE_PROPERTY_LEASE', accountId: I.leaseActive, ...q })}`;
const visa = { payMethodType: 'TYPE_CREDIT_CARD', payMethodId: I.cardVisa };
const subscribe = (q: Record<string, string> = visa, opts: { token?: string; key?: string; lang?: string } = {}) =>
  get(subscribeUrl(q), opts.token ?? tenant, {
    'idempotency-key': opts.key ?? randomUUID(),
    'accept-language': opts.lang ?? 'en',
  });

async function feeTransactions(subscriptionId: string) {
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

async function searchSubscriptions(token = tenant) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/credit_report/search',
    headers: auth(token),
    payload: { conditions: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().records as unknown[]).map((r) => creditReportSubscriptionSchema.parse(r));
}

const today = () => new Date().toISOString().slice(0, 10);

describe('credit reporting: the demo and the offer', () => {
  it('shows the demo tenant an ACTIVE subscription paid with the Visa and an EXPIRED one on the earlier lease', async () => {
    const subs = await searchSubscriptions();
    const active = subs.find((s) => s.id === C.subscriptionActive);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      billingAccountId: I.leaseActive,
      feeAmount: 4.95,
      autoRenew: true,
      paymentMethod: { type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' },
    });
    expect(active?.property?.province).toBe('BC');
    expect(subs.find((s) => s.id === C.subscriptionExpired)).toMatchObject({ status: 'EXPIRED', autoRenew: false });
    const [fee] = await feeTransactions(C.subscriptionActive);
    expect(fee).toMatchObject({ status: 'COMPLETE', amount: 495, currency: 'CAD' });
    expect(await searchSubscriptions(tenantUs)).toEqual([]);
  });

  it('offers nothing new on the subscribed lease and tells why', async () => {
    const res = await get(`/credit_report/offer?leaseId=${I.leaseActive}`);
    expect(res.statusCode, res.body).toBe(200);
    const offer = creditReportOfferSchema.parse(res.json());
    expect(offer).toMatchObject({
      available: false,
      reason: 'ALREADY_SUBSCRIBED',
      feeAmount: 4.95,
      currency: 'CAD',
      termMonths: 12,
      subscription: { id: C.subscriptionActive },
    });
    expect(offer.startDateDisplay).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    const pending = creditReportOfferSchema.parse((await get(`/credit_report/offer?leaseId=${I.leasePending}`)).json());
    expect(pending).toMatchObject({ available: false, reason: 'NOT_OFFERED', subscription: null });
  });

  it("answers 404 for another tenant's lease, subscription and card, as for missing ones", async () => {
    expect((await get(`/credit_report/offer?leaseId=${I.leaseActive}`, tenantUs)).statusCode).toBe(404);
    expect((await subscribe(visa, { token: tenantUs })).statusCode).toBe(404);
    for (const action of ['unsubscribe', 'stop', 'change_payment_type?methodType=TYPE_CREDIT_CARD&methodId=x']) {
      expect((await get(`/credit_report/${C.subscriptionActive}/${action}`, tenantUs)).statusCode).toBe(404);
      expect((await get(`/credit_report/${randomUUID()}/${action}`)).statusCode).toBe(404);
    }
    expect((await get(`/payment_method/TYPE_CREDIT_CARD/${I.cardVisa}`, tenantUs)).statusCode).toBe(404);
    expect((await get(`/last_month_amount_paid?leaseId=${I.leaseActive}`, tenantUs)).statusCode).toBe(404);
    // The demo subscription is untouched.
    expect((await searchSubscriptions()).find((s) => s.id === C.subscriptionActive)?.status).toBe('ACTIVE');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const long = 'x'.repeat(65);
    const bad = await get(`/credit_report/subscribe?accountType=TYPE_PROPERTY_LEASE&accountId=${long}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('accountId');
    expect((await get(`/credit_report/subscribe?accountType=TYPE_X&accountId=${I.leaseActive}`)).statusCode).toBe(400);
    expect((await get('/credit_report/offer')).statusCode).toBe(400);
    const method = await get(`/credit_report/${C.subscriptionActive}/change_payment_type?methodType=CARD&methodId=1`);
    expect(method.statusCode).toBe(400);
    expect(method.body).toContain('methodType');
    expect((await get(`/payment_method/TYPE_NOPE/${I.cardVisa}`)).statusCode).toBe(400);
  });
});

describe('credit reporting: the OpenAPI document', () => {
  it('documents each call with its query, answers and refusals', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs', headers: auth(tenant) })).json();
    const paths = doc.paths as Record<string, Record<string, { parameters?: { name: string }[]; responses: object }>>;
    const subscribe = paths['/api/credit_report/subscribe'].get;
    expect(subscribe.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['accountType', 'accountId', 'payMethodType', 'payMethodId', 'idempotency-key']),
    );
    expect(Object.keys(subscribe.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '404', '422']));
    for (const path of [
      '/api/credit_report/offer',
      '/api/credit_report/{id}/unsubscribe',
      '/api/credit_report/{id}/stop',
      '/api/credit_report/{id}/change_payment_type',
      '/api/payment_method/{type}/{id}',
      '/api/last_month_amount_paid',
    ])
      expect(paths[path]?.get, path).toBeDefined();
  });
});

describe('credit reporting: card in use and the payment-method lookup', () => {
  it('refuses to delete the card of an ACTIVE subscription with the credit-reporting message', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/CREDIT_CARD/${I.cardVisa}/delete_with_bluesnap_check`,
      headers: auth(tenant),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_IN_USE');
    expect(res.json().message).toMatch(/credit.?report/i);
  });

  it("answers a method's display fields by type and id, never its number", async () => {
    const res = await get(`/payment_method/TYPE_CREDIT_CARD/${I.cardVisa}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = paymentMethodDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ id: I.cardVisa, type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' });
    expect(res.body).not.toMatch(/4242424242424242|processorToken|tok_/);
    // The wrong type for the id is not found.
    expect((await get(`/payment_method/TYPE_BANK_ACCOUNT/${I.cardVisa}`)).statusCode).toBe(404);
  });

  it("answers last month's rent paid on the lease with its month: COMPLETE/PENDING rent only", async () => {
    const res = await get(`/last_month_amount_paid?leaseId=${I.leaseActive}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = lastMonthAmountPaidSchema.parse(res.json());
    const month = addMonths(`${today().slice(0, 7)}-01`, -1).slice(0, 7);
    expect(body.month).toBe(month);
    expect(body.currency).toBe('CAD');
    // Last month: a rent payment made (counted), one still being charged and a credit-reporting fee (not counted).
    const row = (over: Record<string, unknown>) => ({
      userId: I.tenant,
      billingAccountId: I.leaseActive,
      propertyId: I.propertyCa,
      companyId: I.companyCa,
      currency: 'CAD',
      amount: 12_345,
      status: 'COMPLETE',
      createDate: `${month}-15T12:00:00.000Z`,
      confirmationId: `RL-${randomUUID().slice(0, 6).toUpperCase()}`,
      charges: [],
      ...over,
    });
    await app.ctx.db
      .insert(paymentTransactions)
      .values([
        row({}),
        row({ status: 'INPROCESS', amount: 50_000 }),
        row({ billingAccountType: 'TYPE_CREDIT_REPORT', amount: 495 }),
      ]);
    const after = lastMonthAmountPaidSchema.parse((await get(`/last_month_amount_paid?leaseId=${I.leaseActive}`)).json());
    expect(Math.round((after.amount - body.amount) * 100)).toBe(12_345);
  });
});

describe('credit reporting: unsubscribe, resubscribe, change of card, stop', () => {
  it('unsubscribes (reported until expiry), then resubscribes without a charge', async () => {
    const un = await get(`/credit_report/${C.subscriptionActive}/unsubscribe`);
    expect(un.statusCode, un.body).toBe(200);
    const before = creditReportSubscriptionSchema.parse(un.json());
    expect(before).toMatchObject({ status: 'UNSUBSCRIBED', autoRenew: false });
    const re = await subscribe();
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json()).toMatchObject({
      id: C.subscriptionActive,
      status: 'ACTIVE',
      autoRenew: true,
      expiryDate: before.expiryDate,
    });
    expect(await feeTransactions(C.subscriptionActive)).toHaveLength(1);
  });

  it('resubscribing without a card asks for one when the kept card was removed while unsubscribed', async () => {
    const mc = await addCard(app, tenant, '5200828282828210');
    const change = `/credit_report/${C.subscriptionActive}/change_payment_type?methodType=TYPE_CREDIT_CARD&methodId=`;
    expect((await get(`${change}${mc}`)).statusCode).toBe(200);
    expect((await get(`/credit_report/${C.subscriptionActive}/unsubscribe`)).statusCode).toBe(200);
    // No longer in use (no renewal): it can be removed.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/CREDIT_CARD/${mc}/delete_with_bluesnap_check`,
      headers: auth(tenant),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const none = await subscribe({});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors[0].field).toBe('payMethodId');
    const re = await subscribe();
    expect(re.json()).toMatchObject({ id: C.subscriptionActive, status: 'ACTIVE', paymentMethodId: I.cardVisa });
    expect(await feeTransactions(C.subscriptionActive)).toHaveLength(1);
  });

  it('changes the card of the next renewal: a bank account is refused, another card accepted', async () => {
    const bank = await get(
      `/credit_report/${C.subscriptionActive}/change_payment_type?methodType=TYPE_BANK_ACCOUNT&methodId=${I.bankCa}`,
    );
    expect(bank.statusCode).toBe(400);
    expect(bank.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const mc = await addCard(app, tenant, '5555555555554444');
    const res = await get(
      `/credit_report/${C.subscriptionActive}/change_payment_type?methodType=TYPE_CREDIT_CARD&methodId=${mc}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentMethodId: mc, paymentMethod: { last4: '4444' } });
    // Back to the Visa for the tests below.
    const back = await get(
      `/credit_report/${C.subscriptionActive}/change_payment_type?methodType=TYPE_CREDIT_CARD&methodId=${I.cardVisa}`,
    );
    expect(back.statusCode).toBe(200);
  });

  it('stops now: TERMINATED, never again; a second stop is refused', async () => {
    const res = await get(`/credit_report/${C.subscriptionActive}/stop`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'TERMINATED', autoRenew: false });
    const again = await get(`/credit_report/${C.subscriptionActive}/stop`);
    expect(again.statusCode).toBe(409);
    const offer = creditReportOfferSchema.parse((await get(`/credit_report/offer?leaseId=${I.leaseActive}`)).json());
    expect(offer).toMatchObject({ available: true, reason: null, subscription: null });
  });
});

describe('credit reporting: subscribe refusals (spec 2 §5, §8)', () => {
  it('not offered → 422', async () => {
    const pending = await get(subscribeUrl({ ...visa, accountId: I.leasePending }), tenant, { 'idempotency-key': randomUUID() });
    expect(pending.statusCode).toBe(422);
    expect(pending.json()).toMatchObject({ errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED' });
    expect(pending.json().message).toMatch(/not offered/i);
  });

  it('a bank account → RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED; no method → 400 naming payMethodId', async () => {
    const bank = await subscribe({ payMethodType: 'TYPE_BANK_ACCOUNT', payMethodId: I.bankCa });
    expect(bank.statusCode).toBe(400);
    expect(bank.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const none = await subscribe({});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.map((f: { field: string }) => f.field)).toContain('payMethodId');
  });

  it('no birth date → RM_ERROR_REQUIRED_FIELD naming birthDate (the web sends the tenant to Account)', async () => {
    await app.ctx.db.update(customers).set({ birthDate: null }).where(eq(customers.id, I.tenant));
    try {
      const res = await subscribe();
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errorCode).toBe('RM_ERROR_REQUIRED_FIELD');
      expect(body.message).toContain('birthDate');
      expect(body.fieldErrors[0]).toMatchObject({ field: 'birthDate', errorCode: 'RM_ERROR_REQUIRED_FIELD' });
      expect(mapRequiredFieldError(body)).toEqual({ key: MSG.birthDateMissing });
      const fr = (await subscribe(visa, { lang: 'fr' })).json();
      expect(fr).toMatchObject({ errorCode: 'RM_ERROR_REQUIRED_FIELD', fieldErrors: [{ field: 'birthDate' }] });
      expect(fr.message).toMatch(/date de naissance/);
      expect(mapRequiredFieldError(fr)).toEqual({ key: MSG.birthDateMissing });
      const offer = creditReportOfferSchema.parse((await get(`/credit_report/offer?leaseId=${I.leaseActive}`)).json());
      expect(offer.reason).toBe('BIRTH_DATE_MISSING');
    } finally {
      await app.ctx.db.update(customers).set({ birthDate: '1990-04-12' }).where(eq(customers.id, I.tenant));
    }
  });

  it('no lease start date → RM_ERROR_REQUIRED_FIELD "start date is missing" (field startDate)', async () => {
    const [lease] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, I.leaseActive));
    await app.ctx.db.update(propertyLeases).set({ startDate: null }).where(eq(propertyLeases.id, I.leaseActive));
    try {
      const body = (await subscribe()).json();
      expect(body.errorCode).toBe('RM_ERROR_REQUIRED_FIELD');
      expect(body.message.toLowerCase()).toContain('start date is missing');
      expect(body.fieldErrors[0]).toMatchObject({ field: 'startDate' });
      expect(mapRequiredFieldError(body)).toEqual({ key: MSG.leaseStartMissing });
      const fr = (await subscribe(visa, { lang: 'fr' })).json();
      expect(fr).toMatchObject({ errorCode: 'RM_ERROR_REQUIRED_FIELD', fieldErrors: [{ field: 'startDate' }] });
      expect(mapRequiredFieldError(fr)).toEqual({ key: MSG.leaseStartMissing });
    } finally {
      await app.ctx.db.update(propertyLeases).set({ startDate: lease.startDate }).where(eq(propertyLeases.id, I.leaseActive));
    }
  });

  it('less than 1 year left on the lease → 422', async () => {
    const [lease] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, I.leaseActive));
    await app.ctx.db
      .update(propertyLeases)
      .set({ endDate: addMonths(today(), 6) })
      .where(eq(propertyLeases.id, I.leaseActive));
    try {
      const res = await subscribe();
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/1 year/);
      const offer = creditReportOfferSchema.parse((await get(`/credit_report/offer?leaseId=${I.leaseActive}`)).json());
      expect(offer.reason).toBe('LEASE_TOO_SHORT');
    } finally {
      await app.ctx.db.update(propertyLeases).set({ endDate: lease.endDate }).where(eq(propertyLeases.id, I.leaseActive));
    }
  });

  it('a refused card → 402 with the FAILED transaction, and no live subscription left behind', async () => {
    const nsf = await addCard(app, tenant, '4000000000009995');
    const res = await subscribe({ payMethodType: 'TYPE_CREDIT_CARD', payMethodId: nsf });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_INSUFFICIENT_FUNDS', transaction: { status: 'FAILED' } });
    // A card the processor no longer knows: declined.
    const gone = await addCard(app, tenant, '4012888888881881');
    await app.ctx.db.update(paymentMethods).set({ processorToken: 'tok_sbx_unknown_0000' }).where(eq(paymentMethods.id, gone));
    const declined = await subscribe({ payMethodType: 'TYPE_CREDIT_CARD', payMethodId: gone });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().errorCode).toBe('RM_ERROR_PAYMENT_DECLINED');
    const offer = creditReportOfferSchema.parse((await get(`/credit_report/offer?leaseId=${I.leaseActive}`)).json());
    expect(offer.subscription).toBeNull();
    expect((await searchSubscriptions()).filter((s) => s.billingAccountId === I.leaseActive).map((s) => s.status)).not.toContain(
      'ACTIVE',
    );
  });
});

describe('credit reporting: subscribe and its charge', () => {
  let id: string;

  it('subscribes from TERMINATED: a new subscription ACTIVE, the $4.95 fee charged once on the ledger', async () => {
    const key = randomUUID();
    const res = await subscribe(visa, { key });
    expect(res.statusCode, res.body).toBe(200);
    const sub = creditReportSubscriptionSchema.parse(res.json());
    id = sub.id;
    expect(sub.id).not.toBe(C.subscriptionActive);
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      billingAccountId: I.leaseActive,
      subscriptionDate: today(),
      feeAmount: 4.95,
      autoRenew: true,
      paymentMethodId: I.cardVisa,
    });
    // spec 2 §4: the lease started months ago → reporting starts today; a year = start + 12 months − 1 day
    expect(sub.startDate).toBe(today());
    expect(sub.expiryDate).toBe(addDays(addMonths(sub.startDate, 12), -1));
    const fees = await feeTransactions(sub.id);
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ status: 'COMPLETE', amount: 495, feeAmount: 0, cardBrand: 'VISA', userId: I.tenant });
    const terms = await app.ctx.db.select().from(creditReportTerms).where(eq(creditReportTerms.subscriptionId, sub.id));
    expect(terms).toMatchObject([{ termNumber: 1, status: 'PAID', transactionId: fees[0].id, feeCents: 495 }]);
    // The same key answers the same; another key finds the ACTIVE subscription: no second charge.
    expect((await subscribe(visa, { key })).json()).toEqual(res.json());
    expect((await subscribe(visa)).json().id).toBe(sub.id);
    expect(await feeTransactions(sub.id)).toHaveLength(1);
    await expectLedgerReconciles(app);
  });

  it("does not count the fee as rent in last month's amount", async () => {
    const fees = await feeTransactions(id);
    expect(fees[0].billingAccountId).not.toBe(I.leaseActive);
  });
});
