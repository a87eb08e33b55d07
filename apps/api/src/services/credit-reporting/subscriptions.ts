// Credit reporting subscriptions (spec 2 §3 "Credit report subscription", §4, §5, §9; issue 22): the lease as the
// rules read it, the subscription as the contract answers it (@portal/domain/credit-report-shapes), and the lookups
// every call shares. Another tenant's lease or subscription is not found (404), exactly like a missing one.
import type { CreditReportStatus, CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { CREDIT_REPORT_STATUSES } from '@portal/domain/credit-report-shapes';
import { toIsoInstant } from '@portal/domain/dates';
import { calculateFee, isFeeFree } from '@portal/domain/fees';
import { type Currency, currencyForCountry, fromCents } from '@portal/domain/money';
import { type ServiceLease, serviceAvailability } from '@portal/domain/service-availability';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, creditReportSubscriptions, customers, paymentMethods, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCompanyFeeProfiles } from '../fees/find-fee-profiles.ts';

export type SubscriptionRow = typeof creditReportSubscriptions.$inferSelect;

/** The service-fee name of credit reporting in the fee profiles (spec 2 §5; the demo's $4.95). */
export const CREDIT_REPORT_SERVICE = 'CREDIT_REPORT';
/** The ledger's billing account type of a yearly fee: billingAccountId is the subscription (never the lease: rent sums stay rent). */
export const CREDIT_REPORT_BILLING_TYPE = 'TYPE_CREDIT_REPORT';
/** Record type of the audit trail. */
export const RECORD_TYPE = 'credit_report';

/**
 * Internal statuses, never answered: PENDING = the first year's fee is being charged (a crash leaves it for the retry or
 * the job); DECLINED = that charge was refused (nothing live is left behind). The contract's five are the others.
 */
export const PENDING = 'PENDING';
export const DECLINED = 'DECLINED';
/** Live: at most one per tenant and lease (the partial unique index credit_report_subscriptions_live_uq). */
export const LIVE_STATUSES = ['ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED'] as const;
const ANSWERED_STATUSES: readonly string[] = CREDIT_REPORT_STATUSES;

export interface CreditLease {
  id: string;
  userId: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
  companyId: string;
  propertyId: string;
  companyCountry: string;
  currency: Currency;
  service: ServiceLease;
  property: { id: string; propertyName: string; street1: string; city: string; province: string };
}

/** The caller's lease with the company and property columns the availability rule reads; another's → 404. */
export async function loadCreditLease(
  db: Executor,
  customerId: string,
  leaseId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CreditLease> {
  const query = db
    .select({
      id: propertyLeases.id,
      userId: propertyLeases.userId,
      status: propertyLeases.status,
      startDate: propertyLeases.startDate,
      endDate: propertyLeases.endDate,
      companyId: propertyLeases.companyId,
      propertyId: propertyLeases.propertyId,
      company: {
        country: companies.country,
        serviceCreditReporting: companies.serviceCreditReporting,
        conciergeEnabled: companies.conciergeEnabled,
        customCard: companies.customCard,
        insuranceIntegration: companies.insuranceIntegration,
        microlendingEnabled: companies.microlendingEnabled,
        neobankPromotionEnabled: companies.neobankPromotionEnabled,
      },
      property: {
        id: properties.id,
        propertyName: properties.propertyName,
        street1: properties.street1,
        city: properties.city,
        province: properties.province,
        country: properties.country,
        category: properties.category,
        customCard: properties.customCard,
        insuranceIntegration: properties.insuranceIntegration,
        monevoIntegration: properties.monevoIntegration,
        paypalCreditIntegration: properties.paypalCreditIntegration,
        serviceNeofinancial: properties.serviceNeofinancial,
      },
    })
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, customerId)))
    .limit(1);
  // The lease row is the lock that serializes the subscribe calls of one lease (one live subscription, one charge).
  const [row] = opts.forUpdate ? await query.for('update', { of: propertyLeases }) : await query;
  if (!row) throw AppError.notFound('Lease');
  const { serviceNeofinancial, id: _pid, propertyName: _n, street1: _s, city: _c, ...propertyJoin } = row.property;
  const service = {
    status: row.status,
    joins: { company: row.company, property: { ...propertyJoin, service_neofinancial: serviceNeofinancial } },
  } as ServiceLease; // the columns are the joins' (sql-fragments companyJson/propertyJson); jsonb typed loosely
  return {
    id: row.id,
    userId: customerId, // the lease was read as this tenant's (the WHERE above)
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    companyId: row.companyId,
    propertyId: row.propertyId,
    companyCountry: row.company.country,
    currency: currencyForCountry(row.company.country),
    service,
    property: {
      id: row.property.id,
      propertyName: row.property.propertyName,
      street1: row.property.street1,
      city: row.property.city,
      province: row.property.province,
    },
  };
}

/** spec 2 §9: offered by province and the company's category flag (packages/domain service-availability, one rule). */
export const isOffered = (lease: CreditLease) => serviceAvailability(lease.service).creditReporting;

/** The yearly fee in cents: the company's CREDIT_REPORT service fee (a FLAT rate is the fee; paid by the company = 0). */
export async function creditReportFeeCents(db: Executor, lease: Pick<CreditLease, 'companyId' | 'companyCountry'>) {
  const [profile] = await findCompanyFeeProfiles(
    db,
    { id: lease.companyId, country: lease.companyCountry },
    { service: CREDIT_REPORT_SERVICE },
  );
  const quote = calculateFee(0, profile ?? null);
  return isFeeFree(quote.feeCents, quote.paidByCompany) ? 0 : quote.feeCents;
}

export async function loadBirthDate(db: Executor, customerId: string): Promise<string | null> {
  const [row] = await db.select({ birthDate: customers.birthDate }).from(customers).where(eq(customers.id, customerId));
  return row?.birthDate ?? null;
}

/** The tenant's live (or being charged) subscription of a lease, newest first. */
export async function findCurrentSubscription(
  db: Executor,
  customerId: string,
  leaseId: string,
  statuses: readonly string[] = [...LIVE_STATUSES, PENDING],
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(creditReportSubscriptions)
    .where(
      and(
        eq(creditReportSubscriptions.userId, customerId),
        eq(creditReportSubscriptions.billingAccountId, leaseId),
        inArray(creditReportSubscriptions.status, [...statuses]),
      ),
    )
    .orderBy(desc(creditReportSubscriptions.createDate), desc(creditReportSubscriptions.id))
    .limit(1);
  return row ?? null;
}

/** The caller's subscription by id (an internal status is not found); another tenant's → 404. */
export async function loadOwnSubscription(
  db: Executor,
  customerId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow> {
  const query = db
    .select()
    .from(creditReportSubscriptions)
    .where(and(eq(creditReportSubscriptions.id, id), eq(creditReportSubscriptions.userId, customerId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row || !ANSWERED_STATUSES.includes(row.status))
    throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.creditReporting.notFound');
  return row;
}

/** A tenant's live card of the given type and id (own, not removed), or 404. */
export async function loadOwnMethod(db: Executor, customerId: string, type: string, id: string) {
  const [m] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.userId, customerId),
        eq(paymentMethods.type, type),
        isNull(paymentMethods.deletedAt),
      ),
    )
    .limit(1);
  if (!m) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.methodNotFound');
  return m;
}

/** The subscription as the contract answers it. */
export async function toSubscriptionRecord(db: Executor, row: SubscriptionRow): Promise<CreditReportSubscription> {
  const [method] = row.paymentMethodId
    ? await db
        .select({ type: paymentMethods.type, brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, row.paymentMethodId))
        .limit(1)
    : [];
  const [property] = await db
    .select({
      id: properties.id,
      propertyName: properties.propertyName,
      street1: properties.street1,
      city: properties.city,
      province: properties.province,
    })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(eq(propertyLeases.id, row.billingAccountId))
    .limit(1);
  const today = row.createDate.slice(0, 10);
  return {
    id: row.id,
    billingAccountId: row.billingAccountId,
    status: row.status as CreditReportStatus,
    createDate: toIsoInstant(row.createDate),
    subscriptionDate: row.subscriptionDate ?? today,
    startDate: row.startDate ?? row.subscriptionDate ?? today,
    expiryDate: row.expiryDate ?? today,
    feeAmount: fromCents(row.feeAmount),
    autoRenew: row.autoRenew,
    paymentMethodType: row.paymentMethodType,
    paymentMethodId: row.paymentMethodId,
    statusReason: row.statusReason,
    paymentMethod: method ? { type: method.type, brand: method.brand, last4: method.last4 } : null,
    property: property ?? null,
  };
}
