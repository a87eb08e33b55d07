import { describe, expect, it } from 'vitest';
import { leaseAcceptedPaymentTypes, leaseShowsPayLater, type PayLaterLease } from './lease-payment-options.ts';

const lease = (over: {
  acceptInstallmentPay?: boolean;
  property?: string[] | null;
  company?: string[] | null;
  payPalCredit?: boolean | null;
}): PayLaterLease => ({
  acceptInstallmentPay: over.acceptInstallmentPay,
  joins: {
    property: {
      acceptedPaymentTypes: over.property ?? null,
      paypalCreditIntegration: over.payPalCredit == null ? null : { enabled: over.payPalCredit },
    },
    company: { acceptedPaymentTypes: over.company ?? null },
  },
});

describe('leaseShowsPayLater (spec 1 §2)', () => {
  it.each([
    ['nothing accepted', lease({ company: ['TYPE_CREDIT_CARD'] }), false],
    ['the lease accepts instalment pay', lease({ acceptInstallmentPay: true }), true],
    ['the company accepts TYPE_INSTALLMENT_PAY', lease({ company: ['TYPE_INSTALLMENT_PAY'] }), true],
    [
      'the property list overrides the company',
      lease({ company: ['TYPE_INSTALLMENT_PAY'], property: ['TYPE_CREDIT_CARD'] }),
      false,
    ],
    ['the online wallet provider pay later is on', lease({ payPalCredit: true }), true],
    ['the online wallet provider pay later is off', lease({ payPalCredit: false }), false],
    ['no joins at all', {}, false],
  ])('%s → %s', (_name, l, expected) => {
    expect(leaseShowsPayLater(l)).toBe(expected);
  });

  it('reads accepted types as the property list, else the company list', () => {
    expect([...leaseAcceptedPaymentTypes(lease({ company: ['TYPE_WALLET'] }))]).toEqual(['TYPE_WALLET']);
  });
});
