import { describe, expect, it } from 'vitest';
import {
  AUTOPAY_DAYS,
  AUTOPAY_METHOD_TYPES,
  autopayButtonMode,
  autopayStartDayOptions,
  disableAutopayPatch,
  isAutopaySaveDisabled,
  isAutopaySaveRefused,
  isPadPricedAutopay,
  nextMonthlyOccurrence,
  padDayOfMonth,
  padScheduleDate,
  showAutopayCharges,
  showAutopayCloseButton,
  showAutopayCustomAmount,
  showDisableAutopay,
  validateAutopay,
  validateAutopayCustomAmount,
} from './autopay.ts';
import { PAYMENT_METHOD_TYPES } from './entities.ts';
import type { PaymentAmountContext } from './payment-amounts.ts';
import { PROCESSOR_CHARGED_METHOD_TYPES } from './payment-methods.ts';

describe('start-day options', () => {
  it('without a due day: 1..31', () => {
    expect(autopayStartDayOptions(null)).toEqual(AUTOPAY_DAYS);
    expect(autopayStartDayOptions(0)).toEqual(AUTOPAY_DAYS);
    expect(autopayStartDayOptions(32)).toEqual(AUTOPAY_DAYS);
  });
  it.each([
    [1, [2, 3, 4], 1],
    [5, [6, 7, 8], 5],
    [30, [31, 1, 2], 30],
    [31, [1, 2, 3], 31],
  ])('due %i → starts %j, ends at %i, 31 options', (due, first, last) => {
    const days = autopayStartDayOptions(due);
    expect(days).toHaveLength(31);
    expect(days.slice(0, 3)).toEqual(first);
    expect(days.at(-1)).toBe(last);
    expect(new Set(days).size).toBe(31);
  });
});

describe('pre-authorised debit date', () => {
  // issue 20: the autopay job and the modal price a bank autopay as PAD (free at the seeded companies) on the 1st only
  it.each([
    [true, 1, true],
    [true, 5, true],
    [true, 10, false],
    [true, 15, false],
    [true, 20, false],
    [true, 21, true],
    [false, 1, false],
    [false, 15, false],
  ])('bank account %s on day %i priced as PAD: %s', (padSchedule, day, pad) => {
    expect(isPadPricedAutopay(padSchedule, day)).toBe(pad);
  });
  it.each([
    [9, 1],
    [10, 10],
    [15, 15],
    [20, 20],
    [21, 1],
    [1, 1],
    [31, 1],
  ])('day %i → %i', (day, out) => {
    expect(padDayOfMonth(day)).toBe(out);
  });
  it.each([
    ['2025-06-09', '2025-06-01'],
    ['2025-06-10', '2025-06-10'],
    ['2025-06-20', '2025-06-20'],
    ['2025-06-21', '2025-07-01'],
    ['2025-12-31', '2026-01-01'],
  ])('%s → %s', (d, out) => {
    expect(padScheduleDate(d)).toBe(out);
  });
  it('rejects a bad date', () => {
    expect(() => padScheduleDate('2025-02-30')).toThrow(RangeError);
  });
  it.each([
    [15, '2025-06-10', '2025-06-15'],
    [15, '2025-06-15', '2025-06-15'],
    [15, '2025-06-16', '2025-07-15'],
    [31, '2025-06-01', '2025-06-30'],
    [31, '2025-01-31', '2025-01-31'],
    [30, '2025-01-31', '2025-02-28'],
  ])('next occurrence of day %i from %s = %s', (day, today, out) => {
    expect(nextMonthlyOccurrence(day, today)).toBe(out);
  });
});

describe('custom amount', () => {
  it.each([
    [false, '', null],
    [true, '', 'validation.requiredField'],
    [true, null, 'validation.requiredField'],
    [true, '0.99', 'domain.autopay.customAmountMin'],
    [true, 'abc', 'validation.amount.notAnAmount'],
    [true, '1.925', 'validation.amount.ambiguous'],
    [true, '1', null],
    [true, '1.00', null],
  ])('checked=%s %s → %s', (checked, v, key) => {
    const r = validateAutopayCustomAmount(checked, v);
    expect(r.ok ? null : r.key).toBe(key);
  });
  // issue 20 §1: read in the tenant's locale: "12,50" is twelve fifty in French, never 1250
  it.each([
    ['12,50', null],
    ['0,99', 'domain.autopay.customAmountMin'],
    ['1,925', 'validation.amount.ambiguous'],
  ])('French %s → %s', (v, key) => {
    const r = validateAutopayCustomAmount(true, v, { currency: 'CAD', locale: 'fr' });
    expect(r.ok ? null : r.key).toBe(key);
  });
});

describe('company settings', () => {
  it.each([
    [{ enforceCustomAmount: 'YES', blockPartialPayments: true }, true],
    [{ enforceCustomAmount: true, blockPartialPayments: 'YES' }, true],
    [{ enforceCustomAmount: 'YES', blockPartialPayments: 'NO' }, false],
    [{ enforceCustomAmount: 'NO', blockPartialPayments: true }, false],
  ] as const)('%j refused=%s', (s, refused) => {
    expect(isAutopaySaveRefused(s)).toBe(refused);
    expect(showAutopayCustomAmount(s)).toBe(!refused);
  });
  it('manager-only, disable, close, charges, mode, disable patch', () => {
    expect(isAutopaySaveDisabled({ onlyPMPaymentAllowed: 'YES' })).toBe(true);
    expect(isAutopaySaveDisabled({})).toBe(false);
    expect(showDisableAutopay(true, {})).toBe(true);
    expect(showDisableAutopay(true, { onlyPMPaymentAllowed: 'YES' })).toBe(false);
    expect(showDisableAutopay(false, {})).toBe(false);
    expect(showAutopayCloseButton(true)).toBe(false);
    expect(showAutopayCloseButton(false)).toBe(true);
    expect(showAutopayCharges({ manageBalance: 'NO' })).toBe(true);
    expect(showAutopayCharges({ manageBalance: 'YES' })).toBe(false);
    expect(autopayButtonMode({ active: true })).toBe('edit');
    expect(autopayButtonMode(null)).toBe('setup');
    expect(disableAutopayPatch()).toEqual({ active: false, customAmount: 0 });
  });
});

describe('validateAutopay', () => {
  const ctx: PaymentAmountContext = {
    openCharges: [{ dueDate: '2025-06-01', balance: 1500 }],
    today: '2025-06-10',
    overpaymentAllowed: 'NO',
  };
  const draft = { customAmountChecked: false, paymentMethodId: 'pm1', paymentMethodType: 'TYPE_BANK_ACCOUNT', startDay: 1 };
  const keys = (v: ReturnType<typeof validateAutopay>) =>
    Object.fromEntries(Object.entries(v.errors).map(([f, e]) => [f, e?.key]));
  it.each([
    [draft, {}, {}, {}],
    [
      { ...draft, paymentMethodId: null, startDay: 0 },
      {},
      {},
      { paymentMethodId: 'domain.paymentMethod.selectValid', startDay: 'validation.requiredField' },
    ],
    [
      draft,
      { enforceCustomAmount: 'YES', blockPartialPayments: 'YES' },
      {},
      { form: 'domain.autopay.enforceCustomAmountBlocked' },
    ],
    [draft, { onlyPMPaymentAllowed: 'YES' }, {}, { form: 'domain.autopay.onlyManagerPayments' }],
    [{ ...draft, customAmountChecked: true, customAmount: '0.5' }, {}, {}, { customAmount: 'domain.autopay.customAmountMin' }],
    [{ ...draft, customAmountChecked: true, customAmount: '1.00' }, {}, {}, {}],
    [
      { ...draft, customAmountChecked: true, customAmount: '1500.01' },
      {},
      {},
      { customAmount: 'domain.payment.overpayFutureCharges' },
    ],
    [
      { ...draft, customAmountChecked: true, customAmount: '100000.01' },
      {},
      { overpaymentAllowed: 'YES' },
      { customAmount: 'domain.payment.aboveLimit' },
    ],
    [
      { ...draft, customAmountChecked: true, customAmount: '1499.99' },
      {},
      { blockPartialPayments: true },
      { customAmount: 'domain.payment.disabledPartialPaymentsOverpayments' },
    ],
  ] as const)('%j %j %j → %j', (d, s, c, expected) => {
    const r = validateAutopay(d, s, { ...ctx, ...c });
    expect(keys(r)).toEqual(expected);
    expect(r.ok).toBe(Object.keys(expected).length === 0);
  });
  it('reports a soft-maximum confirmation', () => {
    const r = validateAutopay(
      { ...draft, customAmountChecked: true, customAmount: '1200' },
      {},
      { ...ctx, softMaximumPaymentAmount: 1000 },
    );
    expect(r.ok).toBe(true);
    expect(r.amount?.softMaximumExceeded).toBe(true);
  });
});

describe('the method types an autopay charges (spec 2 §9: a card or a pre-authorised debit)', () => {
  const expected: Record<string, { autopay: boolean; processor: boolean }> = {
    TYPE_CREDIT_CARD: { autopay: true, processor: true },
    TYPE_BANK_ACCOUNT: { autopay: true, processor: true },
    TYPE_WALLET: { autopay: false, processor: true },
  };
  it.each(PAYMENT_METHOD_TYPES.map((t) => [t, expected[t] ?? { autopay: false, processor: false }] as const))(
    '%s',
    (type, { autopay, processor }) => {
      expect(AUTOPAY_METHOD_TYPES.has(type)).toBe(autopay);
      expect(PROCESSOR_CHARGED_METHOD_TYPES.has(type)).toBe(processor);
    },
  );
  it('every autopay type is one the processor charges by its token', () => {
    for (const type of AUTOPAY_METHOD_TYPES) expect(PROCESSOR_CHARGED_METHOD_TYPES.has(type)).toBe(true);
  });
});
