// E-mail verification (issue 25; spec 2 §8 "profile saved, with an e-mail verification note when the e-mail changed").
// A self sign-up's address, and a new address asked for on the Account page, are proven by a link sent to them
// (valid VERIFY_VALID_HOURS). A change keeps the old address in place until the new one is confirmed; the old one is
// told at once and again when it is replaced. Until an address is verified it receives no receipts (the trigger
// notification_mail reads customers.email_verified_at).
import type { Customer } from '@portal/domain/api-shapes';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { accountTokens, corporateUsers, customers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { assertOwnCustomerId, customerNotFound, toCustomer } from '../customer/get-customer.ts';
import { enqueueMail, mailOrigin } from '../mail/outbox.ts';
import {
  countIssuedSince,
  issueAccountToken,
  revokeAccountTokens,
  type TokenPurpose,
  usableAccountToken,
  VERIFY_VALID_HOURS,
} from './tokens.ts';

const VERIFY: TokenPurpose = 'EMAIL_VERIFY';
/** Links a tenant may have sent per hour (sign-up, changes and resends together). */
export const VERIFY_LINKS_PER_HOUR = 5;

interface Who {
  id: string;
  email: string;
  firstName: string;
  languageCode: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Sends a link proving `email` (the current address, or a new one for a change) and, for a change, tells the old one. */
export async function sendVerificationLink(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Executor,
  who: Who,
  email: string,
  opts: { origin?: string; ip?: string | null; tellOld?: boolean } = {},
): Promise<void> {
  const now = ctx.now();
  const change = !same(email, who.email);
  const { token, row } = await issueAccountToken(tx, {
    purpose: VERIFY,
    userId: who.id,
    userType: 'TYPE_CUSTOMER',
    email,
    validMs: VERIFY_VALID_HOURS * 3_600_000,
    now,
    ip: opts.ip,
  });
  const origin = mailOrigin(ctx, opts.origin);
  await enqueueMail(ctx, tx, {
    template: 'EMAIL_VERIFY',
    to: email,
    languageCode: who.languageCode,
    params: { firstName: who.firstName, origin, hours: VERIFY_VALID_HOURS, change },
    token,
    userId: who.id,
    userType: 'TYPE_CUSTOMER',
    dedupeKey: `email_verify:${row.id}`,
  });
  if (change && opts.tellOld !== false) {
    await enqueueMail(ctx, tx, {
      template: 'EMAIL_CHANGED',
      to: who.email,
      languageCode: who.languageCode,
      params: { firstName: who.firstName, origin, newEmail: email },
      userId: who.id,
      userType: 'TYPE_CUSTOMER',
      dedupeKey: `email_changed:${row.id}`,
    });
  }
}

/** The new address waiting for its link, if any (a live EMAIL_VERIFY link for another address than the current). */
export async function pendingEmailOf(db: Executor, customer: { id: string; email: string }, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, customer.id),
        eq(accountTokens.purpose, VERIFY),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
        gt(accountTokens.expiresAt, now.toISOString()),
        sql`lower(${accountTokens.email}) <> lower(${customer.email})`,
      ),
    )
    .orderBy(sql`${accountTokens.createdAt} DESC`)
    .limit(1);
  return row?.email ?? null;
}

async function assertUnderLimit(tx: Executor, customerId: string, now: Date): Promise<void> {
  if ((await countIssuedSince(tx, customerId, VERIFY, new Date(now.getTime() - 3_600_000))) >= VERIFY_LINKS_PER_HOUR) {
    throw new AppError('RM_ERROR_TOO_MANY_REQUESTS', 'server.account.tooManyLinks', { headers: { 'Retry-After': '3600' } });
  }
}

/** PATCH /customer/{id}/update with a new address: the link to it and the note to the old one (inside the update's tx). */
export async function requestEmailChange(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Executor,
  who: Who,
  newEmail: string,
  opts: { origin?: string; ip?: string | null },
): Promise<void> {
  await assertUnderLimit(tx, who.id, ctx.now());
  await sendVerificationLink(ctx, tx, who, newEmail, opts);
}

/** A change withdrawn (or the tenant typed their current address back): the pending link dies. */
export async function cancelPendingEmail(tx: Executor, customer: { id: string; email: string }, now: Date): Promise<boolean> {
  const revoked = await tx
    .update(accountTokens)
    .set({ revokedAt: now.toISOString() })
    .where(
      and(
        eq(accountTokens.userId, customer.id),
        eq(accountTokens.purpose, VERIFY),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
        sql`lower(${accountTokens.email}) <> lower(${customer.email})`,
      ),
    )
    .returning({ id: accountTokens.id });
  return revoked.length > 0;
}

/** POST /customer/{id}/email/resend: the link again, for the pending change or else the unverified current address. */
export async function resendVerification(
  ctx: AppContext,
  customerId: string,
  opts: { origin?: string; ip?: string | null },
): Promise<{ result: 'SENT'; email: string }> {
  const now = ctx.now();
  const email = await ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!c) throw AppError.notFound('Customer');
    const target = (await pendingEmailOf(tx, c, now)) ?? (c.emailVerifiedAt ? null : c.email);
    if (!target) throw new AppError('RM_ERROR_NOTHING_TO_VERIFY', 'server.account.nothingToVerify');
    await assertUnderLimit(tx, c.id, now);
    // A resend for a pending change does not tell the old address a second time.
    await sendVerificationLink(ctx, tx, c, target, { ...opts, tellOld: false });
    return target;
  });
  ctx.mailer?.wake();
  return { result: 'SENT', email };
}

/**
 * POST /email/verify: the link's address proven. The current address: verified. A new address: it replaces the old one
 * (unless another account took it meanwhile: 409), verified, and the old address is told.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ email: string; verified: true }> {
  const now = ctx.now();
  const email = await ctx.db.transaction(async (tx) => {
    const link = await usableAccountToken(tx, token, VERIFY, now, { forUpdate: true });
    const [c] = await tx.select().from(customers).where(eq(customers.id, link.userId)).for('update');
    if (!c) throw AppError.notFound('Customer');
    await tx.update(accountTokens).set({ usedAt: now.toISOString() }).where(eq(accountTokens.id, link.id));
    const actor: Actor = { id: c.id, type: 'TYPE_CUSTOMER' };
    if (same(link.email, c.email)) {
      if (!c.emailVerifiedAt) {
        await tx.update(customers).set({ emailVerifiedAt: now.toISOString() }).where(eq(customers.id, c.id));
        await recordAudit(tx, {
          recordType: 'customer',
          recordId: c.id,
          action: 'EMAIL_VERIFIED',
          changes: { emailVerified: { from: false, to: true } },
          actor,
        });
      }
      return c.email;
    }
    const lower = link.email.toLowerCase();
    const [takenByCustomer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${lower}`, ne(customers.id, c.id)))
      .limit(1);
    const [takenByCorporate] = await tx
      .select({ id: corporateUsers.id })
      .from(corporateUsers)
      .where(sql`lower(${corporateUsers.email}) = ${lower}`)
      .limit(1);
    if (takenByCustomer || takenByCorporate) {
      throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.customer.emailTaken');
    }
    await tx
      .update(customers)
      .set({ email: link.email, emailVerifiedAt: now.toISOString(), updatedAt: now.toISOString() })
      .where(eq(customers.id, c.id));
    // A reset link mailed to the old address must not open the account any more.
    await revokeAccountTokens(tx, c.id, 'PASSWORD_RESET', now);
    await recordAudit(tx, {
      recordType: 'customer',
      recordId: c.id,
      action: 'UPDATE',
      changes: { email: { from: c.email, to: link.email }, emailVerified: { from: !!c.emailVerifiedAt, to: true } },
      actor,
    });
    await enqueueMail(ctx, tx, {
      template: 'EMAIL_REPLACED',
      to: c.email,
      languageCode: c.languageCode,
      params: { firstName: c.firstName, newEmail: link.email },
      userId: c.id,
      userType: 'TYPE_CUSTOMER',
      dedupeKey: `email_replaced:${link.id}`,
    });
    return link.email;
  });
  ctx.mailer?.wake();
  return { email, verified: true };
}

/** POST /customer/{id}/email/cancel: the pending change withdrawn; answers the record as GET /customer/{id} does. */
export async function cancelEmailChange(
  ctx: AppContext,
  input: { callerId: string; id: string; actor: Actor; mimicking?: boolean },
): Promise<Customer> {
  assertOwnCustomerId(input.callerId, input.id);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(customers).where(eq(customers.id, input.id)).for('update');
    if (!c) throw customerNotFound();
    const pending = await pendingEmailOf(tx, c, now);
    if (await cancelPendingEmail(tx, c, now)) {
      await recordAudit(tx, {
        recordType: 'customer',
        recordId: c.id,
        action: 'EMAIL_CHANGE_CANCELLED',
        changes: { pendingEmail: { from: pending, to: null } },
        actor: input.actor,
      });
    }
    return toCustomer(c, { mimicking: input.mimicking, pendingEmail: null });
  });
}
