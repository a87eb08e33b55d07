// The three insurance quote partners (spec 2 §7 "Quote partners") behind one interface the services call, and their
// offline sandbox (the default). NUERA and MELLO authenticate (generate-token) and then answer a "new tenant external
// quote"; APOLLO answers a purchase request. The sandbox keeps what each partner's own system would keep in
// sandbox_insurance_partner_quotes; each quote's link opens that partner's sandbox page (routes/insurance-partner-pages).
//
// Sandbox prices (deterministic, in cents a month; docs/api-contract.md "Insurance quote partners"):
//   base: NUERA 1650, MELLO 1495, APOLLO 1800
//   + province: BC 300, ON 200, AB 150, MB 50, SK 0, any other 250
//   + age under 25 on the effective date (DateOfBirth / birthdate): 250
//   + postal area: (char code of the postal code's first character mod 4) × 40
//   yearly: NUERA monthly × 12 × 0.95, MELLO monthly × 12 × 0.92 (rounded to the cent); APOLLO answers monthly only.
// Test input: a property whose street (street1) contains "Unknown building" (any case) gets the partners' answer
// "building type required" (spec 2 §8: the quote-unavailable alert).
import type { InsurancePartner } from '@portal/domain/entities';
import { INSURANCE_QUOTE_PARAMETERS } from '@portal/domain/insurance';
import type { Executor } from '../../db/client.ts';
import { sandboxInsurancePartnerQuotes } from '../../db/schema.ts';
import { createSignedTokens } from '../signed-token.ts';

/** The two partners that authenticate first (spec 2 §7). */
export type TokenPartner = Extract<InsurancePartner, 'NUERA' | 'MELLO'>;
export const TOKEN_PARTNERS: readonly TokenPartner[] = ['NUERA', 'MELLO'];
export const isTokenPartner = (p: InsurancePartner): p is TokenPartner => p === 'NUERA' || p === 'MELLO';

/** spec 2 §7: the fixed partner code, optionally followed by a suffix ("TPORTAL-XYZ"). */
export const PARTNER_CODE = 'TPORTAL';
const PARTNER_CODE_PATTERN = /^TPORTAL(-[A-Z0-9]{1,20})?$/;
export const partnerCode = (suffix?: string | null) => (suffix ? `${PARTNER_CODE}-${suffix.toUpperCase()}` : PARTNER_CODE);

/** The generate-token answer: a short-lived bearer token for the quote call. */
export interface PartnerToken {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
}

/** spec 2 §7: the new-tenant external quote of NUERA and MELLO, with the fixed parameters. */
export interface NewTenantExternalQuoteRequest {
  PartnerCode: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string | null;
  /** DD-MMM-YYYY; 01-Jan-2000 when the tenant gave none (spec 2 §7). */
  DateOfBirth: string;
  /** YYYY-MM-DD */
  EffectiveDate: string;
  Address: {
    Street: string;
    Unit: string | null;
    City: string;
    Province: string;
    Country: string;
    /** spec 2 §5: a Canadian 6-character postal code split 3+3 (V6Z 1M6 → V6Z, 1M6). */
    PostalCodeFirst: string;
    PostalCodeLast: string;
  };
  ContentsLimit: typeof INSURANCE_QUOTE_PARAMETERS.contentsLimit;
  Deductible: typeof INSURANCE_QUOTE_PARAMETERS.deductible;
  Liability: typeof INSURANCE_QUOTE_PARAMETERS.liability;
  DwellingType: typeof INSURANCE_QUOTE_PARAMETERS.dwellingType;
  Earthquake: false;
  SewerBackup: false;
}

export interface NewTenantExternalQuoteResponse {
  /** The partner's page for the quote (where the tenant buys). */
  RestoreQuoteLink: string;
  YearlyCost: number;
  MonthlyCost: number;
}

/** spec 2 §7: APOLLO's purchase request. */
export interface ApolloPurchaseRequest {
  tenant: { firstName: string; lastName: string; email: string; phone: string | null; birthdate: string | null };
  property: {
    street1: string;
    street2: string | null;
    unit: string | null;
    city: string;
    province: string;
    postalCode: string;
    country: string;
  };
  /** YYYY-MM-DD */
  startDate: string;
  leaseId: string;
}

export interface ApolloPurchaseResponse {
  link: string;
  quote: { monthlyPayment: number };
}

export type PartnerErrorCode = 'UNAUTHORIZED' | 'INVALID_REQUEST' | 'BUILDING_TYPE_REQUIRED';

/** A partner's refusal; `message` is the partner's own text ("building type required" for BUILDING_TYPE_REQUIRED). */
export class InsurancePartnerError extends Error {
  readonly code: PartnerErrorCode;
  readonly partner: InsurancePartner;
  constructor(partner: InsurancePartner, code: PartnerErrorCode, message: string) {
    super(message);
    this.name = 'InsurancePartnerError';
    this.partner = partner;
    this.code = code;
  }
}

export interface InsurancePartnersProvider {
  /** POST {partner}/generate-token. */
  generateToken(partner: TokenPartner, credentials: { partnerCode: string }): Promise<PartnerToken>;
  /** POST {partner}/quote/new-tenant-external with the token of generateToken. */
  newTenantExternalQuote(
    partner: TokenPartner,
    accessToken: string,
    request: NewTenantExternalQuoteRequest,
  ): Promise<NewTenantExternalQuoteResponse>;
  /** POST apollo/purchase. */
  purchase(request: ApolloPurchaseRequest): Promise<ApolloPurchaseResponse>;
}

/** The generate-token lifetime: short, the quote call follows at once. */
export const PARTNER_TOKEN_TTL_SECONDS = 300;

/** The sandbox page of a partner's quote (same origin, outside /api like a third party's site). */
export const sandboxQuotePath = (partner: InsurancePartner, ref: string) =>
  `/sandbox/insurance/${partner.toLowerCase()}/quote/${encodeURIComponent(ref)}`;
/** The sandbox page of a partner's policy (the "provider's site" the tenant's policy links to). */
export const sandboxPolicyPath = (partner: InsurancePartner, policyNumber: string) =>
  `/sandbox/insurance/${partner.toLowerCase()}/policy/${encodeURIComponent(policyNumber)}`;

const BASE_CENTS: Record<InsurancePartner, number> = { NUERA: 1650, MELLO: 1495, APOLLO: 1800 };
const PROVINCE_CENTS: Record<string, number> = { BC: 300, ON: 200, AB: 150, MB: 50, SK: 0 };
const YEARLY_FACTOR: Record<TokenPartner, number> = { NUERA: 0.95, MELLO: 0.92 };
const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Age in whole years on `onIso` (YYYY-MM-DD) of a birth date given as YYYY-MM-DD or DD-MMM-YYYY; null if unreadable. */
export function ageOn(birth: string | null | undefined, onIso: string): number | null {
  if (!birth) return null;
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  const dmy = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(birth);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy && MONTHS[dmy[2].toLowerCase()]) [y, m, d] = [Number(dmy[3]), MONTHS[dmy[2].toLowerCase()], Number(dmy[1])];
  else return null;
  const [oy, om, od] = onIso.slice(0, 10).split('-').map(Number);
  return oy - y - (om < m || (om === m && od < d) ? 1 : 0);
}

/** The sandbox's monthly price in cents (see the top of this file). */
export function sandboxMonthlyCents(input: {
  partner: InsurancePartner;
  province: string;
  postalCode: string;
  birthDate: string | null;
  effectiveDate: string;
}): number {
  const province = PROVINCE_CENTS[input.province.toUpperCase()] ?? 250;
  const age = ageOn(input.birthDate, input.effectiveDate);
  const young = age != null && age < 25 ? 250 : 0;
  const first = input.postalCode.trim().toUpperCase().charCodeAt(0);
  const area = Number.isNaN(first) ? 0 : (first % 4) * 40;
  return BASE_CENTS[input.partner] + province + young + area;
}

export const sandboxYearlyCents = (partner: TokenPartner, monthlyCents: number) =>
  Math.round(monthlyCents * 12 * YEARLY_FACTOR[partner]);

const BUILDING_TYPE_REQUIRED = 'building type required';
/** The documented test input of a "building type required" answer. */
export const needsBuildingType = (street: string | null | undefined) => /unknown building/i.test(street ?? '');

const isIsoDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isDmyDate = (v: unknown) => typeof v === 'string' && /^\d{2}-[A-Z][a-z]{2}-\d{4}$/.test(v);
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** What a partner checks in a new-tenant external quote (the fixed parameters, the split postal code). */
function quoteRequestProblem(r: NewTenantExternalQuoteRequest): string | null {
  const P = INSURANCE_QUOTE_PARAMETERS;
  if (!PARTNER_CODE_PATTERN.test(r.PartnerCode ?? '')) return 'PartnerCode: unknown partner code';
  if (r.ContentsLimit !== P.contentsLimit) return 'ContentsLimit: must be 30000';
  if (r.Deductible !== P.deductible) return 'Deductible: must be 2500';
  if (r.Liability !== P.liability) return 'Liability: must be 1000000';
  if (r.DwellingType !== P.dwellingType) return 'DwellingType: must be 2';
  if (r.Earthquake !== false || r.SewerBackup !== false) return 'Earthquake and SewerBackup: must be false';
  if (!isDmyDate(r.DateOfBirth)) return 'DateOfBirth: DD-MMM-YYYY expected';
  if (!isIsoDate(r.EffectiveDate)) return 'EffectiveDate: YYYY-MM-DD expected';
  if (!filled(r.FirstName) || !filled(r.LastName) || !filled(r.Email)) return 'FirstName, LastName and Email are required';
  const a = r.Address;
  if (!a || !filled(a.Street) || !filled(a.City) || !filled(a.Province)) return 'Address: street, city and province required';
  if (a.Country !== 'CA') return 'Address.Country: CA only';
  if (!/^[A-Z]\d[A-Z]$/.test(a.PostalCodeFirst ?? '') || !/^\d[A-Z]\d$/.test(a.PostalCodeLast ?? ''))
    return 'Address.PostalCodeFirst/PostalCodeLast: a Canadian postal code split 3+3 expected';
  return null;
}

function purchaseRequestProblem(r: ApolloPurchaseRequest): string | null {
  if (!r.tenant || !filled(r.tenant.firstName) || !filled(r.tenant.lastName) || !filled(r.tenant.email))
    return 'tenant: firstName, lastName and email are required';
  if (r.tenant.birthdate != null && !isIsoDate(r.tenant.birthdate)) return 'tenant.birthdate: YYYY-MM-DD expected';
  const p = r.property;
  if (!p || !filled(p.street1) || !filled(p.city) || !filled(p.province) || !filled(p.postalCode) || !filled(p.country))
    return 'property: street1, city, province, postalCode and country are required';
  if (p.country === 'US' || (p.country === 'CA' && p.province === 'QC')) return 'property: not served in the US or Quebec';
  if (!isIsoDate(r.startDate)) return 'startDate: YYYY-MM-DD expected';
  if (!filled(r.leaseId)) return 'leaseId: required';
  return null;
}

const cents = (amount: number) => Math.round(amount) / 100;

export function createSandboxInsurancePartners(opts: {
  secret: string;
  now: () => Date;
  db?: Executor;
}): InsurancePartnersProvider {
  // One signing key per partner: NUERA's token is refused by MELLO.
  const tokens = {
    NUERA: createSignedTokens<{ partnerCode: string }>(opts.secret, 'insurance-partner:NUERA:token', opts.now),
    MELLO: createSignedTokens<{ partnerCode: string }>(opts.secret, 'insurance-partner:MELLO:token', opts.now),
  } satisfies Record<TokenPartner, unknown>;
  const db = () => {
    if (!opts.db) throw new Error('The sandbox insurance partners keep their quotes in the database');
    return opts.db;
  };
  const record = async (
    partner: InsurancePartner,
    request: object,
    monthlyCents: number,
    yearlyCents: number,
  ): Promise<string> => {
    const [row] = await db()
      .insert(sandboxInsurancePartnerQuotes)
      .values({ partner, request, monthlyCents, yearlyCents, currency: 'CAD' })
      .returning({ id: sandboxInsurancePartnerQuotes.id });
    return row.id;
  };
  return {
    async generateToken(partner, credentials) {
      if (!PARTNER_CODE_PATTERN.test(credentials.partnerCode ?? ''))
        throw new InsurancePartnerError(partner, 'UNAUTHORIZED', 'unknown partner code');
      const { token } = tokens[partner].sign({ partnerCode: credentials.partnerCode }, PARTNER_TOKEN_TTL_SECONDS);
      return { access_token: token, token_type: 'Bearer', expires_in: PARTNER_TOKEN_TTL_SECONDS };
    },

    async newTenantExternalQuote(partner, accessToken, request) {
      if (!tokens[partner].verify(accessToken))
        throw new InsurancePartnerError(partner, 'UNAUTHORIZED', 'token missing, invalid or expired');
      const problem = quoteRequestProblem(request);
      if (problem) throw new InsurancePartnerError(partner, 'INVALID_REQUEST', problem);
      if (needsBuildingType(request.Address.Street))
        throw new InsurancePartnerError(partner, 'BUILDING_TYPE_REQUIRED', BUILDING_TYPE_REQUIRED);
      const monthly = sandboxMonthlyCents({
        partner,
        province: request.Address.Province,
        postalCode: request.Address.PostalCodeFirst,
        birthDate: request.DateOfBirth,
        effectiveDate: request.EffectiveDate,
      });
      const yearly = sandboxYearlyCents(partner, monthly);
      const ref = await record(partner, request, monthly, yearly);
      return { RestoreQuoteLink: sandboxQuotePath(partner, ref), YearlyCost: cents(yearly), MonthlyCost: cents(monthly) };
    },

    async purchase(request) {
      const problem = purchaseRequestProblem(request);
      if (problem) throw new InsurancePartnerError('APOLLO', 'INVALID_REQUEST', problem);
      if (needsBuildingType(request.property.street1))
        throw new InsurancePartnerError('APOLLO', 'BUILDING_TYPE_REQUIRED', BUILDING_TYPE_REQUIRED);
      const monthly = sandboxMonthlyCents({
        partner: 'APOLLO',
        province: request.property.province,
        postalCode: request.property.postalCode,
        birthDate: request.tenant.birthdate,
        effectiveDate: request.startDate,
      });
      const ref = await record('APOLLO', request, monthly, monthly * 12);
      return { link: sandboxQuotePath('APOLLO', ref), quote: { monthlyPayment: cents(monthly) } };
    },
  };
}
