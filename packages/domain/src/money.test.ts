import { describe, expect, it } from 'vitest';
import {
  addMoney,
  allocateCents,
  CURRENCIES,
  centsToDecimalString,
  compareMoney,
  currencyForCountry,
  formatMoney,
  formatMoneyValue,
  formatWithDisplay,
  fromCents,
  money,
  percentOfCents,
  roundDownCents2,
  roundUp4,
  subtractMoney,
  sumCents,
  toCents,
  tryToCents,
} from './money.ts';
import { moneyCentsCodec, moneyDecimalSchema } from './money-schema.ts';

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('toCents', () => {
  it.each([
    [0, 0],
    ['0', 0],
    [1, 100],
    ['1.5', 150],
    ['1.05', 105],
    [0.1, 10],
    [1.15, 115],
    [19.99, 1999],
    [100000, 10000000],
    ['.5', 50],
    ['-12.34', -1234],
    ['+3', 300],
    [' 7.10 ', 710],
    ['5.', 500],
    ['-0', 0],
  ] as const)('%s → %i', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each([
    ['1.234'],
    [0.1 + 0.2],
    ['abc'],
    [''],
    ['1e3'],
    [1e-7],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['1,00'],
    ['99999999999999999'],
  ])('rejects %s', (input) => {
    expect(() => toCents(input as number | string)).toThrow(RangeError);
    expect(tryToCents(input as number | string)).toBeNull();
  });
});

describe('fromCents and decimal strings', () => {
  it.each([
    [0, 0, '0.00'],
    [1, 0.01, '0.01'],
    [115, 1.15, '1.15'],
    [-1234, -12.34, '-12.34'],
    [10000000, 100000, '100000.00'],
  ])('%i → %d / %s', (cents, decimal, text) => {
    expect(fromCents(cents)).toBe(decimal);
    expect(centsToDecimalString(cents)).toBe(text);
  });
  it('rejects non-integer cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});

describe('Money', () => {
  it('adds, subtracts and compares same currency', () => {
    const a = money(1050, 'CAD');
    const b = money(25, 'CAD');
    expect(addMoney(a, b)).toEqual({ cents: 1075, currency: 'CAD' });
    expect(subtractMoney(a, b)).toEqual({ cents: 1025, currency: 'CAD' });
    expect(compareMoney(a, b)).toBe(1);
    expect(compareMoney(b, a)).toBe(-1);
    expect(compareMoney(a, money(1050, 'CAD'))).toBe(0);
  });
  it.each([
    ['add', addMoney],
    ['subtract', subtractMoney],
    ['compare', compareMoney],
  ] as const)('%s throws on mixed currencies', (_n, fn) => {
    expect(() => fn(money(1, 'CAD'), money(1, 'USD'))).toThrow(TypeError);
  });
  it('refuses bad money', () => {
    expect(() => money(1.1, 'CAD')).toThrow(RangeError);
    expect(() => money(1, 'EUR' as 'CAD')).toThrow(RangeError);
  });
  it('sums cents exactly', () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([0.5])).toThrow(RangeError);
  });
});

describe('allocateCents', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1000, [1, 1, 1], [334, 333, 333]],
    [5, [1, 1], [3, 2]],
    [100, [0, 0], [50, 50]],
    [0, [1, 2], [0, 0]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [10000, [0.9901, 0.0099], [9901, 99]],
    [7, [3, 0, 4], [3, 0, 4]],
    [1, [1, 1, 1], [1, 0, 0]],
    [199999, [2, 1], [133333, 66666]],
  ])('%i by %j → %j', (total, weights, expected) => {
    const parts = allocateCents(total, weights);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
  it('always sums exactly', () => {
    for (let total = 0; total < 2000; total += 37) {
      const parts = allocateCents(total, [0.3, 0.3, 0.4, 1 / 3]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
  it.each([[[]], [[-1, 2]], [[Number.NaN]]])('rejects weights %j', (weights) => {
    expect(() => allocateCents(100, weights)).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it.each([
    [1.239, 1.23],
    [1.15, 1.15],
    [35.80224, 35.8],
    [0.009, 0],
    [2.675, 2.67],
    [100, 100],
    [-1.231, -1.24],
  ])('roundDownCents2(%d) = %d', (x, r) => {
    expect(roundDownCents2(x)).toBe(r);
  });
  it.each([
    [1.00001, 1.0001],
    [1.0001, 1.0001],
    [0.12344, 0.1235],
    [2, 2],
    [0.1 + 0.2, 0.3],
  ])('roundUp4(%d) = %d', (x, r) => {
    expect(roundUp4(x)).toBe(r);
  });
  it('rejects non-finite', () => {
    expect(() => roundDownCents2(Number.NaN)).toThrow(RangeError);
    expect(() => roundUp4(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
  it.each([
    [10000, 2.9, 290],
    [123456, 2.9, 3580],
    [10000, 0.99, 99],
    [999, 0.99, 9],
    [100000, 6.99, 6990],
    [0, 3.99, 0],
    [-1000, 2.9, -29],
    [-1001, 2.9, -30],
  ])('percentOfCents(%i, %d) = %i (rounded down)', (cents, pct, fee) => {
    expect(percentOfCents(cents, pct)).toBe(fee);
  });
});

describe('formatMoney', () => {
  it.each([
    [123450, 'CAD', 'en', '$1,234.50'],
    [123450, 'CAD', 'fr', '1 234,50 $'],
    // issue 20: a US lease in English reads as a US tenant expects (en-US), not "US$12.50"
    [1250, 'USD', 'en', '$12.50'],
    [240000, 'USD', 'en', '$2,400.00'],
    [240000, 'USD', 'fr', '2 400,00 $ US'],
    [1250, 'USD', 'fr', '12,50 $ US'],
    [0, 'CAD', 'en', '$0.00'],
  ] as const)('%i %s %s → %s', (cents, currency, locale, text) => {
    expect(nb(formatMoney(cents, currency, locale))).toBe(text);
  });
  it('writes what Intl.NumberFormat writes in en-CA (CAD), en-US (USD) and fr-CA, for both currencies, signs and sizes', () => {
    const amounts = [0, 1, 5, 99, 100, 105, 99999, 100000, 123456789, 100000000000, Number.MAX_SAFE_INTEGER - 1];
    for (const currency of CURRENCIES) {
      for (const locale of ['en', 'fr'] as const) {
        const intlLocale = locale === 'fr' ? 'fr-CA' : currency === 'USD' ? 'en-US' : 'en-CA';
        const intl = new Intl.NumberFormat(intlLocale, {
          style: 'currency',
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        for (const cents of [...amounts, ...amounts.map((a) => -a).filter((a) => a !== 0)]) {
          const expected = Math.abs(cents) < 2 ** 50 ? intl.format(cents / 100) : null;
          if (expected !== null) expect(formatMoney(cents, currency, locale), `${cents} ${currency} ${locale}`).toBe(expected);
        }
      }
    }
    // Beyond a double's exact decimals Intl rounds; the cents stay exact here.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'CAD', 'en')).toBe('$90,071,992,547,409.91');
    expect(() => formatMoney(1.5, 'CAD', 'en')).toThrow(RangeError);
  });
  it('formats Money values and displays', () => {
    expect(formatMoneyValue(money(100, 'CAD'), 'en')).toBe('$1.00');
    expect(formatWithDisplay(100)).toBe('$1.00');
    expect(nb(formatWithDisplay(100, { currency: 'USD', locale: 'en' }))).toBe('$1.00');
  });
});

describe('moneyDecimalSchema and codec', () => {
  it.each([
    [0, true],
    [10.5, true],
    [10.55, true],
    [10.555, false],
    [-1, false],
    ['10', false],
  ])('%s valid=%s', (v, ok) => {
    const r = moneyDecimalSchema.safeParse(v);
    expect(r.success).toBe(ok);
  });
  it('reports message keys', () => {
    const r = moneyDecimalSchema.safeParse(1.234);
    expect(r.success ? '' : r.error.issues[0].message).toBe('validation.money.decimals');
    const n = moneyDecimalSchema.safeParse(-1);
    expect(n.success ? '' : n.error.issues[0].message).toBe('validation.money.invalid');
  });
  it('decodes decimals into cents and back', () => {
    expect(moneyCentsCodec.decode(12.34)).toBe(1234);
    expect(moneyCentsCodec.encode(1234)).toBe(12.34);
  });
  it('picks the wallet currency by country', () => {
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('CA')).toBe('CAD');
    expect(currencyForCountry(undefined)).toBe('CAD');
  });
});
