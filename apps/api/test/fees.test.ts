// Fee calls (docs/api-contract.md "Fees (issue 7)"; spec 1 §3 "Fee profile", §7 "Fees", §9; spec 2 §9): fee profiles
// per company with the platform fallback, each profile type priced by the packages/domain rules, accepted types.
import { feeCalculationSchema, feeProfileListSchema } from '@portal/domain/api-shapes';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, feeProfiles, paymentMethods, properties } from '../src/db/schema.ts';
import { DEMO_CREDIT_REPORT_FEE } from '../src/db/seed.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string; // Camille (Canada): leases at Maple Leaf (ACTIVE) and Okanagan (PENDING)
let tenantUs: string; // Jordan (US): lease at Liberty Homes
let admin: string;
const I = DEMO_IDS;

/** Extra saved methods for the cases the demo has none of (ids fixed so each test can name them). */
const M = {
  debitUs: '00000000-0000-4000-8000-00000000f001', // CA tenant, a debit card issued in the US (international at a CA company)
  payPal: '00000000-0000-4000-8000-00000000f002', // CA tenant, online wallet provider
  deleted: '00000000-0000-4000-8000-00000000f003', // CA tenant, soft-deleted card
  bankUs: '00000000-0000-4000-8000-00000000f004', // US tenant, US bank account
  prepaid: '00000000-0000-4000-8000-00000000f005', // CA tenant, a prepaid card ("other cards" 3.99%)
};

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
  await app.ctx.db.insert(paymentMethods).values([
    { id: M.debitUs, userId: I.tenant, type: 'TYPE_CREDIT_CARD', country: 'US', brand: 'VISA', cardType: 'DEBIT', last4: '1111' },
    { id: M.payPal, userId: I.tenant, type: 'TYPE_PAY_PAL', email: 'camille@example.test' },
    {
      id: M.deleted,
      userId: I.tenant,
      type: 'TYPE_CREDIT_CARD',
      country: 'CA',
      brand: 'VISA',
      cardType: 'CREDIT',
      last4: '0002',
      deletedAt: new Date().toISOString(),
    },
    { id: M.bankUs, userId: I.tenantUs, type: 'TYPE_BANK_ACCOUNT', country: 'US', last4: '6789', routingNumber: '011000015' },
    {
      id: M.prepaid,
      userId: I.tenant,
      type: 'TYPE_CREDIT_CARD',
      country: 'CA',
      brand: 'VISA',
      cardType: 'PREPAID',
      last4: '5556',
    },
  ]);
});
afterAll(() => app.close());

type Json = Record<string, unknown>;
const get = (token: string, url: string, lang?: string) =>
  app.inject({ method: 'GET', url, headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) } });
const post = (token: string, url: string, payload: Json, lang?: string) =>
  app.inject({ method: 'POST', url, payload, headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) } });

/** POST /calculatefee, checked against the contract's shape; the twin call answers the same. */
async function fee(token: string, body: Json) {
  const res = await post(token, '/api/calculatefee', body);
  expect(res.statusCode, res.body).toBe(200);
  const twin = await post(token, '/api/calculatefeewithfeeprofile', body);
  expect(twin.json()).toEqual(res.json());
  return feeCalculationSchema.parse(res.json());
}
const fieldsOf = (body: { fieldErrors?: { field: string }[] }) => (body.fieldErrors ?? []).map((f) => f.field);

describe('GET /service_fee_profile and /{type}/{id}/fee_profile', () => {
  it("answers the company's own profiles: the announced schedule at Maple Leaf (spec 1 §9)", async () => {
    const res = await get(tenant, `/api/service_fee_profile?companyId=${I.companyCa}`);
    expect(res.statusCode).toBe(200);
    const { records } = feeProfileListSchema.parse(res.json());
    expect(records.every((r) => r.companyId === I.companyCa && r.country === 'CA')).toBe(true);
    // bank PAD free, bank $0.50, then cards: credit 2.90%, debit 0.99%, other 3.99% (international 3.99%); no service rows
    expect(records.map((r) => [r.paymentType, r.padSchedule, r.cardType, r.feeRate, r.rateType, r.internationalFeeRate])).toEqual(
      [
        ['TYPE_BANK_ACCOUNT', true, null, 0, 'FLAT', null],
        ['TYPE_BANK_ACCOUNT', null, null, 0.5, 'FLAT', null],
        ['TYPE_CREDIT_CARD', null, 'CREDIT', 2.9, 'PERCENT', 3.99],
        ['TYPE_CREDIT_CARD', null, 'DEBIT', 0.99, 'PERCENT', 3.99],
        ['TYPE_CREDIT_CARD', null, null, 3.99, 'PERCENT', 3.99],
      ],
    );
  });

  it('answers the variants of the other demo companies (paid by company; SUBTRACT)', async () => {
    const okanagan = feeProfileListSchema.parse((await get(tenant, `/api/property/${I.propertyCa2}/fee_profile`)).json());
    expect(okanagan.records).toHaveLength(5);
    for (const r of okanagan.records) expect(r.paidByCompany).toBe(r.paymentType === 'TYPE_CREDIT_CARD');
    const liberty = feeProfileListSchema.parse((await get(tenantUs, `/api/COMPANY/${I.companyUs}/fee_profile`)).json());
    expect(liberty.records.every((r) => r.country === 'US')).toBe(true);
    for (const r of liberty.records) expect(r.feeType).toBe(r.paymentType === 'TYPE_BANK_ACCOUNT' ? 'SUBTRACT' : 'ADD');
  });

  it("answers the lease's company's profiles, for the caller's own lease only", async () => {
    const res = await get(tenant, `/api/property_lease/${I.leaseActive}/fee_profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json().records.every((r: Json) => r.companyId === I.companyCa)).toBe(true);
    expect((await get(tenantUs, `/api/property_lease/${I.leaseActive}/fee_profile`)).statusCode).toBe(404);
    expect((await get(tenant, `/api/property_lease/${I.leaseUs}/fee_profile`)).statusCode).toBe(404);
    expect((await get(tenant, `/api/property/${I.propertyUs}/fee_profile`)).statusCode).toBe(404);
    expect((await get(tenant, `/api/customer/${I.tenant}/fee_profile`)).statusCode).toBe(404);
  });

  it('falls back to the platform profiles (companyId NULL) when the company has none of its own', async () => {
    const own = await app.ctx.db.select().from(feeProfiles).where(eq(feeProfiles.companyId, I.companyCa2));
    await app.ctx.db.delete(feeProfiles).where(eq(feeProfiles.companyId, I.companyCa2));
    try {
      const { records } = (await get(tenant, `/api/service_fee_profile?companyId=${I.companyCa2}`)).json();
      expect(records).toHaveLength(5);
      expect(records.every((r: Json) => r.companyId === null && r.country === 'CA' && r.paidByCompany === false)).toBe(true);
      // and the platform's profile prices: the company no longer pays the card fee
      const calc = await fee(tenant, { amount: 100, companyId: I.companyCa2, paymentMethod: I.cardVisa });
      expect([calc.feeAmount, calc.total, calc.feeProfile?.companyId]).toEqual([2.9, 102.9, null]);
    } finally {
      await app.ctx.db.insert(feeProfiles).values(own);
    }
  });

  it('refuses bad input (400), a foreign company (404) and a non-tenant (403)', async () => {
    const missing = await get(tenant, '/api/service_fee_profile');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    expect(fieldsOf(missing.json())).toContain('companyId');
    expect((await get(tenant, `/api/service_fee_profile?companyId=${I.companyUs}`)).statusCode).toBe(404);
    expect((await get(tenantUs, `/api/service_fee_profile?companyId=${I.companyCa}`)).statusCode).toBe(404);
    expect((await get(tenant, '/api/service_fee_profile?companyId=no-such-company')).statusCode).toBe(404);
    expect((await get(admin, `/api/service_fee_profile?companyId=${I.companyCa}`)).statusCode).toBe(403);
  });

  it('leaves the generic record routes and the static lease routes answering', async () => {
    expect((await get(tenant, `/api/property_lease/${I.leaseActive}`)).statusCode).toBe(200);
    expect((await get(tenant, `/api/property_lease/${I.leaseActive}/history`)).statusCode).toBe(200);
    expect((await get(tenant, `/api/customer/${I.tenant}/peek`)).statusCode).toBe(200);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const path of ['/api/calculatefeewithfeeprofile', '/api/service_fee_profile', '/api/calculates_service_fee'])
      expect(doc.paths[path], path).toBeDefined();
  });
});

describe('POST /fee_profile/payment_method', () => {
  const profileFor = async (paymentMethod: string, extra: Json = {}) => {
    const res = await post(tenant, '/api/fee_profile/payment_method', { companyId: I.companyCa, paymentMethod, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().feeProfile;
  };

  it('answers the profile that prices a saved method: the most specific match, PAD for a PAD schedule', async () => {
    expect(await profileFor(I.cardVisa)).toMatchObject({ cardType: 'CREDIT', feeRate: 2.9, rateType: 'PERCENT' });
    expect(await profileFor(M.prepaid)).toMatchObject({ cardType: null, feeRate: 3.99 });
    expect(await profileFor(I.bankCa)).toMatchObject({ padSchedule: null, feeRate: 0.5, rateType: 'FLAT' });
    expect(
      await profileFor(I.bankCa, { padSchedule: true, billingAccountId: I.leaseActive, recurringSchedule: true }),
    ).toMatchObject({ padSchedule: true, feeRate: 0 });
    // no profile for PayPal in the schedule: no fee
    expect(await profileFor(M.payPal)).toBeNull();
  });

  it("refuses bad input (400) and another tenant's or a deleted method (404)", async () => {
    const bad = await post(tenant, '/api/fee_profile/payment_method', { paymentMethod: I.cardVisa, padSchedule: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(expect.arrayContaining(['companyId', 'padSchedule']));
    for (const paymentMethod of [I.cardUs, M.deleted, 'no-such-method']) {
      const res = await post(tenant, '/api/fee_profile/payment_method', { companyId: I.companyCa, paymentMethod });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    }
    const foreignCompany = await post(tenant, '/api/fee_profile/payment_method', {
      companyId: I.companyUs,
      paymentMethod: I.cardVisa,
    });
    expect(foreignCompany.statusCode).toBe(404);
  });
});

describe('POST /calculatefee and /calculatefeewithfeeprofile', () => {
  afterEach(async () => {
    await app.ctx.db
      .update(companies)
      .set({ acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'] })
      .where(eq(companies.id, I.companyCa2));
    await app.ctx.db.update(properties).set({ acceptedPaymentTypes: null }).where(eq(properties.id, I.propertyCa2));
  });

  it('FLAT: a bank payment costs $0.50', async () => {
    const calc = await fee(tenant, { amount: 1925, companyId: I.companyCa, paymentMethod: I.bankCa });
    expect(calc).toMatchObject({ amount: 1925, feeAmount: 0.5, total: 1925.5, currency: 'CAD' });
    expect(calc.feeProfile).toMatchObject({ companyId: I.companyCa, paymentType: 'TYPE_BANK_ACCOUNT', rateType: 'FLAT' });
  });

  it('PAD: bank autopay on the 1st is free', async () => {
    const calc = await fee(tenant, { amount: 1925, companyId: I.companyCa, paymentMethod: I.bankCa, padSchedule: true });
    expect(calc).toMatchObject({ feeAmount: 0, total: 1925 });
    expect(calc.feeProfile?.padSchedule).toBe(true);
  });

  it('PERCENT: 2.90% of a credit card payment, rounded down to the cent (spec 1 §9)', async () => {
    // 2.90% of 33.33 is 0.96657: 0.96
    expect(await fee(tenant, { amount: 33.33, companyId: I.companyCa, paymentMethod: I.cardVisa })).toMatchObject({
      amount: 33.33,
      feeAmount: 0.96,
      total: 34.29,
    });
    // 2.90% of 1925.00 is exactly 55.825: 55.82
    expect(await fee(tenant, { amount: 1925, companyId: I.companyCa, paymentMethod: I.cardVisa })).toMatchObject({
      feeAmount: 55.82,
      total: 1980.82,
    });
    // other cards (prepaid) 3.99%
    expect(await fee(tenant, { amount: 100, companyId: I.companyCa, paymentMethod: M.prepaid })).toMatchObject({
      feeAmount: 3.99,
    });
  });

  it('international: a card of another country than the company pays the international rate (3.99%)', async () => {
    const calc = await fee(tenant, { amount: 100, companyId: I.companyCa, paymentMethod: M.debitUs });
    expect(calc).toMatchObject({ feeAmount: 3.99, total: 103.99 });
    expect(calc.feeProfile).toMatchObject({ cardType: 'DEBIT', feeRate: 0.99, internationalFeeRate: 3.99 });
  });

  it('paid by company: the fee is reported, the tenant pays the amount (Okanagan card fees)', async () => {
    const calc = await fee(tenant, { amount: 100, companyId: I.companyCa2, paymentMethod: I.cardVisa });
    expect(calc).toMatchObject({ feeAmount: 2.9, total: 100 });
    expect(calc.feeProfile).toMatchObject({ companyId: I.companyCa2, paidByCompany: true });
  });

  it('SUBTRACT: the bank fee comes out of the amount (Liberty Homes), in USD', async () => {
    const calc = await fee(tenantUs, { amount: 2400, companyId: I.companyUs, paymentMethod: M.bankUs });
    expect(calc).toMatchObject({ feeAmount: 0.5, total: 2400, currency: 'USD' });
    expect(calc.feeProfile).toMatchObject({ feeType: 'SUBTRACT', country: 'US' });
    // a US card at the US company: domestic credit rate
    expect(await fee(tenantUs, { amount: 2400, companyId: I.companyUs, paymentMethod: I.cardUs })).toMatchObject({
      feeAmount: 69.6,
      total: 2469.6,
    });
  });

  it('split pay: 6.99% per transaction, rounded down, where the property accepts it', async () => {
    const calc = await fee(tenant, { amount: 33.33, paymentMethod: 'TYPE_INSTALLMENT_PAY', propertyId: I.propertyCa });
    // 6.99% of 33.33 is 2.329767: 2.32
    expect(calc).toMatchObject({ amount: 33.33, feeAmount: 2.32, total: 35.65, currency: 'CAD' });
    expect(calc.feeProfile).toMatchObject({ paymentType: 'TYPE_INSTALLMENT_PAY', feeRate: 6.99, rateType: 'PERCENT' });
    expect(await fee(tenant, { amount: 1000, paymentMethod: 'TYPE_INSTALLMENT_PAY', companyId: I.companyCa })).toMatchObject({
      feeAmount: 69.9,
    });
    // Okanagan does not accept split pay
    const refused = await post(tenant, '/api/calculatefee', {
      amount: 100,
      paymentMethod: 'TYPE_INSTALLMENT_PAY',
      propertyId: I.propertyCa2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    // another tenant's property
    const foreign = await post(tenant, '/api/calculatefee', {
      amount: 100,
      paymentMethod: 'TYPE_INSTALLMENT_PAY',
      propertyId: I.propertyUs,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("a type the company does not accept: 400 RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED in the caller's language", async () => {
    const en = await post(tenant, '/api/calculatefee', { amount: 100, companyId: I.companyCa2, paymentMethod: M.payPal });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      errorCode: 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
      message: 'Your property manager does not accept this payment method. Please choose another payment method.',
    });
    const fr = await post(tenant, '/api/calculatefee', { amount: 100, companyId: I.companyCa2, paymentMethod: M.payPal }, 'fr');
    expect(fr.json().message).toMatch(/^Votre gestionnaire immobilier n’accepte pas ce mode de paiement/);
  });

  it('no accepted types at all: 422 RM_ERROR_MERCHANT_NOT_CONFIGURED', async () => {
    await app.ctx.db.update(companies).set({ acceptedPaymentTypes: [] }).where(eq(companies.id, I.companyCa2));
    const res = await post(tenant, '/api/calculatefee', { amount: 100, companyId: I.companyCa2, paymentMethod: I.cardVisa });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errorCode: 'RM_ERROR_MERCHANT_NOT_CONFIGURED',
      message: 'The merchant account is not configured. Please contact your property manager.',
    });
    // the property's list, when set, is the one that counts
    await app.ctx.db
      .update(properties)
      .set({ acceptedPaymentTypes: ['TYPE_INSTALLMENT_PAY'] })
      .where(eq(properties.id, I.propertyCa2));
    expect(await fee(tenant, { amount: 100, paymentMethod: 'TYPE_INSTALLMENT_PAY', propertyId: I.propertyCa2 })).toMatchObject({
      feeAmount: 6.99,
    });
  });

  // issue 20: PayPal and wallet payments showed "Any fee is added when you confirm": the fee is known before
  it('prices an option without a saved method: PayPal by its profile, a wallet by its wallet type', async () => {
    const free = await fee(tenant, { amount: 100, companyId: I.companyCa, paymentMethod: 'TYPE_PAY_PAL' });
    expect(free).toMatchObject({ amount: 100, feeAmount: 0, total: 100, currency: 'CAD', feeProfile: null });
    const rows = await app.ctx.db
      .insert(feeProfiles)
      .values([
        { companyId: I.companyCa, country: 'CA', paymentType: 'TYPE_PAY_PAL', feeRate: '3.49', rateType: 'PERCENT' },
        {
          companyId: I.companyCa,
          country: 'CA',
          paymentType: 'TYPE_WALLET',
          walletType: 'GOOGLE_PAY',
          feeRate: '1.00',
          rateType: 'FLAT',
        },
      ])
      .returning();
    try {
      const payPal = await fee(tenant, { amount: 200, companyId: I.companyCa, paymentMethod: 'TYPE_PAY_PAL' });
      expect(payPal).toMatchObject({ feeAmount: 6.98, total: 206.98, feeProfile: { paymentType: 'TYPE_PAY_PAL' } });
      const google = { amount: 200, companyId: I.companyCa, paymentMethod: 'TYPE_WALLET', walletType: 'GOOGLE_PAY' };
      expect(await fee(tenant, google)).toMatchObject({ feeAmount: 1, total: 201 });
      expect(await fee(tenant, { ...google, walletType: 'APPLE_PAY' })).toMatchObject({ feeAmount: 0, total: 200 });
      const bad = await app.inject({
        method: 'POST',
        url: '/api/calculatefeewithfeeprofile',
        headers: auth(tenant),
        payload: { ...google, walletType: 'SAMSUNG_PAY' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors[0].field).toBe('walletType');
    } finally {
      for (const row of rows) await app.ctx.db.delete(feeProfiles).where(eq(feeProfiles.id, row.id));
    }
  });

  it('uses a company split-pay profile when there is one (e.g. paid by the company)', async () => {
    const [row] = await app.ctx.db
      .insert(feeProfiles)
      .values({
        companyId: I.companyCa,
        country: 'CA',
        paymentType: 'TYPE_INSTALLMENT_PAY',
        feeRate: '6.99',
        rateType: 'PERCENT',
        paidByCompany: true,
      })
      .returning();
    try {
      const calc = await fee(tenant, { amount: 100, paymentMethod: 'TYPE_INSTALLMENT_PAY', propertyId: I.propertyCa });
      expect(calc).toMatchObject({ feeAmount: 6.99, total: 100 });
      expect(calc.feeProfile?.id).toBe(row.id);
    } finally {
      await app.ctx.db.delete(feeProfiles).where(eq(feeProfiles.id, row.id));
    }
  });

  it('refuses bad amounts and missing fields with fieldErrors (400)', async () => {
    const cases: [Json, string, string][] = [
      [{ amount: 0 }, 'amount', 'Please enter an amount greater than 0'],
      [{ amount: -5 }, 'amount', 'Please enter an amount greater than 0'],
      [{ amount: 1.234 }, 'amount', 'Amounts have at most 2 decimals'],
      [{ amount: 100000.01 }, 'amount', 'The amount cannot be more than $100,000.00.'],
      [{ amount: '12.50' }, 'amount', 'Please enter a valid amount'],
      [{ amount: 10, companyId: undefined }, 'companyId', 'Required Field'],
      [{ amount: 10, paymentMethod: 'TYPE_INSTALLMENT_PAY', companyId: undefined }, 'propertyId', 'Required Field'],
      [{ amount: 10, paymentMethod: '' }, 'paymentMethod', ''],
    ];
    for (const [change, field, message] of cases) {
      const body = { companyId: I.companyCa, paymentMethod: I.cardVisa, ...change };
      const res = await post(tenant, '/api/calculatefee', body);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      const error = res.json().fieldErrors.find((f: { field: string }) => f.field === field);
      expect(error, JSON.stringify(res.json())).toBeDefined();
      if (message) expect(error.message).toBe(message);
    }
    const fr = await post(
      tenant,
      '/api/calculatefee',
      { amount: 100000.01, companyId: I.companyCa, paymentMethod: I.cardVisa },
      'fr',
    );
    expect(fr.json().fieldErrors[0].message).toBe('Le montant ne peut pas dépasser 100 000,00 $.');
    // the limit itself is fine
    expect(await fee(tenant, { amount: 100000, companyId: I.companyCa, paymentMethod: I.cardVisa })).toMatchObject({
      feeAmount: 2900,
    });
  });

  it("another tenant's method or company, a deleted method: 404 like a missing one", async () => {
    const cases: Json[] = [
      { companyId: I.companyCa, paymentMethod: I.cardUs },
      { companyId: I.companyCa, paymentMethod: M.deleted },
      { companyId: I.companyUs, paymentMethod: I.cardVisa },
    ];
    for (const body of cases) {
      const res = await post(tenant, '/api/calculatefeewithfeeprofile', { amount: 10, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    }
    expect(
      (await post(tenantUs, '/api/calculatefee', { amount: 10, companyId: I.companyCa, paymentMethod: I.cardVisa })).statusCode,
    ).toBe(404);
    expect(
      (await post(admin, '/api/calculatefee', { amount: 10, companyId: I.companyCa, paymentMethod: I.cardVisa })).statusCode,
    ).toBe(403);
  });
});

describe('GET /calculates_service_fee', () => {
  it("answers the company's CREDIT_REPORT fee, free where there is no service profile", async () => {
    const res = await get(tenant, `/api/calculates_service_fee?service=CREDIT_REPORT&companyId=${I.companyCa}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ service: 'CREDIT_REPORT', feeAmount: DEMO_CREDIT_REPORT_FEE, currency: 'CAD' });
    const okanagan = await get(tenant, `/api/calculates_service_fee?service=CREDIT_REPORT&companyId=${I.companyCa2}`);
    expect(okanagan.json()).toEqual({ service: 'CREDIT_REPORT', feeAmount: 0, currency: 'CAD' });
  });

  it('refuses an unknown service (400) and a foreign company (404)', async () => {
    const bad = await get(tenant, `/api/calculates_service_fee?service=NOPE&companyId=${I.companyCa}`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toContain('service');
    const foreign = await get(tenantUs, `/api/calculates_service_fee?service=CREDIT_REPORT&companyId=${I.companyCa}`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /property_lease/{id}/accepted_payment_types', () => {
  afterEach(async () => {
    await app.ctx.db.update(properties).set({ acceptedPaymentTypes: null }).where(eq(properties.id, I.propertyCa));
  });

  it("answers the company's list, or the property's when set (also an empty one)", async () => {
    const company = await get(tenant, `/api/property_lease/${I.leasePending}/accepted_payment_types`);
    expect(company.json()).toEqual({ acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'] });
    await app.ctx.db
      .update(properties)
      .set({ acceptedPaymentTypes: ['TYPE_BANK_ACCOUNT'] })
      .where(eq(properties.id, I.propertyCa));
    const own = await get(tenant, `/api/property_lease/${I.leaseActive}/accepted_payment_types`);
    expect(own.json()).toEqual({ acceptedPaymentTypes: ['TYPE_BANK_ACCOUNT'] });
    await app.ctx.db.update(properties).set({ acceptedPaymentTypes: [] }).where(eq(properties.id, I.propertyCa));
    const none = await get(tenant, `/api/property_lease/${I.leaseActive}/accepted_payment_types`);
    expect(none.json()).toEqual({ acceptedPaymentTypes: [] });
  });

  it("refuses another tenant's lease (404) and a bad id (400)", async () => {
    expect((await get(tenantUs, `/api/property_lease/${I.leaseActive}/accepted_payment_types`)).statusCode).toBe(404);
    expect((await get(tenant, `/api/property_lease/${'x'.repeat(65)}/accepted_payment_types`)).statusCode).toBe(400);
  });
});

describe('demo data (issue 7)', () => {
  it('seeds platform defaults and every variant the web and browser tests rely on', async () => {
    const platform = await app.ctx.db.select().from(feeProfiles).where(isNull(feeProfiles.companyId));
    expect(platform.map((p) => p.id).sort()).toEqual(
      ['CA', 'US'].flatMap((c) => ['bank', 'bank-pad', 'card-other', 'credit', 'debit'].map((k) => `seed-${c}-${k}`)).sort(),
    );
    const [okanagan] = await app.ctx.db.select().from(companies).where(eq(companies.id, I.companyCa2));
    expect([okanagan.onlyPMPaymentAllowed, okanagan.createBankAccountFromPlaidRequired]).toEqual(['YES', true]);
    const lease = (await get(tenantUs, `/api/property_lease/${I.leaseUs}`)).json();
    expect(lease.blockPayments).toEqual({ TYPE_BANK_ACCOUNT: { blocked: true } });
    const creditReport = await app.ctx.db
      .select()
      .from(feeProfiles)
      .where(and(eq(feeProfiles.companyId, I.companyCa), eq(feeProfiles.service, 'CREDIT_REPORT')));
    expect(creditReport).toHaveLength(1);
  });
});
