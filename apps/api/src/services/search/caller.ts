// Who is asking, for scoping reads and writes (ARCHITECTURE "Roles": the caller's own scope is always ANDed in by the
// server; another scope's id answers 404).
import { AppError } from '../../lib/app-error.ts';
import type { SessionClaims } from '../../lib/jwt.ts';

/**
 * A tenant (also an admin or manager mimicking one: the session is the tenant's) sees only their own records; a manager
 * (a corporate user of one company, issue 23) that company's; the provider's admin all.
 */
export type Caller =
  | { role: 'tenant'; id: string }
  | { role: 'manager'; id: string; companyId: string }
  | { role: 'admin'; id: string };

/** The console's callers: the provider's admin, or a manager of one company. */
export type ConsoleCaller = Extract<Caller, { role: 'admin' | 'manager' }>;

/**
 * The caller, for routes a manager may use. `managers` must be true where the route scopes a manager to their company
 * (a route that only knows tenants and admins would otherwise give a manager the admin's view): without it a manager is
 * refused, as before issue 23.
 */
export function callerOf(session: SessionClaims, opts: { managers?: boolean } = {}): Caller {
  const { id, type, companyId } = session.sessionRole;
  if (type === 'TYPE_CUSTOMER') return { role: 'tenant', id };
  if (type === 'TYPE_ADMIN') return { role: 'admin', id };
  if ((type === 'TYPE_MANAGER' || type === 'TYPE_LANDLORD') && companyId && opts.managers) {
    return { role: 'manager', id, companyId };
  }
  throw AppError.forbidden('Only tenants and administrators can do this');
}

/** The console's caller (admin or manager); a tenant, or a manager without a company, gets 403. */
export function consoleCallerOf(session: SessionClaims): ConsoleCaller {
  const { id, type, companyId } = session.sessionRole;
  if (type === 'TYPE_ADMIN') return { role: 'admin', id };
  if ((type === 'TYPE_MANAGER' || type === 'TYPE_LANDLORD') && companyId) return { role: 'manager', id, companyId };
  throw AppError.forbidden('Only property managers and administrators can do this');
}

/**
 * Whether the console caller may act on a record of `companyId`: the admin on every company, a manager on their own.
 * Callers answer 404 when not (ARCHITECTURE: another scope's id answers 404, never 403, so ids cannot be probed).
 */
export function mayActOnCompany(caller: ConsoleCaller, companyId: string | null | undefined): boolean {
  return caller.role === 'admin' || (companyId != null && caller.companyId === companyId);
}

/** `mayActOnCompany`, or 404 naming the record. */
export function requireCompanyScope(caller: ConsoleCaller, companyId: string | null | undefined, record: string): void {
  if (!mayActOnCompany(caller, companyId)) throw AppError.notFound(record);
}
