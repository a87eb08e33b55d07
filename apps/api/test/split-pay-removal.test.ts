// Issue 21 §1: removing a split-pay method (DELETE /INSTALLMENT_PAY/{id}/delete_with_bluesnap_check, spec 1 §7) answered
// "No such route" and the method stayed. A plan being paid (its payment standing, instalments still owed) is refused with
// the reason (spec 1 §8 RM_ERROR_PAYMENT_METHOD_IN_USE, the server message shown), and so is its funding card; an unused
// or fully paid plan is removed; another tenant's plan answers 404 like a missing one.
import { randomUUID } from 'node:crypto';
import { mapDeletePaymentMethodError } from '@portal/domain/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../src/db/schema.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';
import { addCard } from './ledger-helpers.ts';

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

const call = (method: 'POST' | 'PATCH' | 'GET' | 'DELETE', token: string, url: string, body?: object, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...auth(token), 'accept-language': lang, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(body ? { payload: body } : {}),
  });
const removePlan = (token: string, id: string, lang = 'en') =>
  call('DELETE', token, `/api/INSTALLMENT_PAY/${id}/delete_with_bluesnap_check`, undefined, lang);
const listed = async () =>
  ((await call('GET', tenant, `/api/customer/${I.tenant}/paymentmethods`)).json() as { records: { id: string }[] }).records.map(
    (r) => r.id,
  );
const planRow = async (id: string) => (await app.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0];

/** A plan of `amount` on the active lease funded by `cardId`, terms accepted, and paid when `pay`. */
async function plan(amount: number, cardId: string, pay: boolean): Promise<string> {
  const init = await call('POST', tenant, '/api/installment_pay/initiate', { amount, billingAccount: { id: I.leaseActive } });
  expect(init.statusCode, init.body).toBe(200);
  const id = init.json().id as string;
  const ok = await call('PATCH', tenant, `/api/INSTALLMENT_PAY/${id}/update`, {
    acceptedTermsAndConditions: true,
    fundingMethodId: cardId,
  });
  expect(ok.statusCode, ok.body).toBe(200);
  if (pay) {
    const paid = await call('POST', tenant, '/api/processpayment', {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: id,
      paymentMethodType: 'TYPE_INSTALLMENT_PAY',
      amount,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return id;
}

describe('DELETE /INSTALLMENT_PAY/{id}/delete_with_bluesnap_check', () => {
  it('refuses a plan being paid, saying why in the tenant language, and keeps it and its funding card', async () => {
    const card = await addCard(app, tenant, '4242424242424242');
    const id = await plan(100, card, true);
    expect(await listed()).toContain(id);

    const res = await removePlan(tenant, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errorCode: 'RM_ERROR_PAYMENT_METHOD_IN_USE',
      message:
        'This split-pay plan is still being paid, so it cannot be removed. You can remove it once its last instalment is paid.',
    });
    // spec 1 §8: neither the autopay nor the credit-reporting text: the server's reason, and the dialog closes
    expect(mapDeletePaymentMethodError(res.json())).toMatchObject({ closeDialog: true, values: { message: res.json().message } });
    const fr = await removePlan(tenant, id, 'fr');
    expect(fr.json().message).toContain('encore en cours de paiement');
    expect((await planRow(id)).deletedAt).toBeNull();
    expect(await listed()).toContain(id);

    // The card the later instalments are charged to cannot go either.
    const cardRes = await call('DELETE', tenant, `/api/CREDIT_CARD/${card}/delete_with_bluesnap_check`);
    expect(cardRes.statusCode).toBe(409);
    expect(cardRes.json().message).toContain('pays the instalments of a split-pay plan');
    expect((await planRow(card)).deletedAt).toBeNull();

    // Once every instalment is paid the plan and its card can be removed.
    const row = await planRow(id);
    const details = row.installmentDetails as { paymentDetails: { status: string }[] };
    await app.ctx.db
      .update(paymentMethods)
      .set({ installmentDetails: { ...details, paymentDetails: details.paymentDetails.map((p) => ({ ...p, status: 'PAID' })) } })
      .where(eq(paymentMethods.id, id));
    const done = await removePlan(tenant, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ id });
    expect(await listed()).not.toContain(id);
    expect((await call('DELETE', tenant, `/api/CREDIT_CARD/${card}/delete_with_bluesnap_check`)).statusCode).toBe(200);
  });

  it("removes an unused plan; another tenant's plan, a wrong type and a removed plan answer 404", async () => {
    const id = await plan(90, I.cardVisa, false);
    expect((await removePlan(tenantUs, id)).statusCode).toBe(404);
    expect((await call('DELETE', tenant, `/api/CREDIT_CARD/${id}/delete_with_bluesnap_check`)).statusCode).toBe(404);
    expect((await removePlan(tenant, I.cardVisa)).statusCode).toBe(404);
    const res = await removePlan(tenant, id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await planRow(id)).deletedAt).not.toBeNull();
    expect((await call('GET', tenant, `/api/INSTALLMENT_PAY/${id}`)).statusCode).toBe(404);
    expect((await removePlan(tenant, id)).statusCode).toBe(404);
    // path segments are case-insensitive (docs/api-contract.md)
    const again = await plan(90, I.cardVisa, false);
    expect((await call('DELETE', tenant, `/api/installment_pay/${again}/delete_with_bluesnap_check`)).statusCode).toBe(200);
  });
});
