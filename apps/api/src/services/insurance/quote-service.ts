// POST /insurance/quote and GET /insurance/quotes (spec 2 §7 "Quote partners", issue 22): a partner's quote for the
// tenant's own ACTIVE lease, only from a partner the lease offers (serviceAvailability, the dashboard's own rule), kept
// in insurance_quotes with the partner's link.
import type { InsurancePartner } from '@portal/domain/entities';
import { type ServiceLease, serviceAvailability } from '@portal/domain/service-availability';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customers, insuranceQuotes, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { InsurancePartnerError, isTokenPartner, PARTNER_CODE } from '../../providers/insurance-partners/insurance-partners.ts';
import { RECORD_TYPES } from '../search/registry.ts';
import { searchRecords } from '../search/search-records.ts';
import { buildExternalQuoteRequest, buildPurchaseRequest, type QuoteSubject } from './quote-request.ts';

export interface PartnerQuoteAnswer {
  id: string;
  partner: InsurancePartner;
  leaseId: string;
  link: string;
  monthlyCost: number;
  /** Null for APOLLO (it answers a monthly payment only). */
  yearlyCost: number | null;
  currency: 'CAD' | 'USD';
  /** QUOTED | PURCHASED */
  status: string;
  policyId: string | null;
  createdAt: string;
}

type QuoteRow = typeof insuranceQuotes.$inferSelect;

const toDollars = (c: number | null) => (c == null ? null : c / 100);

export function quoteAnswer(row: QuoteRow): PartnerQuoteAnswer {
  return {
    id: row.id,
    partner: row.partner as InsurancePartner,
    leaseId: row.leaseId,
    link: row.link,
    monthlyCost: toDollars(row.monthlyCents) ?? 0,
    yearlyCost: row.partner === 'APOLLO' ? null : toDollars(row.yearlyCents),
    currency: row.currency === 'USD' ? 'USD' : 'CAD',
    status: row.status,
    policyId: row.policyId,
    createdAt: row.createdAt,
  };
}

/** The tenant's lease with the joins serviceAvailability reads (the lease search's: another tenant's lease is 404). */
async function loadQuoteLease(ctx: AppContext, customerId: string, leaseId: string): Promise<ServiceLease> {
  const page = await searchRecords(ctx, { role: 'tenant', id: customerId }, RECORD_TYPES.property_lease, {
    conditions: [{ field: 'id', operator: 'EQUALS', value: leaseId }],
    joins: ['property', 'company', 'parentCompany'],
    page: 1,
    recordsPerPage: 1,
  });
  const lease = page.records[0];
  if (!lease) throw AppError.onField('leaseId', 'Lease not found', { errorCode: 'RM_ERROR_RECORD_NOT_FOUND' });
  return lease as unknown as ServiceLease;
}

const notOffered = (message: string, values?: Record<string, unknown>) =>
  new AppError('RM_ERROR_SERVICE_NOT_OFFERED', message, { values });
/** spec 2 §8: "building type required" → the quote-unavailable alert (contact support). */
const quoteUnavailable = (message = 'server.insurancePartners.quoteUnavailable') =>
  new AppError('RM_ERROR_QUOTE_UNAVAILABLE', message);

async function quoteSubject(ctx: AppContext, customerId: string, leaseId: string): Promise<QuoteSubject> {
  const [row] = await ctx.db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      birthDate: customers.birthDate,
      street1: properties.street1,
      street2: properties.street2,
      city: properties.city,
      province: properties.province,
      postalCode: properties.postalCode,
      country: properties.country,
      unit: propertyLeases.unit,
    })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .innerJoin(customers, eq(customers.id, propertyLeases.userId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, customerId)));
  if (!row) throw AppError.onField('leaseId', 'Lease not found', { errorCode: 'RM_ERROR_RECORD_NOT_FOUND' });
  return {
    tenant: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      birthDate: row.birthDate,
    },
    property: {
      street1: row.street1,
      street2: row.street2,
      city: row.city,
      province: row.province ?? '',
      postalCode: row.postalCode,
      country: row.country,
    },
    lease: { id: leaseId, unit: row.unit },
    effectiveDate: ctx.now().toISOString().slice(0, 10),
  };
}

/** The partner's quote reference: the last segment of its link (RestoreQuoteLink / link). */
export function quoteRefOf(link: string): string {
  const path = link.split(/[?#]/)[0].replace(/\/+$/, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

export async function requestPartnerQuote(
  ctx: AppContext,
  customerId: string,
  input: { leaseId: string; partner: InsurancePartner },
): Promise<PartnerQuoteAnswer> {
  const lease = await loadQuoteLease(ctx, customerId, input.leaseId);
  // spec 2 §4: insurance options only on an ACTIVE lease
  if (lease.status !== 'ACTIVE') throw notOffered('server.insurancePartners.leaseNotActive');
  // spec 2 §9 and the company's and property's switches: the partners the lease offers
  if (!serviceAvailability(lease).insurancePartners.includes(input.partner))
    throw notOffered('server.insurancePartners.notOffered', { partner: input.partner });
  const subject = await quoteSubject(ctx, customerId, input.leaseId);
  const partners = ctx.providers.insurancePartners;
  let link: string;
  let monthly: number;
  let yearly: number | null;
  try {
    if (isTokenPartner(input.partner)) {
      const body = buildExternalQuoteRequest(subject);
      if (!body) throw quoteUnavailable();
      const token = await partners.generateToken(input.partner, { partnerCode: PARTNER_CODE });
      const answer = await partners.newTenantExternalQuote(input.partner, token.access_token, body);
      [link, monthly, yearly] = [answer.RestoreQuoteLink, answer.MonthlyCost, answer.YearlyCost];
    } else {
      const answer = await partners.purchase(buildPurchaseRequest(subject));
      [link, monthly, yearly] = [answer.link, answer.quote.monthlyPayment, null];
    }
  } catch (err) {
    if (!(err instanceof InsurancePartnerError)) throw err;
    if (err.code === 'BUILDING_TYPE_REQUIRED') throw quoteUnavailable();
    // the partner refused our call itself (its token or our request): nothing the tenant can fix → contact support
    throw quoteUnavailable('server.insurancePartners.partnerFailed');
  }
  const currency = subject.property.country === 'US' ? 'USD' : 'CAD';
  const [row] = await ctx.db
    .insert(insuranceQuotes)
    .values({
      userId: customerId,
      leaseId: input.leaseId,
      partner: input.partner,
      partnerQuoteRef: quoteRefOf(link),
      link,
      currency,
      monthlyCents: Math.round(monthly * 100),
      yearlyCents: yearly == null ? null : Math.round(yearly * 100),
    })
    .returning();
  return quoteAnswer(row);
}

/** The tenant's quotes (newest first), of one lease or all. */
export async function listPartnerQuotes(ctx: AppContext, customerId: string, leaseId?: string): Promise<PartnerQuoteAnswer[]> {
  const rows = await ctx.db
    .select()
    .from(insuranceQuotes)
    .where(
      leaseId
        ? and(eq(insuranceQuotes.userId, customerId), eq(insuranceQuotes.leaseId, leaseId))
        : eq(insuranceQuotes.userId, customerId),
    )
    .orderBy(desc(insuranceQuotes.createdAt), desc(insuranceQuotes.id));
  return rows.map(quoteAnswer);
}
