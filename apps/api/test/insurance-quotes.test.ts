// issue 22 "Insurance" (spec 2 §7 "Quote partners", §8, §9): the sandbox partners' call shapes, the tenant's quote
// calls and their refusals, and buying on the partner's page (one partner policy, however often Buy is clicked).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  insurancePolicies,
  insuranceQuotes,
  properties,
  propertyLeases,
  sandboxInsurancePartnerQuotes,
} from '../src/db/schema.ts';
import { DEMO_PARTNER_POLICY_NUMBER, INSURANCE_PARTNER_DEMO_IDS } from '../src/db/seed-insurance-partners.ts';
import {
  createSandboxInsurancePartners,
  InsurancePartnerError,
  type NewTenantExternalQuoteRequest,
  PARTNER_CODE,
  PARTNER_TOKEN_TTL_SECONDS,
} from '../src/providers/insurance-partners/insurance-partners.ts';
import { buildExternalQuoteRequest, buildPurchaseRequest, type QuoteSubject } from '../src/services/insurance/quote-request.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

const ALL_ON = { NUERA: { enabled: true }, MELLO: { enabled: true }, APOLLO: { enabled: true }, MANUAL: { enabled: true } };
const QC_PROPERTY = '00000000-0000-4000-8000-00000000e201';
const QC_LEASE = '00000000-0000-4000-8000-00000000e301';
const UNKNOWN_PROPERTY = '00000000-0000-4000-8000-00000000e202';
const UNKNOWN_LEASE = '00000000-0000-4000-8000-00000000e302';

const subject = (over: Partial<QuoteSubject['tenant']> = {}): QuoteSubject => ({
  tenant: { firstName: 'Alex', lastName: 'Martin', email: 'alex@example.test', phone: '+16045550100', birthDate: null, ...over },
  property: {
    street1: '1250 Granville Street',
    street2: null,
    city: 'Vancouver',
    province: 'BC',
    postalCode: 'v6z 1m6',
    country: 'CA',
  },
  lease: { id: 'lease-1', unit: '804' },
  effectiveDate: '2026-11-27',
});

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
  const db = app.ctx.db;
  // the quote partners switched on for the demo company (the insurance engineer's seed does so too)
  await db.update(companies).set({ insuranceIntegration: ALL_ON }).where(eq(companies.id, DEMO_IDS.companyCa));
  await db.insert(properties).values([
    {
      id: QC_PROPERTY,
      companyId: DEMO_IDS.companyCa,
      propertyName: 'Plateau Lofts',
      street1: '4500 Rue Saint-Denis',
      city: 'Montréal',
      province: 'QC',
      country: 'CA',
      postalCode: 'H2J 2L3',
      insuranceIntegration: ALL_ON,
    },
    {
      id: UNKNOWN_PROPERTY,
      companyId: DEMO_IDS.companyCa,
      propertyName: 'Mystery Block',
      street1: '77 Unknown Building Lane',
      city: 'Toronto',
      province: 'ON',
      country: 'CA',
      postalCode: 'M5V 2T6',
      insuranceIntegration: ALL_ON,
    },
  ]);
  await db.insert(propertyLeases).values(
    [
      [QC_LEASE, QC_PROPERTY],
      [UNKNOWN_LEASE, UNKNOWN_PROPERTY],
    ].map(([id, propertyId]) => ({
      id,
      status: 'ACTIVE',
      unit: '2',
      userId: DEMO_IDS.tenant,
      propertyId,
      companyId: DEMO_IDS.companyCa,
      startDate: '2026-01-01',
      monthlyPaymentDueDay: 1,
      charges: [{ code: 'Rent', name: 'Rent', amount: 150_000 }],
    })),
  );
});
afterAll(() => app.close());

describe('sandbox quote partners (provider)', () => {
  let clock = new Date('2026-11-27T10:00:00Z');
  const provider = () =>
    createSandboxInsurancePartners({ secret: 'test-secret-test-secret-test', now: () => clock, db: app.ctx.db });
  const body = () => buildExternalQuoteRequest(subject()) as NewTenantExternalQuoteRequest;

  it('sends the fixed parameters, the default birth date and the postal code split 3+3', () => {
    const r = body();
    expect(r).toMatchObject({
      PartnerCode: PARTNER_CODE,
      ContentsLimit: 30000,
      Deductible: 2500,
      Liability: 1000000,
      DwellingType: 2,
      Earthquake: false,
      SewerBackup: false,
      DateOfBirth: '01-Jan-2000',
      Address: { PostalCodeFirst: 'V6Z', PostalCodeLast: '1M6', Country: 'CA', Unit: '804' },
    });
    expect(buildExternalQuoteRequest(subject({ birthDate: '1999-04-12' }))?.DateOfBirth).toBe('12-Apr-1999');
    expect(buildExternalQuoteRequest(subject(), 'bc')?.PartnerCode).toBe('TPORTAL-BC');
    expect(buildExternalQuoteRequest({ ...subject(), property: { ...subject().property, postalCode: 'V6Z1M' } })).toBeNull();
  });

  it('answers a quote only with a genuine, unexpired token of that partner', async () => {
    clock = new Date('2026-11-27T10:00:00Z');
    const p = provider();
    await expect(p.newTenantExternalQuote('NUERA', '', body())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(p.generateToken('NUERA', { partnerCode: 'SOMEONE' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const token = await p.generateToken('NUERA', { partnerCode: PARTNER_CODE });
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: PARTNER_TOKEN_TTL_SECONDS });
    await expect(p.newTenantExternalQuote('MELLO', token.access_token, body())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const answer = await p.newTenantExternalQuote('NUERA', token.access_token, body());
    // documented price: 1650 base + 300 BC + 0 (age 26) + ('V' = 86, 86 mod 4 = 2) × 40 = 2030 cents a month
    expect(answer).toEqual({
      RestoreQuoteLink: expect.stringMatching(/^\/sandbox\/insurance\/nuera\/quote\/[0-9a-f-]{36}$/),
      MonthlyCost: 20.3,
      YearlyCost: 231.42,
    });
    clock = new Date(clock.getTime() + (PARTNER_TOKEN_TTL_SECONDS + 1) * 1000);
    await expect(p.newTenantExternalQuote('NUERA', token.access_token, body())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses a quote whose fixed parameters or postal code are not the contract’s', async () => {
    const p = provider();
    const { access_token } = await p.generateToken('MELLO', { partnerCode: PARTNER_CODE });
    const bad = { ...body(), ContentsLimit: 50000 } as unknown as NewTenantExternalQuoteRequest;
    await expect(p.newTenantExternalQuote('MELLO', access_token, bad)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    const unsplit = { ...body(), Address: { ...body().Address, PostalCodeFirst: 'V6Z1M6', PostalCodeLast: '' } };
    await expect(p.newTenantExternalQuote('MELLO', access_token, unsplit)).rejects.toBeInstanceOf(InsurancePartnerError);
  });

  it('APOLLO answers a purchase with link and quote.monthlyPayment only', async () => {
    const answer = await provider().purchase(buildPurchaseRequest(subject({ birthDate: '2005-01-01' })));
    expect(Object.keys(answer).sort()).toEqual(['link', 'quote']);
    expect(Object.keys(answer.quote)).toEqual(['monthlyPayment']);
    // 1800 + 300 BC + 250 (under 25) + 80 postal area
    expect(answer.quote.monthlyPayment).toBe(24.3);
    expect(answer.link).toMatch(/^\/sandbox\/insurance\/apollo\/quote\//);
  });

  it('answers "building type required" for the documented test street', async () => {
    const p = provider();
    const s = { ...subject(), property: { ...subject().property, street1: '77 Unknown building Lane' } };
    const { access_token } = await p.generateToken('NUERA', { partnerCode: PARTNER_CODE });
    const nuera = p.newTenantExternalQuote('NUERA', access_token, buildExternalQuoteRequest(s) as NewTenantExternalQuoteRequest);
    await expect(nuera).rejects.toMatchObject({ code: 'BUILDING_TYPE_REQUIRED', message: 'building type required' });
    await expect(p.purchase(buildPurchaseRequest(s))).rejects.toMatchObject({ code: 'BUILDING_TYPE_REQUIRED' });
  });
});

const quote = (token: string, body: object, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/insurance/quote',
    headers: { ...auth(token), 'accept-language': lang },
    payload: body,
  });

describe('POST /insurance/quote', () => {
  it.each([
    ['NUERA', 20.3, 231.42],
    ['MELLO', 18.75, 207],
    ['APOLLO', 21.8, null],
  ] as const)('%s quotes the demo lease and keeps the quote', async (partner, monthly, yearly) => {
    const res = await quote(tenant, { leaseId: DEMO_IDS.leaseActive, partner });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      partner,
      leaseId: DEMO_IDS.leaseActive,
      monthlyCost: monthly,
      yearlyCost: yearly,
      currency: 'CAD',
    });
    expect(q.link).toMatch(new RegExp(`^/sandbox/insurance/${partner.toLowerCase()}/quote/`));
    const [row] = await app.ctx.db.select().from(insuranceQuotes).where(eq(insuranceQuotes.id, q.id));
    expect(row).toMatchObject({ userId: DEMO_IDS.tenant, partner, status: 'QUOTED' });
    const [partnerRow] = await app.ctx.db
      .select()
      .from(sandboxInsurancePartnerQuotes)
      .where(eq(sandboxInsurancePartnerQuotes.id, row.partnerQuoteRef));
    expect(partnerRow.partner).toBe(partner);
    // the partner's page of the link
    const page = await app.inject({ method: 'GET', url: q.link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
  });

  it('lists the tenant’s quotes, and none of them to another tenant', async () => {
    const mine = await app.inject({
      method: 'GET',
      url: `/api/insurance/quotes?leaseId=${DEMO_IDS.leaseActive}`,
      headers: auth(tenant),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().records.length).toBeGreaterThanOrEqual(3);
    const theirs = await app.inject({ method: 'GET', url: '/api/insurance/quotes', headers: auth(tenantUs) });
    expect(theirs.json().records).toEqual([]);
  });

  it('refuses a partner the lease does not offer (switched off), in the tenant’s language', async () => {
    await app.ctx.db
      .update(properties)
      .set({ insuranceIntegration: { ...ALL_ON, MELLO: { enabled: false } } })
      .where(eq(properties.id, DEMO_IDS.propertyCa));
    try {
      const res = await quote(tenant, { leaseId: DEMO_IDS.leaseActive, partner: 'MELLO' }, 'fr');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED' });
      expect(res.json().message).toContain('MELLO n’offre pas');
    } finally {
      await app.ctx.db.update(properties).set({ insuranceIntegration: ALL_ON }).where(eq(properties.id, DEMO_IDS.propertyCa));
    }
  });

  it('refuses a lease that is not ACTIVE', async () => {
    const res = await quote(tenant, { leaseId: DEMO_IDS.leasePending, partner: 'APOLLO' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED', message: expect.stringContaining('active') });
  });

  it('answers 404 for another tenant’s lease, 403 to an admin, 400 for an unknown partner', async () => {
    const other = await quote(tenantUs, { leaseId: DEMO_IDS.leaseActive, partner: 'NUERA' });
    expect(other.statusCode).toBe(404);
    expect((await quote(admin, { leaseId: DEMO_IDS.leaseActive, partner: 'NUERA' })).statusCode).toBe(403);
    const bad = await quote(tenant, { leaseId: DEMO_IDS.leaseActive, partner: 'ACME' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('partner');
  });

  it.each(['NUERA', 'MELLO', 'APOLLO'])('offers no partner in Quebec (%s refused)', async (partner) => {
    const res = await quote(tenant, { leaseId: QC_LEASE, partner });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('RM_ERROR_SERVICE_NOT_OFFERED');
  });

  it('turns "building type required" into the quote-unavailable error (contact support), en and fr', async () => {
    const en = await quote(tenant, { leaseId: UNKNOWN_LEASE, partner: 'NUERA' });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      errorCode: 'RM_ERROR_QUOTE_UNAVAILABLE',
      message: expect.stringContaining('contact support'),
    });
    const fr = await quote(tenant, { leaseId: UNKNOWN_LEASE, partner: 'APOLLO' }, 'fr');
    expect(fr.json().message).toContain('communiquer avec le soutien');
  });
});

describe('fair use', () => {
  it('answers 429 after 30 quote calls a minute from one tenant', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await quote(tenantUs, { leaseId: DEMO_IDS.leaseUs, partner: 'APOLLO' })).statusCode);
    // (one call of this tenant in the minute before: the isolation test)
    expect(codes.slice(0, 29).every((c) => c === 422)).toBe(true);
    expect(codes[30]).toBe(429);
    // another tenant is not held back
    expect((await quote(tenant, { leaseId: DEMO_IDS.leaseActive, partner: 'APOLLO' })).statusCode).toBe(200);
  });
});

describe('the demo', () => {
  it('has a MELLO partner policy on the demo lease whose provider page opens, and a Quebec property', async () => {
    const [policy] = await app.ctx.db
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.id, INSURANCE_PARTNER_DEMO_IDS.policy));
    expect(policy).toMatchObject({ policyProvider: 'MELLO', leaseId: DEMO_IDS.leaseActive, insuranceExternal: false });
    const page = await app.inject({ method: 'GET', url: policy.providerUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(DEMO_PARTNER_POLICY_NUMBER);
    const [qc] = await app.ctx.db.select().from(properties).where(eq(properties.id, INSURANCE_PARTNER_DEMO_IDS.propertyQuebec));
    expect(qc.province).toBe('QC');
  });
});

describe('buying on the partner’s page', () => {
  it('creates one partner policy however often Buy is clicked, and shows it in the policy search', async () => {
    const q = (await quote(tenant, { leaseId: DEMO_IDS.leaseActive, partner: 'MELLO' })).json();
    const buy = () => app.inject({ method: 'POST', url: `${q.link}/buy`, payload: {} });
    const answers = await Promise.all([buy(), buy()]);
    answers.push(await buy());
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const numbers = new Set(answers.map((a) => a.json().policyNumber));
    expect(numbers.size).toBe(1);
    const [policyNumber] = [...numbers];
    expect(policyNumber).toMatch(/^ML-\d{8}$/);
    expect(answers[0].json().returnUrl).toBe('/customer/dashboard');

    const policies = await app.ctx.db
      .select()
      .from(insurancePolicies)
      .where(and(eq(insurancePolicies.leaseId, DEMO_IDS.leaseActive), eq(insurancePolicies.quoteId, q.id)));
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({
      userId: DEMO_IDS.tenant,
      policyIdentifier: policyNumber,
      policyProvider: 'MELLO',
      insuranceExternal: false,
      status: 'NEW',
      approvalStatus: 'APPROVED',
      monthlyCostCents: 1875,
      providerUrl: `/sandbox/insurance/mello/policy/${policyNumber}`,
    });
    const [row] = await app.ctx.db.select().from(insuranceQuotes).where(eq(insuranceQuotes.id, q.id));
    expect(row).toMatchObject({ status: 'PURCHASED', policyId: policies[0].id });

    const search = await app.inject({
      method: 'POST',
      url: '/api/INSURANCE_POLICY/search',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'leaseId', operator: 'EQUALS', value: DEMO_IDS.leaseActive }] },
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().records).toEqual(
      expect.arrayContaining([expect.objectContaining({ policyIdentifier: policyNumber, policyProvider: 'MELLO' })]),
    );

    // the provider's site: the policy page, and the quote page now says it was bought
    const policyPage = await app.inject({ method: 'GET', url: `${policies[0].providerUrl}?lang=fr` });
    expect(policyPage.statusCode).toBe(200);
    expect(policyPage.body).toContain('lang="fr"');
    expect(policyPage.body).toContain(policyNumber);
    const again = await app.inject({ method: 'GET', url: q.link, headers: { 'accept-language': 'fr-CA' } });
    expect(again.body).toContain(policyNumber);
    expect(again.body).toContain('lang="fr"');
  });

  it('serves the pages under the sandbox CSP and answers 404 for an unknown quote', async () => {
    const page = await app.inject({ method: 'GET', url: '/sandbox/insurance/nuera/quote/00000000-0000-4000-8000-000000000000' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Quote not found');
    // a partner the sandbox does not know: not found, in no partner's colours
    const unknown = await app.inject({ method: 'GET', url: '/sandbox/insurance/acme/quote/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toMatch(/partner-(nuera|mello|apollo)|>Nuera</);
    const buy = await app.inject({ method: 'POST', url: '/sandbox/insurance/acme/quote/x/buy', payload: {} });
    expect(buy.statusCode).toBe(404);
    const js = await app.inject({ method: 'GET', url: '/sandbox/assets/insurance-partners.js' });
    expect(js.statusCode).toBe(200);
  });
});
