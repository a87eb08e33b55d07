// Forgotten password (issue 25). POST /password/forgot answers the same whatever the e-mail, after the same floor of
// time, so nobody learns which addresses have accounts; a known account with a password gets a single-use link valid
// RESET_VALID_MINUTES (3 an hour at most, silently), a Google account (TYPE_GOOGLE_OAUTH_ACCOUNT) a mail saying to use
// Google. The link's page sets a new password with the spec's rules (spec 1 §5), ends every session of the account,
// proves the address (the link came to it) and signs in.
import { setTimeout as sleep } from 'node:timers/promises';
import { isPasswordComplex } from '@portal/domain/input-fields';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountTokens, corporateUsers, customers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/password.ts';
import { claimsForCorporateUser, claimsForCustomer, findAccount } from '../auth/sign-in.ts';
import { PASSWORD_COMPLEXITY_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from '../customer/change-password.ts';
import { enqueueMail, mailOrigin } from '../mail/outbox.ts';
import { GOOGLE_ACCOUNT_TYPE } from '../oidc/oidc-sign-in.ts';
import {
  countIssuedSince,
  issueAccountToken,
  maskEmail,
  RESET_VALID_MINUTES,
  type TokenPurpose,
  usableAccountToken,
} from './tokens.ts';

/** Every answer of /password/forgot takes at least this long: a known e-mail's writes hide under it. */
export const FORGOT_FLOOR_MS = 400;
/** Links mailed to one account per hour; more requests answer alike and send nothing. */
export const RESETS_PER_HOUR = 3;
const RESET: TokenPurpose = 'PASSWORD_RESET';

export async function requestPasswordReset(ctx: AppContext, input: { email: string; ip: string; origin: string }): Promise<void> {
  const started = performance.now();
  try {
    await queueReset(ctx, input);
  } finally {
    const left = FORGOT_FLOOR_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

async function queueReset(ctx: AppContext, input: { email: string; ip: string; origin: string }): Promise<void> {
  const account = await findAccount(ctx, input.email.trim());
  if (!account) return;
  const now = ctx.now();
  const isCustomer = account.kind === 'customer';
  const queued = await ctx.db.transaction(async (tx) => {
    const table = isCustomer ? customers : corporateUsers;
    const [user] = await tx
      .select({ email: table.email, firstName: table.firstName, languageCode: table.languageCode })
      .from(table)
      .where(eq(table.id, account.id))
      .for('update');
    if (!user) return false;
    const accountType = isCustomer
      ? (await tx.select({ t: customers.accountType }).from(customers).where(eq(customers.id, account.id)))[0]?.t
      : null;
    if ((await countIssuedSince(tx, account.id, RESET, new Date(now.getTime() - 3_600_000))) >= RESETS_PER_HOUR) return false;
    const base = {
      to: user.email,
      languageCode: user.languageCode,
      userId: account.id,
      userType: account.type,
      params: { firstName: user.firstName, origin: mailOrigin(ctx, input.origin), minutes: RESET_VALID_MINUTES },
    };
    if (accountType === GOOGLE_ACCOUNT_TYPE && !account.passwordHash) {
      // Counted like a link (the same limit), but it carries none: the account signs in with Google.
      const { row } = await issueAccountToken(tx, {
        purpose: RESET,
        userId: account.id,
        userType: account.type,
        email: user.email,
        validMs: 0,
        now,
        ip: input.ip,
      });
      await enqueueMail(ctx, tx, { ...base, template: 'GOOGLE_ACCOUNT', dedupeKey: `google_account:${row.id}` });
      return true;
    }
    const { token, row } = await issueAccountToken(tx, {
      purpose: RESET,
      userId: account.id,
      userType: account.type,
      email: user.email,
      validMs: RESET_VALID_MINUTES * 60_000,
      now,
      ip: input.ip,
    });
    await enqueueMail(ctx, tx, { ...base, template: 'PASSWORD_RESET', token, dedupeKey: `password_reset:${row.id}` });
    return true;
  });
  if (queued) ctx.mailer?.wake();
}

/** GET /password/reset/{token}: whose link it is (masked) and until when; 410 when it cannot be used. */
export async function resetLinkInfo(ctx: AppContext, token: string): Promise<{ email: string; expiresAt: string }> {
  const row = await usableAccountToken(ctx.db, token, RESET, ctx.now());
  return { email: maskEmail(row.email), expiresAt: new Date(row.expiresAt).toISOString() };
}

/**
 * POST /password/reset: the new password (spec 1 §5 rules) in place of the old, the link used, every session of the
 * account ended and a new one started (the answer's token), a PASSWORD_CHANGED mail to the account's address.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; newPassword: string; confirmNewPassword: string; ip: string; userAgent?: string | null },
): Promise<{ access_token: string }> {
  if (input.newPassword !== input.confirmNewPassword) {
    throw new AppError('RM_ERROR_RECORD_VALIDATION', PASSWORD_MISMATCH_MESSAGE, {
      fieldErrors: [{ field: 'confirmNewPassword', errorCode: 'RM_ERROR_RECORD_VALIDATION', message: PASSWORD_MISMATCH_MESSAGE }],
    });
  }
  if (!isPasswordComplex(input.newPassword)) {
    throw new AppError('RM_ERROR_PASSWORD_COMPLEXITY', PASSWORD_COMPLEXITY_MESSAGE, {
      fieldErrors: [{ field: 'newPassword', errorCode: 'RM_ERROR_PASSWORD_COMPLEXITY', message: PASSWORD_COMPLEXITY_MESSAGE }],
    });
  }
  // Checked before the slow hash, and again under lock in the transaction (two submits of one link: one wins).
  await usableAccountToken(ctx.db, input.token, RESET, ctx.now());
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  const link = await ctx.db.transaction(async (tx) => {
    const row = await usableAccountToken(tx, input.token, RESET, now, { forUpdate: true });
    await tx.update(accountTokens).set({ usedAt: now.toISOString() }).where(eq(accountTokens.id, row.id));
    const isCustomer = row.userType === 'TYPE_CUSTOMER';
    if (isCustomer) {
      const [c] = await tx
        .update(customers)
        .set({ passwordHash, updatedAt: now.toISOString() })
        .where(eq(customers.id, row.userId))
        .returning({
          email: customers.email,
          firstName: customers.firstName,
          lang: customers.languageCode,
          verified: customers.emailVerifiedAt,
        });
      if (!c) throw AppError.notFound('User');
      // The link reached this address: it is proven (unless the address changed since the link left).
      if (!c.verified && c.email.toLowerCase() === row.email.toLowerCase()) {
        await tx.update(customers).set({ emailVerifiedAt: now.toISOString() }).where(eq(customers.id, row.userId));
      }
      await enqueueMail(ctx, tx, {
        template: 'PASSWORD_CHANGED',
        to: c.email,
        languageCode: c.lang,
        params: { firstName: c.firstName },
        userId: row.userId,
        userType: row.userType,
        dedupeKey: `password_changed:${row.id}`,
      });
    } else {
      const [u] = await tx
        .update(corporateUsers)
        .set({ passwordHash })
        .where(eq(corporateUsers.id, row.userId))
        .returning({ email: corporateUsers.email, firstName: corporateUsers.firstName, lang: corporateUsers.languageCode });
      if (!u) throw AppError.notFound('User');
      await enqueueMail(ctx, tx, {
        template: 'PASSWORD_CHANGED',
        to: u.email,
        languageCode: u.lang,
        params: { firstName: u.firstName },
        userId: row.userId,
        userType: row.userType,
        dedupeKey: `password_changed:${row.id}`,
      });
    }
    await recordAudit(tx, {
      recordType: isCustomer ? 'customer' : 'corporate_user',
      recordId: row.userId,
      action: 'PASSWORD_RESET',
      changes: { password: { from: '[hidden]', to: '[changed]' }, resetLink: row.id },
      actor: { id: row.userId, type: row.userType },
    });
    return row;
  });
  ctx.mailer?.wake();
  const claims =
    link.userType === 'TYPE_CUSTOMER'
      ? await claimsForCustomer(ctx, link.userId)
      : await claimsForCorporateUser(ctx, link.userId);
  if (!claims) throw AppError.notFound('User');
  const session = await ctx.sessions.create({
    userId: link.userId,
    userType: claims.sessionRole.type,
    userAgent: input.userAgent,
    ip: input.ip,
  });
  // Whoever held the old password or a stolen token is out: every session but this new one ends.
  await ctx.sessions.revokeOthers(link.userId, claims.sessionRole.type, session.id);
  return { access_token: await ctx.tokens.sign(claims, session.id, session.expiresAt.getTime()) };
}
