// Single-use account links (issue 25): a password reset or an e-mail verification. The token is 32 random bytes
// (base64url) kept only as its SHA-256; a new link of a purpose replaces the account's live one; a link works once and
// until its end. Every unusable link gets the one 410 answer: nothing tells whether it was unknown, used or old.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashLinkToken, newLinkToken } from '../../lib/link-token.ts';

export type TokenPurpose = 'PASSWORD_RESET' | 'EMAIL_VERIFY';
export type AccountToken = typeof accountTokens.$inferSelect;

export const RESET_VALID_MINUTES = 60;
export const VERIFY_VALID_HOURS = 48;

export const LINK_INVALID = () => new AppError('RM_ERROR_LINK_INVALID', 'server.account.linkInvalid');

const live = (now: Date) =>
  and(isNull(accountTokens.usedAt), isNull(accountTokens.revokedAt), gt(accountTokens.expiresAt, now.toISOString()));

/** A new link (the account's live one of that purpose revoked); answers the raw token, never stored. */
export async function issueAccountToken(
  tx: Executor,
  input: {
    purpose: TokenPurpose;
    userId: string;
    userType: string;
    email: string;
    validMs: number;
    now: Date;
    ip?: string | null;
  },
): Promise<{ token: string; row: AccountToken }> {
  const token = newLinkToken();
  await tx
    .update(accountTokens)
    .set({ revokedAt: input.now.toISOString() })
    .where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), live(input.now)));
  const [row] = await tx
    .insert(accountTokens)
    .values({
      purpose: input.purpose,
      userId: input.userId,
      userType: input.userType,
      email: input.email,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(input.now.getTime() + input.validMs).toISOString(),
      requestIp: input.ip ?? null,
      createdAt: input.now.toISOString(),
    })
    .returning();
  return { token, row };
}

/** The live link of a token (locked with `forUpdate`), or the one invalid answer. */
export async function usableAccountToken(
  tx: Executor,
  token: string,
  purpose: TokenPurpose,
  now: Date,
  opts: { forUpdate?: boolean } = {},
): Promise<AccountToken> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw LINK_INVALID();
  const query = tx
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashLinkToken(token)), eq(accountTokens.purpose, purpose), live(now)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw LINK_INVALID();
  return row;
}

/** Links of a purpose an account was sent since `since` (its own rate limit). */
export async function countIssuedSince(tx: Executor, userId: string, purpose: TokenPurpose, since: Date): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, since.toISOString())),
    );
  return r?.n ?? 0;
}

/** "c•••@demo.test": enough for the owner to recognise the address, not enough to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** Every live link of a purpose of an account dies (its password or address changed: links to the old state are void). */
export async function revokeAccountTokens(tx: Executor, userId: string, purpose: TokenPurpose, now: Date): Promise<number> {
  const revoked = await tx
    .update(accountTokens)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), live(now)))
    .returning({ id: accountTokens.id });
  return revoked.length;
}
