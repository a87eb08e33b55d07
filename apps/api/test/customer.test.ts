// Customer and profile routes (docs/api-contract.md "Customer and profile"; spec 1 §4, §5, §7, §8; spec 2 §5).

import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/domain/message-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, customers, properties } from '../src/db/schema.ts';
import { translate } from '../src/lib/i18n.ts';
import { PROFILE_RULE_MESSAGES as PROFILE_RULE_KEYS } from '../src/services/customer/update-customer.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string; // tenant@demo.test (Canada)
let tenantUs: string; // tenant.us@demo.test
let admin: string;
const CA = DEMO_IDS.tenant;

// The messages as an English caller reads them (the server sends message keys in the caller's language).
const PROFILE_RULE_MESSAGES = Object.fromEntries(
  Object.entries(PROFILE_RULE_KEYS).map(([name, key]) => [name, translate('en', key)]),
) as Record<keyof typeof PROFILE_RULE_KEYS, string>;
const TERMS_AGE_MESSAGE = translate('en', MSG.termsTooYoung, { min: 18 });
const TERMS_COUNTRY_MESSAGE = translate('en', MSG.termsCountry);

type CustomerRow = typeof customers.$inferSelect;
type CustomerValues = Partial<typeof customers.$inferInsert>;

/** The seeded values of the Canadian tenant that these tests change, put back before each test. */
const SEEDED: CustomerValues = {
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'tenant@demo.test',
  birthDate: '1990-04-12',
  phone: '+16045550142',
  phoneMetadata: null,
  phoneStatus: null,
  alternatePhone: null,
  languageCode: 'en',
  preferredContactMethod: 'EMAIL',
  muteTextMessageNotification: false,
  textMessageNotificationMutedBy: null,
  acknowledgedTerms: false,
  acknowledgedTermsAt: null,
  country: 'CA',
};

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(() => app.close());
beforeEach(async () => {
  await setCustomer(CA, SEEDED);
  await app.ctx.db.update(properties).set({ payByTextEnabled: false });
});

async function setCustomer(id: string, values: CustomerValues): Promise<void> {
  await app.ctx.db.update(customers).set(values).where(eq(customers.id, id));
}
async function readCustomer(id: string): Promise<CustomerRow> {
  const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, id));
  return row;
}
async function auditFor(recordId: string, action: string) {
  return app.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.recordId, recordId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt);
}

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const patch = (token: string, id: string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/customer/${id}/update`, headers: auth(token), payload: payload as object });
const acceptTerms = (token: string, id: string) =>
  app.inject({ method: 'POST', url: `/api/customer/${id}/acceptterms`, headers: auth(token) });

function expectNotFound(res: LightMyRequestResponse, missing: LightMyRequestResponse) {
  expect(res.statusCode).toBe(404);
  expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
  // Another tenant's id answers exactly like an id that does not exist.
  expect(res.json()).toEqual(missing.json());
}

function expectValidation(res: LightMyRequestResponse, field: string, message?: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  const fe = (body.fieldErrors as { field: string; message: string }[]).find((f) => f.field === field);
  expect(fe, `fieldErrors ${JSON.stringify(body.fieldErrors)} should name ${field}`).toBeDefined();
  if (message) expect(fe?.message).toBe(message);
}

const TOO_LONG_ID = 'x'.repeat(65);

describe('GET /api/customer/{id}', () => {
  it("answers the caller's own record in the contract's shape", async () => {
    const res = await get(`/api/customer/${CA}`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: CA,
      firstName: 'Camille',
      lastName: 'Tremblay',
      email: 'tenant@demo.test',
      birthDate: '1990-04-12',
      phone: '+16045550142',
      phoneMetadata: null,
      phoneStatus: null,
      alternatePhone: null,
      languageCode: 'en',
      preferredContactMethod: 'EMAIL',
      muteTextMessageNotification: false,
      textMessageNotificationMutedBy: null,
      acknowledgedTerms: false,
      country: 'CA',
      accountType: null,
      securitySettingsVisible: true,
      emailVerified: true,
      pendingEmail: null,
    });
  });

  it('says whether the security settings are visible (spec 1 §2): not without a password, for Google, or to a mimicking admin', async () => {
    const visible = async (token: string) => (await get(`/api/customer/${CA}`, token)).json().securitySettingsVisible;
    const [{ passwordHash }] = await app.ctx.db.select().from(customers).where(eq(customers.id, CA));
    try {
      await app.ctx.db.update(customers).set({ passwordHash: null }).where(eq(customers.id, CA));
      expect(await visible(tenant)).toBe(false);
      await app.ctx.db
        .update(customers)
        .set({ passwordHash, accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT' })
        .where(eq(customers.id, CA));
      expect(await visible(tenant)).toBe(false);
      await app.ctx.db.update(customers).set({ accountType: null }).where(eq(customers.id, CA));
      expect(await visible(tenant)).toBe(true);
      const mimic = await app.inject({
        method: 'POST',
        url: '/api/admin/mimic',
        headers: auth(admin),
        payload: { leaseId: DEMO_IDS.leaseActive },
      });
      const asTenant = mimic.json().access_token as string;
      expect(await visible(asTenant)).toBe(false);
      // The PATCH answer (which the portal keeps as the record) says the same.
      expect((await patch(asTenant, CA, { firstName: 'Camille' })).json().securitySettingsVisible).toBe(false);
      expect((await patch(tenant, CA, { firstName: 'Camille' })).json().securitySettingsVisible).toBe(true);
    } finally {
      await app.ctx.db.update(customers).set({ passwordHash, accountType: null }).where(eq(customers.id, CA));
    }
  });

  it("answers another tenant's id exactly like a missing one", async () => {
    const missing = await get(`/api/customer/${randomUUID()}`, tenantUs);
    expectNotFound(await get(`/api/customer/${CA}`, tenantUs), missing);
  });

  it('answers 400 with fieldErrors for a malformed id', async () => {
    expectValidation(await get(`/api/customer/${TOO_LONG_ID}`, tenant), 'id');
  });

  it('refuses an admin who is not acting as a tenant', async () => {
    const res = await get(`/api/customer/${CA}`, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('RM_ERROR_FORBIDDEN');
  });
});

describe('GET /api/customer/{id}/peek', () => {
  it('answers id and acknowledgedTerms', async () => {
    const res = await get(`/api/customer/${CA}/peek`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: CA, acknowledgedTerms: false });
  });

  it("answers another tenant's id like a missing one", async () => {
    expectNotFound(await get(`/api/customer/${CA}/peek`, tenantUs), await get(`/api/customer/${randomUUID()}/peek`, tenantUs));
  });

  it('answers 400 for a malformed id', async () => {
    expectValidation(await get(`/api/customer/${TOO_LONG_ID}/peek`, tenant), 'id');
  });
});

describe('POST /api/customer/{id}/acceptterms', () => {
  it('accepts the terms of an adult in Canada, records it and audits it', async () => {
    const res = await acceptTerms(tenant, CA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: CA, acknowledgedTerms: true });
    const row = await readCustomer(CA);
    expect(row.acknowledgedTerms).toBe(true);
    expect(row.acknowledgedTermsAt).not.toBeNull();
    expect((await get(`/api/customer/${CA}/peek`, tenant)).json().acknowledgedTerms).toBe(true);
    const [event] = await auditFor(CA, 'ACCEPT_TERMS');
    expect(event.changes).toMatchObject({ acknowledgedTerms: { from: false, to: true } });
    expect(event.actorId).toBe(CA);
  });

  it('is refused for a tenant known to be under 18, and nothing is written', async () => {
    const year = new Date().getUTCFullYear() - 17;
    await setCustomer(CA, { birthDate: `${year}-01-01` });
    const res = await acceptTerms(tenant, CA);
    expectValidation(res, 'birthDate', TERMS_AGE_MESSAGE);
    expect(res.json().message).toBe(TERMS_AGE_MESSAGE);
    expect((await readCustomer(CA)).acknowledgedTerms).toBe(false);
  });

  it('is refused outside the US and Canada', async () => {
    await setCustomer(CA, { country: 'MX' });
    expectValidation(await acceptTerms(tenant, CA), 'country', TERMS_COUNTRY_MESSAGE);
    expect((await readCustomer(CA)).acknowledgedTerms).toBe(false);
  });

  it('is refused while the birth date is missing (18 or older must be known), with REQUIRED_FIELD naming it', async () => {
    await setCustomer(CA, { birthDate: null });
    const res = await acceptTerms(tenant, CA);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'RM_ERROR_REQUIRED_FIELD',
      fieldErrors: [
        { field: 'birthDate', errorCode: 'RM_ERROR_REQUIRED_FIELD', message: translate('en', MSG.termsBirthDateRequired) },
      ],
    });
    expect((await readCustomer(CA)).acknowledgedTerms).toBe(false);
    // Once the tenant gives it (the terms modal asks in place), the terms go through.
    expect((await patch(tenant, CA, { birthDate: '1990-04-12' })).statusCode).toBe(200);
    expect((await acceptTerms(tenant, CA)).statusCode).toBe(200);
  });

  it("answers another tenant's id like a missing one and changes nothing", async () => {
    expectNotFound(await acceptTerms(tenantUs, CA), await acceptTerms(tenantUs, randomUUID()));
    expect((await readCustomer(CA)).acknowledgedTerms).toBe(false);
  });

  it('answers 400 for a malformed id', async () => {
    expectValidation(await acceptTerms(tenant, TOO_LONG_ID), 'id');
  });
});

describe('PATCH /api/customer/{id}/update', () => {
  it('saves profile fields, answers the updated customer and audits the diff', async () => {
    const res = await patch(tenant, CA, {
      firstName: '  Camila ',
      lastName: 'Tremblay-Roy',
      languageCode: 'fr',
      birthDate: '1991-05-06',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: CA,
      firstName: 'Camila',
      lastName: 'Tremblay-Roy',
      languageCode: 'fr',
      birthDate: '1991-05-06',
    });
    const row = await readCustomer(CA);
    expect(row).toMatchObject({ firstName: 'Camila', lastName: 'Tremblay-Roy', languageCode: 'fr', birthDate: '1991-05-06' });
    const events = await auditFor(CA, 'UPDATE');
    expect(events.at(-1)?.changes).toEqual({
      firstName: { from: 'Camille', to: 'Camila' },
      lastName: { from: 'Tremblay', to: 'Tremblay-Roy' },
      birthDate: { from: '1990-04-12', to: '1991-05-06' },
      languageCode: { from: 'en', to: 'fr' },
    });
    expect(events.at(-1)).toMatchObject({ recordType: 'customer', actorId: CA, actorType: 'TYPE_CUSTOMER' });
  });

  it('stores a phone in E.164 and accepts empty strings as "no value"', async () => {
    const res = await patch(tenant, CA, {
      phone: '(604) 555-0142',
      alternatePhone: '',
      birthDate: '',
      preferredContactMethod: 'EMAIL',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+16045550142', alternatePhone: null, birthDate: null });
  });

  const badBodies: [string, Record<string, unknown>, string][] = [
    ['an unknown key', { firstName: 'Ok', isAdmin: true }, 'body'],
    ['an empty first name', { firstName: '   ' }, 'firstName'],
    ['a last name of 32 characters', { lastName: 'x'.repeat(32) }, 'lastName'],
    ['a first name that is a number', { firstName: 42 }, 'firstName'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a disposable email', { email: 'someone@mailinator.com' }, 'email'],
    ['an email over 255 characters', { email: `${'a'.repeat(250)}@demo.test` }, 'email'],
    ['a phone that is not North American', { phone: '+442079460958' }, 'phone'],
    ['a phone of letters', { phone: 'call me' }, 'phone'],
    ['an invalid alternate phone', { alternatePhone: '123' }, 'alternatePhone'],
    ['an impossible birth date', { birthDate: '1990-02-30' }, 'birthDate'],
    ['a birth date in another format', { birthDate: '12/04/1990' }, 'birthDate'],
    ['a birth date in the future', { birthDate: `${new Date().getUTCFullYear() + 1}-01-01` }, 'birthDate'],
    ['an unknown language', { languageCode: 'de' }, 'languageCode'],
    ['an unknown contact method', { preferredContactMethod: 'FAX' }, 'preferredContactMethod'],
    ['a mute flag that is not a boolean', { muteTextMessageNotification: 'yes' }, 'muteTextMessageNotification'],
    ['acknowledgedTerms that is not a boolean', { acknowledgedTerms: 'yes' }, 'acknowledgedTerms'],
  ];
  for (const [what, body, field] of badBodies) {
    it(`answers 400 naming ${field} for ${what}, and writes nothing`, async () => {
      const before = await readCustomer(CA);
      // A valid change rides along, to prove the whole request is refused.
      expectValidation(await patch(tenant, CA, { lastName: 'Changed', ...body }), field);
      expect(await readCustomer(CA)).toEqual(before);
    });
  }

  it('answers 400 for a body that is not an object', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/customer/${CA}/update`,
      headers: { ...auth(tenant), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  });

  describe('spec 1 §5 profile rules (on the stored record merged with the change)', () => {
    it('requires the mobile phone when the preferred contact is MOBILE_PHONE', async () => {
      await setCustomer(CA, { muteTextMessageNotification: true });
      const res = await patch(tenant, CA, { preferredContactMethod: 'MOBILE_PHONE', phone: null });
      expectValidation(res, 'phone', PROFILE_RULE_MESSAGES.phoneForPreferredContact);
      expect(res.json().message).toBe(PROFILE_RULE_MESSAGES.phoneForPreferredContact);
      expect((await readCustomer(CA)).phone).toBe('+16045550142');
    });

    it('checks the merged record: clearing the phone alone fails when the stored preference is MOBILE_PHONE', async () => {
      await setCustomer(CA, { muteTextMessageNotification: true, preferredContactMethod: 'MOBILE_PHONE' });
      expectValidation(await patch(tenant, CA, { phone: '' }), 'phone', PROFILE_RULE_MESSAGES.phoneForPreferredContact);
    });

    it('requires the mobile phone when text notifications are on', async () => {
      expectValidation(
        await patch(tenant, CA, { phone: null, muteTextMessageNotification: false }),
        'phone',
        PROFILE_RULE_MESSAGES.phoneForTextNotifications,
      );
      expectValidation(await patch(tenant, CA, { phone: null }), 'phone', PROFILE_RULE_MESSAGES.phoneForTextNotifications);
      expect((await readCustomer(CA)).phone).toBe('+16045550142');
    });

    it('lets the phone go when texts are muted and no rule needs it', async () => {
      const res = await patch(tenant, CA, { phone: null, muteTextMessageNotification: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ phone: null, muteTextMessageNotification: true });
    });

    it('requires the alternate phone when the preferred contact is ALTERNATE_PHONE', async () => {
      expectValidation(
        await patch(tenant, CA, { preferredContactMethod: 'ALTERNATE_PHONE' }),
        'alternatePhone',
        PROFILE_RULE_MESSAGES.alternatePhoneForPreferredContact,
      );
      expect((await readCustomer(CA)).preferredContactMethod).toBe('EMAIL');
      const ok = await patch(tenant, CA, { preferredContactMethod: 'ALTERNATE_PHONE', alternatePhone: '2065550123' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ preferredContactMethod: 'ALTERNATE_PHONE', alternatePhone: '+12065550123' });
    });

    it('with pay-by-text on, requires the mobile phone and a preferred contact method', async () => {
      await app.ctx.db.update(properties).set({ payByTextEnabled: true }).where(eq(properties.id, DEMO_IDS.propertyCa));
      expectValidation(
        await patch(tenant, CA, { phone: null, muteTextMessageNotification: true }),
        'phone',
        PROFILE_RULE_MESSAGES.phoneForPayByText,
      );
      expectValidation(
        await patch(tenant, CA, { preferredContactMethod: null }),
        'preferredContactMethod',
        PROFILE_RULE_MESSAGES.preferredContactForPayByText,
      );
      const row = await readCustomer(CA);
      expect(row).toMatchObject({ phone: '+16045550142', preferredContactMethod: 'EMAIL', muteTextMessageNotification: false });
    });

    it('does not apply the form rules to a language-only change', async () => {
      await setCustomer(CA, { phone: null, muteTextMessageNotification: false });
      const res = await patch(tenant, CA, { languageCode: 'fr' });
      expect(res.statusCode).toBe(200);
      expect(res.json().languageCode).toBe('fr');
    });
  });

  describe('email', () => {
    it("answers 409 RM_ERROR_RECORD_ALREADY_EXIST for another customer's email, in any case", async () => {
      const res = await patch(tenant, CA, { email: 'TENANT.US@Demo.Test' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_ALREADY_EXIST');
      expect((await readCustomer(CA)).email).toBe('tenant@demo.test');
    });

    it("answers 409 for a corporate user's email", async () => {
      const res = await patch(tenant, CA, { email: 'admin@demo.test' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_ALREADY_EXIST');
    });

    it('takes a change of case of its own at once; a new address waits for its link (issue 25)', async () => {
      expect((await patch(tenant, CA, { email: 'Tenant@Demo.test' })).json().email).toBe('Tenant@Demo.test');
      const changed = (await patch(tenant, CA, { email: 'camille.new@example.com' })).json();
      expect(changed).toMatchObject({ email: 'Tenant@Demo.test', pendingEmail: 'camille.new@example.com' });
      expect((await readCustomer(CA)).email).toBe('Tenant@Demo.test');
      // The link replaces it (account-recovery.test.ts follows it); withdrawn here.
      expect(
        (await app.inject({ method: 'POST', url: `/api/customer/${CA}/email/cancel`, headers: auth(tenant) })).json(),
      ).toMatchObject({ pendingEmail: null });
    });
  });

  describe('phone status', () => {
    beforeEach(async () => {
      await setCustomer(CA, { phoneMetadata: { carrier: 'Rogers', lineType: 'mobile' }, phoneStatus: 'VERIFIED' });
    });

    it('keeps phoneMetadata and phoneStatus when the same number is sent in another format', async () => {
      const res = await patch(tenant, CA, { phone: '604-555-0142', firstName: 'Camille' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        phone: '+16045550142',
        phoneMetadata: { carrier: 'Rogers', lineType: 'mobile' },
        phoneStatus: 'VERIFIED',
      });
    });

    it('clears phoneMetadata and phoneStatus when the phone changes', async () => {
      const res = await patch(tenant, CA, { phone: '604 555 0199' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ phone: '+16045550199', phoneMetadata: null, phoneStatus: null });
      const row = await readCustomer(CA);
      expect(row).toMatchObject({ phone: '+16045550199', phoneMetadata: null, phoneStatus: null });
    });
  });

  it('keeps textMessageNotificationMutedBy CUSTOMER when the tenant unmutes after a STOP reply', async () => {
    await setCustomer(CA, { muteTextMessageNotification: true, textMessageNotificationMutedBy: 'CUSTOMER' });
    const res = await patch(tenant, CA, { muteTextMessageNotification: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ muteTextMessageNotification: false, textMessageNotificationMutedBy: 'CUSTOMER' });
  });

  describe('acknowledgedTerms', () => {
    it('can be set to true, with the same eligibility as acceptterms', async () => {
      const res = await patch(tenant, CA, { acknowledgedTerms: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().acknowledgedTerms).toBe(true);
      expect((await readCustomer(CA)).acknowledgedTermsAt).not.toBeNull();
    });

    it('is refused for a birth date under 18 sent in the same request', async () => {
      const year = new Date().getUTCFullYear() - 10;
      expectValidation(
        await patch(tenant, CA, { acknowledgedTerms: true, birthDate: `${year}-06-01` }),
        'birthDate',
        translate('en', MSG.birthDateTooYoung, { min: 18 }),
      );
      expect(await readCustomer(CA)).toMatchObject({ acknowledgedTerms: false, birthDate: '1990-04-12' });
    });

    it('never goes back to false', async () => {
      await setCustomer(CA, { acknowledgedTerms: true });
      expectValidation(
        await patch(tenant, CA, { acknowledgedTerms: false }),
        'acknowledgedTerms',
        PROFILE_RULE_MESSAGES.termsCannotBeWithdrawn,
      );
      expect((await readCustomer(CA)).acknowledgedTerms).toBe(true);
    });
  });

  it("answers another tenant's id like a missing one and changes nothing", async () => {
    const before = await readCustomer(CA);
    expectNotFound(
      await patch(tenantUs, CA, { firstName: 'Hacked' }),
      await patch(tenantUs, randomUUID(), { firstName: 'Hacked' }),
    );
    expect(await readCustomer(CA)).toEqual(before);
  });

  it('answers 400 for a malformed id', async () => {
    expectValidation(await patch(tenant, TOO_LONG_ID, { firstName: 'Ok' }), 'id');
  });

  it('acts as the tenant while an admin mimics, with the admin as the audited author', async () => {
    const mimic = await app.inject({
      method: 'POST',
      url: '/api/admin/mimic',
      headers: auth(admin),
      payload: { leaseId: DEMO_IDS.leaseActive },
    });
    const token = mimic.json().access_token as string;
    const res = await patch(token, CA, { lastName: 'Mimicked' });
    expect(res.statusCode).toBe(200);
    const events = await auditFor(CA, 'UPDATE');
    expect(events.at(-1)).toMatchObject({ actorId: DEMO_IDS.admin, actorType: 'TYPE_ADMIN' });
    expect(events.at(-1)?.changes).toEqual({ lastName: { from: 'Tremblay', to: 'Mimicked' } });
  });
});

describe('pay-by-text info', () => {
  it("answers serviceEnabled for the customer's properties and for one lease", async () => {
    expect((await get(`/api/customer/${CA}/pay-by-text/info`, tenant)).json()).toEqual({ serviceEnabled: false });
    expect((await get(`/api/property_lease/${DEMO_IDS.leasePending}/pay-by-text/info`, tenant)).json()).toEqual({
      serviceEnabled: false,
    });
    await app.ctx.db.update(properties).set({ payByTextEnabled: true }).where(eq(properties.id, DEMO_IDS.propertyCa));
    expect((await get(`/api/customer/${CA}/pay-by-text/info`, tenant)).json()).toEqual({ serviceEnabled: true });
    expect((await get(`/api/PROPERTY_LEASE/${DEMO_IDS.leaseActive}/pay-by-text/info`, tenant)).json()).toEqual({
      serviceEnabled: true,
    });
    expect((await get(`/api/property_lease/${DEMO_IDS.leasePending}/pay-by-text/info`, tenant)).json()).toEqual({
      serviceEnabled: false,
    });
    // The US tenant's properties are not the Canadian tenant's.
    expect((await get(`/api/customer/${DEMO_IDS.tenantUs}/pay-by-text/info`, tenantUs)).json()).toEqual({
      serviceEnabled: false,
    });
  });

  it("answers another tenant's customer or lease id like a missing one", async () => {
    expectNotFound(
      await get(`/api/customer/${CA}/pay-by-text/info`, tenantUs),
      await get(`/api/customer/${randomUUID()}/pay-by-text/info`, tenantUs),
    );
    expectNotFound(
      await get(`/api/property_lease/${DEMO_IDS.leaseActive}/pay-by-text/info`, tenantUs),
      await get(`/api/property_lease/${randomUUID()}/pay-by-text/info`, tenantUs),
    );
  });

  it('answers 400 for malformed ids', async () => {
    expectValidation(await get(`/api/customer/${TOO_LONG_ID}/pay-by-text/info`, tenant), 'id');
    expectValidation(await get(`/api/property_lease/${TOO_LONG_ID}/pay-by-text/info`, tenant), 'id');
  });
});

describe('GET /api/company/{id}/peek', () => {
  it("answers a company of the tenant's leases with its settings (amounts in dollars)", async () => {
    const res = await get(`/api/company/${DEMO_IDS.companyCa}/peek`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: DEMO_IDS.companyCa,
      name: 'Maple Leaf Property Management',
      country: 'CA',
      manageBalance: 'YES',
      overpaymentAllowed: 'YES',
      onlyPMPaymentAllowed: 'NO',
      softMaximumPaymentAmount: 5000,
      conciergeEnabled: true,
      parentId: null,
      customCard: null,
    });
    expect(res.json().acceptedPaymentTypes).toContain('TYPE_CREDIT_CARD');
    expect((await get(`/api/company/${DEMO_IDS.companyCa2}/peek`, tenant)).json().manageBalance).toBe('NO');
  });

  it("answers another tenant's company like a missing one", async () => {
    expectNotFound(
      await get(`/api/company/${DEMO_IDS.companyUs}/peek`, tenant),
      await get(`/api/company/${randomUUID()}/peek`, tenant),
    );
    expect((await get(`/api/company/${DEMO_IDS.companyUs}/peek`, tenantUs)).json().blockPartialPayments).toBe(true);
  });

  it('answers 400 for a malformed id', async () => {
    expectValidation(await get(`/api/company/${TOO_LONG_ID}/peek`, tenant), 'id');
  });
});

describe('GET /api/property/{id}/peek', () => {
  it("answers a property of the tenant's leases, including a terminated one", async () => {
    const res = await get(`/api/property/${DEMO_IDS.propertyCa}/peek`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: DEMO_IDS.propertyCa,
      companyId: DEMO_IDS.companyCa,
      propertyName: 'Harbourview Residences',
      street1: '1250 Granville Street',
      city: 'Vancouver',
      province: 'BC',
      country: 'CA',
      postalCode: 'V6Z 1M6',
      category: 'RESIDENTIAL',
      monevoIntegration: { enabled: true },
      payByTextEnabled: false,
    });
    expect((await get(`/api/property/${DEMO_IDS.propertyCaOld}/peek`, tenant)).statusCode).toBe(200);
  });

  it("answers another tenant's property like a missing one", async () => {
    expectNotFound(
      await get(`/api/property/${DEMO_IDS.propertyUs}/peek`, tenant),
      await get(`/api/property/${randomUUID()}/peek`, tenant),
    );
  });

  it('answers 400 for a malformed id', async () => {
    expectValidation(await get(`/api/property/${TOO_LONG_ID}/peek`, tenant), 'id');
  });
});

describe('GET /api/corporateUser/{id}', () => {
  it('answers an admin their own record', async () => {
    const res = await get(`/api/corporateUser/${DEMO_IDS.admin}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: DEMO_IDS.admin,
      firstName: 'Alex',
      lastName: 'Admin',
      email: 'admin@demo.test',
      type: 'TYPE_ADMIN',
      languageCode: 'en', // issue 23: the console's language
    });
  });

  it('answers the admin behind a mimic session', async () => {
    const mimic = await app.inject({
      method: 'POST',
      url: '/api/admin/mimic',
      headers: auth(admin),
      payload: { leaseId: DEMO_IDS.leaseActive },
    });
    const res = await get(`/api/corporateuser/${DEMO_IDS.admin}`, mimic.json().access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().type).toBe('TYPE_ADMIN');
  });

  it('answers a tenant like a missing id', async () => {
    expectNotFound(
      await get(`/api/corporateUser/${DEMO_IDS.admin}`, tenant),
      await get(`/api/corporateUser/${randomUUID()}`, tenant),
    );
  });

  it('answers 400 for a malformed id', async () => {
    expectValidation(await get(`/api/corporateUser/${TOO_LONG_ID}`, admin), 'id');
  });
});

describe('server texts and OpenAPI', () => {
  it('lists every customer route with the customer tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const routes: [string, string][] = [
      ['/api/customer/{id}', 'get'],
      ['/api/customer/{id}/peek', 'get'],
      ['/api/customer/{id}/update', 'patch'],
      ['/api/customer/{id}/acceptterms', 'post'],
      ['/api/customer/{id}/pay-by-text/info', 'get'],
      ['/api/property_lease/{id}/pay-by-text/info', 'get'],
      ['/api/company/{id}/peek', 'get'],
      ['/api/property/{id}/peek', 'get'],
      ['/api/corporateUser/{id}', 'get'],
      ['/api/changepassword', 'post'],
    ];
    for (const [path, method] of routes) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['customer']);
    }
  });
});
