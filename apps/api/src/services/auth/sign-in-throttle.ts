// Failed sign-ins (issue 21 §1, OWASP Authentication and Credential Stuffing cheat sheets): no account is ever locked by
// someone else's guesses. Three counts in the database (shared by every API process), each with a growing delay:
// - pair (account, address): after 3 failures each further attempt of the pair waits 1 s, 2 s, 4 s … up to 15 min;
// - address (over any accounts): after 20 failures, the same, against one address spraying many accounts;
// - account: the ceiling against distributed guessing, fed by each unknown address's first 3 failures only; past 10, every
//   attempt from an address not known for the account waits (up to 5 min). An address the account signed in from before
//   ("known") is never held back by the account or address counts: the owner gets in while someone else guesses.
// The owner is told (a notice, once per window of failures) when sign-ins to the account start to be slowed down.
// Keys are keyed hashes (HMAC with a key from the JWT secret): no e-mail or address stored in clear, fixed-size keys.
// Each attempt counts before the password is checked and a success gives it back, so parallel guesses count too.
import { createHmac } from 'node:crypto';
import { and, desc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { signInKnownAddresses, signInThrottle } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertNotification } from '../notifications/notify.ts';
import { delayAfterFailures, type SignInLimits, signInLimitsOf } from './sign-in-limits.ts';

type Scope = 'account' | 'pair' | 'address';
type Row = typeof signInThrottle.$inferSelect;

/** 429 RM_ERROR_TOO_MANY_REQUESTS with the seconds to wait, as Retry-After and in the message (caller's language). */
export class SignInThrottledError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      'RM_ERROR_TOO_MANY_REQUESTS',
      retryAfterSeconds < 60 ? 'server.auth.signInThrottledSeconds' : 'server.auth.signInThrottledMinutes',
      {
        values: { count: retryAfterSeconds < 60 ? retryAfterSeconds : minutes },
        headers: { 'retry-after': String(retryAfterSeconds) },
      },
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The account behind an e-mail, when there is one (an unknown e-mail is throttled alike, by its e-mail). */
export interface ThrottleAccount {
  userId: string;
  userType: string;
}

/** What an attempt counted, to give back on success. */
export interface SignInTicket {
  email: string;
  address: string;
  account: ThrottleAccount | null;
  known: boolean;
  counted: Scope[];
  /** The delay each counted scope had before this attempt, and the one this attempt left (to undo on success). */
  locks: Partial<Record<Scope, { previous: Date | null; setTo: Date | null }>>;
}

const keyCache = new WeakMap<object, Buffer>();
function hmacKey(ctx: AppContext): Buffer {
  let key = keyCache.get(ctx.config);
  if (!key) {
    key = createHmac('sha256', ctx.config.jwtSecret).update('sign-in-throttle/v2').digest();
    keyCache.set(ctx.config, key);
  }
  return key;
}
const keyed = (ctx: AppContext, ...parts: string[]) =>
  createHmac('sha256', hmacKey(ctx)).update(parts.join('\n')).digest('base64url');

/**
 * The address as counted: an IPv6 address by its /64 (one subscriber's network, where a guesser holds 2^64 addresses),
 * an IPv4-mapped IPv6 address as IPv4.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

function keysOf(ctx: AppContext, email: string, address: string): Record<Scope, string> {
  const account = email.toLowerCase();
  return {
    account: keyed(ctx, 'account', account),
    pair: keyed(ctx, 'pair', account, address),
    address: keyed(ctx, 'address', address),
  };
}

const knownHash = (ctx: AppContext, userId: string, address: string) => keyed(ctx, 'known', userId, address);

/** Whether the account signed in from this address before (within the remembered age). */
export async function isKnownAddress(ctx: AppContext, userId: string, ip: string): Promise<boolean> {
  const limits = signInLimitsOf(ctx.config);
  const since = new Date(ctx.now().getTime() - limits.knownAddressMaxAgeMs);
  const rows = await ctx.db
    .select({ userId: signInKnownAddresses.userId })
    .from(signInKnownAddresses)
    .where(
      and(
        eq(signInKnownAddresses.userId, userId),
        eq(signInKnownAddresses.addressHash, knownHash(ctx, userId, addressOf(ip))),
        sql`${signInKnownAddresses.lastSeenAt} >= ${since.toISOString()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const maxDelay = (limits: SignInLimits, scope: Scope) =>
  scope === 'pair' ? limits.pairMaxDelayMs : scope === 'address' ? limits.addressMaxDelayMs : limits.accountMaxDelayMs;
const freeOf = (limits: SignInLimits, scope: Scope) =>
  scope === 'pair' ? limits.pairFreeFailures : scope === 'address' ? limits.addressFreeFailures : limits.accountFreeFailures;

/** The row of a scope, locked for this transaction (created empty, or started over when its window is past). */
async function lockRow(tx: Executor, scope: Scope, key: string, t: Date, limits: SignInLimits): Promise<Row> {
  // One statement that creates or locks the row: two processes' first attempts cannot both miss it (PostgreSQL).
  const [row] = await tx
    .insert(signInThrottle)
    .values({ scope, key, failures: 0, windowStartedAt: t, lastFailureAt: t })
    .onConflictDoUpdate({
      target: [signInThrottle.scope, signInThrottle.key],
      set: { failures: sql`${signInThrottle.failures}` },
    })
    .returning();
  if (t.getTime() - row.lastFailureAt.getTime() >= limits.windowMs) {
    const fresh = { failures: 0, windowStartedAt: t, lastFailureAt: t, lockedUntil: null };
    await tx
      .update(signInThrottle)
      .set(fresh)
      .where(and(eq(signInThrottle.scope, scope), eq(signInThrottle.key, key)));
    return { ...row, ...fresh };
  }
  return row;
}

/**
 * Counts one attempt on the scopes that apply, or throws SignInThrottledError (counting nothing) when one of them says
 * to wait. A known address (the account signed in from it before) is held back only by its own pair's delay.
 */
export async function takeSignInAttempt(
  ctx: AppContext,
  input: { email: string; ip: string; account: ThrottleAccount | null; known: boolean },
): Promise<SignInTicket> {
  const limits = signInLimitsOf(ctx.config);
  const t = ctx.now();
  const tMs = t.getTime();
  const address = addressOf(input.ip);
  const keys = keysOf(ctx, input.email, address);
  return ctx.db.transaction(async (tx) => {
    // Always in this order (account, pair, address): two processes take the row locks alike.
    const account = await lockRow(tx, 'account', keys.account, t, limits);
    const pair = await lockRow(tx, 'pair', keys.pair, t, limits);
    const addr = await lockRow(tx, 'address', keys.address, t, limits);
    const gates: Row[] = input.known ? [pair] : [account, pair, addr];
    const waitMs = Math.max(0, ...gates.map((r) => (r.lockedUntil ? r.lockedUntil.getTime() - tMs : 0)));
    if (waitMs > 0) throw new SignInThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));

    const counted: Scope[] = ['pair', 'address'];
    // The ceiling hears each unknown address's first few failures only: one address is its pair's business.
    if (!input.known && pair.failures < limits.pairFreeFailures) counted.unshift('account');
    const rows: Record<Scope, Row> = { account, pair, address: addr };
    const locks: SignInTicket['locks'] = {};
    for (const scope of counted) {
      const row = rows[scope];
      const failures = row.failures + 1;
      const delay = delayAfterFailures(failures, freeOf(limits, scope), limits.baseDelayMs, maxDelay(limits, scope));
      // A delay still running (an address a known pair passes through) is never shortened by this attempt.
      const running = row.lockedUntil && row.lockedUntil.getTime() > tMs ? row.lockedUntil : null;
      const next = delay > 0 ? new Date(tMs + delay) : null;
      const setTo = running && (!next || running > next) ? running : next;
      locks[scope] = { previous: row.lockedUntil, setTo };
      await tx
        .update(signInThrottle)
        .set({ failures, lastFailureAt: t, lockedUntil: setTo })
        .where(and(eq(signInThrottle.scope, scope), eq(signInThrottle.key, keys[scope])));
    }
    return { email: input.email, address, account: input.account, known: input.known, counted, locks };
  });
}

/**
 * The password was right: the pair starts over, the address and the account get this attempt back; the address is
 * remembered for the account (the most recent few only).
 */
export async function releaseSignInAttempt(ctx: AppContext, ticket: SignInTicket): Promise<void> {
  const limits = signInLimitsOf(ctx.config);
  const keys = keysOf(ctx, ticket.email, ticket.address);
  const t = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const scope of ticket.counted) {
      const where = and(eq(signInThrottle.scope, scope), eq(signInThrottle.key, keys[scope]));
      if (scope === 'pair') {
        await tx.delete(signInThrottle).where(where);
        continue;
      }
      // The delay this attempt left goes back to what it was, unless another attempt changed it meanwhile: the owner's
      // success never lifts a delay that others' failures earned (e.g. on an address a known pair passes through).
      const { previous = null, setTo = null } = ticket.locks[scope] ?? {};
      await tx
        .update(signInThrottle)
        .set({
          failures: sql`greatest(${signInThrottle.failures} - 1, 0)`,
          lockedUntil: sql`CASE WHEN ${signInThrottle.lockedUntil} IS NOT DISTINCT FROM ${setTo?.toISOString() ?? null}::timestamptz
            THEN ${previous?.toISOString() ?? null}::timestamptz ELSE ${signInThrottle.lockedUntil} END`,
        })
        .where(where);
    }
    if (!ticket.account) return;
    const { userId } = ticket.account;
    await tx
      .insert(signInKnownAddresses)
      .values({ userId, addressHash: knownHash(ctx, userId, ticket.address), lastSeenAt: t })
      .onConflictDoUpdate({
        target: [signInKnownAddresses.userId, signInKnownAddresses.addressHash],
        set: { lastSeenAt: t },
      });
    // Bounded: the most recent few, none older than the remembered age.
    const keep = tx
      .select({ h: signInKnownAddresses.addressHash })
      .from(signInKnownAddresses)
      .where(eq(signInKnownAddresses.userId, userId))
      .orderBy(desc(signInKnownAddresses.lastSeenAt))
      .limit(limits.knownAddresses);
    await tx
      .delete(signInKnownAddresses)
      .where(
        and(
          eq(signInKnownAddresses.userId, userId),
          or(
            notInArray(signInKnownAddresses.addressHash, keep),
            lt(signInKnownAddresses.lastSeenAt, new Date(t.getTime() - limits.knownAddressMaxAgeMs)),
          ),
        ),
      );
  });
}

let failuresSincePrune = 0;

/**
 * The password was wrong: the attempt stays counted, and the account's window goes on (any failure for the account keeps
 * it open, counted or not). When a delay is engaged on the account (its pair or its ceiling), the owner is told, once per
 * window: a guesser who keeps going gets one notice, a new wave after a quiet window gets another.
 */
export async function recordSignInFailure(ctx: AppContext, ticket: SignInTicket): Promise<void> {
  const limits = signInLimitsOf(ctx.config);
  const keys = keysOf(ctx, ticket.email, ticket.address);
  const t = ctx.now();
  const account = ticket.account;
  await ctx.db.transaction(async (tx) => {
    // An unknown e-mail's row goes on alike (same statements, same time): only a real account is told.
    const [row] = await tx
      .update(signInThrottle)
      .set({ lastFailureAt: t })
      .where(and(eq(signInThrottle.scope, 'account'), eq(signInThrottle.key, keys.account)))
      .returning();
    const [pair] = await tx
      .select({ failures: signInThrottle.failures })
      .from(signInThrottle)
      .where(and(eq(signInThrottle.scope, 'pair'), eq(signInThrottle.key, keys.pair)));
    if (!account || !row) return;
    const engaged = (pair?.failures ?? 0) >= limits.pairFreeFailures || row.failures >= limits.accountFreeFailures;
    if (!engaged || (row.notifiedAt && row.notifiedAt >= row.windowStartedAt)) return;
    // One process wins the notice of a window: the update is conditional on what it read.
    const [told] = await tx
      .update(signInThrottle)
      .set({ notifiedAt: t })
      .where(
        and(
          eq(signInThrottle.scope, 'account'),
          eq(signInThrottle.key, keys.account),
          or(sql`${signInThrottle.notifiedAt} IS NULL`, lt(signInThrottle.notifiedAt, signInThrottle.windowStartedAt)),
        ),
      )
      .returning({ windowStartedAt: signInThrottle.windowStartedAt });
    if (!told) return;
    await insertNotification(tx, {
      userId: account.userId,
      userType: account.userType,
      billingAccountId: null,
      kind: 'SIGN_IN_THROTTLED',
      params: { date: t.toISOString().slice(0, 10), knownAddress: ticket.known },
      dedupeKey: `sign-in-throttled:${account.userId}:${told.windowStartedAt.getTime()}`,
      createdAt: t,
    });
  });
  // Rows of unknown e-mails and passing addresses would pile up: now and then drop the ones whose window is over.
  if (++failuresSincePrune >= 100) {
    failuresSincePrune = 0;
    await pruneSignInThrottle(ctx);
  }
}

/** Drops the counts whose window is over and whose delay has passed. */
export async function pruneSignInThrottle(ctx: AppContext): Promise<void> {
  const limits = signInLimitsOf(ctx.config);
  const t = ctx.now();
  await ctx.db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.lastFailureAt, new Date(t.getTime() - limits.windowMs)),
        or(sql`${signInThrottle.lockedUntil} IS NULL`, lt(signInThrottle.lockedUntil, t)),
      ),
    );
}
