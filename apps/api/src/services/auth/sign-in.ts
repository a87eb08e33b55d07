// Sign-in and token issuing (spec 1 §7 Auth: GET /authorize with basic auth, GET /refreshtoken).
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { corporateUsers, customers, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionClaims, UserType } from '../../lib/jwt.ts';
import { verifyPassword } from '../../lib/password.ts';

const INVALID = () => new AppError('RM_ERROR_INVALID_CREDENTIALS', 'Invalid email or password');

export function parseBasicAuth(header: string | undefined): { email: string; password: string } | null {
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { email: decoded.slice(0, i).trim(), password: decoded.slice(i + 1) };
}

export async function claimsForCustomer(ctx: AppContext, customerId: string): Promise<SessionClaims | null> {
  const [c] = await ctx.db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!c) return null;
  return {
    sessionRole: { id: c.id, firstName: c.firstName, lastName: c.lastName, type: 'TYPE_CUSTOMER' },
    accountType: c.accountType,
    originType: c.originType,
    signupPage: c.signupPage,
  };
}

export async function claimsForCorporateUser(ctx: AppContext, userId: string): Promise<SessionClaims | null> {
  const [u] = await ctx.db.select().from(corporateUsers).where(eq(corporateUsers.id, userId)).limit(1);
  if (!u) return null;
  return { sessionRole: { id: u.id, firstName: u.firstName, lastName: u.lastName, type: u.type as UserType } };
}

export async function signIn(ctx: AppContext, email: string, password: string): Promise<string> {
  const lower = email.toLowerCase();
  const [c] = await ctx.db
    .select({ id: customers.id, passwordHash: customers.passwordHash })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${lower}`)
    .limit(1);
  if (c) {
    if (!(await verifyPassword(password, c.passwordHash))) throw INVALID();
    const claims = await claimsForCustomer(ctx, c.id);
    if (!claims) throw INVALID();
    return ctx.tokens.sign(claims);
  }
  const [u] = await ctx.db
    .select({ id: corporateUsers.id, passwordHash: corporateUsers.passwordHash })
    .from(corporateUsers)
    .where(sql`lower(${corporateUsers.email}) = ${lower}`)
    .limit(1);
  if (!u || !(await verifyPassword(password, u.passwordHash))) throw INVALID();
  const claims = await claimsForCorporateUser(ctx, u.id);
  if (!claims) throw INVALID();
  return ctx.tokens.sign(claims);
}

/** A fresh token for the same session; with stopMimic the admin gets their own token back. */
export async function refreshToken(ctx: AppContext, session: SessionClaims, stopMimic: boolean): Promise<string> {
  if (stopMimic && session.mimic) {
    const admin = await claimsForCorporateUser(ctx, session.mimic.adminId);
    if (!admin) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
    return ctx.tokens.sign(admin);
  }
  const fresh =
    session.sessionRole.type === 'TYPE_CUSTOMER'
      ? await claimsForCustomer(ctx, session.sessionRole.id)
      : await claimsForCorporateUser(ctx, session.sessionRole.id);
  if (!fresh) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
  return ctx.tokens.sign(session.mimic ? { ...fresh, mimic: session.mimic } : fresh);
}

/** Admin mimic: a token acting as the tenant of a lease (spec 1 §4 Mimic mode). */
export async function startMimic(ctx: AppContext, adminId: string, leaseId: string): Promise<string> {
  const [lease] = await ctx.db
    .select({ userId: propertyLeases.userId })
    .from(propertyLeases)
    .where(eq(propertyLeases.id, leaseId))
    .limit(1);
  if (!lease) throw AppError.notFound('Lease');
  const claims = await claimsForCustomer(ctx, lease.userId);
  if (!claims) throw AppError.notFound('Lease');
  return ctx.tokens.sign({ ...claims, mimic: { adminId, leaseId } });
}
