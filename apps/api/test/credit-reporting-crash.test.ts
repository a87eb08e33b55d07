// kill -9 between the processor's charge of a credit-reporting fee and its settlement (issue 22 "Money": one charge per
// subscription year whatever the crashes): the real server is killed at that point (E2E_TEST_SUPPORT fault injection in
// services/credit-reporting/term-charge.ts), restarted on the same data, and the tenant's retry (the same or a new
// Idempotency-Key) gets the subscription ACTIVE, charged once at the processor. With the payment recovery settling the
// charge at start (age 0) and without it (the retry re-drives the same transaction). On PGlite (a data folder).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { CREDIT_REPORT_DEMO_IDS } from '../src/db/seed-credit-reporting.ts';
import { DEMO_IDS } from './helpers.ts';
import { killStartedProcesses, signIn, startServer } from './server-process.ts';

afterAll(killStartedProcesses);

/** The subscription's fee transactions and the processor's charges under their ids, read from the stopped server's data. */
async function ledgerOf(dataDir: string, subscriptionId: string) {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const fees = (
      await database.raw(
        `SELECT id, status FROM payment_transactions WHERE billing_account_id = $1 AND billing_account_type = 'TYPE_CREDIT_REPORT'`,
        [subscriptionId],
      )
    ).rows as { id: string; status: string }[];
    const charges = (
      await database.raw('SELECT amount_cents FROM sandbox_processor_charges WHERE idempotency_key = ANY($1)', [
        fees.map((f) => f.id),
      ])
    ).rows as { amount_cents: number }[];
    return { fees, charges };
  } finally {
    await database.close();
  }
}

async function crashAndRetry(recoveryAgeMs: string, sameKey: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-cr-crash-'));
  try {
    const env = { DATA_DIR: dataDir };
    const crashing = await startServer({ ...env, E2E_TEST_SUPPORT: '1', CREDIT_REPORT_CRASH_AFTER_CHARGE: '1' });
    const token = await signIn(crashing.base);
    const headers = (key: string) => ({ authorization: `Bearer ${token}`, 'idempotency-key': key });
    // The demo's ACTIVE subscription stopped, so that the lease can be subscribed again.
    const stop = await fetch(`${crashing.base}/api/credit_report/${CREDIT_REPORT_DEMO_IDS.subscriptionActive}/stop`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stop.status).toBe(200);
    const url = (base: string) =>
      `${base}/api/credit_report/subscribe?accountType=TYPE_PROPERTY_LEASE&accountId=${DEMO_IDS.leaseActive}&payMethodType=TYPE_CREDIT_CARD&payMethodId=${DEMO_IDS.cardVisa}`;
    const key = randomUUID();
    const exited = new Promise((r) => crashing.child.once('exit', (_code, signal) => r(signal)));
    await expect(fetch(url(crashing.base), { headers: headers(key) })).rejects.toThrow(); // the process dies
    expect(await exited).toBe('SIGKILL');

    const restarted = await startServer({ ...env, PAYMENT_RECOVERY_AGE_MS: recoveryAgeMs });
    const retry = await fetch(url(restarted.base), { headers: headers(sameKey ? key : randomUUID()) });
    expect(retry.status, await retry.clone().text()).toBe(200);
    const sub = (await retry.json()) as { id: string; status: string; feeAmount: number };
    expect(sub).toMatchObject({ status: 'ACTIVE', feeAmount: 4.95 });
    const again = await fetch(url(restarted.base), { headers: headers(randomUUID()) });
    expect(((await again.json()) as { id: string }).id).toBe(sub.id);
    restarted.child.kill('SIGTERM');
    await restarted.exited;

    const { fees, charges } = await ledgerOf(dataDir, sub.id);
    expect(fees.map((f) => f.status)).toEqual(['COMPLETE']);
    expect(charges).toHaveLength(1);
    expect(Number(charges[0].amount_cents)).toBe(495);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('kill -9 during a credit-reporting sign-up', () => {
  it('the recovery settles the charge at restart; a retry with a new key finishes the subscription', { timeout: 420_000 }, () =>
    crashAndRetry('0', false),
  );
  it(
    'no recovery yet: the retry with the same key re-drives the same charge (the processor answers the first)',
    {
      timeout: 420_000,
    },
    () => crashAndRetry('600000', true),
  );
});
