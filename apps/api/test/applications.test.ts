// Lease applications, the tenant's side (issue 11; docs/api-contract.md "Lease applications (issue 11)"; spec 2 §2, §3,
// §4): the public page and its property search, new / get / list / save for later / submit / delete, progress on
// templates with and without each section, isolation between tenants, the 20-open cap, the hidden ones in the search.
// The fee at submit (charged once) is in applications-submit.test.ts.
import { applicationSectionsAsking } from '@portal/domain/application-form';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, incomeVerifications, leaseApplicationPages, leaseApplications, screenings } from '../src/db/schema.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

type Json = Record<string, unknown>;
const I = DEMO_IDS;

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

const ALL = applicationSectionsAsking();

/** A complete answer for the 'h1-full' page. */
const COMPLETE = {
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'tenant@demo.test',
  phone: '6045550142',
  birthDate: '1990-04-12',
  sinLast3: '123',
  propertyId: I.propertyCa,
  addresses: [
    { street1: '4700 Kingsway', city: 'Burnaby', province: 'BC', country: 'CA', postalCode: 'V5H 4M1', monthsAtAddress: 24 },
  ],
  otherOccupants: [],
  employment: {
    employment: 'EMPLOYED',
    employerName: 'Coastal Health',
    phone: '6045550100',
    occupation: 'Nurse',
    monthsEmployed: 48,
    monthlySalary: 6200,
  },
  referenceList: [{ name: 'Jo Smith', phone: '6045550111', relationship: 'Friend' }],
  otherInfo: { maritalStatus: 'SINGLE', pets: false, smoking: false, bankruptcy: false },
  emergencyContact: { firstName: 'Sam', lastName: 'Tremblay', phone: '6045550122', relationship: 'Spouse' },
  customFields: { parking: true },
  verificationConsent: true,
  acknowledgedTerms: true,
};

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
  await app.ctx.db.insert(leaseApplicationPages).values([
    { name: 'h1-bare', companyId: I.companyCa },
    {
      name: 'h1-full',
      companyId: I.companyCa,
      sections: ALL,
      customFields: [
        { id: 'parking', label: { en: 'Parking?', fr: 'Stationnement?' }, type: 'YES_NO', required: true },
        { id: 'broken', label: 'not an object' },
      ],
      applicationFeeAmount: 0,
      identityVerificationEnabled: true,
      incomeVerificationEnabled: true,
    },
    { name: 'h1-us', companyId: I.companyUs },
  ]);
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(payload !== undefined ? { payload: payload as Json } : {}),
  });
const newApp = (token: string, pageName: string, propertyId?: string) =>
  call(
    'GET',
    `/api/lease_application/new?pageName=${encodeURIComponent(pageName)}${propertyId ? `&propertyId=${propertyId}` : ''}`,
    token,
  );
const save = (token: string, body: Json, lang = 'en') => call('POST', '/api/lease_application/saveforlater', token, body, lang);
const submit = (token: string, id: string, body: Json = {}, lang = 'en') =>
  call('POST', `/api/lease_application/${id}/submit`, token, body, lang);
const fieldsOf = (body: { fieldErrors?: { field: string }[] }) => (body.fieldErrors ?? []).map((f) => f.field);
const rowOf = async (id: string) => (await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id)))[0];

async function created(token: string, pageName: string, propertyId?: string): Promise<Json> {
  const res = await newApp(token, pageName, propertyId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /lease_application_page/name/{name} (no token)', () => {
  it('answers the template with its company, sections by field key and the valid custom fields', async () => {
    const res = await call('GET', '/api/lease_application_page/name/h1-full', null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'h1-full',
      companyId: I.companyCa,
      country: 'CA',
      sections: { '3': { city: true }, '8': { firstName: true } },
      customFields: [{ id: 'parking', type: 'YES_NO', required: true, label: { en: 'Parking?', fr: 'Stationnement?' } }],
      applicationFeeAmount: 0,
      identityVerificationEnabled: true,
      incomeVerificationEnabled: true,
      creditReportEnabled: false,
    });
    expect(res.json().customFields).toHaveLength(1);
    expect(typeof res.json().companyName).toBe('string');
  });

  it('answers the demo page fee in dollars, and 404 for an unknown page', async () => {
    expect((await call('GET', '/api/lease_application_page/name/harbourview', null)).json().applicationFeeAmount).toBe(35);
    const missing = await call('GET', '/api/lease_application_page/name/nowhere', null, undefined, 'fr');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
  });
});

describe('POST /lease_application_page/name/{name}/properties (no token)', () => {
  const search = (name: string, body: unknown, query = '?recordsPerPage=400&page=1') =>
    call('POST', `/api/lease_application_page/name/${name}/properties${query}`, null, body);

  it("lists the page company's properties by name; the postal code matches ignoring case, spaces and hyphens", async () => {
    const all = await search('h1-bare', {});
    expect(all.statusCode, all.body).toBe(200);
    const names = all.json().records.map((p: Json) => p.propertyName);
    expect(names).toEqual([...names].sort());
    expect(all.json().totalRecords).toBe(names.length);
    expect(all.json().records.map((p: Json) => p.id)).toContain(I.propertyCa);
    expect(all.json().records.map((p: Json) => p.id)).not.toContain(I.propertyUs);
    const byPostal = await search('h1-bare', { searchValue: 'v6z-1m6', signupPage: 'h1-bare' });
    expect(byPostal.json().records.map((p: Json) => p.id)).toContain(I.propertyCa);
    expect((await search('h1-bare', { searchValue: 'GRANVILLE' })).json().records.map((p: Json) => p.id)).toContain(I.propertyCa);
    expect((await search('h1-bare', { searchValue: 'zzz-no-such' })).json()).toMatchObject({ records: [], totalRecords: 0 });
  });

  it('pages, and refuses an unknown page (404) or a bad paging (400)', async () => {
    const first = await search('h1-bare', {}, '?recordsPerPage=1&page=1');
    expect(first.json().records).toHaveLength(1);
    expect(first.json().totalPages).toBe(first.json().totalRecords);
    expect((await search('nowhere', {})).statusCode).toBe(404);
    expect((await search('h1-bare', {}, '?recordsPerPage=0')).statusCode).toBe(400);
  });
});

describe('GET /lease_application/new', () => {
  it("stores a NOT_STARTED application filled from the customer, and answers the caller's same one again", async () => {
    const a = await created(tenant, 'h1-bare', I.propertyCa);
    expect(a).toMatchObject({
      type: 'TYPE_LEASE_APPLICATION',
      status: 'NOT_STARTED',
      pageName: 'h1-bare',
      propertyId: I.propertyCa,
      companyId: I.companyCa,
      firstName: 'Camille',
      email: 'tenant@demo.test',
      existingTenant: true, // an ACTIVE lease with that company
      feeAmount: null,
      joins: { property: { id: I.propertyCa }, lap: { applicationFeeAmount: 0 }, screenings: [], incomeVerification: null },
    });
    expect((await created(tenant, 'h1-bare', I.propertyCa)).id).toBe(a.id);
    const other = await created(tenant, 'h1-bare');
    expect(other.id).not.toBe(a.id);
    expect(other.propertyId).toBeNull();
    const audit = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, a.id as string));
    expect(audit.map((e) => e.action)).toEqual(['CREATE']);
  });

  it('an applicant without an ACTIVE lease with the company is not an existing tenant', async () => {
    expect((await created(tenantUs, 'h1-bare')).existingTenant).toBe(false);
  });

  it('refuses a property of another company (400 propertyId) and an unknown page (404)', async () => {
    const foreign = await newApp(tenant, 'h1-bare', I.propertyUs);
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign.json())).toEqual(['propertyId']);
    expect((await newApp(tenant, 'nowhere')).statusCode).toBe(404);
    expect((await newApp(admin, 'h1-bare')).statusCode).toBe(403);
    expect((await call('GET', '/api/lease_application/new?pageName=h1-bare', null)).statusCode).toBe(401);
  });
});

describe('POST /lease_application/saveforlater', () => {
  it('merges the draft (lists replaced as a whole), NOT_STARTED → IN_PROGRESS, currentStep kept, audit UPDATE', async () => {
    const a = await created(tenant, 'h1-full', I.propertyCaOld);
    const res = await save(tenant, {
      id: a.id,
      middleName: 'Marie',
      addresses: [COMPLETE.addresses[0], { city: 'Victoria', country: 'CA', postalCode: 'v8w 1a1' }],
      currentStep: 'addresses',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'IN_PROGRESS',
      middleName: 'Marie',
      currentStep: 'addresses',
      firstName: 'Camille',
    });
    expect(res.json().addresses).toHaveLength(2);
    const again = await save(tenant, { id: a.id, addresses: [{ city: 'Victoria' }], middleName: null, phone: '' });
    expect(again.json()).toMatchObject({
      addresses: [{ city: 'Victoria' }],
      middleName: null,
      phone: null,
      currentStep: 'addresses',
    });
    const audit = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, a.id as string));
    expect(audit.filter((e) => e.action === 'UPDATE' && e.recordType === 'lease_application')).toHaveLength(2);
  });

  it('refuses bad shapes with their field paths (in the caller language), and unknown keys', async () => {
    const a = await created(tenant, 'h1-full', I.propertyCaOld);
    const res = await save(
      tenant,
      {
        id: a.id,
        email: 'not-an-email',
        addresses: [{ country: 'CA', postalCode: '12345' }],
        employment: { monthlySalary: 1.234 },
        otherOccupants: Array.from({ length: 7 }, () => ({ names: 'X' })),
      },
      'fr',
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json()).sort()).toEqual(
      ['addresses.0.postalCode', 'email', 'employment.monthlySalary', 'otherOccupants'].sort(),
    );
    expect(res.json().fieldErrors.find((f: Json) => f.field === 'addresses.0.postalCode').message).toBe(
      'Code postal ou ZIP invalide',
    );
    expect((await save(tenant, { id: a.id, bogus: 1 })).statusCode).toBe(400);
    expect((await save(tenant, { id: a.id, sinLast3: '123456789' })).statusCode).toBe(400);
    expect((await rowOf(a.id as string))?.status).toBe('NOT_STARTED');
  });

  it('refuses a property of another company, and a submitted application (409)', async () => {
    const a = await created(tenant, 'h1-full', I.propertyCaOld);
    const foreign = await save(tenant, { id: a.id, propertyId: I.propertyUs });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign.json())).toEqual(['propertyId']);
    const submitted = await save(tenant, { id: I.appPending, phone: '6045550142' });
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().errorCode).toBe('RM_ERROR_APPLICATION_SUBMITTED');
  });
});

describe('progress (spec 2 §4: completed / total sections)', () => {
  it('counts 3 + applicant (not an existing tenant) + the shown sections + fee + verification', async () => {
    // Bare page, existing tenant: 3 sections; terms, property, phone done → 100 %.
    const bare = await created(tenant, 'h1-bare', I.propertyCa);
    expect(bare.progress).toBe(67); // property, phone of 3
    expect((await save(tenant, { id: bare.id, acknowledgedTerms: true })).json().progress).toBe(100);
    // Not an existing tenant: 4 sections.
    const us = await created(tenantUs, 'h1-bare');
    expect(us.progress).toBe(25); // phone of 4
    expect((await save(tenantUs, { id: us.id, acknowledgedTerms: true })).json().progress).toBe(50);
    // Full page: 3 + 5 sections + verification = 9 (existing tenant, no fee).
    const full = await created(tenant, 'h1-full', I.propertyCa);
    expect(full.progress).toBe(Math.round((2 / 9) * 100));
    const { id: _id, ...rest } = { id: full.id, ...COMPLETE, otherOccupants: [{ names: 'Sam Tremblay' }] };
    expect((await save(tenant, { id: full.id, ...rest })).json().progress).toBe(Math.round((8 / 9) * 100));
    // The demo page has a fee: 3 + 3 shown sections (5, 6, 8 by its keys that are not the contract's: 0) + fee + verification.
  });

  it.each(['3', '5', '6', '7', '8'])('a page with only section %s shown has 4 sections (existing tenant)', async (section) => {
    const field = Object.keys(ALL[section as keyof typeof ALL])[0] as string;
    const name = `h1-only-${section}`;
    await app.ctx.db
      .insert(leaseApplicationPages)
      .values({ name, companyId: I.companyCa, sections: { [section]: { [field]: true, other: true } } });
    const a = await created(tenant, name, I.propertyCa);
    expect(a.progress).toBe(50); // property and phone of 4
    expect((a.joins as Json).lap).toMatchObject({ sections: { [section]: { [field]: true } } });
  });

  it('a joined screening counts as the last completed section', async () => {
    const full = await created(tenant, 'h1-full', I.propertyCa);
    await app.ctx.db
      .update(leaseApplications)
      .set({ status: 'PENDING' })
      .where(eq(leaseApplications.id, full.id as string));
    await app.ctx.db.insert(screenings).values({ applicationId: full.id as string, type: 'CREDIT', status: 'PASS' });
    await app.ctx.db.insert(incomeVerifications).values({ applicationId: full.id as string, status: 'PENDING' });
    const res = await call('GET', `/api/lease_application/${full.id}`, tenant);
    expect(res.json().progress).toBe(Math.round((3 / 9) * 100));
    expect(res.json().joins).toMatchObject({
      screenings: [{ type: 'CREDIT', status: 'PASS' }],
      incomeVerification: { status: 'PENDING' },
    });
  });
});

describe('POST /lease_application/{id}/submit without a fee', () => {
  it('lists every missing field (and keeps what was saved), then submits PENDING with no payment', async () => {
    const a = await created(tenant, 'h1-full', I.propertyCa);
    const missing = await submit(tenant, a.id as string, { middleName: 'Marie', addresses: [{ city: 'Burnaby' }] });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.json())).toEqual(
      expect.arrayContaining([
        'addresses.0.street1',
        'addresses.0.postalCode',
        'employment.employment',
        'referenceList',
        'otherInfo.maritalStatus',
        'emergencyContact.firstName',
        'customFields.parking',
        'verificationConsent',
        'acknowledgedTerms',
      ]),
    );
    expect(fieldsOf(missing.json())).not.toContain('addresses.0.suite');
    expect(await rowOf(a.id as string)).toMatchObject({ status: 'IN_PROGRESS', middleName: 'Marie' });

    const ok = await submit(tenant, a.id as string, COMPLETE);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'PENDING', feeAmount: null, feeTransactionId: null, verificationConsent: true });
    expect(ok.json().submittedAt).toEqual(expect.any(String));
    const again = await submit(tenant, a.id as string, COMPLETE);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('RM_ERROR_APPLICATION_SUBMITTED');
  });
});

describe('isolation (another tenant → 404)', () => {
  it('answers 404 to get, save, submit, delete and list of another tenant', async () => {
    const a = await created(tenant, 'h1-bare', I.propertyCaOld);
    const id = a.id as string;
    expect((await call('GET', `/api/lease_application/${id}`, tenantUs)).statusCode).toBe(404);
    expect((await save(tenantUs, { id, phone: '2125550100' })).statusCode).toBe(404);
    expect((await submit(tenantUs, id, {})).statusCode).toBe(404);
    expect((await call('DELETE', `/api/lease_application/${id}/delete`, tenantUs)).statusCode).toBe(404);
    expect((await call('GET', `/api/lease_application/customer/${I.tenant}`, tenantUs)).statusCode).toBe(404);
    expect((await call('GET', `/api/lease_application/${id}`, tenant)).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'NOT_STARTED', phone: expect.not.stringContaining('212') });
  });

  it("lists the caller's own applications, newest first", async () => {
    const res = await call('GET', `/api/lease_application/customer/${I.tenant}`, tenant);
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().records as Json[];
    expect(records.map((r) => r.id)).toEqual(expect.arrayContaining([I.appInProgress, I.appPending]));
    const dates = records.map((r) => r.createDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('DELETE /lease_application/{id}/delete', () => {
  const del = (token: string, id: string) => call('DELETE', `/api/lease_application/${id}/delete`, token);

  it('deletes NOT_STARTED and IN_PROGRESS ones (audit DELETE)', async () => {
    const a = await created(tenant, 'h1-bare', I.propertyCaOld);
    expect((await del(tenant, a.id as string)).json()).toEqual({ id: a.id });
    expect(await rowOf(a.id as string)).toBeUndefined();
    const b = await created(tenant, 'h1-bare', I.propertyCaOld);
    await save(tenant, { id: b.id, phone: '6045550142' });
    expect((await del(tenant, b.id as string)).statusCode).toBe(200);
    expect((await call('GET', `/api/lease_application/${b.id}`, tenant)).statusCode).toBe(404);
    const audit = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, b.id as string));
    expect(audit.map((e) => e.action)).toContain('DELETE');
  });

  it('hides DECLINED and CANCELLED ones (kept for the manager), also from the search', async () => {
    for (const status of ['DECLINED', 'CANCELLED']) {
      const a = await created(tenant, 'h1-bare', I.propertyCaOld);
      await app.ctx.db
        .update(leaseApplications)
        .set({ status })
        .where(eq(leaseApplications.id, a.id as string));
      expect((await del(tenant, a.id as string)).statusCode).toBe(200);
      expect((await rowOf(a.id as string))?.deletedAt).toEqual(expect.any(String));
      expect((await call('GET', `/api/lease_application/${a.id}`, tenant)).statusCode).toBe(404);
      const listed = await call('GET', `/api/lease_application/customer/${I.tenant}`, tenant);
      expect(listed.json().records.map((r: Json) => r.id)).not.toContain(a.id);
      const searched = await call('POST', '/api/lease_application/search', tenant, { conditions: [] }, 'en');
      expect(searched.statusCode, searched.body).toBe(200);
      expect(searched.json().records.map((r: Json) => r.id)).not.toContain(a.id);
      const byAdmin = await call('POST', '/api/lease_application/search', admin, {
        conditions: [{ field: 'id', operator: 'EQUALS', value: a.id }],
      });
      expect(byAdmin.json().records).toHaveLength(1);
    }
  });

  it('refuses PENDING and APPROVED ones (409 RM_ERROR_APPLICATION_LOCKED)', async () => {
    const pending = await del(tenant, I.appPending);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errorCode).toBe('RM_ERROR_APPLICATION_LOCKED');
    const a = await created(tenant, 'h1-bare', I.propertyCaOld);
    await app.ctx.db
      .update(leaseApplications)
      .set({ status: 'APPROVED' })
      .where(eq(leaseApplications.id, a.id as string));
    expect((await del(tenant, a.id as string)).statusCode).toBe(409);
  });
});

describe('the 20-open-applications cap', () => {
  it('refuses a 21st open application (409), counting NOT_STARTED and IN_PROGRESS only', async () => {
    const existing = await app.ctx.db
      .select({ id: leaseApplications.id })
      .from(leaseApplications)
      .where(
        and(eq(leaseApplications.customerId, I.tenantUs), inArray(leaseApplications.status, ['NOT_STARTED', 'IN_PROGRESS'])),
      );
    const toAdd = 20 - existing.length;
    await app.ctx.db.insert(leaseApplications).values(
      Array.from({ length: toAdd }, (_, i) => ({
        customerId: I.tenantUs,
        pageName: 'h1-us',
        companyId: I.companyUs,
        status: i % 2 ? 'IN_PROGRESS' : 'NOT_STARTED',
        propertyId: i % 2 ? null : I.propertyUs,
        currentStep: `cap-${i}`,
      })),
    );
    await app.ctx.db.insert(leaseApplications).values({ customerId: I.tenantUs, pageName: 'h1-us', status: 'DECLINED' });
    const refused = await newApp(tenantUs, 'h1-bare', I.propertyCa);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('RM_ERROR_TOO_MANY_APPLICATIONS');
    expect(refused.json().message).toContain('20');
    // The existing NOT_STARTED one on the same page and property is still answered.
    expect((await newApp(tenantUs, 'h1-us', I.propertyUs)).statusCode).toBe(200);
    const one = (await call('GET', `/api/lease_application/customer/${I.tenantUs}`, tenantUs))
      .json()
      .records.find((r: Json) => r.status === 'IN_PROGRESS');
    expect((await call('DELETE', `/api/lease_application/${one.id}/delete`, tenantUs)).statusCode).toBe(200);
    expect((await newApp(tenantUs, 'h1-bare', I.propertyCa)).statusCode).toBe(200);
  });
});
