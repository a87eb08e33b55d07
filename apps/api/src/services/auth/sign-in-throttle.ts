// Failed sign-ins, counted per account (the lower-case e-mail, known or not, so a lock says nothing about whether an
// account exists) and per address, in the database: every API process on it shares the counts, and junk requests
// cannot evict a real account's count as they could from an in-memory LRU (issue 9 "Sessions that end").
// Each attempt takes a slot before the password is checked and a success gives it back, so parallel guesses count too.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { signInThrottle } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export interface SignInLimits {
  /** Failures of one account within windowMs before it is locked. */
  accountFailures: number;
  /** Failures from one address (over any accounts) within windowMs before it is locked. */
  addressFailures: number;
  windowMs: number;
  lockMs: number;
}

// 5 tries then 15 minutes: the usual bank lock; an address gets more (a household or office behind one NAT).
export const SIGN_IN_LIMIT_DEFAULTS: SignInLimits = {
  accountFailures: 5,
  addressFailures: 30,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

type Scope = 'account' | 'address';
interface Slot {
  scope: Scope;
  key: string;
  max: number;
}

export function signInLimitsOf(ctx: AppContext): SignInLimits {
  return { ...SIGN_IN_LIMIT_DEFAULTS, ...ctx.config.signInLimits };
}

/** 429 RM_ERROR_TOO_MANY_REQUESTS with the seconds to wait (the route sends them as Retry-After). */
export class SignInLockedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RM_ERROR_TOO_MANY_REQUESTS', 'server.auth.signInLocked', { values: { minutes: Math.ceil(retryAfterSeconds / 60) } });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const slotsOf = (limits: SignInLimits, email: string, address: string): Slot[] => [
  // Always account first, then address: two processes take the row locks in the same order.
  { scope: 'account', key: email.toLowerCase(), max: limits.accountFailures },
  { scope: 'address', key: address, max: limits.addressFailures },
];

/**
 * Takes one attempt slot on the account and on the address, or throws SignInLockedError (taking nothing) when
 * either is locked or has no slot left in its window.
 */
export async function takeSignInSlot(ctx: AppContext, email: string, address: string): Promise<void> {
  const limits = signInLimitsOf(ctx);
  const t = ctx.now();
  const tMs = t.getTime();
  await ctx.db.transaction(async (tx) => {
    const updates: { slot: Slot; failures: number; windowStartedAt: Date }[] = [];
    for (const slot of slotsOf(limits, email, address)) {
      const where = and(eq(signInThrottle.scope, slot.scope), eq(signInThrottle.key, slot.key));
      // The row first, so that FOR UPDATE has something to lock when two first attempts race (PostgreSQL).
      await tx
        .insert(signInThrottle)
        .values({ scope: slot.scope, key: slot.key, failures: 0, windowStartedAt: t })
        .onConflictDoNothing();
      const [row] = await tx.select().from(signInThrottle).where(where).for('update');
      if (row.lockedUntil && row.lockedUntil.getTime() > tMs) {
        throw new SignInLockedError(Math.ceil((row.lockedUntil.getTime() - tMs) / 1000));
      }
      const fresh = tMs - row.windowStartedAt.getTime() >= limits.windowMs;
      const failures = fresh ? 0 : row.failures;
      if (failures >= slot.max) {
        // Slots held by attempts still in flight: wait for the window (only parallel guessing gets here).
        throw new SignInLockedError(Math.max(1, Math.ceil((row.windowStartedAt.getTime() + limits.windowMs - tMs) / 1000)));
      }
      updates.push({ slot, failures: failures + 1, windowStartedAt: fresh ? t : row.windowStartedAt });
    }
    for (const u of updates) {
      await tx
        .update(signInThrottle)
        .set({ failures: u.failures, windowStartedAt: u.windowStartedAt, lockedUntil: null })
        .where(and(eq(signInThrottle.scope, u.slot.scope), eq(signInThrottle.key, u.slot.key)));
    }
  });
}

/** The password was right: the account starts over; the address gets its slot back (its other failures stay). */
export async function releaseSignInSlot(ctx: AppContext, email: string, address: string): Promise<void> {
  const [account, addr] = slotsOf(signInLimitsOf(ctx), email, address);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(signInThrottle).where(and(eq(signInThrottle.scope, account.scope), eq(signInThrottle.key, account.key)));
    await tx
      .update(signInThrottle)
      .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
      .where(and(eq(signInThrottle.scope, addr.scope), eq(signInThrottle.key, addr.key)));
  });
}

let failuresSincePrune = 0;

/** The password was wrong: the slot stays taken, and a count that reached its limit locks for lockMs. */
export async function recordSignInFailure(ctx: AppContext, email: string, address: string): Promise<void> {
  const limits = signInLimitsOf(ctx);
  const t = ctx.now();
  const lockedUntil = new Date(t.getTime() + limits.lockMs);
  for (const slot of slotsOf(limits, email, address)) {
    await ctx.db
      .update(signInThrottle)
      .set({ lockedUntil })
      .where(
        and(
          eq(signInThrottle.scope, slot.scope),
          eq(signInThrottle.key, slot.key),
          sql`${signInThrottle.failures} >= ${slot.max}`,
          or(sql`${signInThrottle.lockedUntil} IS NULL`, lt(signInThrottle.lockedUntil, t)),
        ),
      );
  }
  // Rows of unknown e-mails would pile up: now and then drop the ones whose window and lock are over.
  if (++failuresSincePrune >= 100) {
    failuresSincePrune = 0;
    const windowStart = new Date(t.getTime() - limits.windowMs);
    await ctx.db
      .delete(signInThrottle)
      .where(
        and(
          lt(signInThrottle.windowStartedAt, windowStart),
          or(sql`${signInThrottle.lockedUntil} IS NULL`, lt(signInThrottle.lockedUntil, t)),
        ),
      );
  }
}
