// Issue 11 "Joining a property": public sign-up (POST /signup, GET /signup/email_exists, POST /signup/origin), the
// onboarding page, the companies' public property listings and POST /self_signup_Lease with and without auto-approval
// (spec 2 §2, §3, §4, §5, §7 "Sign-up"; docs/api-contract.md "Sign-up (issue 11)").
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, customers, propertyLeases } from '../src/db/schema.ts';
import { SIGNUP_DEMO_IDS, SIGNUP_DEMO_PAGES } from '../src/db/seed-signup.ts';
import { auth, buildTestApp, DEMO_IDS, signedInApp } from './helpers.ts';
import { decode } from './session-helpers.ts';

type Json = Record<string, unknown>;
const I = DEMO_IDS;
const S = SIGNUP_DEMO_IDS;

let app: FastifyInstance;
let tenant: string;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp({ config: { signupRateLimit: { max: 1000, timeWindowMs: 60_000 } } }));
});
afterAll(async () => {
  await app.close();
});

let seq = 0;
const newEmail = () => `newcomer${Date.now()}.${++seq}@example.com`;
const signupBody = (over: Json = {}): Json => ({
  email: newEmail(),
  password: 'Sunny2025day',
  confirmPassword: 'Sunny2025day',
  firstName: 'Avery',
  lastName: 'Nguyen',
  phone: '604-555-0188',
  languageCode: 'en',
  pageName: SIGNUP_DEMO_PAGES.autoApproval,
  originType: 'TYPE_ON_BOARDING_PAGE',
  ...over,
});
const signup = (body: Json, target = app, ip = '10.1.0.1', lang = 'en') =>
  target.inject({ method: 'POST', url: '/api/signup', payload: body, remoteAddress: ip, headers: { 'accept-language': lang } });
const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: Json, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const fieldsOf = (body: { fieldErrors?: { field: string }[] }) => (body.fieldErrors ?? []).map((f) => f.field);

/** A new customer signed up from that page; answers its token and id. */
async function newCustomer(pageName: string = SIGNUP_DEMO_PAGES.autoApproval, over: Json = {}) {
  const body = signupBody({ pageName, ...over });
  const res = await signup(body);
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json().access_token as string;
  const claims = decode(token);
  return { token, id: claims.sessionRole.id as string, claims, body };
}

describe('POST /signup', () => {
  it('creates the customer of the page company and signs in: the token works and carries originType and signupPage', async () => {
    const { token, id, claims, body } = await newCustomer(SIGNUP_DEMO_PAGES.us, { languageCode: 'fr', phone: '(206) 555-0131' });
    expect(claims.originType).toBe('TYPE_ON_BOARDING_PAGE');
    expect(claims.signupPage).toBe(SIGNUP_DEMO_PAGES.us);
    expect(claims.sessionRole).toMatchObject({ type: 'TYPE_CUSTOMER', firstName: 'Avery', lastName: 'Nguyen' });
    const me = await call('GET', `/api/customer/${id}`, token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: body.email, languageCode: 'fr', phone: '+12065550131' });
    const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, id));
    // the page company's country (Liberty Homes: US); terms are asked after sign-up, not accepted by it
    expect(row).toMatchObject({ country: 'US', acknowledgedTerms: false, signupPage: 'liberty-join' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // the password signs in
    const again = await app.inject({
      method: 'GET',
      url: '/api/authorize',
      headers: { authorization: `Basic ${Buffer.from(`${body.email}:${body.password}`).toString('base64')}` },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('signs up from a lease-application page too', async () => {
    const { claims } = await newCustomer('harbourview', { originType: 'TYPE_LEASE_APPLICATION_PAGE' });
    expect(claims).toMatchObject({ originType: 'TYPE_LEASE_APPLICATION_PAGE', signupPage: 'harbourview' });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: 'someone@mailinator.com' }],
    ['email', { email: `${'a'.repeat(250)}@x.com` }],
    ['email', { email: '' }],
    ['password', { password: 'short1A', confirmPassword: 'short1A' }],
    ['password', { password: 'alllowercase1', confirmPassword: 'alllowercase1' }],
    ['password', { password: 'NoDigitsHere', confirmPassword: 'NoDigitsHere' }],
    ['confirmPassword', { confirmPassword: 'Sunny2025dax' }],
    ['confirmPassword', { confirmPassword: '' }],
    ['phone', { phone: '123' }],
    ['phone', { phone: '' }],
    ['firstName', { firstName: 'A'.repeat(32) }],
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: 'Ngu\u0000yen' }],
    ['lastName', { lastName: 'Ngu\u202Eyen' }],
    ['languageCode', { languageCode: 'de' }],
    ['originType', { originType: 'TYPE_OTHER' }],
    ['pageName', { pageName: '' }],
  ])('refuses a bad %s (400 naming the field)', async (field, over) => {
    const res = await signup(signupBody(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    expect(fieldsOf(res.json())).toContain(field);
  });

  it('sends the rule messages in the caller language', async () => {
    const res = await signup(signupBody({ password: 'weak', confirmPassword: 'weak' }), app, '10.1.0.2', 'fr');
    const en = await signup(signupBody({ password: 'weak', confirmPassword: 'weak' }), app, '10.1.0.2', 'en');
    const fr = res.json().fieldErrors.find((f: { field: string }) => f.field === 'password').message;
    const enText = en.json().fieldErrors.find((f: { field: string }) => f.field === 'password').message;
    expect(fr).not.toBe(enText);
    expect(fr).not.toMatch(/^validation\./);
  });

  it('an unknown page → 404', async () => {
    const res = await signup(signupBody({ pageName: 'no-such-page' }));
    expect(res.statusCode).toBe(404);
    const app404 = await signup(
      signupBody({ pageName: SIGNUP_DEMO_PAGES.autoApproval, originType: 'TYPE_LEASE_APPLICATION_PAGE' }),
    );
    expect(app404.statusCode).toBe(404);
  });

  it('a taken e-mail (any case, customer or corporate user) → 409 RM_ERROR_RECORD_ALREADY_EXIST', async () => {
    for (const email of ['TENANT@demo.test', 'admin@DEMO.test']) {
      const res = await signup(signupBody({ email }));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST' });
      expect(fieldsOf(res.json())).toEqual(['email']);
    }
    const fr = await signup(signupBody({ email: 'tenant@demo.test' }), app, '10.1.0.3', 'fr');
    expect(fr.json().message).toBe('Un compte existe déjà avec ce courriel.');
  });

  it('two sign-ups racing with one e-mail: one 201, one 409', async () => {
    const email = newEmail();
    const [a, b] = await Promise.all([
      signup(signupBody({ email }), app, '10.1.0.4'),
      signup(signupBody({ email: email.toUpperCase() }), app, '10.1.0.5'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await app.ctx.db.select().from(customers).where(eq(customers.email, email));
    const upper = await app.ctx.db.select().from(customers).where(eq(customers.email, email.toUpperCase()));
    expect(rows.length + upper.length).toBe(1);
  });

  it('is rate-limited per address (429), other addresses unaffected', async () => {
    const limited = await buildTestApp({ config: { signupRateLimit: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await signup(signupBody({ pageName: 'no-such-page' }), limited, '10.9.9.9')).statusCode);
      expect(codes).toEqual([404, 404, 429]);
      const other = await signup(signupBody(), limited, '10.9.9.10');
      expect(other.statusCode, other.body).toBe(201);
      const checks: number[] = [];
      for (let i = 0; i < 13; i++) {
        checks.push(
          (await limited.inject({ method: 'GET', url: '/api/signup/email_exists?email=a%40b.com', remoteAddress: '10.9.9.11' }))
            .statusCode,
        );
      }
      expect(checks.slice(0, 12).every((c) => c === 200)).toBe(true);
      expect(checks[12]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /signup/email_exists', () => {
  it('answers the same shape whether taken or not, case-insensitively, without a token', async () => {
    const taken = await app.inject({ method: 'GET', url: '/api/signup/email_exists?email=Tenant%40Demo.test' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ type: 'TYPE_CUSTOMER', exists: true });
    const free = await app.inject({ method: 'GET', url: `/api/signup/email_exists?email=${encodeURIComponent(newEmail())}` });
    expect(free.json()).toEqual({ type: 'TYPE_CUSTOMER', exists: false });
    const missing = await app.inject({ method: 'GET', url: '/api/signup/email_exists' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /signup/origin', () => {
  it('a signed-in customer following an application link gets a token with the new origin', async () => {
    const { token, id } = await newCustomer();
    const res = await call('POST', '/api/signup/origin', token, {
      pageName: 'harbourview',
      originType: 'TYPE_LEASE_APPLICATION_PAGE',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(decode(res.json().access_token)).toMatchObject({
      originType: 'TYPE_LEASE_APPLICATION_PAGE',
      signupPage: 'harbourview',
    });
    const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ originType: 'TYPE_LEASE_APPLICATION_PAGE', signupPage: 'harbourview' });
    const audit = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, id), eq(auditEvents.action, 'UPDATE')));
    expect(audit).toHaveLength(1);
    const unknown = await call('POST', '/api/signup/origin', token, { pageName: 'nope', originType: 'TYPE_ON_BOARDING_PAGE' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await call('POST', '/api/signup/origin', null, {
      pageName: 'harbourview',
      originType: 'TYPE_ON_BOARDING_PAGE',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /on_boarding_page/name/{name}', () => {
  it('answers the page, its company, auto-approval and integration without a token; unknown → 404', async () => {
    const maple = await app.inject({ method: 'GET', url: '/api/on_boarding_page/name/maple-leaf-join' });
    expect(maple.statusCode, maple.body).toBe(200);
    expect(maple.json()).toEqual({
      id: S.pageMapleLeaf,
      name: 'maple-leaf-join',
      companyId: I.companyCa,
      companyName: 'Maple Leaf Property Management',
      country: 'CA',
      autoApproval: true,
      integration: null,
    });
    const okanagan = await app.inject({ method: 'GET', url: '/api/on_boarding_page/name/okanagan-join' });
    expect(okanagan.json()).toMatchObject({ companyId: I.companyCa2, autoApproval: false });
    const north = await app.inject({ method: 'GET', url: '/api/on_boarding_page/name/northshore-join' });
    expect(north.json()).toMatchObject({
      companyId: S.companyIntegrated,
      integration: { id: S.integrationSap, integrationType: 'SAP' },
    });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/on_boarding_page/name/nope',
      headers: { 'accept-language': 'fr' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: 'Page introuvable' });
  });
});

describe('company property searches', () => {
  const search = (companyId: string, searchValue?: string, query = '') =>
    call(
      'POST',
      `/api/company/${companyId}/selfsignup/properties${query}`,
      tenant,
      searchValue === undefined ? {} : { searchValue },
    );
  const names = (res: { json: () => { records: { propertyName: string }[] } }) => res.json().records.map((r) => r.propertyName);

  it.each(['V6Z 1M6', 'v6z1m6', 'V6Z-1M6', ' v6z ', 'harbourview', 'GRANVILLE', 'vancouver'])(
    'finds Harbourview by %j (postal code with or without space, name, street, city)',
    async (value) => {
      const res = await search(I.companyCa, value);
      expect(res.statusCode, res.body).toBe(200);
      expect(names(res)).toEqual(['Harbourview Residences']);
    },
  );

  it('finds by US zip (5 or 5+4 digits) and by a partial code', async () => {
    expect(names(await search(I.companyUs, '98102'))).toEqual(['Capitol Hill Commons']);
    expect(names(await search(I.companyUs, '98102-4321'))).toEqual(['Capitol Hill Commons']);
    expect(names(await search(I.companyUs, '9810'))).toEqual(['Capitol Hill Commons', 'Pike Street Flats']);
    expect(names(await search(S.companyIntegrated, 'm6j'))).toEqual(['Queen West Commons']);
  });

  it('empty = all the company properties, by name; paging; no match = empty', async () => {
    const all = await search(I.companyCa, '');
    // (Plateau Mont-Royal Lofts: the Quebec demo property where no insurance partner is offered, issue 22)
    expect(all.json()).toMatchObject({ totalRecords: 3, totalPages: 1, page: 1 });
    expect(names(all)).toEqual(['Harbourview Residences', 'Metrotown Lofts', 'Plateau Mont-Royal Lofts']);
    const none = await search(I.companyCa);
    expect(names(none)).toEqual(names(all));
    const second = await search(I.companyCa, '', '?recordsPerPage=1&page=2');
    expect(second.json()).toMatchObject({ totalRecords: 3, totalPages: 3, page: 2 });
    expect(names(second)).toEqual(['Metrotown Lofts']);
    expect((await search(I.companyCa, 'zzz%_')).json()).toMatchObject({ records: [], totalRecords: 0 });
    const listing = await call('POST', `/api/company/${I.companyCa2}/properties?page=1&recordsPerPage=100`, tenant, {});
    expect(listing.statusCode, listing.body).toBe(200);
    expect(names(listing)).toEqual(['Lakeside Townhomes', 'Mission Creek Suites']);
    expect(listing.json().records[0]).toEqual({
      id: I.propertyCa2,
      propertyName: 'Lakeside Townhomes',
      street1: '455 Lakeshore Road',
      street2: null,
      city: 'Kelowna',
      province: 'BC',
      country: 'CA',
      postalCode: 'V1W 1V4',
    });
  });

  it('an unknown company, or one without an onboarding or application page → 404; no token → 401', async () => {
    expect((await search('no-such-company', '')).statusCode).toBe(404);
    const [hidden] = await app.ctx.db.insert(companies).values({ name: 'Private Co', country: 'CA' }).returning();
    expect((await search(hidden.id, '')).statusCode).toBe(404);
    expect((await call('POST', `/api/company/${hidden.id}/properties`, tenant, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/company/${I.companyCa}/properties`, null, {})).statusCode).toBe(401);
    expect((await search(I.companyCa, '', '?recordsPerPage=401')).statusCode).toBe(400);
  });
});

describe('POST /self_signup_Lease', () => {
  const lease = (token: string, user: { id: string }, over: Json = {}) =>
    call('POST', '/api/self_signup_Lease', token, {
      accountId: 'ACC-77',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      paymentDue: 3,
      propertyId: I.propertyCa,
      unit: '1402',
      residencyType: 'RESIDENTIAL',
      user: { firstName: 'Avery', lastName: 'Nguyen', email: 'x@example.com', ...user },
      ...over,
    });

  it('with auto-approval: an ACTIVE lease, approved now, in the tenant search; the token refreshes', async () => {
    const { token, id } = await newCustomer(SIGNUP_DEMO_PAGES.autoApproval);
    const res = await lease(token, { id });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      lease: {
        id: expect.any(String),
        status: 'ACTIVE',
        propertyId: I.propertyCa,
        companyId: I.companyCa,
        unit: '1402',
        startDate: '2026-01-01',
      },
      autoApproved: true,
      payable: true,
    });
    const [row] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, body.lease.id));
    expect(row).toMatchObject({
      userId: id,
      origin: 'SELF_SIGNUP',
      accountId: 'ACC-77',
      residencyType: 'RESIDENTIAL',
      endDate: '2026-12-31',
      monthlyPaymentDueDay: 3,
    });
    expect(row.approvedAt).not.toBeNull();
    const audit = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.recordId, body.lease.id));
    expect(audit).toMatchObject([{ recordType: 'property_lease', action: 'CREATE', actorId: id }]);
    const listed = await call('POST', '/api/property_lease/search', token, {});
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().records.map((r: { id: string }) => r.id)).toEqual([body.lease.id]);
    const refreshed = await call('GET', '/api/refreshtoken', token);
    expect(refreshed.statusCode).toBe(200);

    // the same property and unit again → 409; another unit is another lease
    const again = await lease(token, { id }, { unit: ' 1402 ' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errorCode).toBe('RM_ERROR_RECORD_ALREADY_EXIST');
    const other = await lease(token, { id }, { unit: '1403', paymentDue: '' });
    expect(other.statusCode, other.body).toBe(201);
    const [second] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, other.json().lease.id));
    expect(second.monthlyPaymentDueDay).toBe(1);
  });

  it('two identical sign-ups racing: one 201, one 409', async () => {
    const { token, id } = await newCustomer(SIGNUP_DEMO_PAGES.autoApproval);
    const [a, b] = await Promise.all([lease(token, { id }), lease(token, { id })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('without auto-approval: PENDING, not approved, waiting for the manager', async () => {
    const { token, id } = await newCustomer(SIGNUP_DEMO_PAGES.manualApproval);
    const res = await lease(token, { id }, { propertyId: I.propertyCa2, unit: '', residencyType: '', endDate: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      lease: { status: 'PENDING', companyId: I.companyCa2, unit: null },
      autoApproved: false,
      payable: false,
    });
    const [row] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, res.json().lease.id));
    expect(row).toMatchObject({ status: 'PENDING', approvedAt: null, origin: 'SELF_SIGNUP', residencyType: null, endDate: null });
    const listed = await call('POST', '/api/property_lease/search', token, {});
    expect(listed.json().records.map((r: { status: string }) => r.status)).toEqual(['PENDING']);
    const dup = await lease(token, { id }, { propertyId: I.propertyCa2, unit: null });
    expect(dup.statusCode).toBe(409);
  });

  it("another company's property → 404; an unknown property → 404", async () => {
    const { token, id } = await newCustomer(SIGNUP_DEMO_PAGES.autoApproval);
    expect((await lease(token, { id }, { propertyId: I.propertyCa2 })).statusCode).toBe(404);
    expect((await lease(token, { id }, { propertyId: 'nope' })).statusCode).toBe(404);
  });

  it('user.id of someone else → 403; a customer without an onboarding page → 409 RM_ERROR_NO_SIGNUP_PAGE', async () => {
    const { token } = await newCustomer(SIGNUP_DEMO_PAGES.autoApproval);
    const other = await lease(token, { id: I.tenant });
    expect(other.statusCode, other.body).toBe(403);
    expect(fieldsOf(other.json())).toEqual(['user.id']);
    const noPage = await lease(tenant, { id: I.tenant });
    expect(noPage.statusCode, noPage.body).toBe(409);
    expect(noPage.json().errorCode).toBe('RM_ERROR_NO_SIGNUP_PAGE');
    const { token: appToken, id: appId } = await newCustomer('harbourview', { originType: 'TYPE_LEASE_APPLICATION_PAGE' });
    expect((await lease(appToken, { id: appId })).statusCode).toBe(409);
  });

  it.each([
    ['startDate', { startDate: '' }],
    ['startDate', { startDate: '2026-02-30' }],
    ['endDate', { endDate: '2025-12-31' }],
    ['paymentDue', { paymentDue: 32 }],
    ['paymentDue', { paymentDue: 'x' }],
    ['residencyType', { residencyType: 'CASTLE' }],
  ])('refuses a bad %s (400 naming the field)', async (field, over) => {
    const { token, id } = await newCustomer(SIGNUP_DEMO_PAGES.autoApproval);
    const res = await lease(token, { id }, over);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.json())).toContain(field);
  });

  it('integration payload: propertyId empty, companyId + propertyIdentifier name the property', async () => {
    const { token, id } = await newCustomer(SIGNUP_DEMO_PAGES.integration);
    const res = await lease(
      token,
      { id },
      {
        propertyId: '',
        companyId: S.companyIntegrated,
        propertyIdentifier: 'NS-1001',
        accountId: 'C-100234',
        unit: '1207',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      lease: { status: 'ACTIVE', propertyId: S.propertyToronto, companyId: S.companyIntegrated, unit: '1207' },
      autoApproved: true,
    });
    const wrongCompany = await lease(token, { id }, { propertyId: '', companyId: I.companyCa, propertyIdentifier: 'NS-1001' });
    expect(wrongCompany.statusCode).toBe(404);
    const unknownId = await lease(
      token,
      { id },
      { propertyId: '', companyId: S.companyIntegrated, propertyIdentifier: 'NS-9999' },
    );
    expect(unknownId.statusCode).toBe(404);
    const neither = await lease(token, { id }, { propertyId: '' });
    expect(neither.statusCode).toBe(400);
    expect(fieldsOf(neither.json())).toEqual(['propertyId']);
  });
});
