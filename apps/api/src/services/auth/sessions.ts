// Server-side sessions (issue 9 "Sessions that end"). Every access token names a session (sid) that each request
// checks here: a revoked, idle or expired session refuses the token even before its 15 minutes are up.
// Each process keeps what it read for cacheTtlMs at most (≤ 5 s), so a sign-out in one API process takes effect in the
// others within that time; in its own process at once.
import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserType } from '../../lib/jwt.ts';

export interface SessionConfig {
  /** No request for this long ends the session (PCI DSS 4.0 req. 8.2.8: 15 minutes at most). */
  idleMs: number;
  /** No refresh past this, however active the session (OWASP: 4 to 8 hours for a working day). */
  absoluteMs: number;
  /** How long a process trusts what it read of a session (revocation delay across processes). */
  cacheTtlMs: number;
}

export const SESSION_DEFAULTS: SessionConfig = { idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000, cacheTtlMs: 2_000 };
/** last_seen_at is written at most this often per session (idle precision), not on every request. */
const TOUCH_EVERY_MS = 60_000;
const CACHE_MAX = 10_000;
/** Sessions past their end are kept this long (who signed in from where), then dropped now and then at sign-in. */
const KEEP_ENDED_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_CREATES = 500;

export type SessionRow = typeof sessions.$inferSelect;
export interface LiveSession {
  row: SessionRow;
  /** The admin's session behind a mimic session. */
  parent: SessionRow | null;
}

const invalid = () => new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
const expired = () => new AppError('RM_ERROR_ACCESS_TOKEN_EXPIRED', 'Access token expired');

export interface SessionStore {
  readonly config: SessionConfig;
  create(input: {
    userId: string;
    userType: UserType;
    parent?: SessionRow;
    mimicLeaseId?: string;
    userAgent?: string | null;
    ip?: string | null;
  }): Promise<SessionRow>;
  /** The live session `sid` (and its parent), or a 401 error. `fresh` skips the cache (refresh, sign-out). */
  check(sid: string, opts?: { fresh?: boolean }): Promise<LiveSession>;
  /** The latest moment a token of this session may live to (its own and its parent's absolute end). */
  notAfter(live: LiveSession): number;
  /** Ends a session and its mimic children. */
  revoke(sid: string): Promise<void>;
  /** Ends every session of a user but one (password change), with their mimic children. */
  revokeOthers(userId: string, userType: string, keepSid: string): Promise<void>;
}

function numberOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function createSessionStore(db: Db, now: () => Date, config: Partial<SessionConfig> = {}): SessionStore {
  const cfg: SessionConfig = {
    idleMs: numberOr(config.idleMs, SESSION_DEFAULTS.idleMs),
    absoluteMs: numberOr(config.absoluteMs, SESSION_DEFAULTS.absoluteMs),
    // Never more than 5 s: the bound on revocation across processes.
    cacheTtlMs: Math.min(5_000, config.cacheTtlMs ?? SESSION_DEFAULTS.cacheTtlMs),
  };
  const cache = new Map<string, { live: LiveSession; readAt: number }>();
  const parentTable = alias(sessions, 'parent_session');
  let createsSincePrune = 0;

  async function read(sid: string): Promise<LiveSession | null> {
    const [found] = await db
      .select({ row: sessions, parent: parentTable })
      .from(sessions)
      .leftJoin(parentTable, eq(parentTable.id, sessions.parentId))
      .where(eq(sessions.id, sid))
      .limit(1);
    return found ? { row: found.row, parent: found.parent } : null;
  }

  function forget(sids: Iterable<string>): void {
    const gone = new Set(sids);
    for (const [sid, entry] of cache)
      if (gone.has(sid) || (entry.live.parent && gone.has(entry.live.parent.id))) cache.delete(sid);
  }

  /** Throws unless the session (and the admin's session behind a mimic one) is live at `t`. */
  function assertLive(s: SessionRow | null, t: number): void {
    if (!s || s.revokedAt) throw invalid();
    if (t >= s.expiresAt.getTime() || t - s.lastSeenAt.getTime() > cfg.idleMs) throw expired();
  }

  async function touch(live: LiveSession, t: Date): Promise<void> {
    const ids = [live.row.id, ...(live.parent ? [live.parent.id] : [])];
    // Activity in a mimic session is activity of the admin's session too: it must not time out underneath.
    await db.update(sessions).set({ lastSeenAt: t }).where(inArray(sessions.id, ids));
    live.row.lastSeenAt = t;
    if (live.parent) live.parent.lastSeenAt = t;
  }

  return {
    config: cfg,

    async create(input) {
      const t = now();
      const ownEnd = t.getTime() + cfg.absoluteMs;
      const [row] = await db
        .insert(sessions)
        .values({
          userId: input.userId,
          userType: input.userType,
          parentId: input.parent?.id ?? null,
          mimicLeaseId: input.mimicLeaseId ?? null,
          createdAt: t,
          lastSeenAt: t,
          // A mimic session never outlives the admin's session.
          expiresAt: new Date(input.parent ? Math.min(ownEnd, input.parent.expiresAt.getTime()) : ownEnd),
          userAgent: input.userAgent?.slice(0, 512) ?? null,
          ip: input.ip ?? null,
        })
        .returning();
      if (++createsSincePrune >= PRUNE_EVERY_CREATES) {
        createsSincePrune = 0;
        await db.delete(sessions).where(lt(sessions.expiresAt, new Date(t.getTime() - KEEP_ENDED_MS)));
      }
      return row;
    },

    async check(sid, opts = {}) {
      const t = now();
      const tMs = t.getTime();
      const cached = opts.fresh ? undefined : cache.get(sid);
      // Timed by the app's clock (tests move it); a clock that went back counts as stale.
      const age = cached ? tMs - cached.readAt : Number.POSITIVE_INFINITY;
      let live: LiveSession | null = age >= 0 && age < cfg.cacheTtlMs && cached ? cached.live : null;
      if (!live) {
        live = await read(sid);
        if (!live) {
          cache.delete(sid);
          throw invalid();
        }
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(sid, { live, readAt: tMs });
      }
      assertLive(live.row, tMs);
      if (live.row.parentId) assertLive(live.parent, tMs);
      if (tMs - live.row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touch(live, t);
      return live;
    },

    notAfter(live) {
      const own = live.row.expiresAt.getTime();
      return live.parent ? Math.min(own, live.parent.expiresAt.getTime()) : own;
    },

    async revoke(sid) {
      const t = now();
      const ended = await db
        .update(sessions)
        .set({ revokedAt: t })
        .where(and(or(eq(sessions.id, sid), eq(sessions.parentId, sid)), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      forget([sid, ...ended.map((r) => r.id)]);
    },

    async revokeOthers(userId, userType, keepSid) {
      const t = now();
      const ended = await db
        .update(sessions)
        .set({ revokedAt: t })
        .where(
          and(
            eq(sessions.userId, userId),
            eq(sessions.userType, userType),
            ne(sessions.id, keepSid),
            // A mimic session acting as this user is the admin's, not the user's: it stays.
            isNull(sessions.parentId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id });
      if (ended.length === 0) return;
      const ids = ended.map((r) => r.id);
      // Their mimic children end with them.
      const children = await db
        .update(sessions)
        .set({ revokedAt: t })
        .where(and(inArray(sessions.parentId, ids), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      forget([...ids, ...children.map((r) => r.id)]);
    },
  };
}
