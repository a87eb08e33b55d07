import { describe, expect, it } from 'vitest';
import { balanceBreakdown } from './balance-breakdown.ts';
import { pendingAllocatedCents, shownBalanceCents, shownOpenCharges } from './pending-payments.ts';

const pending = (allocated: number) => ({
  id: `t${allocated}`,
  paymentMethodType: 'TYPE_UNION_PAY',
  amount: allocated,
  allocated,
  expiresAt: '2026-01-02T00:00:00.000Z',
});

describe('the balance the tenant sees (issue 21 §1)', () => {
  it('adds back what pending redirect payments hold: money not yet paid is not off the balance', () => {
    expect(shownBalanceCents({ balance: 1000, pendingPayments: [pending(500), pending(0.1)] })).toBe(150_010);
    expect(pendingAllocatedCents({ balance: 0, pendingPayments: [pending(1500)] })).toBe(150_000);
  });
  it('is the balance itself when nothing is pending (or the record has no such field)', () => {
    expect(shownBalanceCents({ balance: 12.34 })).toBe(1234);
    expect(shownBalanceCents({ balance: 12.34, pendingPayments: [] })).toBe(1234);
  });
});

// issue 21 §1: with a UnionPay payment pending, the lease card showed 3 775 and its breakdown 3 675 (the breakdown read the
// charges net of the pending allocation). One rule: the breakdown is of the balance shown; the pending part apart.
describe('the breakdown of the balance the tenant sees (issue 21 §1)', () => {
  const TODAY = '2026-11-22';
  const rent = { id: 'rent', dueDate: '2026-11-01', balance: 3575 };
  const parking = { id: 'parking', dueDate: '2026-11-30', balance: 100 };
  it('gives each pending allocation back to its charge, so the breakdown totals the balance shown', () => {
    const lease = {
      balance: 3675,
      openCharges: [rent, parking],
      pendingPayments: [{ ...pending(100), charges: [{ id: 'rent', dueDate: '2026-11-01', allocated: 100 }] }],
    };
    const b = balanceBreakdown(shownOpenCharges(lease), TODAY);
    expect(shownBalanceCents(lease)).toBe(377_500);
    expect(b.totalCents).toBe(377_500);
    expect(b.overdueCents).toBe(367_500);
    expect(b.dueThisMonthCents).toBe(10_000);
  });
  it('brings back a charge the pending payment covers in full (the answer lists open charges with a balance only)', () => {
    const lease = {
      balance: 3575,
      openCharges: [rent],
      pendingPayments: [{ ...pending(100), charges: [{ id: 'parking', dueDate: '2026-11-30', allocated: 100 }] }],
    };
    const b = balanceBreakdown(shownOpenCharges(lease), TODAY);
    expect(b.totalCents).toBe(shownBalanceCents(lease));
    expect(b.dueThisMonthCents).toBe(10_000);
  });
  it('is the open charges themselves when nothing is pending', () => {
    expect(shownOpenCharges({ balance: 3675, openCharges: [rent, parking] })).toEqual([rent, parking]);
  });
});
