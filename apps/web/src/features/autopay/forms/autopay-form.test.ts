import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { payLease } from '../../../test/pay-fixtures';
import { bankAccount, card, method } from '../../../test/payment-fixtures';
import { autopayRefusal } from './autopay-errors';
import {
  autopayMethods,
  autopaySaveBlock,
  checkAutopayForm,
  createScheduleBody,
  customAmountOf,
  initialAutopayForm,
  startDayOptions,
  updateScheduleBody,
} from './autopay-form';

const display = { currency: 'CAD' as const, locale: 'en' as const };
const ctx = { today: '2026-11-23', display, offeredMethodIds: ['pm-visa', 'pm-bank'] };
const schedule = {
  id: 'rs-1',
  active: true,
  customAmount: 1234.5,
  padSchedule: false,
  paymentMethodId: 'pm-visa',
  paymentMethodType: 'TYPE_CREDIT_CARD',
  startDate: '2026-12-15',
};

describe('initialAutopayForm', () => {
  it('opens on the active schedule: its day, method and custom amount', () => {
    const v = initialAutopayForm(payLease(), schedule, 'en');
    expect(v).toMatchObject({ startDay: 15, paymentMethodId: 'pm-visa', customAmountChecked: true, customAmount: '1234.50' });
    expect(initialAutopayForm(payLease(), schedule, 'fr').customAmount).toBe('1234,50');
  });
  it('an inactive schedule is a new setup; an enforced custom amount starts ticked', () => {
    expect(initialAutopayForm(payLease(), { ...schedule, active: false }, 'en')).toMatchObject({
      startDay: null,
      paymentMethodId: null,
      customAmountChecked: false,
    });
    expect(initialAutopayForm(payLease({}, { enforceCustomAmount: true }), null, 'en').customAmountChecked).toBe(true);
  });
});

describe('checkAutopayForm (spec 2 §5)', () => {
  const base = { ...initialAutopayForm(payLease(), null, 'en'), startDay: 5, paymentMethodId: 'pm-visa' };
  it.each([
    ['valid without a custom amount', {}, {}],
    ['no day', { startDay: null }, { startDay: 'validation.requiredField' }],
    ['no method', { paymentMethodId: null }, { paymentMethodId: 'domain.paymentMethod.selectValid' }],
    ['a method no longer offered', { paymentMethodId: 'pm-gone' }, { paymentMethodId: 'domain.paymentMethod.selectValid' }],
    [
      'custom amount ticked, empty',
      { customAmountChecked: true, customAmount: '' },
      { customAmount: 'validation.requiredField' },
    ],
    [
      'custom amount 0.99',
      { customAmountChecked: true, customAmount: '0.99' },
      { customAmount: 'domain.autopay.customAmountMin' },
    ],
    ['custom amount 1.00 (the autopay minimum, not 10.00)', { customAmountChecked: true, customAmount: '1.00' }, {}],
    [
      'above the overpayment limit',
      { customAmountChecked: true, customAmount: '100000.01' },
      { customAmount: 'domain.payment.aboveLimit' },
    ],
  ])('%s', (_name, change, expected) => {
    const check = checkAutopayForm({ ...base, ...change }, payLease(), ctx);
    const keys = Object.fromEntries(Object.entries(check.errors).map(([f, e]) => [f, (e as { key: string }).key]));
    expect(keys).toEqual(expected);
    expect(check.valid).toBe(Object.keys(expected).length === 0);
  });
  it('partial payments blocked: at least the balance payable now', () => {
    const lease = payLease({ blockPartialPayments: true });
    expect(checkAutopayForm({ ...base, customAmountChecked: true, customAmount: '1924.99' }, lease, ctx).valid).toBe(false);
    expect(checkAutopayForm({ ...base, customAmountChecked: true, customAmount: '1925.00' }, lease, ctx).valid).toBe(true);
  });
  it('above the soft maximum: valid, with the message to confirm', () => {
    const check = checkAutopayForm(
      { ...base, customAmountChecked: true, customAmount: '2500' },
      payLease({}, { softMaximumPaymentAmount: 2000 }),
      ctx,
    );
    expect(check.valid).toBe(true);
    expect(check.softMaximum?.key).toBe('domain.payment.softMaximum');
  });
  it('manageBalance NO: the charge rows are checked too', () => {
    const lease = payLease({ charges: [] }, { manageBalance: 'NO' });
    const v = initialAutopayForm(lease, null, 'en');
    const check = checkAutopayForm({ ...v, startDay: 5, paymentMethodId: 'pm-visa' }, lease, ctx);
    expect(Object.keys(check.errors)).toEqual(['charges']);
  });
});

describe('autopaySaveBlock and the options', () => {
  it('manager-only payments and enforce-custom-amount with blocked partials block the save', () => {
    expect(autopaySaveBlock(payLease())).toBeNull();
    expect(autopaySaveBlock(payLease({}, { onlyPMPaymentAllowed: 'YES' }))?.key).toBe('domain.autopay.onlyManagerPayments');
    expect(autopaySaveBlock(payLease({}, { enforceCustomAmount: true, blockPartialPayments: true }))?.key).toBe(
      'domain.autopay.enforceCustomAmountBlocked',
    );
  });
  it('start days run from the day after the due day', () => {
    expect(startDayOptions(payLease({ monthlyPaymentDueDay: 28 })).slice(0, 5)).toEqual([29, 30, 31, 1, 2]);
  });
  it('autopay pays by card or bank account only, not blocked types', () => {
    const records = [card(), bankAccount(), method({ id: 'pm-pp', type: 'TYPE_PAY_PAL', label: 'PayPal' })];
    const env = { isWindows: false, now: new Date('2026-11-23T00:00:00Z') };
    const lease = payLease({}, { acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL'] });
    expect(autopayMethods(records, lease, env).map((m) => m.id)).toEqual(['pm-visa', 'pm-bank']);
    const blocked = { ...lease, blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true } } };
    expect(autopayMethods(records, blocked, env).map((m) => m.id)).toEqual(['pm-visa']);
  });
});

describe('bodies (spec 2 §7)', () => {
  const methods = [card(), bankAccount()];
  const v = { ...initialAutopayForm(payLease(), null, 'en'), startDay: 25, paymentMethodId: 'pm-bank' };
  it('create: the day, the method and its type; 0 when no custom amount (the balance then due)', () => {
    expect(createScheduleBody(v, payLease(), methods, { confirmSoftMaximum: false, locale: 'en' })).toEqual({
      type: 'TYPE_RECURRING_SCHEDULE',
      userType: 'TYPE_CUSTOMER',
      recurrenceType: 'MONTHLY',
      billingAccountId: 'lease-1',
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: 'pm-bank',
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      startDay: 25,
      customAmount: 0,
    });
  });
  it('update keeps the schedule active and carries the confirmation', () => {
    const body = updateScheduleBody({ ...v, customAmountChecked: true, customAmount: '12.5' }, payLease(), methods, {
      confirmSoftMaximum: true,
      locale: 'en',
    });
    expect(body).toEqual({
      active: true,
      startDay: 25,
      paymentMethodId: 'pm-bank',
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      customAmount: 12.5,
      confirmSoftMaximum: true,
    });
    expect(customAmountOf({ ...v, customAmountChecked: false, customAmount: '99' }, 'en')).toBe(0);
    // issue 20 §1: a French "12,50" is sent as 12.5, never 1250
    expect(customAmountOf({ ...v, customAmountChecked: true, customAmount: '12,50' }, 'fr')).toBe(12.5);
  });
});

describe('autopayRefusal (spec 2 §8)', () => {
  it.each([
    ['network', new TypeError('fetch failed'), { alert: 'common.networkError' }],
    ['5xx', new ApiError(500, 'RM_ERROR_SYSTEM', 'x'), { alert: 'errors.autopaySaveFailed' }],
    [
      'bare validation',
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Validation failed'),
      { alert: 'errors.autopaySaveFailed' },
    ],
    ['a refusal in words', new ApiError(422, 'RM_ERROR_PAYMENT_METHOD_BLOCKED', 'Bloqué'), { alert: 'errors.serverMessage' }],
  ])('%s', (_name, err, expected) => {
    expect(autopayRefusal(err).alert?.key).toBe(expected.alert);
  });
  it('the lock: its message once (not its two field entries)', () => {
    const r = autopayRefusal(
      new ApiError(409, 'RM_ERROR_RECURRING_PAYMENT_LOCKED', 'Locked until 26 Nov', [
        { field: 'scheduledDate', message: 'Locked until 26 Nov' },
        { field: 'lastChangeDate', message: 'Locked until 26 Nov' },
      ]),
    );
    expect(r).toEqual({
      alert: { key: 'errors.serverMessage', values: { message: 'Locked until 26 Nov' } },
      fields: {},
      confirmSoftMaximum: false,
    });
  });
  it('a field refusal goes under its field; the soft-maximum refusal asks to confirm', () => {
    const field = autopayRefusal(
      new ApiError(400, 'RM_ERROR_INVALID_AMOUNT', 'x', [{ field: 'customAmount', message: 'Au moins 1,00 $' }]),
    );
    expect(field.fields.customAmount?.values?.message).toBe('Au moins 1,00 $');
    expect(field.alert).toBeNull();
    const soft = autopayRefusal(
      new ApiError(400, 'RM_ERROR_INVALID_AMOUNT', 'x', [
        { field: 'confirmSoftMaximum', errorCode: 'SOFT_MAXIMUM_CONFIRMATION', message: 'x' },
      ]),
    );
    expect(soft.confirmSoftMaximum).toBe(true);
  });
});
