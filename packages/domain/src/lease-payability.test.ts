import { describe, expect, it } from 'vitest';
import { leasePayability } from './lease-payability.ts';

describe('leasePayability (issue 21 §1: one rule for the notice, the lease card and the autopay button)', () => {
  it('an active lease of a company that takes payments online: pay and autopay', () => {
    expect(leasePayability({ status: 'ACTIVE', onlyPMPaymentAllowed: 'NO' })).toEqual({
      pay: true,
      payReason: null,
      autopay: true,
      autopayReason: null,
    });
  });
  it('manager-only payments (spec 1 §5, spec 2 §5): neither a payment nor an autopay in the portal', () => {
    expect(leasePayability({ status: 'ACTIVE', onlyPMPaymentAllowed: 'YES' })).toMatchObject({
      pay: false,
      payReason: 'MANAGER_ONLY',
      autopay: false,
      autopayReason: 'MANAGER_ONLY',
    });
  });
  it('enforced custom amount with blocked partial payments (spec 2 §5): pay yes, autopay no', () => {
    expect(
      leasePayability({ status: 'ACTIVE', onlyPMPaymentAllowed: 'NO', enforceCustomAmount: true, blockPartialPayments: true }),
    ).toMatchObject({ pay: true, autopay: false, autopayReason: 'AUTOPAY_REFUSED' });
  });
  it('the lease status comes first (spec 1 §4)', () => {
    for (const status of ['TERMINATED', 'SUSPENDED', 'PENDING'] as const)
      expect(leasePayability({ status, onlyPMPaymentAllowed: 'YES' })).toMatchObject({
        pay: false,
        payReason: status,
        autopay: false,
        autopayReason: status,
      });
  });
});
