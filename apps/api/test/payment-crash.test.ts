// kill -9 between the processor's charge and the ledger's commit (issue 8): the real server process is killed at that
// point, restarted on the same data, and the tenant's retry with the same Idempotency-Key gets the payment, charged
// once, with the lease balance moved once. On PGlite (a data folder) and, in CI, on PostgreSQL (TEST_DATABASE_URL).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { DEMO_IDS } from './helpers.ts';

const root = join(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>, args: string[] = []): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTHORIZE_RATE_LIMIT: '1000',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  // Up to 3 minutes: a cold start (tsx, migrations, the demo seed) on a busy 2-core CI machine can take a while.
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${base}/api/ping`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/authorize`, {
    headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function leaseBalance(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/property_lease/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ conditions: [{ field: 'id', operator: 'EQUALS', value: DEMO_IDS.leaseActive }] }),
  });
  return ((await res.json()) as { records: { balance: number }[] }).records[0].balance;
}

async function crashAndRecover(env: Record<string, string>, args: string[], dataDir: string) {
  const crashing = await startServer({ ...env, E2E_TEST_SUPPORT: '1', PAYMENT_CRASH_AFTER_CHARGE: '1' }, args);
  const token = await signIn(crashing.base);
  const before = await leaseBalance(crashing.base, token);
  const key = randomUUID();
  const body = JSON.stringify({
    billingAccountId: DEMO_IDS.leaseActive,
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    paymentMethodId: DEMO_IDS.cardVisa,
    paymentMethodType: 'TYPE_CREDIT_CARD',
    amount: 1925,
  });
  const send = (base: string) =>
    fetch(`${base}/api/processpayment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body,
    });
  const exited = new Promise((r) => crashing.child.once('exit', (_code, signal) => r(signal)));
  await expect(send(crashing.base)).rejects.toThrow(); // the connection dies with the process
  expect(await exited).toBe('SIGKILL');

  // Restarted on the same data: recovery settles the payment at start; the retry answers it.
  const restarted = await startServer({ ...env, PAYMENT_RECOVERY_AGE_MS: '0' }, args);
  const retry = await send(restarted.base);
  expect(retry.status).toBe(200);
  const tx = (await retry.json()) as { id: string };
  expect(tx).toMatchObject({ status: 'COMPLETE', amount: 1925, feeAmount: 55.82 });
  const again = await send(restarted.base);
  expect(await again.json()).toEqual(tx);
  expect(await leaseBalance(restarted.base, token)).toBe(before - 1925);

  // The processor charged that payment exactly once.
  const log = readFileSync(join(dataDir, 'sandbox', 'processor-log.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const charges = log.filter((e) => e.t === 'charge' && e.charge.idempotencyKey === tx.id);
  expect(charges).toHaveLength(1);
  expect(charges[0].charge.amountCents).toBe(198_082);
  restarted.child.kill('SIGTERM');
}

describe('kill -9 between the charge and the commit', () => {
  it('on PGlite: restart, recovery, one charge, a balanced ledger', { timeout: 420_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    await crashAndRecover({ DATA_DIR: dataDir }, [], dataDir);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', { timeout: 420_000 }, async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const db = await createThrowawayDatabase(url, 'portal_crash');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-pg-'));
    try {
      await crashAndRecover({ DATA_DIR: dataDir, DATABASE_URL: db }, ['--demo'], dataDir);
    } finally {
      await new Promise((r) => setTimeout(r, 500));
      await dropThrowawayDatabase(url, db);
    }
  });
});
