// issue 23 "Standards": the ledger's lines (ledger_lines, ledger_lease_totals) follow every change of the charges and
// transactions they come from (inserts, status changes, amounts, dates, deletes, a lease moved to another property,
// a TRUNCATE) — in the same transaction (a rolled-back change leaves no line). The payment tests check the same after
// each of their steps (ledger-helpers.ts expectLedgerReconciles).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, signedInApp } from './helpers.ts';
import { expectLedgerLinesFollow } from './ledger-helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let raw: FastifyInstance['ctx']['database']['raw'];

beforeAll(async () => {
  ({ app } = await signedInApp());
  raw = app.ctx.database.raw;
});
afterAll(async () => {
  await app.close();
});

const totalsOf = async (leaseId: string) =>
  (await raw(`SELECT n, charged, paid, refunded, balance FROM ledger_lease_totals WHERE lease_id = $1`, [leaseId])).rows[0];

describe('ledger lines', () => {
  it('the demo seed and the migration backfill agree', async () => {
    await expectLedgerLinesFollow(app);
    expect(Number((await raw('SELECT count(*) AS n FROM ledger_lines')).rows[0].n)).toBeGreaterThan(0);
  });

  it('follow a charge and a payment from insert through status, amount and date changes to delete', async () => {
    const before = await totalsOf(I.leaseActive);
    await raw(
      `INSERT INTO open_charges (id, billing_account_id, code, name, due_date, amount, balance)
       VALUES ('ll-charge', $1, 'Rent', 'Rent', DATE '2031-03-01', 12345, 12345)`,
      [I.leaseActive],
    );
    await raw(
      `INSERT INTO payment_transactions (id, user_id, billing_account_id, property_id, company_id, amount, currency, status,
         transaction_type, create_date)
       VALUES ('ll-pay', $1, $2, $3, $4, 10000, 'CAD', 'PENDING', 'PAYMENT', TIMESTAMPTZ '2031-03-02 10:00Z')`,
      [I.tenant, I.leaseActive, I.propertyCa, I.companyCa],
    );
    await expectLedgerLinesFollow(app);
    const after = await totalsOf(I.leaseActive);
    expect(Number(after.n)).toBe(Number(before.n) + 2);
    expect(Number(after.balance)).toBe(Number(before.balance) + 12345 - 10000);

    await raw(`UPDATE payment_transactions SET status = 'FAILED' WHERE id = 'll-pay'`);
    await expectLedgerLinesFollow(app);
    expect(Number((await totalsOf(I.leaseActive)).balance)).toBe(Number(before.balance) + 12345);

    await raw(`UPDATE open_charges SET amount = -500, due_date = DATE '2031-01-01' WHERE id = 'll-charge'`);
    // A change of what the ledger does not show (the charge's open balance) leaves the line as it is.
    await raw(`UPDATE open_charges SET balance = 0 WHERE id = 'll-charge'`);
    await expectLedgerLinesFollow(app);
    const line = (await raw(`SELECT type, signed, at FROM ledger_lines WHERE id = 'll-charge'`)).rows[0];
    expect(line.type).toBe('CREDIT');
    expect(Number(line.signed)).toBe(-500);

    await raw(`DELETE FROM payment_transactions WHERE id = 'll-pay'`);
    await raw(`DELETE FROM open_charges WHERE id = 'll-charge'`);
    await expectLedgerLinesFollow(app);
    expect(await totalsOf(I.leaseActive)).toEqual(before);
  });

  it('a change rolled back leaves no line', async () => {
    const before = await totalsOf(I.leaseActive);
    await expect(
      raw(
        `INSERT INTO open_charges (id, billing_account_id, code, name, due_date, amount, balance)
           VALUES ('ll-a', $1, 'Rent', 'Rent', DATE '2031-03-01', 100, 100), ('ll-a', $1, 'Rent', 'Rent', DATE '2031-03-01', 100, 100)`,
        [I.leaseActive],
      ),
    ).rejects.toThrow();
    expect(await totalsOf(I.leaseActive)).toEqual(before);
    await expectLedgerLinesFollow(app);
  });

  it('a lease moved to another property takes its lines and totals along', async () => {
    await raw(
      `INSERT INTO property_leases (id, status, unit, property_id, company_id) VALUES ('ll-lease', 'ACTIVE', '9', $1, $2)`,
      [I.propertyCa, I.companyCa],
    );
    await raw(
      `INSERT INTO open_charges (id, billing_account_id, code, name, due_date, amount, balance)
       VALUES ('ll-early', 'll-lease', 'Rent', 'Rent', DATE '2031-03-01', 700, 700)`,
    );
    expect((await raw(`SELECT property_id FROM ledger_lines WHERE id = 'll-early'`)).rows[0].property_id).toBe(I.propertyCa);
    await raw(
      `INSERT INTO properties (id, company_id, property_name, street1, city, province, country, postal_code)
       VALUES ('ll-property', $1, 'Elsewhere', '2 Other St', 'Vancouver', 'BC', 'CA', 'V6B 1A1')`,
      [I.companyCa],
    );
    await raw(`UPDATE property_leases SET property_id = 'll-property' WHERE id = 'll-lease'`);
    await expectLedgerLinesFollow(app);
    expect((await raw(`SELECT property_id FROM ledger_lines WHERE id = 'll-early'`)).rows[0].property_id).toBe('ll-property');
    expect((await raw(`SELECT property_id FROM ledger_lease_totals WHERE lease_id = 'll-lease'`)).rows[0].property_id).toBe(
      'll-property',
    );
  });

  it('a TRUNCATE of the transactions (the journeys reset) takes their lines and totals along', async () => {
    await raw('TRUNCATE payment_transactions CASCADE');
    await expectLedgerLinesFollow(app);
    expect(Number((await raw(`SELECT count(*) AS n FROM ledger_lines WHERE ord = 1`)).rows[0].n)).toBe(0);
  });
});
