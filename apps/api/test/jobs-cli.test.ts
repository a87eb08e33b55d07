// issue 10 "Scheduling": `npm run jobs -- --now <ISO instant>` (apps/api/src/jobs/cli.ts) runs everything due as of the
// instant, through the running server when one holds the data folder (an authenticated local call), else by opening the
// folder itself, and says which; two runs for one instant pay nothing twice. The internal route refuses a wrong or
// missing secret, a request from another address or relayed by a proxy, and is not in the OpenAPI document.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_IDS, seedDemo } from '../src/db/seed.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { parseInstant, parseJobsArgs, UsageError } from '../src/jobs/cli-args.ts';
import { emptyReport, type JobReport } from '../src/jobs/run-jobs.ts';
import errorsPlugin from '../src/plugins/errors.ts';
import internalJobRoutes from '../src/routes/internal/jobs.ts';
import { JOBS_SECRET_HEADER, jobsSecretPath, readJobsSecret } from '../src/routes/internal/jobs-secret.ts';
import { killStartedProcesses, root, type Started, signIn, startServer } from './server-process.ts';

afterAll(killStartedProcesses);

const onPostgres = process.env.TEST_DATABASE_URL;

/** `npm run jobs -- …` as npm runs it (the script of package.json), with its exit code and output. */
function runJobsCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/jobs/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the arguments', () => {
  it('takes an ISO 8601 instant with a time and a zone, and refuses anything else', () => {
    expect(parseInstant('2026-12-01T06:00:00Z')?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(parseInstant('2026-12-01T01:00-05:00')?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(parseInstant('2026-12-01T06:00:00.250+00:00')?.toISOString()).toBe('2026-12-01T06:00:00.250Z');
    for (const bad of [
      '2026-12-01',
      '2026-12-01T06:00:00',
      '2026-02-30T06:00:00Z',
      '2026-13-01T00:00Z',
      '2026-12-01T24:00Z',
      'tomorrow',
      '',
    ]) {
      expect(parseInstant(bad), bad).toBeNull();
    }
    const now = new Date('2026-05-05T05:05:05Z');
    expect(parseJobsArgs([], () => now)).toEqual({ now, json: false, help: false });
    expect(parseJobsArgs(['--now=2026-12-01T06:00:00Z', '--json']).now.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(() => parseJobsArgs(['--now'])).toThrow(UsageError);
    expect(() => parseJobsArgs(['--later'])).toThrow(UsageError);
  });

  it('exits 2 with a clear message on a bad --now, before touching any data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-args-'));
    const r = await runJobsCli(['--now', '2026-02-30T06:00:00Z'], { DATA_DIR: dataDir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"2026-02-30T06:00:00Z" is not an ISO 8601 instant with a time and a zone');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('POST /api/internal/jobs/run', () => {
  const SECRET = 'the-right-secret';
  const calls: Date[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('ctx', { now: () => new Date('2026-03-03T03:03:03Z') } as AppContext);
    await app.register(errorsPlugin);
    await app.register(internalJobRoutes, {
      prefix: '/api',
      secret: SECRET,
      run: async (_ctx, opts) => {
        calls.push(opts.now);
        return emptyReport(opts.now, 'test-runner');
      },
    });
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1', body: object = { now: '2026-12-01T06:00:00Z' }) =>
    app.inject({ method: 'POST', url: '/api/internal/jobs/run', headers, payload: body, remoteAddress });

  it('runs the jobs for the instant asked, with the secret, from a loopback address', async () => {
    const res = await post({ [JOBS_SECRET_HEADER]: SECRET });
    expect(res.statusCode).toBe(200);
    expect((res.json() as JobReport).now).toBe('2026-12-01T06:00:00.000Z');
    expect((await post({ [JOBS_SECRET_HEADER]: SECRET }, '::1', {})).json().now).toBe('2026-03-03T03:03:03.000Z');
    expect((await post({ [JOBS_SECRET_HEADER]: SECRET }, '::ffff:127.0.0.1')).statusCode).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('refuses a missing or wrong secret (401), another address or a proxied request (403), a bad instant (400)', async () => {
    calls.length = 0;
    expect((await post({})).statusCode).toBe(401);
    const wrong = await post({ [JOBS_SECRET_HEADER]: 'the-right-secreT' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('RM_ERROR_ACCESS_TOKEN_INVALID');
    const fr = await post({ [JOBS_SECRET_HEADER]: 'nope', 'accept-language': 'fr' });
    expect(fr.json().message).toContain('Le secret d’exécution des tâches');
    for (const address of ['192.0.2.7', '10.0.0.1', '::ffff:192.0.2.7', 'fd00::2']) {
      const res = await post({ [JOBS_SECRET_HEADER]: SECRET }, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().errorCode).toBe('RM_ERROR_FORBIDDEN');
    }
    // A reverse proxy on this machine would make the internet look local: a relayed request is refused.
    expect((await post({ [JOBS_SECRET_HEADER]: SECRET, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await post({ [JOBS_SECRET_HEADER]: SECRET, forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
    expect((await post({ [JOBS_SECRET_HEADER]: SECRET }, '127.0.0.1', { now: '2026-12-01' })).statusCode).toBe(400);
    expect(calls).toHaveLength(0);
  });
});

// The embedded database's ways (the PostgreSQL pass of the suite runs the PostgreSQL way below instead).
describe.skipIf(onPostgres)('npm run jobs on a real data folder', () => {
  // Made by the first server start (a skipped pass leaves nothing behind).
  const dataDir = join(tmpdir(), `portal-jobs-cli-${randomUUID()}`);
  const env = { DATA_DIR: dataDir };
  const folder = join(dataDir, 'pglite');
  let server: Started | null = null;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const stop = async () => {
    const s = server as Started;
    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
    server = null;
  };

  it('refuses a data folder with no database (a mistyped DATA_DIR gets no new empty one)', async () => {
    const r = await runJobsCli([], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`There is no embedded database at ${folder}`);
    expect(existsSync(folder)).toBe(false);
  });

  it('asks the running server (authenticated local call), then opens the folder once it stopped; pays once', {
    timeout: 180_000,
  }, async () => {
    // The server seeds the demo (one upcoming autopay); it listens on every address so the non-loopback refusal can be
    // tried over this machine's own network address.
    server = await startServer({ ...env, HOST: '0.0.0.0' });
    const base = server.base;
    const secret = readJobsSecret(dataDir) as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(statSync(jobsSecretPath(dataDir)).mode & 0o777).toBe(0o600);
    const ask = (headers: Record<string, string>, at = base) =>
      fetch(`${at}/api/internal/jobs/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ now: '2020-01-01T00:00:00Z' }),
      });
    expect((await ask({})).status).toBe(401);
    expect((await ask({ [JOBS_SECRET_HEADER]: `${secret}x` })).status).toBe(401);
    expect((await ask({ [JOBS_SECRET_HEADER]: secret, 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    if (external) {
      // The right secret, from this machine's network address rather than loopback: refused.
      expect((await ask({ [JOBS_SECRET_HEADER]: secret }, `http://${external.address}:${server.port}`)).status).toBe(403);
    }
    // Not part of the API's documentation (the fuzz test walks that document).
    const doc = (await (await fetch(`${base}/api/docs`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('internal'))).toEqual([]);

    // The demo's upcoming autopay, as the tenant sees it; the jobs run at noon on its date.
    const headers = { authorization: `Bearer ${await signIn(base)}` };
    const upcomingOf = async () =>
      (await (await fetch(`${base}/api/recurring_schedule/${DEMO_IDS.schedule}/upcomingpayment`, { headers })).json()) as {
        id: string;
        scheduledDate: string;
      };
    const upcoming = await upcomingOf();
    const now = `${upcoming.scheduledDate}T12:00:00Z`;

    // Server running: the server runs the jobs; the demo's occurrence is paid.
    const first = await runJobsCli(['--now', now, '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    const firstOut = JSON.parse(first.stdout) as { ranVia: { kind: string; port: number }; report: JobReport };
    expect(firstOut.ranVia).toMatchObject({ kind: 'server', port: server.port });
    expect(firstOut.report.now).toBe(new Date(now).toISOString());
    expect(firstOut.report.autopay.paid).toEqual({ count: 1, ids: [upcoming.id] });
    expect(firstOut.report.errors).toEqual([]);
    expect((await upcomingOf()).scheduledDate > upcoming.scheduledDate).toBe(true); // moved to the next month

    // The same instant again, human readable: via the server, nothing paid twice.
    const second = await runJobsCli(['--now', now], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`Ran via the running server (pid ${server.child.pid}, port ${server.port})`);
    expect(second.stdout).toContain(`Jobs due as of ${new Date(now).toISOString()}`);
    expect(second.stdout).toMatch(/autopay paid\s+0\n/);
    await stop();
    expect(existsSync(jobsSecretPath(dataDir))).toBe(false); // withdrawn at stop

    // No server: the command opens the folder itself, and still pays nothing twice.
    const third = await runJobsCli(['--now', now], env);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toContain(`Opened the data folder ${folder} itself (no server is running on it)`);
    expect(third.stdout).toMatch(/autopay paid\s+0\n/);
    expect(third.stdout).toMatch(/autopay failed\s+0\n/);
    // One payment in all for the schedule (the folder is free again: the command closed it).
    const database = await openDatabase({ dataDir: folder });
    try {
      const { rows } = await database.raw(
        'select count(*)::int as n from payment_transactions where recurring_schedule_id = $1',
        [DEMO_IDS.schedule],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!onPostgres)('npm run jobs on PostgreSQL (DATABASE_URL)', () => {
  it('runs directly on the database and says so; the same instant twice pays once', { timeout: 120_000 }, async () => {
    const dbUrl = await createThrowawayDatabase(onPostgres as string, 'portal_jobs_cli');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-pg-'));
    try {
      const database = await openDatabase({ databaseUrl: dbUrl });
      const app = await buildApp({
        database,
        config: {
          port: 0,
          host: '127.0.0.1',
          dataDir,
          jwtSecret: 'test-secret-test-secret-test-secret',
          storageDir: join(dataDir, 'files'),
          authorizeRateLimit: { max: 1000, timeWindowMs: 60_000 },
          logLevel: 'silent',
        },
      });
      await seedDemo(app.ctx);
      const upcoming = await database.raw(
        `select id, scheduled_date::text as date from recurring_payments where recurring_schedule_id = $1 and status = 'PENDING'`,
        [DEMO_IDS.schedule],
      );
      await app.close();
      await database.close();
      const { id, date } = upcoming.rows[0] as { id: string; date: string };
      const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir };

      const first = await runJobsCli(['--now', `${date}T12:00:00Z`, '--json'], env);
      expect(first.code, first.stderr).toBe(0);
      const out = JSON.parse(first.stdout) as { ranVia: { kind: string; database: string }; report: JobReport };
      expect(out.ranVia.kind).toBe('postgres');
      expect(out.ranVia.database).not.toContain('@'); // never the password
      expect(out.report.autopay.paid).toEqual({ count: 1, ids: [id] });

      const second = await runJobsCli(['--now', `${date}T12:00:00Z`], env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain('Ran directly on PostgreSQL');
      expect(second.stdout).toMatch(/autopay paid\s+0\n/);
    } finally {
      await dropThrowawayDatabase(onPostgres as string, dbUrl);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
