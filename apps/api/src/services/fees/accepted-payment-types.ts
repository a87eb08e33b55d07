// acceptedPaymentTypes per company and per property (spec 1 §3; issue 7): the property's list when set, else the
// company's; none at all is the 'merchant account not configured' case (spec 1 §8).
import { leaseAcceptedPaymentTypes } from '@portal/domain/add-method-options';
import { merchantNotConfigured } from '@portal/domain/payment-methods';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

type Accepted = readonly string[] | Record<string, unknown> | null | undefined;

/** The accepted method types of a property (when set) or of its company. */
export function acceptedTypesOf(propertyAccepted: Accepted, companyAccepted: Accepted): Set<string> {
  return leaseAcceptedPaymentTypes({
    joins: { property: { acceptedPaymentTypes: propertyAccepted }, company: { acceptedPaymentTypes: companyAccepted } },
  });
}

/** 422 RM_ERROR_MERCHANT_NOT_CONFIGURED when nothing is accepted; 400 RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED for another type. */
export function requireAcceptedType(accepted: ReadonlySet<string>, type: string): void {
  const notConfigured = merchantNotConfigured([...accepted]);
  if (notConfigured) throw new AppError('RM_ERROR_MERCHANT_NOT_CONFIGURED', notConfigured.key);
  if (!accepted.has(type)) throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.fees.methodNotAccepted');
}

/** GET /property_lease/{id}/accepted_payment_types for one of the tenant's own leases (an empty list is answered too). */
export async function getLeaseAcceptedPaymentTypes(
  db: Executor,
  customerId: string,
  leaseId: string,
): Promise<{ acceptedPaymentTypes: string[] }> {
  const [row] = await db
    .select({ property: properties.acceptedPaymentTypes, company: companies.acceptedPaymentTypes })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, customerId)))
    .limit(1);
  if (!row) throw AppError.notFound('Lease');
  return { acceptedPaymentTypes: [...acceptedTypesOf(row.property, row.company)] };
}
