// GET /admin/tenants and /admin/tenants/{leaseId}: the leases an admin can pick a tenant from to mimic (spec 1 §4 Mimic mode).
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConsoleCaller } from '../search/caller.ts';

export interface AdminTenantDto {
  leaseId: string;
  status: string;
  unit: string | null;
  customer: { id: string; firstName: string; lastName: string; email: string };
  property: { id: string; propertyName: string; city: string; province: string };
}

/** A LIKE pattern matching `text` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const selection = {
  leaseId: propertyLeases.id,
  status: propertyLeases.status,
  unit: propertyLeases.unit,
  customerId: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  propertyId: properties.id,
  propertyName: properties.propertyName,
  city: properties.city,
  province: properties.province,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toDto(r: Row): AdminTenantDto {
  return {
    leaseId: r.leaseId,
    status: r.status,
    unit: r.unit,
    customer: { id: r.customerId, firstName: r.firstName, lastName: r.lastName, email: r.email },
    property: { id: r.propertyId, propertyName: r.propertyName, city: r.city, province: r.province },
  };
}

function baseQuery(db: Executor) {
  return db
    .select(selection)
    .from(propertyLeases)
    .innerJoin(customers, eq(customers.id, propertyLeases.userId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .$dynamic();
}

/** Search on the tenant's name or email and the property's name, street or city (ILIKE, parameterised). */
function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const p = containsPattern(text);
  return or(
    ilike(customers.firstName, p),
    ilike(customers.lastName, p),
    ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, p),
    ilike(customers.email, p),
    ilike(properties.propertyName, p),
    ilike(properties.street1, p),
    ilike(properties.city, p),
  );
}

/** issue 23: a manager sees their company's leases only; the provider's admin every company's. */
function scopeCondition(caller: ConsoleCaller): SQL | undefined {
  return caller.role === 'manager' ? eq(propertyLeases.companyId, caller.companyId) : undefined;
}

export async function findTenants(
  db: Executor,
  caller: ConsoleCaller,
  query: { search?: string; page: number; recordsPerPage: number },
): Promise<{ records: AdminTenantDto[]; totalPages: number; totalRecords: number; page: number }> {
  const where = and(scopeCondition(caller), searchCondition(query.search));
  const [{ total }] = await db
    .select({ total: count() })
    .from(propertyLeases)
    .innerJoin(customers, eq(customers.id, propertyLeases.userId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(where);
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(properties.propertyName), asc(propertyLeases.id))
    .limit(query.recordsPerPage)
    .offset((query.page - 1) * query.recordsPerPage);
  return {
    records: rows.map(toDto),
    totalPages: Math.ceil(total / query.recordsPerPage),
    totalRecords: total,
    page: query.page,
  };
}

export async function getTenantByLease(db: Executor, caller: ConsoleCaller, leaseId: string): Promise<AdminTenantDto> {
  const [row] = await baseQuery(db)
    .where(and(eq(propertyLeases.id, leaseId), scopeCondition(caller)))
    .limit(1);
  if (!row) throw AppError.notFound('Lease');
  return toDto(row);
}
