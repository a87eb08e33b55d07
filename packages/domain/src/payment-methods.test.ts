import { describe, expect, it } from 'vitest';
import {
  addressLabel,
  arePaymentMethodChangesDisabled,
  bankBlockedAlert,
  billingAddressOptions,
  blockedMethodsWarning,
  blockedPaymentTypes,
  blockKeyForType,
  cashPaymentTypeForCountry,
  cleanPaymentMethodList,
  defaultBillingAddress,
  deletePathType,
  getAddMethodTypes,
  getExtraPaymentOptions,
  isCashSlipViewable,
  isPaymentTypeBlocked,
  isWalletReusable,
  merchantNotConfigured,
  normalizeAcceptedTypes,
  showAddPaymentOption,
  showPayLater,
  undefinedMethodMessage,
  usesBankLinkingWidget,
} from './payment-methods.ts';

describe('cleanPaymentMethodList', () => {
  const list = [
    { id: '1', type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' },
    { id: '1', type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' },
    { id: '2', type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' },
    { id: '3', type: 'TYPE_LOADHUB_CASH' },
    { id: '4', type: 'TYPE_PAYSAFE_CASH' },
    { id: '5', type: 'TYPE_CASH' },
    { id: '6', type: 'TYPE_WALLET', walletType: 'APPLE_PAY' },
    { id: '7', type: 'TYPE_WALLET', walletType: 'GOOGLE_PAY' },
    { id: '8', type: 'TYPE_BANK_ACCOUNT', last4: '6789' },
    { type: 'TYPE_PAY_PAL' },
  ];
  it('removes cash, Apple Pay on Windows and duplicates', () => {
    expect(cleanPaymentMethodList(list, { isWindows: true }).map((m) => m.id ?? m.type)).toEqual(['1', '7', '8', 'TYPE_PAY_PAL']);
    expect(cleanPaymentMethodList(list, { isWindows: false }).map((m) => m.id ?? m.type)).toEqual([
      '1',
      '6',
      '7',
      '8',
      'TYPE_PAY_PAL',
    ]);
  });
});

describe('add and remove', () => {
  it.each([
    [{ paymentType: 'PAY_NOW', onlyPMPaymentAllowed: 'NO' }, true],
    [{ paymentType: 'PAY_LATER', onlyPMPaymentAllowed: 'NO' }, false],
    [{ paymentType: 'PAY_NOW', onlyPMPaymentAllowed: 'YES' }, false],
    [{}, true],
  ] as const)('%j → %s', (input, shown) => {
    expect(showAddPaymentOption(input)).toBe(shown);
  });
  it.each([
    [[{ company: { onlyPMPaymentAllowed: 'YES' } }, { company: { onlyPMPaymentAllowed: true } }], true],
    [[{ company: { onlyPMPaymentAllowed: 'YES' } }, { company: { onlyPMPaymentAllowed: 'NO' } }], false],
    [[{ company: null }], false],
    [[], false],
  ] as const)('%j → %s', (leases, disabled) => {
    expect(arePaymentMethodChangesDisabled(leases)).toBe(disabled);
  });
  it('add-method types, bank widget', () => {
    expect(getAddMethodTypes()).toEqual(['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL', 'TYPE_WALLET']);
    expect(getAddMethodTypes({ excludeWallets: true })).toEqual(['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL']);
    expect(usesBankLinkingWidget({ createBankAccountFromPlaidRequired: true })).toBe(true);
    expect(usesBankLinkingWidget({ createBankAccountFromPlaidRequired: 'YES' })).toBe(true);
    expect(usesBankLinkingWidget(null)).toBe(false);
  });
});

describe('extra options', () => {
  it.each([
    ['US', ['TYPE_CASH', 'TYPE_INSTALLMENT_PAY', 'TYPE_UNION_PAY'], 'CA', ['TYPE_PAYSAFE_CASH', 'TYPE_INSTALLMENT_PAY']],
    ['CA', ['TYPE_LOADHUB_CASH', 'TYPE_UNION_PAY'], 'ON', ['TYPE_LOADHUB_CASH', 'TYPE_UNION_PAY']],
    ['CA', ['TYPE_INSTALLMENT_PAY'], 'NB', []],
    [
      'CA',
      { TYPE_CASH: true, TYPE_UNION_PAY: { enabled: true }, TYPE_INSTALLMENT_PAY: 'YES' },
      'BC',
      ['TYPE_LOADHUB_CASH', 'TYPE_INSTALLMENT_PAY', 'TYPE_UNION_PAY'],
    ],
    ['CA', { TYPE_CASH: false, TYPE_UNION_PAY: { enabled: false } }, 'BC', []],
    ['FR', ['TYPE_CASH'], null, []],
    ['CA', null, 'BC', []],
  ])('%s accepting %j in %s → %j', (country, accepted, province, options) => {
    expect(getExtraPaymentOptions({ country, acceptedPaymentTypes: accepted, province })).toEqual(options);
  });
  it('cash type by country', () => {
    expect(cashPaymentTypeForCountry('US')).toBe('TYPE_PAYSAFE_CASH');
    expect(cashPaymentTypeForCountry('CA')).toBe('TYPE_LOADHUB_CASH');
    expect(cashPaymentTypeForCountry('MX')).toBeNull();
    expect(normalizeAcceptedTypes(undefined).size).toBe(0);
  });
});

describe('blocking', () => {
  const block = {
    TYPE_BANK_ACCOUNT: { blocked: true },
    TYPE_CREDIT_CARD: { blocked: false, blockedSplit: true },
    TYPE_CASH: { blocked: true },
    TYPE_WALLET: null,
  };
  it.each([
    ['TYPE_BANK_ACCOUNT', true],
    ['TYPE_CREDIT_CARD', false],
    ['TYPE_INSTALLMENT_PAY', true],
    ['TYPE_LOADHUB_CASH', true],
    ['TYPE_PAYSAFE_CASH', true],
    ['TYPE_WALLET', false],
    ['TYPE_PAY_PAL', false],
    ['TYPE_UNION_PAY', false],
  ])('%s blocked=%s', (type, blocked) => {
    expect(isPaymentTypeBlocked(type, block)).toBe(blocked);
  });
  it('lists blocked types and their messages', () => {
    expect(blockedPaymentTypes(block)).toEqual(['TYPE_BANK_ACCOUNT', 'TYPE_CASH', 'TYPE_INSTALLMENT_PAY']);
    expect(blockedMethodsWarning(block)).toEqual([
      {
        key: 'domain.paymentMethod.blocked',
        values: { method: 'domain.methodType.bankAccount' },
        valueKeys: { method: 'domain.methodType.bankAccount' },
      },
      {
        key: 'domain.paymentMethod.blocked',
        values: { method: 'domain.methodType.cash' },
        valueKeys: { method: 'domain.methodType.cash' },
      },
      {
        key: 'domain.paymentMethod.blocked',
        values: { method: 'domain.methodType.splitPay' },
        valueKeys: { method: 'domain.methodType.splitPay' },
      },
    ]);
    expect(blockedPaymentTypes(null)).toEqual([]);
    expect(blockKeyForType('TYPE_DEFERRED')).toBeNull();
  });
  it('bank blocked alert once per lease', () => {
    const lease = { id: 'L1', propertyName: 'Maple Court', blockPayments: block };
    expect(bankBlockedAlert(lease, new Set())).toEqual({
      key: 'domain.paymentMethod.bankBlockedForProperty',
      values: { property: 'Maple Court' },
    });
    expect(bankBlockedAlert(lease, new Set(['L1']))).toBeNull();
    expect(bankBlockedAlert({ id: 'L2' }, new Set())).toBeNull();
    expect(bankBlockedAlert({ id: 'L3', blockPayments: block }, new Set())?.values).toEqual({ property: '' });
  });
  it('messages for undefined methods and no accepted methods', () => {
    expect(undefinedMethodMessage()).toEqual({ key: 'domain.paymentMethod.notEnabled' });
    expect(merchantNotConfigured([])).toEqual({ key: 'domain.paymentMethod.merchantNotConfigured' });
    expect(merchantNotConfigured(['TYPE_CREDIT_CARD'])).toBeNull();
  });
});

describe('billing addresses', () => {
  const addresses = [
    { id: 'a', country: 'US', street1: '1 Main St', city: 'Austin', province: 'TX', postalCode: '73301', suite: 'N/A' },
    { id: 'b', country: 'CA', street1: '2 King St', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2', suite: '12' },
    { id: 'c', country: 'GB', street1: '3 High St', city: 'London', postalCode: 'SW1A1AA' },
  ];
  it('non-card use keeps US and CA only', () => {
    expect(billingAddressOptions(addresses, 'other').map((a) => a.id)).toEqual(['a', 'b']);
    expect(billingAddressOptions(addresses, 'card').map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });
  it.each([
    [0, '1 Main St, Austin, TX, US, 73301'],
    [1, '12-2 King St, Toronto, ON, CA, M5H 2N2'],
    [2, '3 High St, London, GB, SW1A1AA'],
  ])('label %i → %s', (i, label) => {
    expect(addressLabel(addresses[i])).toBe(label);
  });
  it('n/a suite in any case is omitted', () => {
    expect(addressLabel({ suite: 'n/a', street1: '5 Elm' })).toBe('5 Elm');
  });

  it('a new method starts with the most recently saved address, or none (issue 20: not US / Alabama)', () => {
    const older = { id: 'a', province: 'ON', country: 'CA', createDate: '2026-01-02T10:00:00Z' };
    const newer = { id: 'b', province: 'BC', country: 'CA', createDate: '2026-03-04T10:00:00Z' };
    expect(defaultBillingAddress([older, newer])).toBe(newer);
    expect(defaultBillingAddress([newer, older])).toBe(newer);
    expect(defaultBillingAddress([])).toBeNull();
  });
});

describe('misc', () => {
  it('delete path type, wallet reuse, cash slip, pay later', () => {
    expect(deletePathType('TYPE_CREDIT_CARD')).toBe('CREDIT_CARD');
    const now = '2025-06-01T12:00:00Z';
    expect(isWalletReusable({ expireIn: '2025-06-01T12:00:01Z' }, now)).toBe(true);
    expect(isWalletReusable({ expireIn: '2025-06-01T12:00:00Z' }, now)).toBe(false);
    expect(isWalletReusable({ expireIn: Date.parse(now) + 1 }, new Date(now))).toBe(true);
    expect(isWalletReusable({ expireIn: 'bad' }, Date.parse(now))).toBe(false);
    expect(isWalletReusable(null, now)).toBe(false);
    expect(isCashSlipViewable('CA')).toBe(true);
    expect(isCashSlipViewable('US')).toBe(false);
    expect(showPayLater({ instalmentAccepted: false, payPalCreditEnabled: true })).toBe(true);
    expect(showPayLater({ instalmentAccepted: false, payPalCreditEnabled: false })).toBe(false);
  });
});
