// buildTestApp(): the real app on a fresh in-memory database with the demo seed (STYLE: fastify/demo test/).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_IDS, DEMO_PASSWORD, seedDemo } from '../src/db/seed.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';

export { DEMO_IDS, DEMO_PASSWORD };

export const TEST_SMS_WEBHOOK_SECRET = 'test-sms-webhook-secret';

export interface TestAppOptions {
  /** Fixed "now" (default: a real clock). */
  now?: () => Date;
  seed?: boolean;
  authorizeRateLimit?: number;
  /** Overrides of the app's configuration (e.g. webDist, hsts). */
  config?: Partial<AppConfig>;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<FastifyInstance> {
  // CI runs the suite a second time on PostgreSQL with TEST_DATABASE_URL (a throwaway database per file).
  const pgUrl = process.env.TEST_DATABASE_URL
    ? await createThrowawayDatabase(process.env.TEST_DATABASE_URL, 'portal_test')
    : null;
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  // The seeded snapshot (global-setup.ts) fits when the test wants the demo as of now.
  const snapshotDir = pgUrl || opts.now || opts.seed === false ? undefined : inject('snapshotDir');
  const snapshot = snapshotDir && existsSync(join(snapshotDir, 'pgdata.tar')) ? snapshotDir : undefined;
  if (snapshot) cpSync(join(snapshot, 'files'), join(dir, 'files'), { recursive: true });
  const database = await openDatabase(
    pgUrl
      ? { databaseUrl: pgUrl }
      : { dataDir: 'memory', loadDataDir: snapshot ? new Blob([readFileSync(join(snapshot, 'pgdata.tar'))]) : undefined },
  );
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    jwtSecret: 'test-secret-test-secret-test-secret',
    smsWebhookSecret: TEST_SMS_WEBHOOK_SECRET,
    storageDir: join(dir, 'files'),
    authorizeRateLimit: { max: opts.authorizeRateLimit ?? 1000, timeWindowMs: 60_000 },
    logLevel: 'silent',
    ...opts.config,
  };
  const app = await buildApp({ database, config, now: opts.now });
  if (opts.seed !== false && !snapshot) await seedDemo(app.ctx);
  app.addHook('onClose', async () => {
    await database.close();
    if (pgUrl && process.env.TEST_DATABASE_URL) await dropThrowawayDatabase(process.env.TEST_DATABASE_URL, pgUrl);
    // the app's files folder: a test that wants to look at it does so before closing the app
    rmSync(dir, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/authorize',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const TENANT = 'tenant@demo.test';
export const TENANT_US = 'tenant.us@demo.test';
export const ADMIN = 'admin@demo.test';

/** The demo tenant's Canadian billing address (the payload of a card or bank account added by a test). */
export const CA_BILLING_ADDRESS = {
  street1: '1250 Granville Street',
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6Z 1M6',
  country: 'CA',
};

/** The app of a test file, with tokens of the demo tenant, the US tenant and the admin (for beforeAll). */
export async function signedInApp(opts: TestAppOptions = {}) {
  const app = await buildTestApp(opts);
  const [tenant, tenantUs, admin] = await Promise.all([login(app, TENANT), login(app, TENANT_US), login(app, ADMIN)]);
  return { app, tenant, tenantUs, admin };
}
