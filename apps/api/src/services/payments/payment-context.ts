// The lease, its company and property, and the tenant's method, as a payment needs them (issue 8). Only the caller's
// own lease and method are found: another tenant's ids answer 404 like missing ones.
import { type Currency, currencyForCountry } from '@portal/domain/money';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, leaseApplications, paymentMethods, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { acceptedTypesOf } from '../fees/accepted-payment-types.ts';
import type { PayableLease } from './payment-rules.ts';

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

export async function loadPaymentLease(db: Executor, customerId: string, leaseId: string): Promise<PaymentLease> {
  const [row] = await db
    .select({
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
      hasPendingApplication: sql<boolean>`EXISTS (SELECT 1 FROM ${leaseApplications} a WHERE a.customer_id = ${customerId}
        AND a.property_id = ${propertyLeases.propertyId} AND a.status = 'PENDING')`,
    })
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, customerId)))
    .limit(1);
  if (!row) throw AppError.notFound('Lease');
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

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

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
  if (method.type !== expectedType) {
    throw AppError.validation([
      { field: 'paymentMethodType', errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'errors.payments.methodTypeMismatch' },
    ]);
  }
  return method;
}
