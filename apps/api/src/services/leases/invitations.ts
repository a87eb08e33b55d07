// issue 23: the manager invites the tenant of a lease by e-mail; the link signs the tenant up (or attaches their account)
// and lands them on that lease. The token is 32 random bytes (base64url) kept only as its SHA-256 hash, valid 14 days;
// one live invitation per lease (lease_invitations_live_uq): a new one revokes the previous.
import { fromCents } from '@portal/domain/money';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { companies, customers, leaseInvitations, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { VerifiedClaims } from '../../lib/jwt.ts';
import { hashLinkToken, newLinkToken } from '../../lib/link-token.ts';
import { hashPassword } from '../../lib/password.ts';
import { claimsForCustomer, startSession } from '../auth/sign-in.ts';
import { enqueueMail, mailOrigin } from '../mail/outbox.ts';
import type { ConsoleCaller } from '../search/caller.ts';
import { emailExists } from '../signup/sign-up.ts';
import { findConsoleLease, invitationDto, refuseTerminated } from './lease-records.ts';

export const INVITATION_VALID_DAYS = 14;

/** One answer for every unusable link (unknown, expired, revoked, used): nothing tells which, nor whose it was. */
export const INVITATION_INVALID = () => new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.leases.invitationInvalid');

const live = () => and(isNull(leaseInvitations.acceptedAt), isNull(leaseInvitations.revokedAt));

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  languageCode: 'en' | 'fr';
}

/**
 * POST /property_lease/{id}/invite: a new invitation (the previous live one revoked), its e-mail queued in the invitee's
 * language in the same transaction (issue 25: the durable outbox), and the link for the manager.
 */
export async function inviteTenant(
  ctx: AppContext,
  caller: ConsoleCaller,
  actor: Actor,
  leaseId: string,
  input: InviteInput,
  origin: string,
) {
  const token = newLinkToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000).toISOString();
  const email = input.email.trim();
  // A manager's or admin's e-mail signs in to the console: it cannot become this lease's tenant.
  const [corporate] = await ctx.db
    .execute(sql`SELECT 1 AS one FROM corporate_users WHERE lower(email) = ${email.toLowerCase()} LIMIT 1`)
    .then((r) => (r as unknown as { rows: unknown[] }).rows);
  if (corporate) throw AppError.onField('email', 'server.leases.inviteCorporateEmail');

  const { invitation } = await ctx.db.transaction(async (tx) => {
    const lease = await findConsoleLease(tx, caller, leaseId, { forUpdate: true });
    refuseTerminated(lease);
    if (lease.userId) throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.leases.alreadyHasTenant');
    const revoked = await tx
      .update(leaseInvitations)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(leaseInvitations.leaseId, lease.id), live()))
      .returning({ id: leaseInvitations.id });
    const [invitation] = await tx
      .insert(leaseInvitations)
      .values({
        leaseId: lease.id,
        companyId: lease.companyId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        languageCode: input.languageCode,
        tokenHash: hashLinkToken(token),
        expiresAt,
        createdBy: caller.id,
        createdAt: now.toISOString(),
      })
      .returning();
    await recordAudit(tx, {
      recordType: 'lease_invitation',
      recordId: invitation.id,
      action: 'CREATE',
      changes: { leaseId: lease.id, email, languageCode: input.languageCode, expiresAt, revoked: revoked.map((r) => r.id) },
      actor,
    });
    const [place] = await tx
      .select({ propertyName: properties.propertyName, companyName: companies.name })
      .from(properties)
      .innerJoin(companies, eq(companies.id, properties.companyId))
      .where(eq(properties.id, lease.propertyId))
      .limit(1);
    await enqueueMail(ctx, tx, {
      template: 'LEASE_INVITATION',
      to: email,
      languageCode: input.languageCode,
      params: {
        firstName: input.firstName,
        companyName: place?.companyName ?? '',
        propertyName: place?.propertyName ?? '',
        days: INVITATION_VALID_DAYS,
        origin: mailOrigin(ctx, origin),
      },
      token,
      dedupeKey: `lease_invitation:${invitation.id}`,
    });
    return { invitation, lease };
  });
  ctx.mailer?.wake();

  const link = `${mailOrigin(ctx, origin)}/invite/${token}`;
  // Queued with the invitation (issue 25): it leaves with the outbox's retries; a failure shows on the admin's mail screen.
  return { invitation: invitationDto(invitation, now), link, mailSent: ctx.mail?.name !== 'none' };
}

/** POST /property_lease/{id}/invite/revoke: the live invitation stops working (404 when there is none). */
export async function revokeInvitation(ctx: AppContext, caller: ConsoleCaller, actor: Actor, leaseId: string) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const lease = await findConsoleLease(tx, caller, leaseId, { forUpdate: true });
    const [row] = await tx
      .update(leaseInvitations)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(leaseInvitations.leaseId, lease.id), live()))
      .returning();
    if (!row) throw AppError.notFound('Invitation');
    await recordAudit(tx, {
      recordType: 'lease_invitation',
      recordId: row.id,
      action: 'REVOKE',
      changes: { revokedAt: { from: null, to: row.revokedAt } },
      actor,
    });
    return { invitation: invitationDto(row, now) };
  });
}

/** The usable invitation of a token with its lease, property and company; anything else → the one invalid answer. */
async function usableInvitation(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({
      invitation: leaseInvitations,
      lease: {
        id: propertyLeases.id,
        status: propertyLeases.status,
        userId: propertyLeases.userId,
        unit: propertyLeases.unit,
        startDate: propertyLeases.startDate,
        charges: propertyLeases.charges,
      },
      propertyName: properties.propertyName,
      companyName: companies.name,
      country: companies.country,
    })
    .from(leaseInvitations)
    .innerJoin(propertyLeases, eq(propertyLeases.id, leaseInvitations.leaseId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(
      and(eq(leaseInvitations.tokenHash, hashLinkToken(token)), live(), gt(leaseInvitations.expiresAt, ctx.now().toISOString())),
    )
    .limit(1);
  if (!row || row.lease.status === 'TERMINATED' || row.lease.userId) throw INVITATION_INVALID();
  return row;
}

/** GET /lease_invitation/{token}: only what the invitee needs to decide. */
export async function getPublicInvitation(ctx: AppContext, token: string) {
  const row = await usableInvitation(ctx, token);
  return {
    companyName: row.companyName,
    propertyName: row.propertyName,
    unit: row.lease.unit,
    startDate: row.lease.startDate,
    charges: row.lease.charges.map((c) => ({ code: c.code, name: c.name, amount: fromCents(c.amount) })),
    email: row.invitation.email,
    firstName: row.invitation.firstName,
    lastName: row.invitation.lastName,
    languageCode: row.invitation.languageCode,
    country: row.country,
  };
}

export interface AcceptInput {
  token: string;
  /** The caller's session when signed in (a tenant with the invited e-mail attaches the lease to their account). */
  session: VerifiedClaims | null;
  body: { firstName?: string; lastName?: string; password?: string; phone?: string } | null | undefined;
  meta: { ip: string; userAgent?: string | null };
}

/** A unique-index violation (SQLSTATE 23505), possibly wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * POST /lease_invitation/{token}/accept: a new account with the invited e-mail (or the signed-in tenant's own, same
 * e-mail), the lease's tenant set and the invitation used, in one transaction whose conditional updates let one of two
 * racing accepts win; the lease becomes ACTIVE. The answer signs the tenant in as sign-up does.
 */
export async function acceptInvitation(ctx: AppContext, input: AcceptInput): Promise<{ access_token: string; leaseId: string }> {
  const row = await usableInvitation(ctx, input.token);
  const email = row.invitation.email;
  let existingId: string | null = null;
  if (input.session) {
    const role = input.session.sessionRole;
    if (role.type !== 'TYPE_CUSTOMER' || input.session.mimic) {
      throw AppError.forbidden('server.leases.invitationTenantOnly');
    }
    const [me] = await ctx.db.select({ email: customers.email }).from(customers).where(eq(customers.id, role.id)).limit(1);
    if (!me || me.email.trim().toLowerCase() !== email.toLowerCase()) {
      throw new AppError('RM_ERROR_FORBIDDEN', 'server.leases.invitationEmailMismatch', { values: { email } });
    }
    existingId = role.id;
  } else if (await emailExists(ctx.db, email)) {
    // no takeover: the owner of that e-mail signs in first, then accepts
    throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.leases.invitationSignInFirst', { values: { email } });
  }

  let passwordHash: string | null = null;
  if (!existingId) {
    const missing = (['firstName', 'lastName', 'phone', 'password'] as const).filter((f) => !input.body?.[f]);
    if (missing.length) {
      throw AppError.validation(
        missing.map((field) => ({ field, message: 'validation.requiredField' })),
        'validation.requiredField',
      );
    }
    passwordHash = await hashPassword(input.body?.password ?? '');
  }

  const now = ctx.now().toISOString();
  let customerId: string;
  try {
    customerId = await ctx.db.transaction(async (tx) => {
      let id = existingId;
      if (!id) {
        const [created] = await tx
          .insert(customers)
          .values({
            email,
            passwordHash,
            firstName: input.body?.firstName ?? '',
            lastName: input.body?.lastName ?? '',
            phone: input.body?.phone ?? null,
            languageCode: row.invitation.languageCode === 'fr' ? 'fr' : 'en',
            country: row.country,
            acknowledgedTerms: false,
            // issue 25: the invitation's link came to this very address, so it is proven.
            emailVerifiedAt: now,
          })
          .returning({ id: customers.id });
        id = created.id;
        await recordAudit(tx, {
          recordType: 'customer',
          recordId: id,
          action: 'CREATE',
          changes: { email, leaseInvitation: row.invitation.id, country: row.country },
          actor: { id, type: 'TYPE_CUSTOMER' },
        });
      }
      const used = await tx
        .update(leaseInvitations)
        .set({ acceptedAt: now, acceptedBy: id })
        .where(and(eq(leaseInvitations.id, row.invitation.id), live(), gt(leaseInvitations.expiresAt, now)))
        .returning({ id: leaseInvitations.id });
      const attached = await tx
        .update(propertyLeases)
        .set({ userId: id, status: 'ACTIVE', updatedAt: now })
        .where(
          and(eq(propertyLeases.id, row.lease.id), isNull(propertyLeases.userId), sql`${propertyLeases.status} <> 'TERMINATED'`),
        )
        .returning({ id: propertyLeases.id });
      // The other accept won (or the lease ended meanwhile): nothing of this one stays.
      if (used.length === 0 || attached.length === 0) throw INVITATION_INVALID();
      const actor = { id, type: 'TYPE_CUSTOMER' };
      await recordAudit(tx, {
        recordType: 'lease_invitation',
        recordId: row.invitation.id,
        action: 'ACCEPT',
        changes: { acceptedAt: { from: null, to: now }, acceptedBy: { from: null, to: id } },
        actor,
      });
      await recordAudit(tx, {
        recordType: 'property_lease',
        recordId: row.lease.id,
        action: 'UPDATE',
        changes: { userId: { from: null, to: id }, status: { from: row.lease.status, to: 'ACTIVE' } },
        actor,
      });
      return id;
    });
  } catch (err) {
    // Two accepts creating the same e-mail: the second insert meets the first's unique e-mail.
    if (isUniqueViolation(err)) throw INVITATION_INVALID();
    throw err;
  }
  const claims = await claimsForCustomer(ctx, customerId);
  if (!claims) throw AppError.notFound('Customer');
  return { access_token: await startSession(ctx, claims, input.meta), leaseId: row.lease.id };
}
