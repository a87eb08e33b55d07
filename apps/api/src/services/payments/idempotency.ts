// Idempotency-Key for payment calls (ARCHITECTURE "The API contract"; issue 8): keys are per user; a retry answers the
// first result and never charges again; requests arriving while the first runs wait for it and answer the same body;
// the same key with another body is refused. The row in idempotency_keys is claimed with an INSERT that only one
// request (of any process on the database) can win; its answer is stored when the work ends. A key is never freed by
// a failure (issue 20): only the recovery frees one under which nothing was recorded.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Lang, localize } from '../../lib/i18n.ts';
import { driverValue, runStatement, statement } from './raw-statements.ts';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** An Idempotency-Key header value: 1..255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Longest wait for a request already running under the same key, before answering 409. */
const WAIT_LIMIT_MS = 60_000;
const POLL_MS = 25;

/** A body's fingerprint: keys sorted at every depth, so the same JSON in another key order is the same request. */
export function requestHash(scope: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify([scope, canonical(body)]))
    .digest('hex');
}

/** The header's key, checked: required on payment calls. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw AppError.onField('Idempotency-Key', 'server.payments.idempotencyKeyRequired');
  return key;
}

const k = idempotencyKeys;
const column = (c: { name: string }) => sql.identifier(c.name);
/** The claim: only one request (of any process) inserts the row. */
const claimStatement = statement(
  () => sql`INSERT INTO ${k} (${column(k.userId)}, ${column(k.key)}, ${column(k.requestHash)})
VALUES (${sql.placeholder('userId')}, ${sql.placeholder('key')}, ${sql.placeholder('requestHash')})
ON CONFLICT DO NOTHING RETURNING ${k.key}`,
);
/** The answer kept for every retry: the first one stored wins (a takeover that finished second answers the first). */
const storeStatement = statement(
  () =>
    sql`UPDATE ${k} SET ${column(k.statusCode)} = ${sql.placeholder('statusCode')}, ${column(k.response)} = ${sql.placeholder(
      'response',
    )} WHERE ${k.userId} = ${sql.placeholder('userId')} AND ${k.key} = ${sql.placeholder('key')} AND ${k.statusCode} IS NULL
RETURNING ${k.key}`,
);

// Requests of this process running under a key: later ones wait on the promise instead of polling the database.
const running = new Map<string, Promise<StoredAnswer>>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How often a running request renews its key's heartbeat. */
export const HEARTBEAT_MS = 1_000;
/**
 * A key whose heartbeat is this old (its server died), or that its request released (it ended without an answer), and
 * that is not running in this process, is taken over by a retry: the work finishes what the first run recorded
 * (issue 20). A key still heartbeating is running on another server: its answer is waited for.
 */
export const TAKEOVER_STALE_MS = 3_000;

const heartbeatStatement = statement(
  () => sql`UPDATE ${k} SET ${column(k.heartbeatAt)} = now()
WHERE ${k.userId} = ${sql.placeholder('userId')} AND ${k.key} = ${sql.placeholder('key')} AND ${k.statusCode} IS NULL`,
);
const releaseStatement = statement(
  () => sql`UPDATE ${k} SET ${column(k.heartbeatAt)} = NULL
WHERE ${k.userId} = ${sql.placeholder('userId')} AND ${k.key} = ${sql.placeholder('key')} AND ${k.statusCode} IS NULL`,
);
/** The takeover: one request (of any process) wins a key whose request is gone. */
const takeoverStatement = statement(
  () => sql`UPDATE ${k} SET ${column(k.heartbeatAt)} = now()
WHERE ${k.userId} = ${sql.placeholder('userId')} AND ${k.key} = ${sql.placeholder('key')} AND ${k.statusCode} IS NULL
  AND (${k.heartbeatAt} IS NULL OR ${k.heartbeatAt} < now() - make_interval(secs => ${sql.placeholder('staleSeconds')}::float8))
RETURNING ${k.key}`,
);

/**
 * Runs `work` once per (user, key). `work` answers what to send (status and body); an answer below 500 is kept and sent
 * again to every retry. An unexpected error keeps the key claimed and unanswered (issue 20: freeing it let a retry
 * charge a second time when the failure came after the charge) and releases it: a retry takes it over and runs the
 * work again, which must find what the first run recorded and finish it (every payment service looks up its
 * transaction by key, and a unique index refuses a second one). A key nobody retries is answered by the payment
 * recovery from its transaction, or freed when none was recorded.
 */
export async function runIdempotent(
  ctx: Pick<AppContext, 'db'>,
  claim: { userId: string; key: string; scope: string; body: unknown },
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const hash = requestHash(claim.scope, claim.body);
  const mapKey = `${claim.userId}\u0000${claim.key}`;
  const started = Date.now();
  for (;;) {
    const local = running.get(mapKey);
    if (local) {
      await local.catch(() => undefined);
    } else {
      const inserted = await runStatement(ctx.db, claimStatement({ userId: claim.userId, key: claim.key, requestHash: hash }));
      if (inserted.length > 0) return runOnce(ctx, claim, mapKey, work);
    }
    const [row] = await ctx.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
    // Freed by the recovery (nothing was recorded under it): claim it again.
    if (!row) continue;
    if (row.requestHash !== hash) throw new AppError('RM_ERROR_IDEMPOTENCY_CONFLICT', 'server.payments.idempotencyConflict');
    if (row.statusCode != null) return { statusCode: row.statusCode, body: row.response };
    if (!running.has(mapKey)) {
      const taken = await runStatement(
        ctx.db,
        takeoverStatement({ userId: claim.userId, key: claim.key, staleSeconds: TAKEOVER_STALE_MS / 1000 }),
      );
      if (taken.length > 0) return runOnce(ctx, claim, mapKey, work);
    }
    if (Date.now() - started > WAIT_LIMIT_MS)
      throw new AppError('RM_ERROR_IDEMPOTENCY_CONFLICT', 'server.payments.idempotencyInProgress');
    await sleep(POLL_MS);
  }
}

/**
 * Runs the work under a claimed key, its heartbeat renewed while it runs, and stores its answer (the first stored
 * answer wins). Ended without an answer (an unexpected error), the key is released for a retry to take over.
 */
async function runOnce(
  ctx: Pick<AppContext, 'db'>,
  claim: { userId: string; key: string },
  mapKey: string,
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const beat = setInterval(() => {
    runStatement(ctx.db, heartbeatStatement(claim)).catch(() => undefined); // a missed beat only lets a retry in sooner
  }, HEARTBEAT_MS);
  beat.unref();
  const job = (async () => {
    let answer: StoredAnswer;
    try {
      answer = await work();
    } catch (err) {
      // "Still running, ask again" is no answer to keep: kept, every retry would be told so for ever.
      if (!(err instanceof AppError && err.statusCode < 500) || err.errorCode === 'RM_ERROR_IDEMPOTENCY_CONFLICT') {
        clearInterval(beat);
        // Still claimed and unanswered; released so that the retry need not wait for the heartbeat to go stale.
        await runStatement(ctx.db, releaseStatement(claim)).catch(() => undefined);
        throw err;
      }
      answer = refusalAnswer(err);
    } finally {
      clearInterval(beat);
    }
    const stored = await runStatement(
      ctx.db,
      storeStatement({
        userId: claim.userId,
        key: claim.key,
        statusCode: answer.statusCode,
        response: driverValue(idempotencyKeys.response, answer.body),
      }),
    );
    if (stored.length > 0) return answer;
    const [first] = await ctx.db
      .select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
    return first?.statusCode != null ? { statusCode: first.statusCode, body: first.response } : answer;
  })();
  running.set(mapKey, job);
  try {
    return await job;
  } finally {
    if (running.get(mapKey) === job) running.delete(mapKey);
  }
}

/** The answer kept for a refusal: its status and the errors plugin's envelope, before translation. */
export function refusalAnswer(err: AppError): StoredAnswer {
  return {
    statusCode: err.statusCode,
    body: {
      errorCode: err.errorCode,
      message: err.message,
      ...(err.values ? { values: err.values } : {}),
      ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
      ...(err.extra ?? {}),
    },
  };
}

/** A stored error body as sent: its message keys in the caller's language (as the errors plugin does). */
export function localizeStoredError(lang: Lang, body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const { values, fieldErrors, message, ...rest } = body as {
    values?: Record<string, unknown>;
    fieldErrors?: { message: string; values?: Record<string, unknown> }[];
    message?: string;
  };
  return {
    ...rest,
    message: localize(lang, message ?? '', values),
    ...(fieldErrors
      ? { fieldErrors: fieldErrors.map(({ values: v, ...f }) => ({ ...f, message: localize(lang, f.message, v) })) }
      : {}),
  };
}

/** Keys whose request never finished (the process died): recovery settles or frees them. */
export async function findUnfinishedKeys(
  ctx: Pick<AppContext, 'db'>,
): Promise<{ userId: string; key: string; createdAt: string }[]> {
  return ctx.db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(isNull(idempotencyKeys.statusCode));
}

/** Stores the answer of a key settled by recovery. */
export async function storeAnswer(
  ctx: Pick<AppContext, 'db'>,
  claim: { userId: string; key: string },
  answer: StoredAnswer | null,
): Promise<void> {
  const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  if (answer) await ctx.db.update(idempotencyKeys).set({ statusCode: answer.statusCode, response: answer.body }).where(where);
  else await ctx.db.delete(idempotencyKeys).where(where);
}
