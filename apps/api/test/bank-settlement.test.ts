// Bank debits (issue 8 "Processor outcomes"): PENDING when paid, ONHOLD once settled while the funds move, then COMPLETE, or FAILED for NSF / RETURN (the balance
// owed again) once the processor reports them; only the portal's own PENDING bank payments are asked about.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBankPayments } from '../src/services/payments/settle-bank-payments.ts';
import { auth, buildTestApp, CA_BILLING_ADDRESS, DEMO_IDS, login, TENANT } from './helpers.ts';
import { expectLedgerReconciles, leaseBalance } from './ledger-helpers.ts';

let app: FastifyInstance;
let tenant: string;
let now = new Date();
beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
  tenant = await login(app, TENANT);
});
afterAll(async () => {
  await app.close();
});

const I = DEMO_IDS;

async function addBank(accountNumber: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create',
    headers: auth(tenant),
    payload: {
      type: 'TYPE_BANK_ACCOUNT',
      country: 'CA',
      accountHolder: 'Camille Tremblay',
      institutionNumber: '004',
      transitNumber: '12345',
      bankAccountNumber: accountNumber,
      billingAddress: CA_BILLING_ADDRESS,
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id;
}

async function payByBank(methodId: string, amount: number): Promise<{ id: string; status: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/processpayment',
    headers: { ...auth(tenant), 'idempotency-key': randomUUID() },
    payload: {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: methodId,
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      amount,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function statusOf(id: string): Promise<{ status: string; error: string | null }> {
  const { rows } = await app.ctx.database.raw('SELECT status, error FROM payment_transactions WHERE id = $1', [id]);
  return rows[0] as { status: string; error: string | null };
}

describe('bank payment settlement', () => {
  it('settles a debit to COMPLETE, and an NSF or returned one to FAILED with the balance owed again', async () => {
    const before = await leaseBalance(app, I.leaseActive);
    const good = await payByBank(await addBank('000123451234'), 100);
    const nsf = await payByBank(await addBank('000222222227'), 200);
    const returned = await payByBank(await addBank('000333333335'), 300);
    for (const p of [good, nsf, returned]) expect(p.status).toBe('PENDING');
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 60_000);

    // The same day the processor has nothing to report.
    expect(await settleBankPayments(app.ctx)).toEqual([]);

    now = new Date(now.getTime() + 25 * 60 * 60 * 1000);
    const settled = await settleBankPayments(app.ctx);
    expect(settled).toEqual(
      expect.arrayContaining([
        { id: good.id, status: 'ONHOLD' }, // funds on their way to the landlord
        { id: nsf.id, status: 'FAILED' },
        { id: returned.id, status: 'FAILED' },
      ]),
    );
    now = new Date(now.getTime() + 25 * 60 * 60 * 1000);
    expect(await settleBankPayments(app.ctx)).toEqual([{ id: good.id, status: 'COMPLETE' }]);
    expect((await statusOf(nsf.id)).error).toMatch(/^paysafe:NSF:/);
    expect((await statusOf(returned.id)).error).toMatch(/^paysafe:RETURN:/);
    expect(await leaseBalance(app, I.leaseActive)).toBe(before - 10_000);
    await expectLedgerReconciles(app);
    // Settled once: the next pass has nothing to do, and the seeded history is left alone.
    expect(await settleBankPayments(app.ctx)).toEqual([]);
  });
});
