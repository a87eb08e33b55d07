// issue 24 /set_log_level (spec 2 §7 "Others"): the admin changes the running server's log level without a restart;
// the change is audited and seen in the log; on PostgreSQL every server on the database follows within seconds (NOTIFY,
// a poll of the stored level, a reconnect after the listening connection is lost), and a server started later starts
// with it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { startLogLevelSync } from '../src/services/operations/log-level.ts';

// The servers' poll behind NOTIFY is a minute here, so a change seen within seconds came by NOTIFY (or by the reconnect's
// read); the poll itself is tested on its own sync with a short period.
process.env.LOG_LEVEL_POLL_MS = '60000';

const dir = mkdtempSync(join(tmpdir(), 'portal-log-level-'));
const config: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: dir,
  jwtSecret: 'log-level-secret-log-level-secret-00',
  storageDir: join(dir, 'files'),
  authorizeRateLimit: { max: 1000, timeWindowMs: 60_000 },
  logLevel: 'info',
};

/** An app whose log lines (pino JSON) are kept, at info like a production server. */
async function appWithLog(databaseUrl?: string): Promise<{ app: App; lines: () => { level: number; msg: string }[] }> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory' });
  const app = await buildApp({ database, config, logger: { level: 'info', stream } });
  app.addHook('onClose', () => database.close());
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string });
  return { app, lines };
}

async function token(app: App, email: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/authorize',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}` },
  });
  return res.json().access_token as string;
}

const setLevel = (app: App, bearer: string | null, body: unknown, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/set_log_level',
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'accept-language': lang },
    payload: body as Record<string, unknown>,
  });
const eventsSearch = (app: App, bearer: string, body: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/events/search', headers: { authorization: `Bearer ${bearer}` }, payload: body });

async function until(check: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('POST /api/set_log_level (one server)', () => {
  let app: App;
  let lines: () => { level: number; msg: string }[];
  let admin: string;
  beforeAll(async () => {
    ({ app, lines } = await appWithLog());
    await app.ready();
    await seedDemo(app.ctx);
    admin = await token(app, 'admin@demo.test');
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('at info no debug line is written; set to debug, the next request writes its debug lines, no restart', async () => {
    await eventsSearch(app, admin);
    expect(lines().some((l) => l.level === 20)).toBe(false);
    const res = await setLevel(app, admin, { level: 'debug' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ level: 'debug', previous: 'info' });
    expect(app.log.level).toBe('debug');
    await eventsSearch(app, admin);
    expect(
      lines()
        .filter((l) => l.level === 20)
        .map((l) => l.msg),
    ).toContain('events search');
    const now = await app.inject({ method: 'GET', url: '/api/set_log_level', headers: { authorization: `Bearer ${admin}` } });
    expect(now.json()).toEqual({ level: 'debug' });
    // Back to warn: an info line (a request completed) is no longer written.
    expect((await setLevel(app, admin, { level: 'warn' })).json()).toEqual({ level: 'warn', previous: 'debug' });
    const before = lines().length;
    await eventsSearch(app, admin);
    expect(
      lines()
        .slice(before)
        .filter((l) => l.level < 40),
    ).toEqual([]);
  });

  it('is audited: SET_LOG_LEVEL with from and to, by the admin', async () => {
    const res = await eventsSearch(app, admin, { type: 'SET_LOG_LEVEL' });
    expect(res.json().records.map((e: { changes: unknown }) => e.changes)).toEqual([
      { level: { from: 'debug', to: 'warn' } },
      { level: { from: 'info', to: 'debug' } },
    ]);
    expect(res.json().records[0]).toMatchObject({ recordType: 'server_setting', recordId: 'log_level', userType: 'TYPE_ADMIN' });
  });

  it('admin only: a manager or a tenant 403, no token 401; the level unchanged', async () => {
    for (const email of ['manager@demo.test', 'tenant@demo.test']) {
      const bearer = await token(app, email);
      expect((await setLevel(app, bearer, { level: 'trace' })).statusCode).toBe(403);
      const get = await app.inject({ method: 'GET', url: '/api/set_log_level', headers: { authorization: `Bearer ${bearer}` } });
      expect(get.statusCode).toBe(403);
    }
    expect((await setLevel(app, null, { level: 'trace' })).statusCode).toBe(401);
    expect(app.log.level).toBe('warn');
  });

  it('an unknown level: 400 naming "level" with the levels, in English and in French', async () => {
    const en = await setLevel(app, admin, { level: 'verbose' });
    expect(en.statusCode).toBe(400);
    expect(en.json().fieldErrors[0]).toMatchObject({ field: 'level' });
    expect(en.json().fieldErrors[0].message).toBe(
      'Unknown log level. Use one of fatal, error, warn, info, debug, trace, silent.',
    );
    const fr = await setLevel(app, admin, { level: 'verbose' }, 'fr');
    expect(fr.json().fieldErrors[0].message).toContain('Niveau de journalisation inconnu');
    expect((await setLevel(app, admin, {})).json().fieldErrors[0].field).toBe('level');
    expect(app.log.level).toBe('warn');
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('all servers on one PostgreSQL follow within seconds', () => {
  let dbUrl: string;
  const servers: { app: App; lines: () => { level: number; msg: string }[] }[] = [];
  let admin: string;
  beforeAll(async () => {
    dbUrl = await createThrowawayDatabase(serverUrl as string, 'portal_log_level');
    for (let i = 0; i < 2; i++) servers.push(await appWithLog(dbUrl));
    await Promise.all(servers.map((s) => s.app.ready()));
    await seedDemo(servers[0].app.ctx);
    admin = await token(servers[0].app, 'admin@demo.test');
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.app.close();
    if (dbUrl) await dropThrowawayDatabase(serverUrl as string, dbUrl);
  });

  it('set on one server (NOTIFY): the other applies it within seconds and writes debug lines', async () => {
    const [a, b] = servers;
    expect(b.app.log.level).toBe('info');
    expect((await setLevel(a.app, admin, { level: 'debug' })).statusCode).toBe(200);
    const took = await until(() => b.app.log.level === 'debug', 3_000);
    expect(took).toBeLessThan(3_000);
    await eventsSearch(b.app, admin);
    expect(
      b
        .lines()
        .filter((l) => l.level === 20)
        .map((l) => l.msg),
    ).toContain('events search');
  });

  it('a change no notice announced (the stored level) is read by the poll', async () => {
    const logger = { level: 'debug', info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
    const sync = await startLogLevelSync(servers[0].app.ctx, logger, { pollMs: 300 });
    try {
      await servers[0].app.ctx.database.raw(`UPDATE server_settings SET value = 'error' WHERE key = 'log_level'`);
      await until(() => logger.level === 'error', 3_000);
      // The servers got no notice: they keep their level until their own poll.
      expect(servers[1].app.log.level).toBe('debug');
    } finally {
      await sync.stop();
    }
    await servers[0].app.ctx.database.raw(`UPDATE server_settings SET value = 'debug' WHERE key = 'log_level'`);
  });

  it('the listening connection lost: the server reconnects and catches up', async () => {
    const raw = servers[0].app.ctx.database.raw;
    const killed = await raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND (query LIKE 'LISTEN portal_log_level%' OR query LIKE 'SELECT value FROM server_settings%')`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    expect((await setLevel(servers[0].app, admin, { level: 'info' })).statusCode).toBe(200);
    await until(() => servers.every((s) => s.app.log.level === 'info'), 6_000);
    // And follows the next change.
    expect((await setLevel(servers[1].app, admin, { level: 'trace' })).statusCode).toBe(200);
    await until(() => servers[0].app.log.level === 'trace', 3_000);
  });

  it('a server started later starts with the stored level', async () => {
    const late = await appWithLog(dbUrl);
    await late.app.ready();
    try {
      expect(late.app.log.level).toBe('trace');
    } finally {
      await late.app.close();
    }
  });
});
