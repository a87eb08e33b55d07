// What a tenant may see beyond their own customer record: the companies and properties of their leases and
// lease applications (ARCHITECTURE: another tenant's id answers exactly like a missing id).
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, leaseApplications, properties, propertyLeases } from '../../db/schema.ts';

/** SQL condition: the company is one of the tenant's (its leases' or applications' companies, or their parents). */
export function companyInTenantScope(db: Executor, customerId: string): SQL {
  const leaseCompanies = db
    .select({ id: propertyLeases.companyId })
    .from(propertyLeases)
    .where(eq(propertyLeases.userId, customerId));
  const applicationCompanies = db
    .select({ id: sql<string>`${leaseApplications.companyId}` })
    .from(leaseApplications)
    .where(and(eq(leaseApplications.customerId, customerId), isNotNull(leaseApplications.companyId)));
  // The property_lease search joins parentCompany, so the parent of a tenant's company is in scope too.
  const parentCompanies = db
    .select({ id: sql<string>`${companies.parentId}` })
    .from(companies)
    .where(and(isNotNull(companies.parentId), inArray(companies.id, leaseCompanies)));
  return or(
    inArray(companies.id, leaseCompanies),
    inArray(companies.id, applicationCompanies),
    inArray(companies.id, parentCompanies),
  ) as SQL;
}

/** SQL condition: the property is one of the tenant's (a lease or a lease application on it). */
export function propertyInTenantScope(db: Executor, customerId: string): SQL {
  const leaseProperties = db
    .select({ id: propertyLeases.propertyId })
    .from(propertyLeases)
    .where(eq(propertyLeases.userId, customerId));
  const applicationProperties = db
    .select({ id: sql<string>`${leaseApplications.propertyId}` })
    .from(leaseApplications)
    .where(and(eq(leaseApplications.customerId, customerId), isNotNull(leaseApplications.propertyId)));
  return or(inArray(properties.id, leaseProperties), inArray(properties.id, applicationProperties)) as SQL;
}

/** The ids of the companies in the tenant's scope (for broadcast messages). */
export async function findTenantCompanyIds(db: Executor, customerId: string): Promise<string[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(companyInTenantScope(db, customerId));
  return rows.map((r) => r.id);
}

// spec 1 §5: pay-by-text (serviceEnabled) on for any of the customer's properties (those of their leases)
export async function isPayByTextEnabledForCustomer(db: Executor, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`coalesce(bool_or(${properties.payByTextEnabled}), false)` })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(eq(propertyLeases.userId, customerId));
  return row?.on === true;
}
