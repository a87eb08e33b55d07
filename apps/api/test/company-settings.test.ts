// issue 23 "Company settings" and "Properties" (docs/api-contract.md "Company settings and properties"): the role
// matrix (admin any, manager own, other company 404, tenant 403, no token 401), named validation errors in the caller's
// language, audit rows from/to, and the tenant seeing a change on their next read.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, feeProfiles } from '../src/db/schema.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let manager: string;
let manager2: string;
let tenant: string;

beforeAll(async () => {
  app = await buildTestApp();
  [admin, manager, manager2, tenant] = await Promise.all([
    login(app, ADMIN),
    login(app, 'manager@demo.test'),
    login(app, 'manager2@demo.test'),
    login(app, TENANT),
  ]);
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | null, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const auditOf = (recordId: string) =>
  app.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.recordId, recordId), eq(auditEvents.action, 'UPDATE')));

const CA = DEMO_IDS.companyCa;
const CA2 = DEMO_IDS.companyCa2;
const US = DEMO_IDS.companyUs;

describe('GET /company/{id} and PATCH /company/{id}/update: who may', () => {
  it('answers a manager their own company with its fee schedule, the admin any company', async () => {
    const own = await call('GET', `/company/${CA}`, manager);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: CA,
      name: 'Maple Leaf Property Management',
      softMaximumPaymentAmount: 5000,
      lateFeeAmount: null,
    });
    expect(own.json().feeSchedule.source).toMatch(/COMPANY|PLATFORM/);
    expect(own.json().feeSchedule.records.length).toBeGreaterThan(0);
    expect(own.json().defaultChargeCodes.map((c: { code: string }) => c.code)).toContain('Rent');
    expect((await call('GET', `/company/${US}`, admin)).statusCode).toBe(200);
  });

  it("answers 404 to another company's manager, 403 to a tenant, 401 without a token", async () => {
    expect((await call('GET', `/company/${CA}`, manager2)).statusCode).toBe(404);
    expect((await call('PATCH', `/company/${CA}/update`, manager2, { conciergeEnabled: false })).statusCode).toBe(404);
    expect((await call('GET', `/company/${CA}`, tenant)).statusCode).toBe(403);
    expect((await call('PATCH', `/company/${CA}/update`, tenant, { conciergeEnabled: false })).statusCode).toBe(403);
    expect((await call('GET', `/company/${CA}`, null)).statusCode).toBe(401);
    expect((await call('PATCH', `/company/${CA}/update`, null, { conciergeEnabled: false })).statusCode).toBe(401);
  });
});

describe('GET /company/list', () => {
  it('lists every company for the admin, the own company for a manager; 403 tenant, 401 no token', async () => {
    const all = await call('GET', '/company/list', admin);
    expect(all.json().records.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([CA, CA2, US]));
    expect((await call('GET', '/company/list', manager)).json().records).toEqual([
      { id: CA, name: 'Maple Leaf Property Management', country: 'CA' },
    ]);
    expect((await call('GET', '/company/list', tenant)).statusCode).toBe(403);
    expect((await call('GET', '/company/list', null)).statusCode).toBe(401);
  });
});

describe('PATCH /company/{id}/update: refusals name the field, in the caller language', () => {
  const fields = (res: { json: () => { fieldErrors: { field: string; message: string }[] } }) =>
    res.json().fieldErrors.map((f) => f.field);

  it('refuses the neobank promotion outside Canada (spec 2 §6)', async () => {
    const res = await call('PATCH', `/company/${US}/update`, admin, { neobankPromotionEnabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0]).toMatchObject({
      field: 'neobankPromotionEnabled',
      message: 'The neobank promotion is offered in Canada only',
    });
    const fr = await call('PATCH', `/company/${US}/update`, admin, { neobankPromotionEnabled: true }, 'fr');
    expect(fr.json().fieldErrors[0].message).toBe('La promotion de la néobanque n’est offerte qu’au Canada');
  });

  it('refuses an NSF fee over $35.00, late fee days out of 1–31, duplicate or blank charge codes, unknown types', async () => {
    const res = await call('PATCH', `/company/${CA}/update`, manager, {
      nsfFeeAmount: 35.01,
      lateFeeDays: 32,
      chargeCodes: [
        { code: 'rent', name: 'Rent' },
        { code: 'RENT', name: 'Rent again' },
        { code: 'parking', name: ' ' },
      ],
      acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BITCOIN'],
      serviceCreditReporting: { INDUSTRIAL: true },
      insuranceIntegration: { ACME: { enabled: true } },
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual([
      'chargeCodes.1.code',
      'chargeCodes.2.name',
      'acceptedPaymentTypes.1',
      'serviceCreditReporting.INDUSTRIAL',
      'insuranceIntegration.ACME',
      'nsfFeeAmount',
      'lateFeeDays',
    ]);
    // nothing was written
    expect((await call('GET', `/company/${CA}`, manager)).json().nsfFeeAmount).toBeNull();
  });

  it('refuses an http button link, a card without a title and an outside image; unknown keys by the strict body', async () => {
    const res = await call('PATCH', `/company/${CA}/update`, manager, {
      customCard: { enabled: true, cardTitle: '', buttonUrl: 'http://example.com', imageUrl: 'https://cdn.example/x.png' },
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['customCard.cardTitle', 'customCard.buttonUrl', 'customCard.imageUrl']);
    const unknown = await call('PATCH', `/company/${CA}/update`, manager, { name: 'Renamed' });
    expect(unknown.statusCode).toBe(400);
    const amount = await call('PATCH', `/company/${CA}/update`, manager, { lateFeeAmount: 12.345 });
    expect(amount.statusCode).toBe(400);
    expect(fields(amount)).toEqual(['lateFeeAmount']);
  });
});

describe('PATCH /company/{id}/update: saved, audited, seen by the tenant at once', () => {
  const leaseSearch = async () => {
    const res = await call('POST', '/property_lease/search', tenant, { joins: ['company', 'property'] });
    expect(res.statusCode).toBe(200);
    return res.json().records.find((l: { id: string }) => l.id === DEMO_IDS.leaseActive);
  };

  it('saves every flag sent, audits each from/to, and the tenant lease search shows it on the next read', async () => {
    const before = await leaseSearch();
    expect(before.joins.company.blockPartialPayments).toBe(false);
    const card = {
      enabled: true,
      cardTitle: 'Rooftop garden',
      cardText: 'Book a plot',
      buttonCaption: 'Book',
      cardTitleFr: 'Jardin sur le toit',
      cardTextFr: 'Réservez une parcelle',
      buttonCaptionFr: 'Réserver',
      buttonUrl: 'https://example.com/garden',
    };
    const res = await call('PATCH', `/company/${CA}/update`, manager, {
      blockPartialPayments: true,
      softMaximumPaymentAmount: 2500.5,
      lateFeeAmount: 25,
      lateFeeDays: 10,
      nsfFeeAmount: 35,
      chargeCodes: [{ code: 'rent', name: 'Rent' }],
      customCard: card,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      blockPartialPayments: true,
      softMaximumPaymentAmount: 2500.5,
      lateFeeAmount: 25,
      lateFeeDays: 10,
      nsfFeeAmount: 35,
      customCard: card,
    });
    const [event] = await auditOf(CA);
    expect(event.actorId).toBe(DEMO_IDS.manager);
    expect(event.changes).toMatchObject({
      blockPartialPayments: { from: false, to: true },
      softMaximumPaymentAmount: { from: 500_000, to: 250_050 },
      lateFeeAmount: { from: null, to: 2_500 },
      nsfFeeAmount: { from: null, to: 3_500 },
    });
    const after = await leaseSearch();
    expect(after.joins.company.blockPartialPayments).toBe(true);
    expect(after.joins.company.softMaximumPaymentAmount).toBe(2500.5);
    expect(after.joins.company.customCard).toMatchObject({ cardTitleFr: 'Jardin sur le toit' });
  });

  it("lets the company pay its tenants' card fees (its own fee profiles), audited, and the tenant's fee shows it", async () => {
    const before = await call('GET', `/company/${CA}`, manager);
    expect(before.json()).toMatchObject({ cardFeesPaidByCompany: false, feeSchedule: { source: 'COMPANY' } });
    const res = await call('PATCH', `/company/${CA}/update`, manager, { cardFeesPaidByCompany: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().cardFeesPaidByCompany).toBe(true);
    const cards = res.json().feeSchedule.records.filter((p: { paymentType: string }) => p.paymentType === 'TYPE_CREDIT_CARD');
    expect(cards.every((p: { paidByCompany: boolean }) => p.paidByCompany)).toBe(true);
    const events = await auditOf(CA);
    expect(events.map((e) => e.changes)).toContainEqual({ cardFeesPaidByCompany: { from: false, to: true } });
    // the tenant's fee profiles of the lease say the company pays
    const tenantView = await call('GET', `/property_lease/${DEMO_IDS.leaseActive}/fee_profile`, tenant);
    const tenantCards = tenantView.json().records.filter((p: { paymentType: string }) => p.paymentType === 'TYPE_CREDIT_CARD');
    expect(tenantCards.length).toBeGreaterThan(0);
    expect(tenantCards.every((p: { paidByCompany: boolean }) => p.paidByCompany)).toBe(true);
  });

  it("refuses it, naming the field, while the platform's default schedule applies", async () => {
    await app.ctx.db.delete(feeProfiles).where(eq(feeProfiles.companyId, CA2));
    const settings = await call('GET', `/company/${CA2}`, manager2);
    expect(settings.json()).toMatchObject({ cardFeesPaidByCompany: null, feeSchedule: { source: 'PLATFORM' } });
    const res = await call('PATCH', `/company/${CA2}/update`, manager2, { cardFeesPaidByCompany: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].field).toBe('cardFeesPaidByCompany');
  });

  it('the admin may switch the neobank promotion on for a Canadian company', async () => {
    const res = await call('PATCH', `/company/${CA2}/update`, admin, { neobankPromotionEnabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().neobankPromotionEnabled).toBe(true);
    const [event] = await auditOf(CA2);
    expect(event.actorId).toBe(DEMO_IDS.admin);
  });
});

describe('properties', () => {
  const address = {
    propertyName: 'Kits Point Lofts',
    street1: '2100 Cornwall Avenue',
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'v6k 1b5',
    category: 'RESIDENTIAL',
    propertyIdentifier: 'KPL-1',
  };
  let created: string;

  it('a manager creates a property of their company (postal code as the tenant forms store it), audited', async () => {
    const res = await call('POST', '/property/create', manager, address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: CA, postalCode: 'V6K 1B5', leaseCount: 0, propertyIdentifier: 'KPL-1' });
    created = res.json().id;
    const events = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.recordId, created));
    expect(events.map((e) => e.action)).toEqual(['CREATE']);
  });

  it('refuses a bad address naming each field, a taken identifier, and a flag the company does not offer', async () => {
    const bad = await call('POST', '/property/create', manager, {
      ...address,
      propertyIdentifier: 'X',
      city: 'Van<script>',
      province: 'WA',
      postalCode: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['city', 'province', 'postalCode']);
    // Liberty Homes offers no microloans (seed-services): its property cannot switch the loan partner on (spec 2 §6)
    const narrowed = await call('POST', '/property/create', admin, {
      ...address,
      companyId: US,
      country: 'US',
      province: 'WA',
      postalCode: '98101',
      monevoIntegration: { enabled: true },
    });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['monevoIntegration']);
    const taken = await call('POST', '/property/create', manager, { ...address, propertyIdentifier: 'kpl-1' }, 'fr');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors[0]).toMatchObject({
      field: 'propertyIdentifier',
      message: 'Une autre propriété de l’entreprise a déjà cet identifiant',
    });
  });

  it('reads, updates (audited from/to) and lists with lease counts; another company 404, tenant 403, no token 401', async () => {
    expect((await call('GET', `/property/${created}`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/property/${created}`, manager2)).statusCode).toBe(404);
    expect((await call('GET', `/property/${created}`, tenant)).statusCode).toBe(403);
    expect((await call('GET', `/property/${created}`, null)).statusCode).toBe(401);
    expect((await call('PATCH', `/property/${created}/update`, manager2, { payByTextEnabled: true })).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/property/${DEMO_IDS.propertyCa2}/update`, manager, { payByTextEnabled: true })).statusCode,
    ).toBe(404);
    const upd = await call('PATCH', `/property/${created}/update`, manager, { payByTextEnabled: true, street2: 'Unit 4' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ payByTextEnabled: true, street2: 'Unit 4' });
    const [event] = await auditOf(created);
    expect(event.changes).toEqual({ street2: { from: null, to: 'Unit 4' }, payByTextEnabled: { from: false, to: true } });

    const all = await call('GET', `/company/${CA}/property/list?recordsPerPage=100`, manager);
    expect(all.statusCode).toBe(200);
    const total = all.json().totalRecords as number;
    expect(all.json().records.map((p: { companyId: string }) => p.companyId)).toEqual(Array(total).fill(CA));
    const harbour = all.json().records.find((p: { id: string }) => p.id === DEMO_IDS.propertyCa);
    expect(harbour.leaseCount).toBeGreaterThan(0);
    const page2 = await call('GET', `/company/${CA}/property/list?page=2&recordsPerPage=2`, manager);
    expect(page2.json()).toMatchObject({ totalRecords: total, totalPages: Math.ceil(total / 2), page: 2 });
    expect(page2.json().records.map((p: { id: string }) => p.id)).toEqual(
      all
        .json()
        .records.slice(2, 4)
        .map((p: { id: string }) => p.id),
    );
    const searched = await call('GET', `/company/${CA}/property/list?search=kits`, manager);
    expect(searched.json().records.map((p: { id: string }) => p.id)).toEqual([created]);
    expect((await call('GET', `/company/${CA}/property/list`, manager2)).statusCode).toBe(404);
    expect((await call('GET', `/company/${CA}/property/list`, tenant)).statusCode).toBe(403);
    expect((await call('GET', `/company/${CA}/property/list`, null)).statusCode).toBe(401);
  });

  it("the property's custom card reaches its tenants' lease search (it overrides the company's)", async () => {
    const res = await call('PATCH', `/property/${DEMO_IDS.propertyCa}/update`, manager, {
      customCard: { enabled: true, cardTitle: 'Pool hours', cardTitleFr: 'Heures de la piscine' },
    });
    expect(res.statusCode).toBe(200);
    const search = await call('POST', '/property_lease/search', tenant, { joins: ['property'] });
    const lease = search.json().records.find((l: { id: string }) => l.id === DEMO_IDS.leaseActive);
    expect(lease.joins.property.customCard).toEqual({
      enabled: true,
      cardTitle: 'Pool hours',
      cardTitleFr: 'Heures de la piscine',
    });
  });

  it('the admin creates for a named company; without one the field is named', async () => {
    const res = await call('POST', '/property/create', admin, {
      ...address,
      companyId: US,
      country: 'US',
      province: 'WA',
      postalCode: '98101',
      propertyIdentifier: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyId).toBe(US);
    const none = await call('POST', '/property/create', admin, address);
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors[0].field).toBe('companyId');
  });
});

describe("the company's onboarding and application pages", () => {
  it('lists them with their public links; creates and edits, names URL-safe and unique', async () => {
    const list = await call('GET', `/company/${CA}/pages`, manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().leaseApplicationPages[0]).toMatchObject({
      name: 'harbourview',
      publicLink: '/signup/harbourview?origin=application',
    });
    expect((await call('GET', `/company/${CA}/pages`, manager2)).statusCode).toBe(404);
    expect((await call('GET', `/company/${CA}/pages`, tenant)).statusCode).toBe(403);

    const bad = await call('POST', '/on_boarding_page/create', manager, { name: 'Join Us!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('name');
    const ok = await call('POST', '/on_boarding_page/create', manager, { name: 'kits-join', autoApproval: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ companyId: CA, publicLink: '/signup/kits-join?origin=onboarding', autoApproval: true });
    const dup = await call('POST', '/on_boarding_page/create', manager2, { name: 'kits-join' });
    expect(dup.statusCode).toBe(400);
    expect((await call('PATCH', `/on_boarding_page/${ok.json().id}/update`, manager2, { autoApproval: false })).statusCode).toBe(
      404,
    );
    const upd = await call('PATCH', `/on_boarding_page/${ok.json().id}/update`, manager, { autoApproval: false });
    expect(upd.json().autoApproval).toBe(false);
    // the public sign-up page finds it
    const pub = await app.inject({ method: 'GET', url: '/api/on_boarding_page/name/kits-join' });
    expect(pub.statusCode).toBe(200);

    const app1 = await call('POST', '/lease_application_page/create', manager, {
      name: 'kits-apply',
      sections: { '5': { employerName: true } },
      customFields: [
        { id: 'parking', label: { en: 'Need parking?', fr: 'Besoin d’un stationnement?' }, type: 'YES_NO', required: false },
      ],
      applicationFeeAmount: 40,
      creditReportEnabled: true,
    });
    expect(app1.statusCode).toBe(200);
    expect(app1.json()).toMatchObject({
      applicationFeeAmount: 40,
      creditReportEnabled: true,
      publicLink: '/signup/kits-apply?origin=application',
    });
    expect(app1.json().sections['5']).toMatchObject({ employerName: true, monthlySalary: false });
    const badSection = await call('PATCH', `/lease_application_page/${app1.json().id}/update`, manager, {
      sections: { '9': { x: true } },
    });
    expect(badSection.statusCode).toBe(400);
    expect(badSection.json().fieldErrors[0].field).toBe('sections.9');
    const fee = await call('PATCH', `/lease_application_page/${app1.json().id}/update`, manager, { applicationFeeAmount: 45.5 });
    expect(fee.json().applicationFeeAmount).toBe(45.5);
    const [event] = await auditOf(app1.json().id);
    expect(event.changes).toEqual({ applicationFeeAmount: { from: 4_000, to: 4_550 } });
    expect(
      (await call('PATCH', `/lease_application_page/${app1.json().id}/update`, manager2, { applicationFeeAmount: 1 })).statusCode,
    ).toBe(404);
    // a new name for a fresh page is fine; the demo's 'harbourview' page has applications: its link must keep working
    const renamed = await call('PATCH', `/lease_application_page/${app1.json().id}/update`, manager, { name: 'kits-apply-2026' });
    expect(renamed.json().publicLink).toBe('/signup/kits-apply-2026?origin=application');
    const used = await call('PATCH', `/lease_application_page/${DEMO_IDS.appPage}/update`, manager, { name: 'harbour-2' });
    expect(used.statusCode).toBe(400);
    expect(used.json().fieldErrors[0]).toMatchObject({ field: 'name' });
    // its other settings may change
    const other = await call('PATCH', `/lease_application_page/${DEMO_IDS.appPage}/update`, manager, {
      backgroundCheckEnabled: false,
    });
    expect(other.json()).toMatchObject({ name: 'harbourview', backgroundCheckEnabled: false });
  });
});
