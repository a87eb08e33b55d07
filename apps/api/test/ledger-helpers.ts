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
  await expectLedgerLinesFollow(app);
}

// The ledger's lines as they follow from open_charges and payment_transactions, spelled out here apart from the
// migration's triggers and ledger_signed() (an independent statement of the same rule).
const EXPECTED_LINES = `
  SELECT 0::smallint AS ord, c.id, c.billing_account_id AS lease_id, l.property_id,
    (c.due_date::timestamp AT TIME ZONE 'UTC') AS at, CASE WHEN c.amount < 0 THEN 'CREDIT' ELSE 'CHARGE' END AS type,
    'POSTED' AS status, c.amount AS signed
  FROM open_charges c LEFT JOIN property_leases l ON l.id = c.billing_account_id WHERE c.billing_account_id IS NOT NULL
  UNION ALL
  SELECT 1::smallint, t.id, t.billing_account_id, l.property_id, t.create_date, t.transaction_type, t.status,
    CASE WHEN t.status NOT IN ('COMPLETE','PENDING','INPROCESS','ONHOLD','AUTHORIZED') THEN 0
      WHEN t.transaction_type IN ('PAYMENT','CREDIT','CHARGEBACK_REVERSAL') THEN -t.amount
      WHEN t.transaction_type IN ('REFUND','RETURN','NSF','CHARGEBACK') THEN t.amount ELSE 0 END
  FROM payment_transactions t LEFT JOIN property_leases l ON l.id = t.billing_account_id
  WHERE t.billing_account_type = 'TYPE_PROPERTY_LEASE' AND t.billing_account_id IS NOT NULL`;

/**
 * ledger_lines (kept by the triggers of migration 0018) holds exactly the lines the charges and transactions make, and
 * ledger_lease_totals each lease's sums of them: nothing missing, nothing stale.
 */
export async function expectLedgerLinesFollow(app: FastifyInstance): Promise<void> {
  const lines = `SELECT ord, id, lease_id, property_id, at, type, status, signed FROM ledger_lines`;
  const { rows: drift } = await app.ctx.database.raw(`
    WITH expected AS (${EXPECTED_LINES})
    (SELECT 'missing' AS drift, * FROM (SELECT * FROM expected EXCEPT ${lines}) a)
    UNION ALL (SELECT 'stale', * FROM (${lines} EXCEPT SELECT * FROM expected) b)`);
  expect(drift, 'ledger_lines').toEqual([]);
  const totals = `SELECT lease_id, property_id, n, charged, paid, refunded, balance FROM ledger_lease_totals WHERE n <> 0`;
  const summed = `SELECT lease_id, max(property_id), count(*),
      coalesce(sum(signed) FILTER (WHERE type IN ('CHARGE','CREDIT')), 0),
      coalesce(-sum(signed) FILTER (WHERE type IN ('PAYMENT','CHARGEBACK_REVERSAL')), 0),
      coalesce(sum(signed) FILTER (WHERE type IN ('REFUND','RETURN','NSF','CHARGEBACK')), 0), sum(signed)
    FROM ledger_lines GROUP BY lease_id`;
  const { rows: totalsDrift } = await app.ctx.database.raw(`(${totals} EXCEPT ${summed}) UNION ALL (${summed} EXCEPT ${totals})`);
  expect(totalsDrift, 'ledger_lease_totals').toEqual([]);
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
