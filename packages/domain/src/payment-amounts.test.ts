import { describe, expect, it } from 'vitest';
import { chargeRowsSchema } from './payment-amount-schemas.ts';
import {
  arePartialPaymentsBlocked,
  canRemoveChargeRow,
  chargeRowsTotalCents,
  checkPaymentAmount,
  DEFAULT_CHARGE_CODES,
  defaultPaymentAmountCents,
  getChargeCodes,
  isAboveSoftMaximum,
  isOverpaymentOptionEnabled,
  MIN_PAYMENT_CENTS,
  OVERPAYMENT_LIMIT_CENTS,
  type PaymentAmountContext,
  payableNowCents,
  payableThroughNextMonthCents,
  showsBalance,
} from './payment-amounts.ts';

const TODAY = '2025-06-15';
const charges = [
  { dueDate: '2025-05-01', balance: 100.1 },
  { dueDate: '2025-06-30', balance: '1500.00' },
  { dueDate: '2025-07-01', balance: 1500 },
  { dueDate: '2025-08-01', balance: 1500 },
];

describe('amounts from open charges', () => {
  it('default = sum of balances, payable now = this month or earlier, through next month', () => {
    expect(defaultPaymentAmountCents(charges)).toBe(460010);
    expect(payableNowCents(charges, TODAY)).toBe(160010);
    expect(payableThroughNextMonthCents(charges, TODAY)).toBe(310010);
    expect(defaultPaymentAmountCents(null)).toBe(0);
    expect(payableNowCents(undefined, TODAY)).toBe(0);
    expect(payableThroughNextMonthCents([], TODAY)).toBe(0);
  });
  it.each([
    ['2025-06-30', '2025-06-01', true],
    ['2025-07-01', '2025-06-30', false],
    ['2024-12-31', '2025-01-01', true],
    ['2026-01-01', '2025-12-31', false],
  ])('charge due %s counts on %s: %s', (dueDate, today, counts) => {
    expect(payableNowCents([{ dueDate, balance: 1 }], today) === 100).toBe(counts);
  });
  it('next-month window crosses the year', () => {
    expect(
      payableThroughNextMonthCents(
        [
          { dueDate: '2026-01-31', balance: 1 },
          { dueDate: '2026-02-01', balance: 1 },
        ],
        '2025-12-10',
      ),
    ).toBe(100);
  });
});

describe('checkPaymentAmount', () => {
  const ctx: PaymentAmountContext = { openCharges: charges, today: TODAY, overpaymentAllowed: 'NO' };
  const key = (cents: number, c: Partial<PaymentAmountContext> = {}) =>
    checkPaymentAmount(cents, { ...ctx, ...c }).error?.key ?? null;
  it.each([
    [999, {}, 'domain.payment.belowMinimum'],
    [1000, {}, null],
    [310010, {}, null],
    [310011, {}, 'domain.payment.overpayFutureCharges'],
    [1000, { openCharges: [] }, 'domain.payment.overpayNotAllowed'],
    [OVERPAYMENT_LIMIT_CENTS, { overpaymentAllowed: 'YES' }, null],
    [OVERPAYMENT_LIMIT_CENTS + 1, { overpaymentAllowed: 'YES' }, 'domain.payment.aboveLimit'],
    [OVERPAYMENT_LIMIT_CENTS, { overpaymentAllowed: true, openCharges: [] }, null],
    [160009, { blockPartialPayments: true }, 'domain.payment.disabledPartialPaymentsOverpayments'],
    [160010, { blockPartialPayments: true }, null],
    [160009, { blockPartialPayments: 'YES', overpaymentAllowed: 'YES' }, 'domain.payment.disabledPartialPayments'],
    [160009, { blockPartialPayments: 'NO' }, null],
    [500, { minCents: 100 }, null],
  ] as [number, Partial<PaymentAmountContext>, string | null][])('%i with %j → %s', (cents, c, k) => {
    expect(key(cents, c)).toBe(k);
  });
  it('names the amounts', () => {
    expect(checkPaymentAmount(999, ctx).error?.values).toEqual({ min: '$10.00' });
    expect(checkPaymentAmount(400000, ctx).error?.values).toEqual({ amount: '$1,600.10' });
    expect(checkPaymentAmount(OVERPAYMENT_LIMIT_CENTS + 1, { ...ctx, overpaymentAllowed: 'YES' }).error?.values).toEqual({
      limit: '$100,000.00',
    });
    expect(checkPaymentAmount(1000, ctx).maxCents).toBe(310010);
    expect(checkPaymentAmount(1000, { ...ctx, overpaymentAllowed: 'YES' }).maxCents).toBe(OVERPAYMENT_LIMIT_CENTS);
  });
  it.each([
    [200000, 2000, false],
    [200001, 2000, true],
    [200001, '2000.00', true],
    [200001, 0, false],
    [200001, null, false],
    [200001, '', false],
  ])('soft maximum %i vs %s → %s', (cents, soft, exceeded) => {
    expect(isAboveSoftMaximum(cents, soft)).toBe(exceeded);
    const r = checkPaymentAmount(cents, { ...ctx, overpaymentAllowed: 'YES', softMaximumPaymentAmount: soft });
    expect(r.ok).toBe(true);
    expect(r.softMaximumExceeded).toBe(exceeded);
    expect(r.softMaximum?.values).toEqual(exceeded ? { amount: '$2,000.00' } : undefined);
  });
  it('overpayment option', () => {
    expect(isOverpaymentOptionEnabled('YES')).toBe(true);
    expect(isOverpaymentOptionEnabled('NO')).toBe(false);
    expect(isOverpaymentOptionEnabled(undefined)).toBe(false);
    expect(MIN_PAYMENT_CENTS).toBe(1000);
  });
});

describe('charge codes and rows', () => {
  it('falls back to the 15 default charge codes', () => {
    expect(DEFAULT_CHARGE_CODES).toHaveLength(15);
    expect(getChargeCodes(null)[0]).toEqual({ code: 'Rent', name: 'Rent' });
    expect(getChargeCodes({ chargeCodes: [] })).toHaveLength(15);
    expect(getChargeCodes({ chargeCodes: [{ code: 'R', name: 'Rent' }] })).toEqual([{ code: 'R', name: 'Rent' }]);
  });
  it.each([
    [[{ code: 'Rent', amount: '10.00' }], []],
    [[], ['validation.charges.atLeastOne']],
    [[{ code: '', amount: '10' }], ['validation.requiredField']],
    [[{ code: 'Rent', amount: '' }], ['validation.requiredField']],
    [[{ code: 'Rent', amount: '0' }], ['validation.currency.invalid']],
    [[{ code: 'Rent', amount: '1.925' }], ['validation.amount.ambiguous']],
  ])('rows %j → %j', (rows, keys) => {
    const r = chargeRowsSchema('en').safeParse(rows);
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(keys);
  });
  it('rows are removable when more than one; total sums', () => {
    expect(canRemoveChargeRow([1])).toBe(false);
    expect(canRemoveChargeRow([1, 2])).toBe(true);
    expect(chargeRowsTotalCents([{ amount: '10.10' }, { amount: '0.05' }, { amount: 'x' }], 'en')).toBe(1015);
    // issue 20 §1: French rows read the decimal comma
    expect(chargeRowsTotalCents([{ amount: '12,50' }, { amount: '1 925,5' }], 'fr')).toBe(193800);
    expect(chargeRowsSchema('fr').safeParse([{ code: 'Rent', amount: '1,925' }]).success).toBe(false);
  });
  it.each([
    ['YES', true],
    [null, true],
    ['NO', false],
  ])('balance shown for manageBalance %s: %s', (v, shown) => {
    expect(showsBalance(v)).toBe(shown);
  });
});

describe('arePartialPaymentsBlocked (spec 1 §5 "Partial payments blocked": the lease or its company)', () => {
  it.each([
    ['neither blocks', false, false, false],
    ['the lease blocks', true, false, true],
    ['the company blocks', false, true, true],
    ['both block', true, true, true],
    ['the company as YES', false, 'YES', true],
    ['the company as NO', false, 'NO', false],
    ['no company joined', false, undefined, false],
    ['no company joined, the lease blocks', true, undefined, true],
    ['a missing flag', null, null, false],
  ] as const)('%s', (_case, lease, company, blocked) => {
    const companySetting = company === undefined ? undefined : { blockPartialPayments: company };
    expect(arePartialPaymentsBlocked({ blockPartialPayments: lease }, companySetting)).toBe(blocked);
  });
});
