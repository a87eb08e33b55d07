// Issue 23 "Charges": POST /open_charge/create (a one-off charge or a credit posted by a manager or the admin): who may
// (admin, manager of the lease's company; another company's lease 404, a tenant 403, no token 401), what is refused
// (400 naming the field, in the caller's language), credits allocated oldest first with the rest kept as the lease's
// unapplied credit and applied to the next charge posted, and concurrent posts on one lease never sharing cents.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chargeAllocations, companies, openCharges, paymentTransactions, propertyLeases } from '../src/db/schema.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let admin: string;
let manager: string;
let manager2: string;
let tenant: string;

beforeAll(async () => {
  app = await buildTestApp();
  [admin, manager, manager2, tenant] = await Promise.all([
    login(app, ADMIN),
    login(app, 'manager@demo.test'),
    login(app, 'manager2@demo.test'),
    login(app, TENANT),
  ]);
});
afterAll(() => app.close());

const post = (token: string | null, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/open_charge/create',
    headers: { ...(token ? auth(token) : {}), ...headers },
    payload: body,
  });

const dueSoon = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const charge = (leaseId: string, extra: Record<string, unknown> = {}) => ({
  leaseId,
  kind: 'CHARGE',
  code: 'storage',
  amount: 40,
  dueDate: dueSoon(),
  description: 'Storage locker 12',
  ...extra,
});

/** A lease of the Maple Leaf company (no tenant payments) with the given charges: [amount cents, due date]. */
async function leaseWith(charges: [number, string][]): Promise<string> {
  const [lease] = await app.ctx.db
    .insert(propertyLeases)
    .values({ userId: I.tenant, propertyId: I.propertyCa, companyId: I.companyCa, status: 'ACTIVE', unit: 'credit' })
    .returning({ id: propertyLeases.id });
  if (charges.length)
    await app.ctx.db.insert(openCharges).values(
      charges.map(([amount, dueDate]) => ({
        billingAccountId: lease.id,
        code: 'Rent',
        name: 'Rent',
        dueDate,
        amount,
        balance: amount,
      })),
    );
  return lease.id;
}

const balances = async (leaseId: string) =>
  (
    await app.ctx.db
      .select({ amount: openCharges.amount, balance: openCharges.balance, dueDate: openCharges.dueDate, code: openCharges.code })
      .from(openCharges)
      .where(eq(openCharges.billingAccountId, leaseId))
      .orderBy(openCharges.dueDate, openCharges.createdAt)
  ).map((c) => c.balance);

describe('who may post', () => {
  it('no token 401, a tenant 403, another company 404', async () => {
    expect((await post(null, charge(I.leaseActive))).statusCode).toBe(401);
    const asTenant = await post(tenant, charge(I.leaseActive));
    expect(asTenant.statusCode).toBe(403);
    // Okanagan's manager on a Maple Leaf lease; Maple Leaf's manager on the US company's lease
    const other = await post(manager2, charge(I.leaseActive));
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    expect((await post(manager, charge(I.leaseUs))).statusCode).toBe(404);
    // even with a bad body, another company's lease answers 404 (ids cannot be probed)
    expect((await post(manager, charge(I.leaseUs, { code: 'nope' }))).statusCode).toBe(404);
    expect((await post(manager, charge('no-such-lease'))).statusCode).toBe(404);
    const none = await app.ctx.db.select().from(openCharges).where(eq(openCharges.code, 'storage'));
    expect(none.filter((c) => c.amount === 4000)).toHaveLength(0);
  });

  it("the manager posts a charge on their company's lease: the tenant sees it in the lease's open charges", async () => {
    const res = await post(manager, charge(I.leaseActive));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'CHARGE',
      leaseId: I.leaseActive,
      transaction: null,
      openCharge: {
        code: 'storage',
        name: 'Storage',
        amount: 40,
        balance: 40,
        description: 'Storage locker 12',
        dueDate: dueSoon(),
      },
    });
    const [row] = await app.ctx.db.select().from(openCharges).where(eq(openCharges.id, body.openCharge.id));
    expect(row).toMatchObject({ createdBy: I.manager, postingKey: null, amount: 4000, balance: 4000 });
    const [audit] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, row.id), eq(auditEvents.action, 'CHARGE_POSTED')));
    expect(audit).toMatchObject({ actorId: I.manager, actorType: 'TYPE_MANAGER' });
    const leases = await app.inject({
      method: 'POST',
      url: '/api/property_lease/search',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'id', operator: 'EQUALS', value: I.leaseActive }] },
    });
    const lease = leases.json().records[0];
    expect(lease.openCharges.map((c: { id: string }) => c.id)).toContain(row.id);
  });

  it('the admin posts on any company', async () => {
    const res = await post(admin, charge(I.leaseUs, { code: 'parking', amount: 12.5 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().openCharge).toMatchObject({ code: 'parking', name: 'Parking', amount: 12.5 });
  });
});

describe('what is refused', () => {
  it.each([
    ['code', { code: 'swimming-pool' }],
    ['amount', { amount: 0 }],
    ['amount', { amount: 100_000.01 }],
    ['dueDate', { dueDate: '2026-02-30' }],
    ['dueDate', { dueDate: '2099-01-01' }],
    ['dueDate', { dueDate: null }],
  ])('400 naming %s (%j)', async (field, extra) => {
    const res = await post(manager, charge(I.leaseActive, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('shape errors are 400 too (a negative or 3-decimal amount, an unknown kind, a long description)', async () => {
    for (const extra of [{ amount: -5 }, { amount: 1.005 }, { kind: 'REFUND' }, { description: 'x'.repeat(501) }]) {
      expect((await post(manager, charge(I.leaseActive, extra))).statusCode).toBe(400);
    }
  });

  it("answers in the caller's language", async () => {
    const en = await post(manager, charge(I.leaseActive, { code: 'swimming-pool' }));
    expect(en.json().message).toBe("Choose one of the company's charge codes.");
    const fr = await post(manager, charge(I.leaseActive, { amount: 0 }), { 'accept-language': 'fr-CA' });
    expect(fr.json().message).toBe('Entrez un montant supérieur à 0,00 et d’au plus 100\u00a0000,00.');
  });

  it('a company with its own charge codes: only those, named as the company names them', async () => {
    await app.ctx.db
      .update(companies)
      .set({
        chargeCodes: [
          { code: 'RENT', name: 'Monthly rent' },
          { code: 'FOB', name: 'Key fob' },
        ],
      })
      .where(eq(companies.id, I.companyUs));
    try {
      expect((await post(admin, charge(I.leaseUs, { code: 'storage' }))).statusCode).toBe(400);
      const res = await post(admin, charge(I.leaseUs, { code: 'fob', amount: 25 }));
      expect(res.statusCode).toBe(200);
      expect(res.json().openCharge).toMatchObject({ code: 'FOB', name: 'Key fob' });
      // a stored code without a name (the list is jsonb): the code names the charge, never a 500
      await app.ctx.database.raw(`UPDATE companies SET charge_codes = '[{"code":"GYM","name":null}]'::jsonb WHERE id = $1`, [
        I.companyUs,
      ]);
      const gym = await post(admin, charge(I.leaseUs, { code: 'GYM', amount: 15 }));
      expect(gym.statusCode).toBe(200);
      expect(gym.json().openCharge).toMatchObject({ code: 'GYM', name: 'GYM' });
    } finally {
      await app.ctx.db.update(companies).set({ chargeCodes: [] }).where(eq(companies.id, I.companyUs));
    }
  });
});

describe('credits', () => {
  it('a credit pays the open charges oldest first; the rest stays unapplied and pays the next charge posted', async () => {
    const leaseId = await leaseWith([
      [50_00, '2026-02-01'],
      [100_00, '2026-01-01'],
    ]);
    const first = await post(manager, { leaseId, kind: 'CREDIT', code: 'other', amount: 120, description: 'Goodwill' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'CREDIT',
      openCharge: null,
      unappliedCredit: 0,
      balance: 30,
      transaction: { transactionType: 'CREDIT', status: 'COMPLETE', amount: 120, currency: 'CAD' },
    });
    expect(await balances(leaseId)).toEqual([0, 30_00]);
    const [tx] = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, first.json().transaction.id));
    expect(tx).toMatchObject({
      paymentProviderId: null,
      billingAccountId: leaseId,
      companyId: I.companyCa,
      propertyId: I.propertyCa,
    });
    expect(tx.userId).toBe(I.tenant);

    // 100 more: 30 pays the February charge, 70 stays unapplied
    const second = await post(admin, { leaseId, kind: 'CREDIT', code: 'other', amount: 100 });
    expect(second.json()).toMatchObject({ unappliedCredit: 70, balance: 0 });
    expect(await balances(leaseId)).toEqual([0, 0]);

    // a one-off charge of 50 is paid by it at once (20 left), one of 40 then owes 20
    const third = await post(manager, { leaseId, kind: 'CHARGE', code: 'utilities', amount: 50, dueDate: dueSoon() });
    expect(third.json()).toMatchObject({ openCharge: { amount: 50, balance: 0 }, unappliedCredit: 20, balance: 0 });
    const fourth = await post(manager, { leaseId, kind: 'CHARGE', code: 'utilities', amount: 40, dueDate: dueSoon() });
    expect(fourth.json()).toMatchObject({ openCharge: { amount: 40, balance: 20 }, unappliedCredit: 0, balance: 20 });

    // the ledger holds: each charge's balance is its amount less its allocations; no credit allocates more than it is
    const check = await app.ctx.database.raw(
      `SELECT c.amount - coalesce((SELECT sum(a.amount) FROM charge_allocations a WHERE a.open_charge_id = c.id), 0) AS expected,
              c.balance FROM open_charges c WHERE c.billing_account_id = $1`,
      [leaseId],
    );
    for (const r of check.rows) expect(Number(r.balance)).toBe(Number(r.expected));
    const allocated = await app.ctx.db
      .select({ tx: chargeAllocations.transactionId, sum: sql<string>`sum(${chargeAllocations.amount})` })
      .from(chargeAllocations)
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, chargeAllocations.transactionId))
      .where(eq(paymentTransactions.billingAccountId, leaseId))
      .groupBy(chargeAllocations.transactionId);
    expect(allocated.map((a) => Number(a.sum)).sort((a, b) => a - b)).toEqual([100_00, 120_00]);
    const audits = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'CREDIT_POSTED'));
    expect(audits.map((a) => a.recordId)).toEqual(
      expect.arrayContaining([first.json().transaction.id, second.json().transaction.id]),
    );
  });

  it('a lease whose invited tenant has not signed up yet: the credit is recorded under the poster', async () => {
    const [lease] = await app.ctx.db
      .insert(propertyLeases)
      .values({ userId: null, propertyId: I.propertyCa, companyId: I.companyCa, status: 'PENDING', unit: 'invited' })
      .returning({ id: propertyLeases.id });
    const res = await post(manager, { leaseId: lease.id, kind: 'CREDIT', code: 'other', amount: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ unappliedCredit: 25, balance: 0 });
    const [tx] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, res.json().transaction.id));
    expect(tx).toMatchObject({ userId: I.manager, userType: 'TYPE_MANAGER', actedBy: I.manager });
  });

  it('concurrent credits on one lease never pay more than the charges owe', async () => {
    const leaseId = await leaseWith([
      [100_00, '2026-01-01'],
      [100_00, '2026-02-01'],
    ]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(manager, { leaseId, kind: 'CREDIT', code: 'other', amount: 45 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // 270 of credit over 200 owed: both charges paid, 70 unapplied
    expect(await balances(leaseId)).toEqual([0, 0]);
    const last = await post(manager, { leaseId, kind: 'CHARGE', code: 'other', amount: 100, dueDate: dueSoon() });
    expect(last.json()).toMatchObject({ openCharge: { balance: 30 }, unappliedCredit: 0 });
  });
});
