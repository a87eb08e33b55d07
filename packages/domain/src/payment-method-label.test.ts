import { describe, expect, it } from 'vitest';
import { cardBrandName, paymentMethodLabel, paymentMethodTypeKey, transactionMethodLabel } from './payment-method-label.ts';

describe('payment method labels', () => {
  it.each([
    [
      { type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' },
      { key: 'domain.methodLabel.card', values: { brand: 'Visa', last4: '4242' } },
    ],
    [
      { type: 'TYPE_INSTALLMENT_PAY', brand: 'MASTERCARD', last4: '4444' },
      { key: 'domain.methodLabel.instalmentCard', values: { product: 'Split Pay', brand: 'Mastercard', last4: '4444' } },
    ],
    [
      { type: 'TYPE_BANK_ACCOUNT', last4: '6789' },
      { key: 'domain.methodLabel.bankAccount', values: { last4: '6789' } },
    ],
    [{ type: 'TYPE_BANK_ACCOUNT' }, { key: 'domain.methodLabel.bankAccount', values: { last4: '' } }],
    [{ type: 'TYPE_PAY_PAL' }, { key: 'domain.methodLabel.payPal' }],
    [{ type: 'TYPE_LOADHUB_CASH' }, { key: 'domain.methodLabel.cash' }],
    [{ type: 'TYPE_CASH' }, { key: 'domain.methodLabel.cash' }],
    [{ type: 'TYPE_WALLET' }, { key: 'domain.methodLabel.wallet' }],
    [{ type: 'TYPE_UNION_PAY' }, { key: 'domain.methodLabel.unionPay' }],
    [{ type: 'TYPE_CREDIT_REPORT' }, null],
    [{}, null],
  ])('%j', (m, label) => {
    expect(paymentMethodLabel(m)).toEqual(label);
  });
  it('uses the split product name and transaction fields', () => {
    expect(
      paymentMethodLabel({ type: 'TYPE_INSTALLMENT_PAY', brand: 'VISA', last4: '1' }, { splitProductName: 'Splitit' })?.values
        ?.product,
    ).toBe('Splitit');
    expect(
      transactionMethodLabel({ paymentMethodType: 'TYPE_CREDIT_CARD', cardBrand: 'AMERICAN_EXPRESS', last4: '0005' }),
    ).toEqual({
      key: 'domain.methodLabel.card',
      values: { brand: 'American Express', last4: '0005' },
    });
  });
  it.each([
    ['VISA_ELECTRON', 'Visa Electron'],
    ['UNION_PAY', 'UnionPay'],
    ['NEW_BRAND', 'NEW BRAND'],
    [null, ''],
  ])('brand %s → %s', (b, name) => {
    expect(cardBrandName(b)).toBe(name);
  });
  it.each([
    ['TYPE_BANK_ACCOUNT', 'domain.methodType.bankAccount'],
    ['TYPE_PAYSAFE_CASH', 'domain.methodType.cash'],
    ['NOPE', null],
    [undefined, null],
  ])('type key %s → %s', (t, key) => {
    expect(paymentMethodTypeKey(t)).toBe(key);
  });
});
