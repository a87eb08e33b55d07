import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { describe, expect, it } from 'vitest';
import type { PropertyLease } from '../../../api/types';
import { ALL_PAYMENT_TYPES, card, lease, method, withPropertyIn } from '../../../test/payment-fixtures';
import {
  choiceRoute,
  isModeRoute,
  optionId,
  optionMethodType,
  payLaterPayOptions,
  payNowOptions,
  resolveChoice,
} from './payment-options';

function leaseOf(
  country: 'CA' | 'US',
  accepted: string[],
  { province = country === 'CA' ? 'BC' : 'WA', over = {}, payPalCredit = false } = {} as {
    province?: string;
    over?: Partial<PropertyLease>;
    payPalCredit?: boolean;
  },
): PropertyLease {
  const l = lease('lease-1', 'Harbourview Residences', over, { country, acceptedPaymentTypes: accepted });
  return withPropertyIn(l, { country, province, payPalCredit });
}

const kinds = (l: PropertyLease, saved: PaymentMethodRecord[] = [], isWindows = false) =>
  payNowOptions(l, saved, { isWindows }).map((o) => o.kind);

describe('payNowOptions (spec 1 §5 "Payment method lists")', () => {
  it.each([
    [
      'US, everything accepted: paysafe cash and split pay, no union pay',
      'US',
      ALL_PAYMENT_TYPES,
      'WA',
      ['TYPE_PAY_PAL', 'TYPE_WALLET', 'TYPE_PAYSAFE_CASH', 'TYPE_INSTALLMENT_PAY'],
    ],
    [
      'CA, everything accepted: loadhub cash, split pay and union pay',
      'CA',
      ALL_PAYMENT_TYPES,
      'BC',
      ['TYPE_PAY_PAL', 'TYPE_WALLET', 'TYPE_LOADHUB_CASH', 'TYPE_INSTALLMENT_PAY', 'TYPE_UNION_PAY'],
    ],
    [
      'CA in NB: no split pay',
      'CA',
      ALL_PAYMENT_TYPES,
      'NB',
      ['TYPE_PAY_PAL', 'TYPE_WALLET', 'TYPE_LOADHUB_CASH', 'TYPE_UNION_PAY'],
    ],
    [
      'CA in NS (lower case): no split pay',
      'CA',
      ALL_PAYMENT_TYPES,
      'ns',
      ['TYPE_PAY_PAL', 'TYPE_WALLET', 'TYPE_LOADHUB_CASH', 'TYPE_UNION_PAY'],
    ],
    ['US with cash only', 'US', ['TYPE_CREDIT_CARD', 'TYPE_CASH'], 'WA', ['TYPE_PAYSAFE_CASH']],
    ['CA with the loadhub type itself', 'CA', ['TYPE_LOADHUB_CASH'], 'BC', ['TYPE_LOADHUB_CASH']],
    ['cards and bank accounts only: nothing more', 'CA', ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'], 'BC', []],
  ] as const)('%s', (_name, country, accepted, province, expected) => {
    expect(kinds(leaseOf(country, [...accepted], { province }))).toEqual(expected);
  });

  it('leaves out blocked types (cash, PayPal, wallet) and split pay when the card’s blockedSplit is set', () => {
    const blocked = leaseOf('CA', ALL_PAYMENT_TYPES, {
      over: {
        blockPayments: {
          TYPE_CASH: { blocked: true },
          TYPE_PAY_PAL: { blocked: true },
          TYPE_WALLET: { blocked: true },
          TYPE_CREDIT_CARD: { blocked: false, blockedSplit: true },
        },
      },
    });
    expect(kinds(blocked)).toEqual(['TYPE_UNION_PAY']);
  });

  it('a saved PayPal account or reusable wallet stands for its option; no Apple Pay on Windows', () => {
    const l = leaseOf('CA', ['TYPE_PAY_PAL', 'TYPE_WALLET']);
    const payPal = method({ id: 'pm-pp', type: 'TYPE_PAY_PAL' });
    const apple = method({ id: 'pm-w', type: 'TYPE_WALLET', walletType: 'APPLE_PAY' });
    expect(payNowOptions(l, [], { isWindows: false })).toEqual([
      { id: 'option:TYPE_PAY_PAL', kind: 'TYPE_PAY_PAL' },
      { id: 'option:TYPE_WALLET', kind: 'TYPE_WALLET', walletTypes: ['APPLE_PAY', 'GOOGLE_PAY'] },
    ]);
    expect(payNowOptions(l, [payPal, apple], { isWindows: false })).toEqual([
      { id: 'option:TYPE_WALLET', kind: 'TYPE_WALLET', walletTypes: ['GOOGLE_PAY'] },
    ]);
    expect(payNowOptions(l, [], { isWindows: true })[1]).toMatchObject({ walletTypes: ['GOOGLE_PAY'] });
    const google = method({ id: 'pm-g', type: 'TYPE_WALLET', walletType: 'GOOGLE_PAY' });
    expect(kinds(l, [google], true)).toEqual(['TYPE_PAY_PAL']);
  });

  it('reads the property’s accepted types when it has its own', () => {
    const l = leaseOf('CA', ALL_PAYMENT_TYPES);
    l.joins.property = {
      ...(l.joins.property as NonNullable<PropertyLease['joins']['property']>),
      acceptedPaymentTypes: ['TYPE_CASH'],
    };
    expect(kinds(l)).toEqual(['TYPE_LOADHUB_CASH']);
  });
});

describe('payLaterPayOptions (spec 2 §4)', () => {
  it.each([
    ['split pay and PayPal Pay Later', ALL_PAYMENT_TYPES, 'BC', true, ['TYPE_INSTALLMENT_PAY', 'PAY_PAL_PAY_LATER']],
    ['split pay only without the property’s pay later', ALL_PAYMENT_TYPES, 'BC', false, ['TYPE_INSTALLMENT_PAY']],
    ['no split pay in NB', ALL_PAYMENT_TYPES, 'NB', true, ['PAY_PAL_PAY_LATER']],
    ['no PayPal Pay Later when PayPal is not accepted', ['TYPE_INSTALLMENT_PAY'], 'BC', true, ['TYPE_INSTALLMENT_PAY']],
    ['nothing', ['TYPE_CREDIT_CARD'], 'NS', false, []],
  ] as const)('%s', (_name, accepted, province, payPalCredit, expected) => {
    expect(payLaterPayOptions(leaseOf('CA', [...accepted], { province, payPalCredit })).map((o) => o.kind)).toEqual(expected);
  });

  it('leaves out blocked split pay and a blocked PayPal', () => {
    const l = leaseOf('CA', ALL_PAYMENT_TYPES, {
      payPalCredit: true,
      over: { blockPayments: { TYPE_CREDIT_CARD: { blockedSplit: true }, TYPE_PAY_PAL: { blocked: true } } },
    });
    expect(payLaterPayOptions(l)).toEqual([]);
  });
});

describe('resolveChoice / choiceRoute', () => {
  const visa = card();
  const options = payNowOptions(leaseOf('CA', ALL_PAYMENT_TYPES), [visa], { isWindows: false });

  it('finds a saved method or an option, else null', () => {
    expect(resolveChoice(null, [visa], options)).toBeNull();
    expect(resolveChoice('gone', [visa], options)).toBeNull();
    expect(resolveChoice('pm-visa', [visa], options)).toEqual({ kind: 'method', method: visa });
    expect(resolveChoice(optionId('TYPE_UNION_PAY'), [visa], options)).toEqual({
      kind: 'option',
      option: { id: 'option:TYPE_UNION_PAY', kind: 'TYPE_UNION_PAY' },
    });
  });

  it.each([
    [{ kind: 'method', method: card() }, 'process'],
    [{ kind: 'method', method: method({ type: 'TYPE_BANK_ACCOUNT' }) }, 'process'],
    [{ kind: 'method', method: method({ type: 'TYPE_WALLET' }) }, 'wallet'],
    [{ kind: 'method', method: method({ type: 'TYPE_PAY_PAL' }) }, 'payPal'],
    [{ kind: 'option', option: { id: 'x', kind: 'TYPE_PAY_PAL' } }, 'payPal'],
    [{ kind: 'option', option: { id: 'x', kind: 'PAY_PAL_PAY_LATER' } }, 'payPal'],
    [{ kind: 'option', option: { id: 'x', kind: 'TYPE_WALLET' } }, 'wallet'],
    [{ kind: 'option', option: { id: 'x', kind: 'TYPE_PAYSAFE_CASH' } }, 'paysafe'],
    [{ kind: 'option', option: { id: 'x', kind: 'TYPE_LOADHUB_CASH' } }, 'cashSlip'],
    [{ kind: 'option', option: { id: 'x', kind: 'TYPE_INSTALLMENT_PAY' } }, 'instalment'],
    [{ kind: 'option', option: { id: 'x', kind: 'TYPE_UNION_PAY' } }, 'unionPay'],
  ] as const)('%o pays by %s', (choice, route) => {
    expect(choiceRoute(choice as Parameters<typeof choiceRoute>[0])).toBe(route);
  });

  it('knows the mode routes and the recorded type of each option', () => {
    expect(['paysafe', 'unionPay', 'instalment'].every((r) => isModeRoute(r as 'paysafe'))).toBe(true);
    expect(['process', 'wallet', 'payPal', 'cashSlip'].some((r) => isModeRoute(r as 'process'))).toBe(false);
    expect(optionMethodType('PAY_PAL_PAY_LATER')).toBe('TYPE_PAY_PAL');
    expect(optionMethodType('TYPE_UNION_PAY')).toBe('TYPE_UNION_PAY');
  });
});

// issue 21 §1: the US tenant was offered Paysafecash with partial payments blocked and 2,400.00 due (cap 1,495.00)
describe('paysafe cash where it cannot succeed', () => {
  const TODAY = '2026-11-22';
  const due = (balance: number) => [
    { id: 'c1', name: 'Rent', code: 'Rent', dueDate: '2026-11-01', balance, amount: balance, postMonth: null },
  ];
  const usLease = (blockPartialPayments: boolean, balance: number) =>
    leaseOf('US', ALL_PAYMENT_TYPES, { over: { blockPartialPayments, openCharges: due(balance), balance } });
  const paysafe = (l: PropertyLease, locale: 'en' | 'fr' = 'en') =>
    payNowOptions(l, [], { isWindows: false, today: TODAY, locale }).find((o) => o.kind === 'TYPE_PAYSAFE_CASH');

  it('is listed with its reason when partial payments are blocked and more than the cap is due at once', () => {
    expect(paysafe(usLease(true, 2400))?.unavailable).toEqual({
      key: 'domain.payment.cashUnavailablePartial',
      values: { amount: '$2,400.00', max: '$1,495.00' },
    });
    expect(paysafe(usLease(true, 2400), 'fr')?.unavailable?.values?.amount).toMatch(/^2\s400,00\s\$\sUS$/);
  });

  it('is offered when partial payments are allowed, or when what is due fits the cap', () => {
    expect(paysafe(usLease(false, 2400))?.unavailable).toBeUndefined();
    expect(paysafe(usLease(true, 1495))?.unavailable).toBeUndefined();
  });

  it('is never a choice while unavailable', () => {
    const options = payNowOptions(usLease(true, 2400), [], { isWindows: false, today: TODAY });
    expect(resolveChoice(optionId('TYPE_PAYSAFE_CASH'), [], options)).toBeNull();
  });
});
