// issue 24 /set_log_level (spec 2 §7 "Others"): the running servers' log level, changed without a restart.
// The level is stored in server_settings ('log_level'), so every server on one database follows it and a restarted one
// starts with it (over LOG_LEVEL). On PostgreSQL a change is announced with NOTIFY in the writing transaction; each
// server LISTENs on a connection of its own (reconnected when lost) and also reads the stored level every few seconds,
// which catches a notice missed while that connection was down. PGlite is one process: the change applies at once.
//
// Pino: Fastify's request loggers are children made per request without a level of their own, so each takes the root
// logger's level when the request starts; setting the root level covers every later request (a child made before keeps
// its level: the app keeps no long-lived child loggers).
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AppContext } from '../../context.ts';
import { serverSettings } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const isLogLevel = (v: unknown): v is LogLevel => (LOG_LEVELS as readonly unknown[]).includes(v);

const KEY = 'log_level';
const CHANNEL = 'portal_log_level';
/** How often each server reads the stored level (the fallback to NOTIFY); LOG_LEVEL_POLL_MS overrides. */
export const DEFAULT_POLL_MS = 5_000;
const MAX_RECONNECT_MS = 30_000;

/** Sets the logger's level if it differs (the logger of Fastify is pino; its setter refuses unknown names). */
export function applyLogLevel(logger: FastifyBaseLogger, level: string): boolean {
  if (!isLogLevel(level) || logger.level === level) return false;
  const from = logger.level;
  logger.level = level;
  logger.info({ from, to: level }, 'log level changed');
  return true;
}

export async function readStoredLogLevel(ctx: AppContext): Promise<LogLevel | null> {
  const [row] = await ctx.db.select({ value: serverSettings.value }).from(serverSettings).where(eq(serverSettings.key, KEY));
  return row && isLogLevel(row.value) ? row.value : null;
}

/** Stores the level for every server, audited, announced to the others; applies it here at once. */
export async function setLogLevel(
  ctx: AppContext,
  logger: FastifyBaseLogger,
  level: LogLevel,
  actor: Actor,
): Promise<{ level: LogLevel; previous: LogLevel }> {
  // Without a logger (tests: logger false) Fastify's stand-in has no level: nothing is written, as with 'silent'.
  const previous = isLogLevel(logger.level) ? logger.level : 'silent';
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: serverSettings.value })
      .from(serverSettings)
      .where(eq(serverSettings.key, KEY))
      .for('update');
    const at = ctx.now().toISOString();
    await tx
      .insert(serverSettings)
      .values({ key: KEY, value: level, updatedAt: at, updatedBy: actor.id })
      .onConflictDoUpdate({ target: serverSettings.key, set: { value: level, updatedAt: at, updatedBy: actor.id } });
    await recordAudit(tx, {
      recordType: 'server_setting',
      recordId: KEY,
      action: 'SET_LOG_LEVEL',
      changes: { level: { from: before?.value ?? previous, to: level } },
      actor,
    });
    // Delivered to the listeners when this transaction commits, never for a rolled-back change.
    if (ctx.database.kind === 'postgres') await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${level})`);
  });
  applyLogLevel(logger, level);
  return { level, previous };
}

export interface LogLevelSync {
  stop: () => Promise<void>;
}

/**
 * Follows the stored level: read once now; on PostgreSQL also LISTEN on a connection of its own and read the stored
 * level every `pollMs` through it (reconnecting with a growing delay when it is lost).
 */
export async function startLogLevelSync(
  ctx: AppContext,
  logger: FastifyBaseLogger,
  opts: { pollMs?: number } = {},
): Promise<LogLevelSync> {
  const stored = await readStoredLogLevel(ctx).catch(() => null);
  if (stored) applyLogLevel(logger, stored);
  const newClient = ctx.database.newClient;
  if (ctx.database.kind !== 'postgres' || !newClient) return { stop: async () => undefined };

  const pollMs = opts.pollMs ?? (Number(process.env.LOG_LEVEL_POLL_MS) || DEFAULT_POLL_MS);
  let client: pg.Client | null = null;
  let connecting = false;
  let stopped = false;
  let retryMs = 1_000;
  let retryTimer: NodeJS.Timeout | null = null;

  const readVia = async (c: pg.Client) => {
    const { rows } = await c.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [KEY]);
    if (rows[0]) applyLogLevel(logger, rows[0].value);
  };
  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: err?.message }, 'log level listener lost its connection; reconnecting');
    scheduleConnect();
  };
  const connect = async () => {
    if (stopped || client || connecting) return;
    connecting = true;
    const c = newClient();
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) applyLogLevel(logger, msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      retryMs = 1_000;
      // A change made while this connection was down sent its notice to nobody here.
      await readVia(c);
    } catch (err) {
      c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!stopped) {
        logger.warn({ err: (err as Error).message }, 'log level listener could not connect; retrying');
        scheduleConnect();
      }
    } finally {
      connecting = false;
    }
    if (stopped) await c.end().catch(() => undefined);
  };
  const scheduleConnect = () => {
    if (retryTimer || stopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RECONNECT_MS);
  };
  const poll = setInterval(() => {
    const c = client;
    if (c) readVia(c).catch((err: Error) => lost(c, err));
    else void connect();
  }, pollMs);
  poll.unref();
  await connect();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
