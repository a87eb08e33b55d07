// Payment methods and addresses (docs/api-contract.md "Payment methods and addresses (issue 7)"): every POST /create
// path with the sandbox processor's refusals, the list with labels, removal and its in-use refusals, the online wallet
// provider's agreement, wallet reuse, bank linking, and isolation between tenants.
import {
  addressRecordSchema,
  bankLinkTokenSchema,
  paymentMethodListSchema,
  paymentMethodRecordSchema,
  payPalAgreementSchema,
} from '@portal/domain/api-shapes';
import { mapAddBankAccountError, mapAddCardError, mapDeletePaymentMethodError } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, auditEvents, companies, creditReportSubscriptions, paymentMethods, properties } from '../src/db/schema.ts';
import type { PaymentProcessor } from '../src/providers/processor/processor.ts';
import { isUniqueViolation } from '../src/services/payment-methods/create-context.ts';
import { auth, CA_BILLING_ADDRESS, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(() => app.close());

const record = paymentMethodRecordSchema.strict();
const YEAR = (new Date().getUTCFullYear() + 3) % 100;
const CA_ADDRESS = { addressType: 'BILLING', ...CA_BILLING_ADDRESS, suite: '804' };
const US_ADDRESS = { street1: '1520 Pike Street', city: 'Seattle', province: 'WA', postalCode: '98101', country: 'US' };

const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/create', headers: { ...auth(token), ...headers }, payload: body });

const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  type: 'TYPE_CREDIT_CARD',
  cardNumber,
  cvv: '123',
  expiryMonth: 12,
  expiryYear: YEAR,
  nameOnCard: 'Camille Tremblay',
  country: 'CA',
  billingAddress: CA_ADDRESS,
  ...extra,
});

const caBank = (extra: Record<string, unknown> = {}) => ({
  type: 'TYPE_BANK_ACCOUNT',
  country: 'CA',
  accountHolder: 'Camille Tremblay',
  bankAccountNumber: '000123456789',
  institutionNumber: '004',
  transitNumber: '12345',
  billingAddress: CA_ADDRESS,
  ...extra,
});

const usBank = (extra: Record<string, unknown> = {}) => ({
  type: 'TYPE_BANK_ACCOUNT',
  country: 'US',
  accountHolder: 'Jordan Miller',
  bankAccountNumber: '000123456789',
  routingNumber: '110000000',
  billingAddress: US_ADDRESS,
  ...extra,
});

async function addressCount(userId: string): Promise<number> {
  const [row] = await app.ctx.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row.n;
}

const list = (token: string, customerId: string, lang?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/paymentmethods`,
    headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) },
  });

const remove = (token: string, type: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/${type}/${id}/delete_with_bluesnap_check`, headers: auth(token) });

describe('POST /create TYPE_ADDRESS', () => {
  it('creates a billing address of the caller', async () => {
    const res = await create(tenant, { type: 'TYPE_ADDRESS', ...CA_ADDRESS, postalCode: 'v5h 4m1' });
    expect(res.statusCode).toBe(201);
    const body = addressRecordSchema.strict().parse(res.json());
    expect(body).toMatchObject({ userId: DEMO_IDS.tenant, addressType: 'BILLING', postalCode: 'V5H 4M1', suite: '804' });
    expect(Date.parse(body.createDate)).not.toBeNaN();
  });

  it('names each bad field, in French when asked', async () => {
    const res = await create(
      tenant,
      { type: 'TYPE_ADDRESS', street1: '1 Main', city: 'Vancouver', postalCode: '12345', country: 'CA' },
      { 'accept-language': 'fr' },
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    const fields = Object.fromEntries(body.fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toEqual({ postalCode: 'Code postal ou ZIP invalide', province: 'Champ obligatoire' });
  });

  it('refuses an unknown type and a body for someone else', async () => {
    const unknown = await create(tenant, { type: 'TYPE_SPACESHIP' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors[0].field).toBe('type');
    const foreign = await create(tenant, { type: 'TYPE_ADDRESS', ...CA_ADDRESS, userId: DEMO_IDS.tenantUs });
    expect(foreign.statusCode).toBe(404);
    expect(await addressCount(DEMO_IDS.tenantUs)).toBe(0);
  });

  it('answers the address search with contract records', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/address/search',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'userId', operator: 'EQUALS', value: DEMO_IDS.tenant }] },
    });
    expect(res.statusCode).toBe(200);
    const records = res.json().records as unknown[];
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) addressRecordSchema.strict().parse(r);
  });
});

describe('POST /create TYPE_CREDIT_CARD', () => {
  it('tokenizes a Visa 4242 with a new billing address, passing the session-id to the processor', async () => {
    const processor = app.ctx.providers.processor;
    const sessions: (string | undefined)[] = [];
    const spy: PaymentProcessor = {
      ...processor,
      tokenizeCard: (input) => {
        sessions.push(input.deviceSessionId);
        return processor.tokenizeCard(input);
      },
    };
    app.ctx.providers.processor = spy;
    try {
      const before = await addressCount(DEMO_IDS.tenant);
      const res = await create(tenant, card('4242 4242 4242 4242', { securityCode: '321', cvv: undefined }), {
        'session-id': 'device-session-42',
      });
      expect(res.statusCode).toBe(201);
      const body = record.parse(res.json());
      expect(body).toMatchObject({
        type: 'TYPE_CREDIT_CARD',
        brand: 'VISA',
        cardType: 'CREDIT',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2000 + YEAR,
        nameOnCard: 'Camille Tremblay',
        country: 'CA',
        label: 'Visa 4242',
      });
      expect(body.billingAddressId).toBeTruthy();
      expect(await addressCount(DEMO_IDS.tenant)).toBe(before + 1);
      expect(sessions).toEqual(['device-session-42']);
      const [row] = await app.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, body.id));
      expect(row.processorToken).toMatch(/^tok_sbx_card_[A-Za-z0-9]+$/);
      expect(row.fingerprint).toBeTruthy();
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
      const [event] = await app.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, 'payment_method'), eq(auditEvents.recordId, body.id)));
      expect(event).toMatchObject({ action: 'CREATE', actorId: DEMO_IDS.tenant });
      expect(JSON.stringify(event.changes)).not.toMatch(/tok_|4242424242424242/);
    } finally {
      app.ctx.providers.processor = processor;
    }
  });

  it.each([
    ['4000056655665556', { brand: 'VISA', cardType: 'DEBIT', country: 'CA' }],
    ['5200828282828210', { brand: 'MASTERCARD', cardType: 'DEBIT', country: 'CA' }],
    ['378282246310005', { brand: 'AMERICAN_EXPRESS', cardType: 'CREDIT', last4: '0005' }],
    ['6011111111111117', { brand: 'DISCOVER', cardType: 'CREDIT' }],
    ['5105105105105100', { brand: 'MASTERCARD', cardType: 'PREPAID' }],
    ['4000008260000000', { brand: 'VISA', cardType: 'CREDIT', country: 'GB' }],
    ['4000000000009995', { brand: 'VISA', cardType: 'CREDIT', last4: '9995' }],
  ])('adds the documented card %s', async (number, expected) => {
    const res = await create(tenant, card(number, { cvv: number.startsWith('3') ? '1234' : '123' }));
    expect(res.statusCode).toBe(201);
    expect(record.parse(res.json())).toMatchObject(expected);
  });

  it('refuses a declined card at add time and leaves no address behind', async () => {
    const before = await addressCount(DEMO_IDS.tenant);
    const res = await create(tenant, card('4000000000000002'));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_PAYMENT_DECLINED' });
    expect(res.json().message).toMatch(/declined/);
    expect(await addressCount(DEMO_IDS.tenant)).toBe(before);
    const fr = await create(tenant, card('4000000000000002'), { 'accept-language': 'fr' });
    expect(fr.json().message).toBe('Votre carte a été refusée par son émetteur. Veuillez utiliser une autre carte.');
    const expired = await create(tenant, card('4000000000000069'));
    expect(expired.statusCode).toBe(402);
    expect(await addressCount(DEMO_IDS.tenant)).toBe(before);
  });

  it("answers paysafe.7503 for the documented number and for the tenant's same card saved twice", async () => {
    const byNumber = await create(tenant, card('4000000000075038'));
    expect(byNumber.statusCode).toBe(409);
    expect(byNumber.json().errorCode).toBe('paysafe.7503');
    expect(mapAddCardError(byNumber.json()).key).toBe(MSG.creditExists);

    const first = await create(tenant, card('5555555555554444', { nameOnCard: 'Camille Tremblay' }));
    expect(first.statusCode).toBe(201);
    const before = await addressCount(DEMO_IDS.tenant);
    const again = await create(tenant, card('5555 5555 5555 4444', { cvv: '987' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('paysafe.7503');
    expect(await addressCount(DEMO_IDS.tenant)).toBe(before);
    // Another tenant may hold the same card.
    const us = await create(tenantUs, card('5555555555554444', { country: 'US', billingAddress: US_ADDRESS }));
    expect(us.statusCode).toBe(201);
  });

  it('lets only one of two simultaneous saves of the same card through', async () => {
    const results = await Promise.all([create(tenant, card('3056930009020004')), create(tenant, card('3056930009020004'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().errorCode).toBe('paysafe.7503');
    expect(results.find((r) => r.statusCode === 201)?.json().brand).toBe('DINERS_CLUB');
  });

  it('recognises the database refusing a second live method with the same fingerprint', async () => {
    const row = { userId: DEMO_IDS.tenantUs, type: 'TYPE_CREDIT_CARD', fingerprint: 'fp-duplicate-check' };
    await app.ctx.db.insert(paymentMethods).values(row);
    const err = await app.ctx.db
      .insert(paymentMethods)
      .values(row)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'payment_methods_fingerprint_uq')).toBe(true);
    expect(isUniqueViolation(err, 'payment_methods_agreement_uq')).toBe(false);
    await app.ctx.db.delete(paymentMethods).where(eq(paymentMethods.fingerprint, 'fp-duplicate-check'));
  });

  it("answers paysafe.5068 'country:invalid value' and 'card.cvv:' (by number and by CVV 000)", async () => {
    const country = await create(tenant, card('4000000000005068'));
    expect(country.statusCode).toBe(400);
    expect(country.json().errorCode).toBe('paysafe.5068');
    expect(country.json().message).toContain('country:invalid value');
    expect(mapAddCardError(country.json()).key).toBe(MSG.invalidCountry);

    for (const body of [card('4000000000000127'), card('4242424242424242', { cvv: '000' })]) {
      const res = await create(tenant, body, { 'accept-language': 'fr' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('paysafe.5068');
      expect(res.json().message).toContain('card.cvv:');
      expect(res.json().message).toContain('code de sécurité');
      expect(mapAddCardError(res.json()).key).toBe(MSG.cardCvvInvalid);
    }
  });

  it('names the bad fields of a card, in French when asked, before anything reaches the processor', async () => {
    const before = await addressCount(DEMO_IDS.tenant);
    const res = await create(
      tenant,
      { ...card('4242424242424241', { cvv: '12' }), billingAddress: undefined },
      { 'accept-language': 'fr' },
    );
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      cardNumber: 'Numéro de carte invalide',
      cvv: 'CVV de la carte invalide',
      billingAddressId: 'Champ obligatoire',
    });
    const badAddress = await create(tenant, card('4242424242424242', { billingAddress: { ...CA_ADDRESS, postalCode: '9' } }));
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['billingAddress.postalCode']);
    const expired = await create(tenant, card('4242424242424242', { expiryMonth: 1, expiryYear: 20 }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fieldErrors[0].field).toBe('expiryMonth');
    expect(await addressCount(DEMO_IDS.tenant)).toBe(before);
  });

  it("refuses another tenant's billing address like a missing one", async () => {
    const [usAddress] = await app.ctx.db
      .insert(addresses)
      .values({ userId: DEMO_IDS.tenantUs, ...US_ADDRESS })
      .returning();
    for (const id of [usAddress.id, '00000000-0000-4000-8000-999999999999']) {
      const res = await create(tenant, card('6011111111111117', { billingAddress: undefined, billingAddressId: id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([
        expect.objectContaining({ field: 'billingAddressId', errorCode: 'RM_ERROR_RECORD_NOT_FOUND' }),
      ]);
    }
  });

  it('uses a saved billing address', async () => {
    const address = (await create(tenantUs, { type: 'TYPE_ADDRESS', ...US_ADDRESS })).json();
    const res = await create(
      tenantUs,
      card('4000056655665556', { country: 'US', billingAddress: undefined, billingAddressId: address.id }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().billingAddressId).toBe(address.id);
  });
});

describe('POST /create TYPE_BANK_ACCOUNT', () => {
  it('saves a Canadian account by institution and transit (routing = their concatenation)', async () => {
    const res = await create(tenant, caBank({ bankAccountNumber: '004433221100' }));
    expect(res.statusCode).toBe(201);
    expect(record.parse(res.json())).toMatchObject({
      type: 'TYPE_BANK_ACCOUNT',
      country: 'CA',
      routingNumber: '00412345',
      institutionNumber: '004',
      transitNumber: '12345',
      last4: '1100',
      bankName: 'TD Canada Trust',
      accountHolder: 'Camille Tremblay',
      label: 'Bank Account 1100',
    });
    // The same account again answers the one saved.
    const again = await create(tenant, caBank({ bankAccountNumber: '004433221100' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
  });

  it('saves a US account by routing number', async () => {
    const res = await create(tenantUs, usBank());
    expect(res.statusCode).toBe(201);
    expect(record.parse(res.json())).toMatchObject({
      routingNumber: '110000000',
      institutionNumber: null,
      last4: '6789',
      bankName: 'Sandbox Test Bank',
    });
  });

  it('answers paysafe.5068 naming routingNumber or accountNumber, and leaves no address', async () => {
    const before = await addressCount(DEMO_IDS.tenantUs);
    const routing = await create(tenantUs, usBank({ routingNumber: '123456789' }));
    expect(routing.statusCode).toBe(400);
    expect(routing.json()).toMatchObject({ errorCode: 'paysafe.5068' });
    expect(routing.json().message).toContain('routingNumber');
    expect(mapAddBankAccountError(routing.json()).key).toBe(MSG.invalidRoute);
    const caRouting = await create(tenant, caBank({ institutionNumber: '000' }));
    expect(caRouting.json().message).toContain('routingNumber');

    const account = await create(tenantUs, usBank({ bankAccountNumber: '000111111116' }), { 'accept-language': 'fr' });
    expect(account.statusCode).toBe(400);
    expect(account.json().errorCode).toBe('paysafe.5068');
    expect(account.json().message).toContain('accountNumber');
    expect(account.json().message).toContain('numéro de compte');
    expect(mapAddBankAccountError(account.json()).key).toBe(MSG.invalidAccountNumber);
    expect(await addressCount(DEMO_IDS.tenantUs)).toBe(before);
  });

  it('names the missing and bad bank fields', async () => {
    const res = await create(tenant, caBank({ transitNumber: undefined, institutionNumber: '4', bankAccountNumber: '12' }), {
      'accept-language': 'fr',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(Object.keys(fields).sort()).toEqual(['bankAccountNumber', 'institutionNumber', 'transitNumber']);
    expect(fields.transitNumber).toBe('Champ obligatoire');
    const us = await create(tenantUs, usBank({ routingNumber: '12' }));
    expect(us.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['routingNumber']);
  });
});

describe('accepted payment types and manager-only changes', () => {
  it('refuses a type none of the tenant’s leases accepts', async () => {
    // Liberty Homes (the US tenant's company) accepts cards, banks and cash, not wallets or PayPal.
    const session = await app.inject({
      method: 'POST',
      url: '/api/sandbox/wallet/session',
      headers: auth(tenantUs),
      payload: { walletType: 'GOOGLE_PAY' },
    });
    expect(session.json().currency).toBe('USD');
    const res = await create(tenantUs, { type: 'TYPE_WALLET', walletType: 'GOOGLE_PAY', ...session.json() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
      message: 'Your property manager does not accept this payment method.',
    });
  });

  it("uses the property's list when it has one", async () => {
    await app.ctx.db
      .update(properties)
      .set({ acceptedPaymentTypes: ['TYPE_BANK_ACCOUNT'] })
      .where(eq(properties.id, DEMO_IDS.propertyUs));
    try {
      const res = await create(tenantUs, card('6011111111111117', { country: 'US', billingAddress: US_ADDRESS }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    } finally {
      await app.ctx.db.update(properties).set({ acceptedPaymentTypes: null }).where(eq(properties.id, DEMO_IDS.propertyUs));
    }
  });

  it('refuses adding and removing when every lease’s company allows only manager payments', async () => {
    await app.ctx.db.update(companies).set({ onlyPMPaymentAllowed: 'YES' }).where(eq(companies.id, DEMO_IDS.companyUs));
    try {
      const add = await create(tenantUs, card('6011111111111117', { country: 'US', billingAddress: US_ADDRESS }));
      expect(add.statusCode).toBe(403);
      expect(add.json().message).toMatch(/manages the payment methods/);
      const del = await remove(tenantUs, 'CREDIT_CARD', DEMO_IDS.cardUs);
      expect(del.statusCode).toBe(403);
    } finally {
      await app.ctx.db.update(companies).set({ onlyPMPaymentAllowed: 'NO' }).where(eq(companies.id, DEMO_IDS.companyUs));
    }
  });
});

describe('GET /customer/{id}/paymentmethods', () => {
  it("lists the caller's methods oldest first with labels in the caller's language, never a token", async () => {
    await app.ctx.db.insert(paymentMethods).values({ userId: DEMO_IDS.tenant, type: 'TYPE_LOADHUB_CASH' });
    const res = await list(tenant, DEMO_IDS.tenant);
    expect(res.statusCode).toBe(200);
    const { records } = paymentMethodListSchema.parse(res.json());
    for (const r of res.json().records) record.parse(r);
    expect(res.body).not.toMatch(/tok_|fingerprint|processorToken/);
    expect(records.map((r) => r.type)).not.toContain('TYPE_LOADHUB_CASH');
    expect(records.every((r) => r.userId === DEMO_IDS.tenant)).toBe(true);
    expect(records[0]).toMatchObject({ id: DEMO_IDS.cardVisa, label: 'Visa 4242' });
    expect(records[1]).toMatchObject({ id: DEMO_IDS.bankCa, label: 'Bank Account 6789' });
    const dates = records.map((r) => r.createDate);
    expect([...dates].sort()).toEqual(dates);
    const fr = paymentMethodListSchema.parse((await list(tenant, DEMO_IDS.tenant, 'fr')).json());
    expect(fr.records[1].label).toBe('Compte bancaire 6789');
  });

  it("answers 404 for another tenant's list and 403 for an admin who is not mimicking", async () => {
    expect((await list(tenant, DEMO_IDS.tenantUs)).statusCode).toBe(404);
    expect((await list(tenant, '00000000-0000-4000-8000-999999999999')).statusCode).toBe(404);
    expect((await list(admin, DEMO_IDS.tenant)).statusCode).toBe(403);
    expect((await create(admin, { type: 'TYPE_ADDRESS', ...CA_ADDRESS })).statusCode).toBe(403);
  });
});

describe('DELETE /{type}/{id}/delete_with_bluesnap_check', () => {
  it('refuses a method used by the active recurring schedule', async () => {
    const res = await remove(tenant, 'BANK_ACCOUNT', DEMO_IDS.bankCa);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errorCode: 'RM_ERROR_PAYMENT_METHOD_IN_USE',
      message: 'Payment method is used by an active recurring schedule',
    });
    expect(mapDeletePaymentMethodError(res.json())).toMatchObject({ key: MSG.autopaymentsCardNoDelete, closeDialog: true });
  });

  it('refuses a method used by an active credit reporting subscription', async () => {
    // issue 22: the demo tenant's ACTIVE subscription on the BC lease is paid with the demo Visa (seed-credit-reporting.ts)
    const [sub] = await app.ctx.db
      .select()
      .from(creditReportSubscriptions)
      .where(
        and(eq(creditReportSubscriptions.paymentMethodId, DEMO_IDS.cardVisa), eq(creditReportSubscriptions.status, 'ACTIVE')),
      );
    expect(sub).toBeDefined();
    const res = await remove(tenant, 'CREDIT_CARD', DEMO_IDS.cardVisa);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Payment method is used by a credit reporting subscription');
    expect(mapDeletePaymentMethodError(res.json()).key).toBe(MSG.creditReportingCardDelete);
  });

  it('soft-deletes a method and forgets its processor token', async () => {
    const added = record.parse((await create(tenant, card('6200000000000005'))).json());
    expect(added.brand).toBe('UNION_PAY');
    const wrongType = await remove(tenant, 'BANK_ACCOUNT', added.id);
    expect(wrongType.statusCode).toBe(404);
    const foreign = await remove(tenantUs, 'CREDIT_CARD', added.id);
    expect(foreign.statusCode).toBe(404);
    const res = await remove(tenant, 'credit_card', added.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: added.id });
    const [row] = await app.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, added.id));
    expect(row.deletedAt).not.toBeNull();
    const listed = paymentMethodListSchema.parse((await list(tenant, DEMO_IDS.tenant)).json());
    expect(listed.records.map((r) => r.id)).not.toContain(added.id);
    await expect(
      app.ctx.providers.processor.charge({
        amountCents: 100,
        currency: 'CAD',
        token: row.processorToken as string,
        idempotencyKey: `after-delete-${added.id}`,
      }),
    ).rejects.toMatchObject({ reason: 'TOKEN_NOT_FOUND' });
    expect((await remove(tenant, 'CREDIT_CARD', added.id)).statusCode).toBe(404);
    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'payment_method'), eq(auditEvents.recordId, added.id)));
    expect(events.map((e) => e.action).sort()).toEqual(['CREATE', 'DELETE']);
    // The same card can be saved again once removed.
    expect((await create(tenant, card('6200000000000005'))).statusCode).toBe(201);
  });

  it('answers 404 for unknown types and missing ids', async () => {
    expect((await remove(tenant, 'CASH', DEMO_IDS.cardVisa)).statusCode).toBe(404);
    expect((await remove(tenant, 'CREDIT_CARD', DEMO_IDS.cardUs)).statusCode).toBe(404);
  });
});

describe('DELETE /address/{id}/delete', () => {
  it('refuses an address a saved method uses, deletes an unused one, hides foreign ones', async () => {
    const withCard = record.parse(
      (await create(tenantUs, card('3566002020360505', { country: 'US', billingAddress: US_ADDRESS }))).json(),
    );
    const used = await app.inject({
      method: 'DELETE',
      url: `/api/address/${withCard.billingAddressId}/delete`,
      headers: auth(tenantUs),
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_IN_USE');

    const unused = addressRecordSchema.parse((await create(tenantUs, { type: 'TYPE_ADDRESS', ...US_ADDRESS })).json());
    const foreign = await app.inject({ method: 'DELETE', url: `/api/address/${unused.id}/delete`, headers: auth(tenant) });
    expect(foreign.statusCode).toBe(404);
    const ok = await app.inject({ method: 'DELETE', url: `/api/address/${unused.id}/delete`, headers: auth(tenantUs) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: unused.id });
    const [gone] = await app.ctx.db.select().from(addresses).where(eq(addresses.id, unused.id));
    expect(gone).toBeUndefined();
  });
});

describe('online wallet provider (PayPal-style)', () => {
  const agreement = (token: string, userId: string) =>
    app.inject({
      method: 'GET',
      url: `/api/paypal_create_agreement?userType=TYPE_CUSTOMER&userId=${userId}`,
      headers: auth(token),
    });

  it('agreement → approval page → method, once per agreement', async () => {
    const first = payPalAgreementSchema.parse((await agreement(tenant, DEMO_IDS.tenant)).json());
    expect(first).toMatchObject({ currency: 'CAD', merchantId: 'SANDBOX-MERCHANT-CA', paymentMethod: null });
    expect(first.approvalUrl).toMatch(/^\/sandbox\/paypal\/approve\?token=/);

    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/paypal/approve?token=${encodeURIComponent(first.token)}&lang=fr`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Accepter et continuer');
    expect(page.body).toContain('tenant@demo.test');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).not.toMatch(/<script>|<script(?![^>]*src=)/);

    const approve = () => app.inject({ method: 'POST', url: '/sandbox/paypal/approve', payload: { token: first.token } });
    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    const { paymentMethodId } = approved.json();
    expect((await approve()).json().paymentMethodId).toBe(paymentMethodId);

    const viaCreate = await create(tenant, { type: 'TYPE_PAY_PAL', token: first.token });
    expect(viaCreate.statusCode).toBe(200);
    expect(record.parse(viaCreate.json())).toMatchObject({
      id: paymentMethodId,
      type: 'TYPE_PAY_PAL',
      email: 'tenant@demo.test',
      label: 'PayPal',
    });
    const next = payPalAgreementSchema.parse((await agreement(tenant, DEMO_IDS.tenant)).json());
    expect(next.paymentMethod?.id).toBe(paymentMethodId);
    expect(next.token).not.toBe(first.token);
  });

  it('refuses a forged token, another tenant’s token, a foreign userId, and a company that does not take PayPal', async () => {
    const mine = payPalAgreementSchema.parse((await agreement(tenant, DEMO_IDS.tenant)).json());
    // One character of the signature changed (not the last ones: base64url's final padding bits may decode the same).
    const at = mine.token.length - 10;
    const flipped = mine.token[at] === 'A' ? 'B' : 'A';
    const forged = await create(tenant, {
      type: 'TYPE_PAY_PAL',
      token: `${mine.token.slice(0, at)}${flipped}${mine.token.slice(at + 1)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors[0].field).toBe('token');
    const stolen = await create(tenantUs, { type: 'TYPE_PAY_PAL', token: mine.token });
    expect(stolen.statusCode).toBe(400);
    expect((await agreement(tenant, DEMO_IDS.tenantUs)).statusCode).toBe(404);

    const us = payPalAgreementSchema.parse((await agreement(tenantUs, DEMO_IDS.tenantUs)).json());
    expect(us.currency).toBe('USD');
    const refused = await app.inject({ method: 'POST', url: '/sandbox/paypal/approve', payload: { token: us.token } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED');
    const expiredPage = await app.inject({ method: 'GET', url: '/sandbox/paypal/approve?token=nope' });
    expect(expiredPage.statusCode).toBe(200);
    expect(expiredPage.body).toContain('This approval has expired');
  });
});

describe('Apple Pay / Google Pay', () => {
  const session = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/sandbox/wallet/session', headers: auth(token), payload });

  it('reuses a wallet method while its expireIn is in the future, and makes a new one after', async () => {
    const s1 = await session(tenant, { walletType: 'APPLE_PAY', companyId: DEMO_IDS.companyCa });
    expect(s1.statusCode).toBe(200);
    expect(s1.json()).toMatchObject({ currency: 'CAD', walletValidationUrl: '/sandbox/wallet/validate' });
    const first = await create(tenant, { type: 'TYPE_WALLET', walletType: 'APPLE_PAY', ...s1.json() });
    expect(first.statusCode).toBe(201);
    const method = record.parse(first.json());
    expect(method).toMatchObject({ type: 'TYPE_WALLET', walletType: 'APPLE_PAY', label: 'Wallet' });
    const lifetime = Date.parse(method.expireIn as string) - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    const s2 = await session(tenant, { walletType: 'APPLE_PAY' });
    const reused = await create(tenant, { type: 'TYPE_WALLET', walletType: 'APPLE_PAY', ...s2.json() });
    expect(reused.statusCode).toBe(200);
    expect(reused.json().id).toBe(method.id);
    // Another wallet type is another method.
    const g = await session(tenant, { walletType: 'GOOGLE_PAY' });
    const google = await create(tenant, { type: 'TYPE_WALLET', walletType: 'GOOGLE_PAY', ...g.json() });
    expect(google.statusCode).toBe(201);

    await app.ctx.db
      .update(paymentMethods)
      .set({ expireIn: new Date(Date.now() - 1000).toISOString() })
      .where(eq(paymentMethods.id, method.id));
    const s3 = await session(tenant, { walletType: 'APPLE_PAY' });
    const fresh = await create(tenant, { type: 'TYPE_WALLET', walletType: 'APPLE_PAY', ...s3.json() });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(method.id);

    const validate = await app.inject({
      method: 'POST',
      url: '/sandbox/wallet/validate',
      payload: { walletToken: s3.json().walletToken },
    });
    expect(validate.json()).toEqual({ valid: true, walletType: 'APPLE_PAY', currency: 'CAD' });
  });

  it('refuses a forged, foreign or mismatched wallet token and a company outside the tenant’s', async () => {
    const s = (await session(tenant, { walletType: 'GOOGLE_PAY' })).json();
    const forged = await create(tenant, { type: 'TYPE_WALLET', walletType: 'GOOGLE_PAY', ...s, walletToken: 'x.y' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors[0].field).toBe('walletToken');
    const mismatch = await create(tenant, { type: 'TYPE_WALLET', ...s, walletType: 'APPLE_PAY' });
    expect(mismatch.json().fieldErrors[0].field).toBe('walletType');
    const foreign = await create(tenantUs, { type: 'TYPE_WALLET', walletType: 'GOOGLE_PAY', ...s });
    expect(foreign.statusCode).toBe(400);
    expect((await session(tenant, { walletType: 'APPLE_PAY', companyId: DEMO_IDS.companyUs })).statusCode).toBe(404);
    expect((await session(tenant, { walletType: 'SAMSUNG_PAY' })).statusCode).toBe(400);
  });
});

describe('bank linking (Plaid-style)', () => {
  const linkToken = (token: string, customerId: string, country?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/bank_account/createfromplaid/${customerId}${country ? `?country=${country}` : ''}`,
      headers: auth(token),
    });
  const pick = (token: string, accountId: string) =>
    app.inject({ method: 'POST', url: '/sandbox/bank-link/public-token', payload: { token, accountId } });
  const fromPlaid = (token: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/bank_account/createfromplaid', headers: auth(token), payload: body });

  it('link token → widget → public token → bank account', async () => {
    const res = await linkToken(tenant, DEMO_IDS.tenant);
    expect(res.statusCode).toBe(200);
    const link = bankLinkTokenSchema.parse(res.json());
    // Okanagan Rentals (CA) requires bank linking: its country is the default.
    expect(link).toMatchObject({ env: 'sandbox', country: 'CA', selectAccount: true, widgetUrl: '/sandbox/bank-link/' });
    expect(link.clientName).toBe('Okanagan Rentals');

    const page = await app.inject({ method: 'GET', url: `/sandbox/bank-link/?token=${encodeURIComponent(link.token)}&lang=fr` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('Reliez votre compte bancaire');
    expect(page.body).toContain('Northern Lights Bank');
    expect(page.body).toContain('se terminant par 6789');
    expect(page.body).not.toContain('000123456789');
    expect(page.body).toContain('<script src="/sandbox/assets/bank-link.js" defer></script>');
    const js = await app.inject({ method: 'GET', url: '/sandbox/assets/bank-link.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.body).toContain("event: 'success'");
    expect((await app.inject({ method: 'GET', url: '/sandbox/assets/sandbox.css' })).statusCode).toBe(200);

    const picked = await pick(link.token, 'acc_ca_nl_chequing');
    expect(picked.statusCode).toBe(200);
    const { publicToken, accountId, country } = picked.json();
    expect(country).toBe('CA');

    // Someone else's public token is refused like a forged one.
    const stolen = await fromPlaid(tenantUs, { userType: 'TYPE_CUSTOMER', country: 'CA', loginId: publicToken, accountId });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors[0].field).toBe('loginId');
    const otherAccount = await fromPlaid(tenant, { country: 'CA', loginId: publicToken, accountId: 'acc_ca_nl_savings' });
    expect(otherAccount.statusCode).toBe(400);

    const created = await fromPlaid(tenant, {
      userType: 'TYPE_CUSTOMER',
      userId: DEMO_IDS.tenant,
      country,
      loginId: publicToken,
      accountId,
    });
    expect(created.statusCode).toBe(201);
    expect(record.parse(created.json())).toMatchObject({
      type: 'TYPE_BANK_ACCOUNT',
      bankName: 'Northern Lights Bank',
      institutionNumber: '004',
      transitNumber: '12345',
      routingNumber: '00412345',
      last4: '6789',
      accountHolder: 'Camille Tremblay',
      billingAddressId: null,
    });
    const again = await fromPlaid(tenant, { country, loginId: publicToken, accountId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
  });

  it("defaults to the customer's country, takes ?country=, and hides other tenants", async () => {
    expect(bankLinkTokenSchema.parse((await linkToken(tenantUs, DEMO_IDS.tenantUs)).json()).country).toBe('US');
    expect(bankLinkTokenSchema.parse((await linkToken(tenant, DEMO_IDS.tenant, 'US')).json()).country).toBe('US');
    expect((await linkToken(tenant, DEMO_IDS.tenantUs)).statusCode).toBe(404);
    expect((await linkToken(tenant, DEMO_IDS.tenant, 'FR')).statusCode).toBe(400);
    const bad = await app.inject({ method: 'GET', url: '/sandbox/bank-link/?token=forged' });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('This link has expired');
    expect((await pick('forged', 'acc_ca_nl_chequing')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every payment-method route with its body and answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const routes: [string, string][] = [
      ['/api/create', 'post'],
      ['/api/customer/{id}/paymentmethods', 'get'],
      ['/api/CREDIT_CARD/{id}/delete_with_bluesnap_check', 'delete'],
      ['/api/BANK_ACCOUNT/{id}/delete_with_bluesnap_check', 'delete'],
      ['/api/PAY_PAL/{id}/delete_with_bluesnap_check', 'delete'],
      ['/api/WALLET/{id}/delete_with_bluesnap_check', 'delete'],
      ['/api/INSTALLMENT_PAY/{id}/delete_with_bluesnap_check', 'delete'],
      ['/api/address/{id}/delete', 'delete'],
      ['/api/bank_account/createfromplaid/{customerId}', 'get'],
      ['/api/bank_account/createfromplaid', 'post'],
      ['/api/paypal_create_agreement', 'get'],
    ];
    for (const [path, method] of routes)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['payment methods']);
    const create = doc.paths['/api/create'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toContain('TYPE_CREDIT_CARD');
    expect(JSON.stringify(body)).toContain('TYPE_WALLET');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '402', '409']));
    expect(doc.paths['/api/sandbox/wallet/session']?.post).toBeTruthy();
  });
});
