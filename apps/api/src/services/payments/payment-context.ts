// The lease, its company and property, and the tenant's method, as a payment needs them (issue 8). Only the caller's
// own lease and method are found: another tenant's ids answer 404 like missing ones.
import { calculateFee, type FeeQuote } from '@portal/domain/fees';
import { type Currency, currencyForCountry, type MoneyDisplay, toCents } from '@portal/domain/money';
import type { PaymentCharge } from '@portal/domain/payment-shapes';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, leaseApplications, paymentMethods, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import { acceptedTypesOf } from '../fees/accepted-payment-types.ts';
import { findPaymentTypeFeeProfile } from '../fees/find-fee-profiles.ts';
import { type PayableLease, requirePayableLease, requireUsableMethodType } from './payment-rules.ts';
import { columnsOf, mapRow, runStatement, selectList, statement } from './raw-statements.ts';

export interface PaymentLease extends PayableLease {
  userId: string;
  propertyId: string;
  companyId: string;
  companyCountry: string;
  /** The property's province (split pay is not offered in NB and NS). */
  province: string | null;
  currency: Currency;
  acceptedTypes: Set<string>;
}

/** The lease, company and property columns a payment reads (both lease loaders, and the autopay job's batch load). */
export const LEASE_FIELDS = {
  id: propertyLeases.id,
  userId: propertyLeases.userId,
  status: propertyLeases.status,
  propertyId: propertyLeases.propertyId,
  companyId: propertyLeases.companyId,
  blockPayments: propertyLeases.blockPayments,
  blockPartialPayments: propertyLeases.blockPartialPayments,
  companyCountry: companies.country,
  onlyPMPaymentAllowed: companies.onlyPMPaymentAllowed,
  overpaymentAllowed: companies.overpaymentAllowed,
  companyBlockPartialPayments: companies.blockPartialPayments,
  softMaximumPaymentAmount: companies.softMaximumPaymentAmount,
  companyAccepted: companies.acceptedPaymentTypes,
  propertyAccepted: properties.acceptedPaymentTypes,
  province: properties.province,
};

export async function loadPaymentLease(db: Executor, customerId: string, leaseId: string): Promise<PaymentLease> {
  const [row] = await db
    .select({
      ...LEASE_FIELDS,
      hasPendingApplication: sql<boolean>`EXISTS (SELECT 1 FROM ${leaseApplications} a WHERE a.customer_id = ${customerId}
        AND a.property_id = ${propertyLeases.propertyId} AND a.status = 'PENDING')`,
    })
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, customerId)))
    .limit(1);
  if (!row) throw AppError.notFound('Lease');
  return toPaymentLease(row);
}

export interface PricedPayment {
  lease: PaymentLease;
  amountCents: number;
  quote: FeeQuote;
  /** How refusals format amounts: the lease's currency in the caller's language. */
  display: MoneyDisplay;
}

/**
 * The start of a payment of `methodType` without a saved method (the extra modes; spec 1 §3, §4, §5, §8): the caller's
 * lease, payable and offering the type; the body's amount; its fee by the company's profile of the first of
 * `feeTypes` that has one (else none).
 */
export async function priceModePayment(
  db: Executor,
  input: { customerId: string; lang: Lang; body: { billingAccountId: string; amount?: number; charges?: PaymentCharge[] } },
  methodType: string,
  feeTypes: readonly string[] = [methodType],
): Promise<PricedPayment> {
  const lease = await loadPaymentLease(db, input.customerId, input.body.billingAccountId);
  requirePayableLease(lease);
  requireUsableMethodType(lease, lease.acceptedTypes, methodType);
  const amountCents = amountCentsOf(input.body);
  const profile = await findPaymentTypeFeeProfile(db, { id: lease.companyId, country: lease.companyCountry }, feeTypes);
  const quote = calculateFee(amountCents, profile);
  return { lease, amountCents, quote, display: { currency: lease.currency, locale: input.lang } };
}

/** A payment body's amount: the amount, or the sum of its charges (the schemas allow exactly one of them). */
export function amountCentsOf(body: { amount?: number; charges?: readonly PaymentCharge[] }): number {
  return body.amount != null ? toCents(body.amount) : (body.charges ?? []).reduce((s, c) => s + toCents(c.amount), 0);
}

/** The day the amount rules read (which charges are due). */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The lease columns a payment reads (loadPaymentLease's select, without the pending-application test). */
interface LeaseRow {
  id: string;
  /** Null while a manager's invitation waits for its tenant (issue 23): such a lease takes no payment. */
  userId: string | null;
  status: string;
  propertyId: string;
  companyId: string;
  blockPayments: PayableLease['blockPayments'];
  blockPartialPayments: boolean;
  companyCountry: string;
  onlyPMPaymentAllowed: PayableLease['company']['onlyPMPaymentAllowed'];
  overpaymentAllowed: PayableLease['company']['overpaymentAllowed'];
  companyBlockPartialPayments: boolean;
  softMaximumPaymentAmount: number | null;
  companyAccepted: readonly string[] | Record<string, unknown> | null;
  propertyAccepted: readonly string[] | Record<string, unknown> | null;
  province: string | null;
  hasPendingApplication: boolean | null;
}

export function toPaymentLease(row: LeaseRow): PaymentLease {
  if (!row.userId) throw AppError.notFound('Lease');
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    propertyId: row.propertyId,
    companyId: row.companyId,
    companyCountry: row.companyCountry,
    province: row.province,
    currency: currencyForCountry(row.companyCountry),
    blockPayments: row.blockPayments,
    blockPartialPayments: row.blockPartialPayments,
    company: {
      onlyPMPaymentAllowed: row.onlyPMPaymentAllowed,
      overpaymentAllowed: row.overpaymentAllowed,
      blockPartialPayments: row.companyBlockPartialPayments,
      softMaximumPaymentAmountCents: row.softMaximumPaymentAmount,
    },
    hasPendingApplication: row.hasPendingApplication === true,
    acceptedTypes: acceptedTypesOf(row.propertyAccepted, row.companyAccepted),
  };
}

const METHOD_FIELDS = columnsOf(paymentMethods);

/** The lease (as loadPaymentLease) and the caller's live method (as loadPaymentMethod), in ONE statement. */
const leaseAndMethodStatement = statement(() => {
  const customerId = sql.placeholder('customerId');
  return sql`SELECT ${selectList(LEASE_FIELDS)},
  EXISTS (SELECT 1 FROM ${leaseApplications} a WHERE a.customer_id = ${customerId}
    AND a.property_id = ${propertyLeases.propertyId} AND a.status = 'PENDING') AS "hasPendingApplication",
  ${selectList(METHOD_FIELDS, { prefix: 'method.' })}
FROM ${propertyLeases}
INNER JOIN ${companies} ON ${companies.id} = ${propertyLeases.companyId}
INNER JOIN ${properties} ON ${properties.id} = ${propertyLeases.propertyId}
LEFT JOIN ${paymentMethods} ON ${paymentMethods.id} = ${sql.placeholder('methodId')}
  AND ${paymentMethods.userId} = ${customerId} AND ${paymentMethods.deletedAt} IS NULL
WHERE ${propertyLeases.id} = ${sql.placeholder('leaseId')} AND ${propertyLeases.userId} = ${customerId}
LIMIT 1`;
});

/**
 * What loadPaymentLease then loadPaymentMethod answer, read by one statement (POST /processpayment's hot path), with
 * the same refusals in the same order: the lease (404), the lease payable, then the method (404, type mismatch).
 */
export async function loadPaymentLeaseAndMethod(
  db: Executor,
  input: { customerId: string; leaseId: string; methodId: string; expectedType: string },
): Promise<{ lease: PaymentLease; method: PaymentMethodRow }> {
  const [row] = await runStatement(
    db,
    leaseAndMethodStatement({ customerId: input.customerId, leaseId: input.leaseId, methodId: input.methodId }),
  );
  if (!row) throw AppError.notFound('Lease');
  const lease = toPaymentLease({
    ...mapRow<Omit<LeaseRow, 'hasPendingApplication'>>(LEASE_FIELDS, row),
    hasPendingApplication: row.hasPendingApplication as boolean | null,
  });
  requirePayableLease(lease);
  if (row['method.id'] == null) throw AppError.notFound('Payment method');
  return {
    lease,
    method: checkedMethodType(mapRow<PaymentMethodRow>(METHOD_FIELDS, row, { prefix: 'method.' }), input.expectedType),
  };
}

/** The caller's saved (not removed) method of the type the request names; 404 otherwise. */
export async function loadPaymentMethod(
  db: Executor,
  customerId: string,
  methodId: string,
  expectedType: string,
): Promise<PaymentMethodRow> {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, customerId), isNull(paymentMethods.deletedAt)))
    .limit(1);
  if (!method) throw AppError.notFound('Payment method');
  return checkedMethodType(method, expectedType);
}

function checkedMethodType(method: PaymentMethodRow, expectedType: string): PaymentMethodRow {
  if (method.type !== expectedType) {
    throw AppError.validation([
      { field: 'paymentMethodType', errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'server.payments.methodTypeMismatch' },
    ]);
  }
  return method;
}
