// Sign-in and token issuing (spec 1 §7 Auth: GET /authorize with basic auth, GET /refreshtoken), on server-side
// sessions (services/auth/sessions.ts) and the database's sign-in throttle (sign-in-throttle.ts: growing delays per
// account, address and pair; an address the account signed in from before is never held back by others' guesses).
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { corporateUsers, customers, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionClaims, UserType, VerifiedClaims } from '../../lib/jwt.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import type { LiveSession, SessionRow } from './sessions.ts';
import { isKnownAddress, recordSignInFailure, releaseSignInAttempt, takeSignInAttempt } from './sign-in-throttle.ts';

const INVALID = () => new AppError('RM_ERROR_INVALID_CREDENTIALS', 'Invalid email or password');
const TOKEN_INVALID = () => new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');

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
  const type = u.type as UserType;
  return {
    sessionRole: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      type,
      ...(type === 'TYPE_ADMIN' ? {} : { companyId: u.companyId }),
    },
  };
}

/** The claims of a session as the database says now: its user, and for a mimic session the admin and lease. */
async function claimsOfSession(ctx: AppContext, live: LiveSession): Promise<SessionClaims> {
  const { row, parent } = live;
  const claims =
    row.userType === 'TYPE_CUSTOMER' ? await claimsForCustomer(ctx, row.userId) : await claimsForCorporateUser(ctx, row.userId);
  if (!claims) throw TOKEN_INVALID();
  if (row.mimicLeaseId && parent) {
    // issue 23: a manager mimics too; the audit names who really acted, with their type
    claims.mimic = { adminId: parent.userId, leaseId: row.mimicLeaseId, adminType: parent.userType as UserType };
  }
  return claims;
}

async function tokenOf(ctx: AppContext, live: LiveSession): Promise<string> {
  return ctx.tokens.sign(await claimsOfSession(ctx, live), live.row.id, ctx.sessions.notAfter(live));
}

export interface Account {
  kind: 'customer' | 'corporate';
  id: string;
  /** TYPE_CUSTOMER, or the corporate user's type (TYPE_ADMIN, TYPE_MANAGER …). */
  type: string;
  passwordHash: string | null;
}

/** The account of an e-mail, customers first, in one query so known and unknown e-mails cost the same. */
export async function findAccount(ctx: AppContext, email: string): Promise<Account | null> {
  const lower = email.toLowerCase();
  const rows = (await ctx.db.execute(sql`
    SELECT 'customer' AS kind, ${customers.id} AS id, 'TYPE_CUSTOMER' AS type, ${customers.passwordHash} AS password_hash
      FROM ${customers} WHERE lower(${customers.email}) = ${lower}
    UNION ALL
    SELECT 'corporate', ${corporateUsers.id}, ${corporateUsers.type}, ${corporateUsers.passwordHash}
      FROM ${corporateUsers} WHERE lower(${corporateUsers.email}) = ${lower}
    LIMIT 1`)) as unknown as { rows: { kind: Account['kind']; id: string; type: string; password_hash: string | null }[] };
  const [r] = rows.rows;
  return r ? { kind: r.kind, id: r.id, type: r.type, passwordHash: r.password_hash } : null;
}

export interface SignInRequest {
  email: string;
  password: string;
  /** The caller's address (per-address limit) and browser, kept on the session. */
  ip: string;
  userAgent?: string | null;
}

export async function signIn(ctx: AppContext, req: SignInRequest): Promise<string> {
  const account = await findAccount(ctx, req.email);
  // An unknown e-mail looks its address up too (under an id no account has): the same queries, the same time.
  const known = await isKnownAddress(ctx, account?.id ?? '-', req.ip);
  const ticket = await takeSignInAttempt(ctx, {
    email: req.email,
    ip: req.ip,
    account: account ? { userId: account.id, userType: account.type } : null,
    known: !!account && known,
  });
  // An unknown e-mail still verifies (against a dummy hash): it takes as long as a wrong password.
  const ok = await verifyPassword(req.password, account?.passwordHash);
  if (!account || !ok) {
    await recordSignInFailure(ctx, ticket);
    throw INVALID();
  }
  await releaseSignInAttempt(ctx, ticket);
  const table = account.kind === 'customer' ? customers : corporateUsers;
  // Hashes of an older scheme or weaker parameters are replaced now that the password is at hand.
  if (account.passwordHash && needsRehash(account.passwordHash)) {
    await ctx.db
      .update(table)
      .set({ passwordHash: await hashPassword(req.password) })
      .where(eq(table.id, account.id));
  }
  const claims =
    account.kind === 'customer' ? await claimsForCustomer(ctx, account.id) : await claimsForCorporateUser(ctx, account.id);
  if (!claims) throw INVALID();
  return startSession(ctx, claims, req);
}

/** A new session of the user the claims name, and its token (sign-in, and sign-up of a new customer). */
export async function startSession(
  ctx: AppContext,
  claims: SessionClaims,
  meta: { ip: string; userAgent?: string | null },
): Promise<string> {
  const row = await ctx.sessions.create({
    userId: claims.sessionRole.id,
    userType: claims.sessionRole.type,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  return ctx.tokens.sign(claims, row.id, row.expiresAt.getTime());
}

/**
 * A fresh token for a live session (idle and absolute limits: sessions.ts). A mimic session refreshes into the same
 * tenant and lease only; with stopMimic it ends and the admin gets a token of their own session back.
 */
export async function refreshToken(ctx: AppContext, session: VerifiedClaims, stopMimic: boolean): Promise<string> {
  // Read through: a session revoked by another process must not be renewed from this one's cache.
  const live = await ctx.sessions.check(session.sid, { fresh: true });
  if (stopMimic && live.row.parentId) {
    await ctx.sessions.revoke(live.row.id);
    return tokenOf(ctx, await ctx.sessions.check(live.row.parentId, { fresh: true }));
  }
  return tokenOf(ctx, live);
}

/** POST /logout: the session of the token ends (with its mimic sessions, and the admin's session behind a mimic one). */
export async function signOut(ctx: AppContext, token: string | null): Promise<void> {
  const sid = token ? await ctx.tokens.sessionIdOf(token) : null;
  if (!sid) return;
  let parentId: string | null = null;
  try {
    parentId = (await ctx.sessions.check(sid, { fresh: true })).row.parentId;
  } catch {
    // already ended: revoking again is harmless
  }
  await ctx.sessions.revoke(sid);
  if (parentId) await ctx.sessions.revoke(parentId);
}

/** Admin mimic: a child of the admin's session acting as the tenant of a lease (spec 1 §4 Mimic mode). */
export async function startMimic(ctx: AppContext, adminSession: VerifiedClaims, leaseId: string): Promise<string> {
  const [lease] = await ctx.db
    .select({ userId: propertyLeases.userId })
    .from(propertyLeases)
    .where(eq(propertyLeases.id, leaseId))
    .limit(1);
  // A lease still waiting for its invited tenant (issue 23) has nobody to view as.
  if (!lease?.userId) throw AppError.notFound('Lease');
  const parent = await ctx.sessions.check(adminSession.sid, { fresh: true });
  if (parent.row.parentId) throw AppError.forbidden('Only administrators can do this');
  const row: SessionRow = await ctx.sessions.create({
    userId: lease.userId,
    userType: 'TYPE_CUSTOMER',
    parent: parent.row,
    mimicLeaseId: leaseId,
    userAgent: parent.row.userAgent,
    ip: parent.row.ip,
  });
  return tokenOf(ctx, { row, parent: parent.row });
}
