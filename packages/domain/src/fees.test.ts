import { describe, expect, it } from 'vitest';
import {
  calculateFee,
  type FeeProfile,
  feeProfileSchema,
  feeTooltip,
  formatRate,
  isFeeFree,
  isInternationalCard,
  rateToFeeCents,
  SEED_FEE_PROFILES,
  selectFeeProfile,
  splitPayFeeDisplay,
} from './fees.ts';

const nb = (s: unknown) => String(s).replace(/[\u00a0\u202f]/g, ' ');
const credit: FeeProfile = {
  country: 'CA',
  paymentType: 'TYPE_CREDIT_CARD',
  cardType: 'CREDIT',
  feeRate: 2.9,
  rateType: 'PERCENT',
  internationalFeeRate: 3.99,
  internationalRateType: 'PERCENT',
};

describe('rateToFeeCents', () => {
  it.each([
    [100000, 0.5, 'FLAT', 50],
    [100000, 2.9, 'PERCENT', 2900],
    [123456, 2.9, 'PERCENT', 3580],
    [3333, 0.99, 'PERCENT', 32],
    [100, 3.99, 'PERCENT', 3],
  ] as const)('%i at %d %s → %i', (amount, rate, type, fee) => {
    expect(rateToFeeCents(amount, rate, type)).toBe(fee);
  });
});

describe('calculateFee', () => {
  it.each([
    [
      null,
      {},
      {
        feeCents: 0,
        tenantTotalCents: 100000,
        transactionAmountCents: 100000,
        paidByCompany: false,
        feeType: 'ADD',
        international: false,
      },
    ],
    [
      credit,
      {},
      {
        feeCents: 2900,
        tenantTotalCents: 102900,
        transactionAmountCents: 100000,
        paidByCompany: false,
        feeType: 'ADD',
        international: false,
      },
    ],
    [
      credit,
      { international: true },
      {
        feeCents: 3990,
        tenantTotalCents: 103990,
        transactionAmountCents: 100000,
        paidByCompany: false,
        feeType: 'ADD',
        international: true,
      },
    ],
    [
      { ...credit, internationalFeeRate: null },
      { international: true },
      {
        feeCents: 2900,
        tenantTotalCents: 102900,
        transactionAmountCents: 100000,
        paidByCompany: false,
        feeType: 'ADD',
        international: false,
      },
    ],
    [
      { ...credit, paidByCompany: true },
      {},
      {
        feeCents: 2900,
        tenantTotalCents: 100000,
        transactionAmountCents: 100000,
        paidByCompany: true,
        feeType: 'ADD',
        international: false,
      },
    ],
    [
      { ...credit, feeType: 'SUBTRACT' },
      {},
      {
        feeCents: 2900,
        tenantTotalCents: 100000,
        transactionAmountCents: 97100,
        paidByCompany: false,
        feeType: 'SUBTRACT',
        international: false,
      },
    ],
    [
      { ...credit, internationalRateType: null, internationalFeeRate: 1 },
      { international: true },
      {
        feeCents: 1000,
        tenantTotalCents: 101000,
        transactionAmountCents: 100000,
        paidByCompany: false,
        feeType: 'ADD',
        international: true,
      },
    ],
  ] as [FeeProfile | null, { international?: boolean }, unknown][])('%j %j', (profile, opts, quote) => {
    expect(calculateFee(100000, profile, opts)).toEqual(quote);
  });
  it('international when countries differ', () => {
    expect(isInternationalCard('US', 'CA')).toBe(true);
    expect(isInternationalCard('CA', 'CA')).toBe(false);
    expect(isInternationalCard(null, 'CA')).toBe(false);
  });
});

describe('seed fee profiles (announced schedule)', () => {
  const fee = (
    country: string,
    lookup: Partial<Parameters<typeof selectFeeProfile>[1]>,
    amount = 100000,
    international = false,
  ) =>
    calculateFee(amount, selectFeeProfile(SEED_FEE_PROFILES, { country, paymentType: 'TYPE_CREDIT_CARD', ...lookup }), {
      international,
    }).feeCents;
  it('are valid fee profiles for CA and US', () => {
    expect(SEED_FEE_PROFILES).toHaveLength(10);
    for (const p of SEED_FEE_PROFILES) expect(feeProfileSchema.safeParse(p).success).toBe(true);
  });
  it.each([
    ['CA', { paymentType: 'TYPE_BANK_ACCOUNT', padSchedule: true }, 0],
    ['US', { paymentType: 'TYPE_BANK_ACCOUNT', padSchedule: false }, 50],
    ['CA', { paymentType: 'TYPE_BANK_ACCOUNT' }, 50],
    ['CA', { cardType: 'DEBIT' }, 990],
    ['US', { cardType: 'CREDIT' }, 2900],
    ['CA', { cardType: 'PREPAID' }, 3990],
    ['CA', { cardType: null }, 3990],
  ])('%s %j → %i cents on $1000', (country, lookup, cents) => {
    expect(fee(country, lookup as Parameters<typeof selectFeeProfile>[1])).toBe(cents);
  });
  it('international cards pay 3.99%', () => {
    expect(fee('CA', { cardType: 'CREDIT' }, 100000, true)).toBe(3990);
    expect(fee('CA', { cardType: 'DEBIT' }, 100000, true)).toBe(3990);
  });
  it('no profile for another country or type', () => {
    expect(selectFeeProfile(SEED_FEE_PROFILES, { country: 'FR', paymentType: 'TYPE_CREDIT_CARD' })).toBeNull();
    expect(selectFeeProfile(SEED_FEE_PROFILES, { country: 'CA', paymentType: 'TYPE_PAY_PAL' })).toBeNull();
  });
  it('the most specific profile wins (brand over type)', () => {
    const visa: FeeProfile = { ...credit, cardBrand: 'VISA', feeRate: 1.5 };
    expect(
      selectFeeProfile([credit, visa], { country: 'CA', paymentType: 'TYPE_CREDIT_CARD', cardType: 'CREDIT', cardBrand: 'VISA' }),
    ).toBe(visa);
    expect(
      selectFeeProfile([credit, visa], {
        country: 'CA',
        paymentType: 'TYPE_CREDIT_CARD',
        cardType: 'CREDIT',
        cardBrand: 'MASTERCARD',
      }),
    ).toBe(credit);
  });
});

describe('fee displays', () => {
  it.each([
    [0, false, true],
    [100, true, true],
    [100, false, false],
    [100, null, false],
  ])('isFeeFree(%i, %s) = %s', (fee, company, free) => {
    expect(isFeeFree(fee, company)).toBe(free);
  });
  it('split pay shows Free or 6.99% per transaction', () => {
    expect(splitPayFeeDisplay({ feeCents: 0 })).toEqual({ key: 'domain.fee.free' });
    expect(splitPayFeeDisplay({ feeCents: 500, paidByCompany: true })).toEqual({ key: 'domain.fee.free' });
    expect(splitPayFeeDisplay({ feeCents: 500 })).toEqual({ key: 'domain.fee.splitPayRate', values: { rate: '6.99%' } });
    expect(nb(splitPayFeeDisplay({ feeCents: 500 }, 'fr').values?.rate)).toBe('6,99 %');
  });
  it('tooltip shows type, card type, country, rate and international rate', () => {
    expect(feeTooltip(credit)).toEqual({
      key: 'domain.fee.tooltip',
      values: {
        paymentType: 'TYPE_CREDIT_CARD',
        cardType: 'CREDIT',
        country: 'CA',
        feeRate: '2.90%',
        internationalRate: '3.99%',
      },
    });
    const bank = feeTooltip({ country: 'US', paymentType: 'TYPE_BANK_ACCOUNT', feeRate: 0.5, rateType: 'FLAT' });
    expect(bank.values).toEqual({
      paymentType: 'TYPE_BANK_ACCOUNT',
      cardType: '—',
      country: 'US',
      feeRate: '$0.50',
      internationalRate: '—',
    });
    expect(nb(formatRate(0.5, 'FLAT', 'CAD', 'fr'))).toBe('0,50 $');
  });
});
