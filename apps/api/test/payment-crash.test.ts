// kill -9 between the processor's charge and the ledger's commit (issue 8): the real server process is killed at that
// point, restarted on the same data, and the tenant's retry with the same Idempotency-Key gets the payment, charged
// once, with the lease balance moved once. On PGlite (a data folder) and, in CI, on PostgreSQL (TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { DEMO_IDS } from './helpers.ts';
import { killStartedProcesses, signIn, startServer } from './server-process.ts';

afterAll(killStartedProcesses);

async function leaseBalance(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/property_lease/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ conditions: [{ field: 'id', operator: 'EQUALS', value: DEMO_IDS.leaseActive }] }),
  });
  return ((await res.json()) as { records: { balance: number }[] }).records[0].balance;
}

async function crashAndRecover(env: Record<string, string>, args: string[], dataDir: string) {
  const crashing = await startServer({ ...env, E2E_TEST_SUPPORT: '1', PAYMENT_CRASH_AFTER_CHARGE: '1' }, { args });
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
  const restarted = await startServer({ ...env, PAYMENT_RECOVERY_AGE_MS: '0' }, { args });
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
  await restarted.exited;
}

describe('kill -9 between the charge and the commit', () => {
  it('on PGlite: restart, recovery, one charge, a balanced ledger', { timeout: 420_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    try {
      await crashAndRecover({ DATA_DIR: dataDir }, [], dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
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
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
