import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './message-keys.ts';
import { CURRENCIES, formatMoney, type MoneyLocale } from './money.ts';
import {
  type AmountRefusal,
  amountInputCents,
  filterAmountKeystroke,
  finishAmountInput,
  formatAmountInput,
  parseAmountInput,
} from './money-input.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const LOCALES: readonly MoneyLocale[] = ['en', 'fr'];

/** cents, or the refusal */
const read = (text: string, locale: MoneyLocale): number | AmountRefusal => {
  const r = parseAmountInput(text, locale);
  return r.ok ? r.cents : r.refusal;
};

// issue 20 §1: the rule table. One row per way of writing an amount, with what English and French read.
describe('parseAmountInput: the rule table', () => {
  it.each<[string, number | AmountRefusal, number | AmountRefusal]>([
    // text                 en                  fr
    ['12,50', 1250, 1250],
    ['12.50', 1250, 1250],
    ['12,5', 1250, 1250],
    ['12.5', 1250, 1250],
    ['12', 1200, 1200],
    ['12,', 1200, 1200],
    ['12.', 1200, 1200],
    [',5', 50, 50],
    ['.5', 50, 50],
    ['0,05', 5, 5],
    ['007', 700, 700],
    ['0', 0, 0],
    ['1925,50', 192550, 192550],
    ['1 925,50', 192550, 192550],
    [`1${NBSP}925,50`, 192550, 192550],
    [`1${NNBSP}925,50`, 192550, 192550],
    ['1 925.50', 192550, 192550],
    ['1,925.50', 192550, 192550],
    ['1.925,50', 192550, 192550],
    ['1 925', 192500, 192500],
    ['1,925,000', 192500000, 192500000],
    ['1.925.000', 192500000, 192500000],
    ['1,925,000.5', 192500050, 192500050],
    ['12 345 678,99', 1234567899, 1234567899],
    // symbols
    ['$12.50', 1250, 1250],
    ['$ 12.50', 1250, 1250],
    ['12,50 $', 1250, 1250],
    [`12,50${NBSP}$`, 1250, 1250],
    ['12,50$', 1250, 1250],
    [`1${NBSP}925,50${NBSP}$${NBSP}US`, 192550, 192550],
    ['12,50 $US', 1250, 1250],
    ['US$1,925.50', 192550, 192550],
    ['CA$12.50', 1250, 1250],
    ['  12,50  ', 1250, 1250],
    // ambiguous: a grouping or 3 decimals; English reads its own grouping comma
    ['1,925', 192500, 'ambiguous'],
    ['12,345', 1234500, 'ambiguous'],
    ['123,456', 12345600, 'ambiguous'],
    ['1.925', 'ambiguous', 'ambiguous'],
    ['$1.925', 'ambiguous', 'ambiguous'],
    // 3 decimals where no grouping can be meant
    ['0,925', 'tooManyDecimals', 'tooManyDecimals'],
    ['0.925', 'tooManyDecimals', 'tooManyDecimals'],
    [',925', 'tooManyDecimals', 'tooManyDecimals'],
    ['1234,567', 'tooManyDecimals', 'tooManyDecimals'],
    ['1 234,567', 'tooManyDecimals', 'tooManyDecimals'],
    ['12.3456', 'tooManyDecimals', 'tooManyDecimals'],
    ['1,925.500', 'tooManyDecimals', 'tooManyDecimals'],
    // spec 2 §5: at most 8 integer digits
    ['12345678', 1234567800, 1234567800],
    ['123456789', 'tooManyDigits', 'tooManyDigits'],
    ['123 456 789,00', 'tooManyDigits', 'tooManyDigits'],
    ['000012345678', 1234567800, 1234567800],
    // not amounts
    ['', 'empty', 'empty'],
    ['   ', 'empty', 'empty'],
    ['abc', 'notAnAmount', 'notAnAmount'],
    ['12a', 'notAnAmount', 'notAnAmount'],
    ['-12', 'notAnAmount', 'notAnAmount'],
    ['1e3', 'notAnAmount', 'notAnAmount'],
    ['12€', 'notAnAmount', 'notAnAmount'],
    ['$', 'notAnAmount', 'notAnAmount'],
    [',', 'notAnAmount', 'notAnAmount'],
    ['$12$', 'notAnAmount', 'notAnAmount'],
    ['1,,5', 'notAnAmount', 'notAnAmount'],
    ['1 ,5', 'notAnAmount', 'notAnAmount'],
    ['1 92', 'notAnAmount', 'notAnAmount'],
    ['12 50', 'notAnAmount', 'notAnAmount'],
    ['1,92,500', 'notAnAmount', 'notAnAmount'],
    ['1 925,000.50', 'notAnAmount', 'notAnAmount'],
    ['1,925.50.3', 'notAnAmount', 'notAnAmount'],
    ['1.925,50,3', 'notAnAmount', 'notAnAmount'],
    ['1,925,', 'notAnAmount', 'notAnAmount'],
    ['0,925,000', 'notAnAmount', 'notAnAmount'],
    ['12,50 3', 'notAnAmount', 'notAnAmount'],
  ])('%j → en %j, fr %j', (text, en, fr) => {
    expect(read(text, 'en')).toBe(en);
    expect(read(text, 'fr')).toBe(fr);
  });

  it('says how to write an ambiguous amount, in the locale', () => {
    expect(parseAmountInput('1,925', 'fr')).toEqual({
      ok: false,
      refusal: 'ambiguous',
      key: MSG.amountAmbiguous,
      values: { example: `1${NBSP}925,00` },
    });
    expect(parseAmountInput('1.925', 'en')).toMatchObject({ key: MSG.amountAmbiguous, values: { example: '1,925.00' } });
  });

  it('names each refusal with its message key and limit', () => {
    expect(parseAmountInput('', 'fr')).toMatchObject({ key: MSG.requiredField });
    expect(parseAmountInput('x', 'fr')).toMatchObject({ key: MSG.amountNotAnAmount });
    expect(parseAmountInput('1,234', 'fr')).toMatchObject({ key: MSG.amountAmbiguous });
    expect(parseAmountInput('0,125', 'fr')).toMatchObject({ key: MSG.amountTooManyDecimals, values: { max: 2 } });
    expect(parseAmountInput('123456789', 'fr')).toMatchObject({ key: MSG.amountTooManyDigits, values: { max: 8 } });
    expect(amountInputCents('12,50', 'fr')).toBe(1250);
    expect(amountInputCents('1,925', 'fr')).toBeNull();
  });
});

describe('the keystroke filter and the blur step', () => {
  it.each([
    ['12,50', '12,50'],
    ['12.50', '12.50'],
    ['1 925,50', '1 925,50'],
    [`1${NBSP}925,50 $`, `1${NBSP}925,50 $`],
    ['12,345', '12,345'], // never cut to 2 decimals: the parser judges it
    ['123456789', '123456789'], // never cut to 8 digits either
    ['007', '7'],
    ['00,5', '0,5'],
    [',5', '0,5'],
    ['.', '0.'],
    ['$.5', '$0.5'],
    ['US$12', '$12'],
    ['12abc', '12'],
    ['0', '0'],
    ['1 025', '1 025'],
    ['', ''],
  ])('keystroke %j → %j', (raw, out) => {
    expect(filterAmountKeystroke(raw)).toBe(out);
  });

  it.each<[string, MoneyLocale, string]>([
    ['12,5', 'fr', '12,50'],
    ['12.5', 'fr', '12,50'],
    ['12,5', 'en', '12.50'],
    ['1 925,5', 'fr', '1925,50'],
    ['1,925', 'en', '1925.00'],
    ['$1,925.50', 'en', '1925.50'],
    ['0,5', 'fr', '0,50'],
    ['0', 'en', '0.00'],
    // refused text stays as typed, for its message
    ['1,925', 'fr', '1,925'],
    ['12,345', 'fr', '12,345'],
    ['abc', 'en', 'abc'],
    ['', 'en', ''],
    // limits are messages, not rewrites
    ['150000', 'en', '150000.00'],
  ])('blur %j (%s) → %j', (text, locale, out) => {
    expect(finishAmountInput(text, locale)).toBe(out);
  });
});

describe('parseAmountInput: properties (fast-check)', () => {
  const amounts = fc.integer({ min: 0, max: 99_999_999_99 });
  const anyCents = fc.integer({ min: 0, max: 10 ** 13 });
  const locale = fc.constantFrom<MoneyLocale>('en', 'fr');

  it("reads formatMoney's amounts back exactly, in its own locale", () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom(...CURRENCIES), locale, (cents, currency, loc) => {
        expect(parseAmountInput(formatMoney(cents, currency, loc), loc)).toEqual({ ok: true, cents });
      }),
    );
  });

  it("reads the field's own text back exactly, grouped or not", () => {
    fc.assert(
      fc.property(amounts, locale, fc.boolean(), (cents, loc, grouping) => {
        expect(parseAmountInput(formatAmountInput(cents, loc, { grouping }), loc)).toEqual({ ok: true, cents });
        expect(parseAmountInput(finishAmountInput(formatAmountInput(cents, loc, { grouping }), loc), loc)).toEqual({
          ok: true,
          cents,
        });
      }),
    );
  });

  /** Every way an amount is commonly written: both locales' formats, with and without grouping and symbol. */
  function renderings(cents: number): string[] {
    const out: string[] = [];
    for (const currency of CURRENCIES) for (const loc of LOCALES) out.push(formatMoney(cents, currency, loc));
    const whole = Math.floor(cents / 100);
    const fraction = String(cents % 100).padStart(2, '0');
    const short = fraction.replace(/0+$/, '');
    const plain = short === '' ? String(whole) : `${whole}.${short}`; // "1234.5", "1234"
    out.push(plain, `$${plain}`, plain.replace('.', ','), `${plain.replace('.', ',')} $`);
    for (const group of [',', '.', ' ', NBSP, NNBSP]) {
      const units = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
      for (const mark of ['.', ',']) {
        if (mark === group) continue;
        out.push(`${units}${mark}${fraction}`, `$${units}${mark}${fraction}`, `${units}${mark}${fraction} $ US`);
      }
      if (cents % 100 === 0) out.push(units, `$${units}`, `${units} $`);
    }
    return out;
  }

  it('reads any rendering of an amount, in either locale, as that amount or refuses it: never another number', () => {
    fc.assert(
      fc.property(anyCents, locale, (cents, loc) => {
        for (const text of renderings(cents)) {
          const r = parseAmountInput(text, loc);
          if (r.ok) expect([text, r.cents]).toEqual([text, cents]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never answers two different amounts for one text in the two locales, and never throws', () => {
    const typed = fc.string({
      unit: fc.constantFrom('0', '1', '2', '5', '9', ',', '.', ' ', NBSP, NNBSP, '$', 'U', 'S', '-', 'a'),
      maxLength: 16,
    });
    fc.assert(
      fc.property(typed, (text) => {
        const en = parseAmountInput(text, 'en');
        const fr = parseAmountInput(text, 'fr');
        if (en.ok && fr.ok) expect(en.cents).toBe(fr.cents);
        // the filter never changes an amount the parser reads
        if (en.ok) expect(amountInputCents(filterAmountKeystroke(text), 'en')).toBe(en.cents);
        if (fr.ok) expect(amountInputCents(filterAmountKeystroke(text), 'fr')).toBe(fr.cents);
      }),
      { numRuns: 2000 },
    );
  });
});
