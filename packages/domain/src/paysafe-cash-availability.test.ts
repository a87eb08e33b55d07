import { describe, expect, it } from 'vitest';
import { PAYSAFE_CASH_MAX_CENTS, paysafeCashUnavailable } from './limits.ts';
import { MSG } from './message-keys.ts';

// issue 21 §1: the US tenant was offered Paysafecash with partial payments blocked and 2,400.00 due (cap 1,495.00)
describe('paysafeCashUnavailable', () => {
  it('refuses when partial payments are blocked and what is due at once is above the cash cap, naming both', () => {
    expect(paysafeCashUnavailable({ blockPartialPayments: true, payableNowCents: 240_000 })).toEqual({
      key: MSG.paymentCashUnavailablePartial,
      values: { amount: '$2,400.00', max: '$1,495.00' },
    });
  });
  it('allows it at the cap, below it, or when partial payments are allowed', () => {
    expect(paysafeCashUnavailable({ blockPartialPayments: true, payableNowCents: PAYSAFE_CASH_MAX_CENTS })).toBeNull();
    expect(paysafeCashUnavailable({ blockPartialPayments: true, payableNowCents: 0 })).toBeNull();
    expect(paysafeCashUnavailable({ blockPartialPayments: false, payableNowCents: 240_000 })).toBeNull();
  });
  it('formats in the display given', () => {
    const r = paysafeCashUnavailable({
      blockPartialPayments: true,
      payableNowCents: 149_501,
      display: { currency: 'USD', locale: 'fr' },
    });
    expect(r?.values?.max).toMatch(/^1\s495,00\s\$\sUS$/);
  });
});
