// GET /property/{id}/peek (spec 1 §7): a property of the tenant's leases or lease applications.
import type { PropertyPeek } from '@portal/domain/api-shapes';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { propertyInTenantScope } from './tenant-scope.ts';

export async function peekProperty(db: Executor, customerId: string, id: string): Promise<PropertyPeek> {
  const [p] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), propertyInTenantScope(db, customerId)))
    .limit(1);
  if (!p) throw AppError.notFound('Property');
  return {
    id: p.id,
    companyId: p.companyId,
    propertyName: p.propertyName,
    street1: p.street1,
    street2: p.street2,
    city: p.city,
    province: p.province,
    country: p.country,
    postalCode: p.postalCode,
    category: p.category,
    propertyIdentifier: p.propertyIdentifier,
    customCard: p.customCard ?? null,
    acceptedPaymentTypes: p.acceptedPaymentTypes ?? null,
    monevoIntegration: p.monevoIntegration ?? null,
    paypalCreditIntegration: p.paypalCreditIntegration ?? null,
    insuranceIntegration: p.insuranceIntegration ?? null,
    service_urcsi: p.serviceUrcsi ?? null,
    service_neofinancial: p.serviceNeofinancial ?? null,
    payByTextEnabled: p.payByTextEnabled,
  };
}
