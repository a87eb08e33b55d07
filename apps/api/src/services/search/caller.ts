// Who is asking, for scoping reads and writes (ARCHITECTURE: the caller's own scope is always ANDed in by the server).
import { AppError } from '../../lib/app-error.ts';
import type { SessionClaims } from '../../lib/jwt.ts';

/** A tenant (also an admin mimicking one: the session is the tenant's) sees only their own records; an admin sees all. */
export type Caller = { role: 'tenant'; id: string } | { role: 'admin'; id: string };

export function callerOf(session: SessionClaims): Caller {
  const { id, type } = session.sessionRole;
  if (type === 'TYPE_CUSTOMER') return { role: 'tenant', id };
  if (type === 'TYPE_ADMIN') return { role: 'admin', id };
  // Managers and landlords act through company settings (spec 1 §6); they have no portal reads.
  throw AppError.forbidden('Only tenants and administrators can do this');
}
