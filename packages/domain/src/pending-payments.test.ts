import { describe, expect, it } from 'vitest';
import { pendingAllocatedCents, shownBalanceCents } from './pending-payments.ts';

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
