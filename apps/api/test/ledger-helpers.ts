// What the payment tests share (issue 8): a lease's open balance, the ledger's own consistency check, and a card
// added through POST /create.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { openCharges } from '../src/db/schema.ts';
import { auth, CA_BILLING_ADDRESS } from './helpers.ts';

/** The sum of the lease's open charge balances, in cents. */
export async function leaseBalance(app: FastifyInstance, leaseId: string): Promise<number> {
  const [row] = await app.ctx.db
    .select({ total: sql<number>`coalesce(sum(${openCharges.balance}), 0)::int` })
    .from(openCharges)
    .where(eq(openCharges.billingAccountId, leaseId));
  return row.total;
}

/** Every open charge's balance is its amount less the allocations of the transactions that stand. */
export async function expectLedgerReconciles(app: FastifyInstance): Promise<void> {
  const { rows } = await app.ctx.database.raw(`
    SELECT c.id, c.amount, c.balance,
      c.amount - coalesce((SELECT sum(a.amount) FROM charge_allocations a JOIN payment_transactions t ON t.id = a.transaction_id
        WHERE a.open_charge_id = c.id AND t.status IN ('COMPLETE','PENDING','INPROCESS','ONHOLD','AUTHORIZED')), 0) AS derived
    FROM open_charges c`);
  for (const r of rows) expect(Number(r.balance), `charge ${r.id}`).toBe(Number(r.derived));
}

/** Saves a Canadian card of the tenant (with a new billing address); answers its id. */
export async function addCard(app: FastifyInstance, token: string, cardNumber: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create',
    headers: { ...auth(token), 'session-id': 'test-device' },
    payload: {
      type: 'TYPE_CREDIT_CARD',
      cardNumber,
      cvv: '123',
      expiryMonth: 12,
      expiryYear: 2031,
      nameOnCard: 'Camille Tremblay',
      country: 'CA',
      billingAddress: CA_BILLING_ADDRESS,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
