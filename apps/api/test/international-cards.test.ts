// Issue 21 §2: cards from outside Canada and the US. spec 2 §5: a card number is 16 digits in US/CA (15 or more for
// American Express), 8 to 19 digits elsewhere; spec 1 §9 / spec 2 §9: "other or international cards" pay 3.99%. A tenant
// can add one (its country chosen outside CA/US) and pay with it in the sandbox, at the international rate.
import { randomUUID } from 'node:crypto';
import { paymentMethodRecordSchema } from '@portal/domain/api-shapes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, CA_BILLING_ADDRESS, DEMO_IDS, signedInApp } from './helpers.ts';

type Json = Record<string, unknown>;
const I = DEMO_IDS;
const YEAR = (new Date().getUTCFullYear() + 3) % 100;

let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
});
afterAll(() => app.close());

const post = (url: string, payload: Json, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { ...auth(tenant), ...headers } });
const card = (cardNumber: string, country: string) => ({
  type: 'TYPE_CREDIT_CARD',
  cardNumber,
  cvv: '123',
  expiryMonth: 12,
  expiryYear: YEAR,
  nameOnCard: 'Camille Tremblay',
  country,
  billingAddress: { addressType: 'BILLING', ...CA_BILLING_ADDRESS },
});

describe('cards from outside Canada and the US (8 to 19 digits)', () => {
  it.each([
    ['6200000000000000000', 'CN', 'UNION_PAY'], // 19 digits
    ['67590000', 'GB', 'MAESTRO'], // 8 digits
    ['6759000000005', 'FR', 'MAESTRO'], // 13 digits
  ])('adds the card %s of %s: brand, last four and the country kept', async (number, country, brand) => {
    const res = await post('/api/create', card(number, country));
    expect(res.statusCode, res.body).toBe(201);
    expect(paymentMethodRecordSchema.strict().parse(res.json())).toMatchObject({
      type: 'TYPE_CREDIT_CARD',
      brand,
      country,
      last4: number.slice(-4),
    });
  });

  it('refuses, naming cardNumber, fewer than 8 or more than 19 digits abroad, and anything but 16 in CA/US', async () => {
    for (const [number, country] of [
      ['6759008', 'GB'],
      ['62000000000000000008', 'CN'],
      ['6200000000000000000', 'CA'],
      ['6200000000000000000', 'US'],
    ] as const) {
      const res = await post('/api/create', card(number, country));
      expect(res.statusCode, `${number} ${country}`).toBe(400);
      expect(res.json().fieldErrors.map((f: Json) => f.field)).toEqual(['cardNumber']);
    }
  });

  it('refuses a country that is not one', async () => {
    const res = await post('/api/create', card('6200000000000000000', 'ZZ'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.map((f: Json) => f.field)).toEqual(['country']);
  });

  it('prices it at the international rate (3.99%) and pays with it in the sandbox', async () => {
    const added = await post('/api/create', card('4000000000000000006', 'DE'));
    expect(added.statusCode, added.body).toBe(201);
    const methodId = added.json().id as string;
    const fee = await post('/api/calculatefee', { amount: 100, companyId: I.companyCa, paymentMethod: methodId });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json()).toMatchObject({ feeAmount: 3.99, total: 103.99 });
    const paid = await post(
      '/api/processpayment',
      {
        billingAccountId: I.leaseActive,
        billingAccountType: 'TYPE_PROPERTY_LEASE',
        paymentMethodId: methodId,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        amount: 100,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'COMPLETE', amount: 100, feeAmount: 3.99 });
  });
});
