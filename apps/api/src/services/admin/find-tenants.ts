// GET /admin/tenants and /admin/tenants/{leaseId}: the console's lease list (spec 1 §4 Mimic mode; issue 23 "Leases"):
// every lease of the caller's scope, those still waiting for their invited tenant too (no customer yet: the live
// invitation's e-mail and state instead), filtered by property and status, paged on the server.
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { customers, leaseInvitations, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConsoleCaller } from '../search/caller.ts';

export interface AdminTenantDto {
  leaseId: string;
  status: string;
  unit: string | null;
  /** null while the lease waits for its invited tenant (issue 23). */
  customer: { id: string; firstName: string; lastName: string; email: string } | null;
  property: { id: string; propertyName: string; city: string; province: string };
  /** The live invitation of a lease without tenant (PENDING, or EXPIRED once its 14 days are over); else null. */
  invitation: { email: string; state: 'PENDING' | 'EXPIRED' } | null;
}

/** A LIKE pattern matching `text` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The live invitation (at most one per lease: lease_invitations_live_uq, whose partial index the join uses).
const invite = alias(leaseInvitations, 'live_invitation');
const inviteJoin = and(
  eq(invite.leaseId, propertyLeases.id),
  isNull(invite.acceptedAt),
  isNull(invite.revokedAt),
  isNull(propertyLeases.userId),
);

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
  inviteEmail: invite.email,
  inviteExpired: sql<boolean | null>`${invite.expiresAt} <= now()`,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toDto(r: Row): AdminTenantDto {
  return {
    leaseId: r.leaseId,
    status: r.status,
    unit: r.unit,
    customer:
      r.customerId && r.firstName != null && r.lastName != null && r.email != null
        ? { id: r.customerId, firstName: r.firstName, lastName: r.lastName, email: r.email }
        : null,
    property: { id: r.propertyId, propertyName: r.propertyName, city: r.city, province: r.province },
    invitation: r.inviteEmail ? { email: r.inviteEmail, state: r.inviteExpired ? 'EXPIRED' : 'PENDING' } : null,
  };
}

function baseQuery(db: Executor) {
  return db
    .select(selection)
    .from(propertyLeases)
    .leftJoin(customers, eq(customers.id, propertyLeases.userId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .leftJoin(invite, inviteJoin)
    .$dynamic();
}

/** Search on the tenant's name or email (or the invited e-mail), the unit and the property's name, street or city. */
function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const p = containsPattern(text);
  return or(
    ilike(customers.firstName, p),
    ilike(customers.lastName, p),
    ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, p),
    ilike(customers.email, p),
    ilike(invite.email, p),
    ilike(propertyLeases.unit, p),
    ilike(properties.propertyName, p),
    ilike(properties.street1, p),
    ilike(properties.city, p),
  );
}

/** issue 23: a manager sees their company's leases only; the provider's admin every company's. */
function scopeCondition(caller: ConsoleCaller): SQL | undefined {
  return caller.role === 'manager' ? eq(propertyLeases.companyId, caller.companyId) : undefined;
}

export interface TenantsQuery {
  search?: string;
  propertyId?: string;
  status?: string;
  page: number;
  recordsPerPage: number;
}

export async function findTenants(
  db: Executor,
  caller: ConsoleCaller,
  query: TenantsQuery,
): Promise<{ records: AdminTenantDto[]; totalPages: number; totalRecords: number; page: number }> {
  const where = and(
    scopeCondition(caller),
    query.propertyId ? eq(propertyLeases.propertyId, query.propertyId) : undefined,
    query.status ? eq(propertyLeases.status, query.status) : undefined,
    searchCondition(query.search),
  );
  // The count joins only what the conditions read (a property of 2,000 leases counts on property_leases_property_idx).
  const counted = db
    .select({ total: count() })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .$dynamic();
  const countQuery = query.search?.trim()
    ? counted.leftJoin(customers, eq(customers.id, propertyLeases.userId)).leftJoin(invite, inviteJoin)
    : counted;
  const [[{ total }], rows] = await Promise.all([
    countQuery.where(where),
    baseQuery(db)
      .where(where)
      // Leases waiting for their tenant sort by the invited e-mail, among the tenants' names.
      .orderBy(
        asc(sql`coalesce(${customers.lastName}, ${invite.email}, '')`),
        asc(customers.firstName),
        asc(properties.propertyName),
        asc(propertyLeases.unit),
        asc(propertyLeases.id),
      )
      .limit(query.recordsPerPage)
      .offset((query.page - 1) * query.recordsPerPage),
  ]);
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
