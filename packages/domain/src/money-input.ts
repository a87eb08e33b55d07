// What a tenant types in an amount field, read as their locale means it (issue 20 §1; spec 2 §5 "currency": at most
// 8 integer digits and 2 decimals, leading zeros stripped, a leading decimal gets 0). One parser for every amount field
// of the portal. It never guesses: text that two readings could give two amounts ("1,925" in French, "1.925" anywhere)
// is refused with a message saying how to write it; both locales accept the same texts as the same amount, except a
// comma before exactly 3 digits, which English reads as grouping and French refuses.
//
// Read:  12,50 | 12.50 | 1 925,50 (space, U+00A0 or U+202F grouping) | 1,925.50 | 1.925,50 | ,5 | 12, | 007
//        with an optional "$", "US$", "CA$" before, or "$", "$ US", "$US" after.
// Refused: empty, not an amount (letters, a sign, broken grouping such as "1 92"), ambiguous, more than 2 decimals,
//        more than 8 integer digits. Zero is an amount: whether a field takes it is that field's rule.

import { MSG } from './message-keys.ts';
import type { MoneyLocale } from './money.ts';
import { fail, OK, type RuleResult } from './rule.ts';

// spec 2 §5: currency input at most 8 integer digits and 2 decimals
export const AMOUNT_MAX_INTEGER_DIGITS = 8;
export const AMOUNT_MAX_DECIMALS = 2;

export type AmountRefusal = 'empty' | 'notAnAmount' | 'ambiguous' | 'tooManyDecimals' | 'tooManyDigits';

export type AmountParse =
  | { ok: true; cents: number }
  | ({ ok: false; refusal: AmountRefusal } & Extract<RuleResult, { ok: false }>);

const NBSP = '\u00a0';
const SPACE_CHARS = ' \u00a0\u202f';
const SPACE_RE = /[ \u00a0\u202f]/;
const SYMBOL_BEFORE = /^(?:US|CA)?[ \u00a0\u202f]*\$[ \u00a0\u202f]*/i;
const SYMBOL_AFTER = /[ \u00a0\u202f]*(?:US|CA)?[ \u00a0\u202f]*\$(?:[ \u00a0\u202f]*(?:US|CA))?$/i;
const BODY_RE = /^[\d.,\u0020\u00a0\u202f]+$/;

/** Digits of an amount as the field shows it, grouped or not: "1925,50" / "1 925,50" (fr), "1925.50" / "1,925.50" (en). */
export function formatAmountInput(cents: number, locale: MoneyLocale, options: { grouping?: boolean } = {}): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  const fr = locale === 'fr';
  let units = String(Math.floor(cents / 100));
  if (options.grouping) units = units.replace(/\B(?=(\d{3})+(?!\d))/g, fr ? NBSP : ',');
  return `${units}${fr ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;
}

function refuse(refusal: AmountRefusal, values?: Record<string, string | number>): AmountParse {
  const key = {
    empty: MSG.requiredField,
    notAnAmount: MSG.amountNotAnAmount,
    ambiguous: MSG.amountAmbiguous,
    tooManyDecimals: MSG.amountTooManyDecimals,
    tooManyDigits: MSG.amountTooManyDigits,
  }[refusal];
  return values ? { ok: false, refusal, key, values } : { ok: false, refusal, key };
}

/** The text without its currency symbol (one, before or after), or null when a symbol is left inside. */
function withoutSymbol(text: string): string | null {
  const body = SYMBOL_BEFORE.test(text) ? text.replace(SYMBOL_BEFORE, '') : text.replace(SYMBOL_AFTER, '');
  return body.includes('$') ? null : body;
}

type Token = { kind: 'digits'; text: string } | { kind: 'space' } | { kind: ',' | '.' };

function tokenize(body: string): Token[] {
  return (body.match(/\d+|[.,]|[ \u00a0\u202f]/g) ?? []).map((t): Token => {
    if (/\d/.test(t)) return { kind: 'digits', text: t };
    if (SPACE_CHARS.includes(t)) return { kind: 'space' };
    return { kind: t as ',' | '.' };
  });
}

/** Digits of a grouped integer part ("1 925", "1,925,000"), or null when the grouping is broken or mixed. */
function groupedDigits(tokens: Token[]): string | null {
  if (tokens.length === 0) return '';
  if (tokens.length === 1) return tokens[0].kind === 'digits' ? tokens[0].text : null;
  const separator = tokens[1].kind;
  let digits = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (i % 2 === 1) {
      if (token.kind !== separator) return null; // one grouping mark per amount: "1 925,000" is not one
      continue;
    }
    if (token.kind !== 'digits') return null;
    // a group of 1 to 3 digits (not a lone leading 0) first, then groups of exactly 3
    if (i === 0 ? token.text.length > 3 || token.text.startsWith('0') : token.text.length !== 3) return null;
    digits += token.text;
  }
  return tokens.length % 2 === 1 ? digits : null;
}

/**
 * issue 20 §1: the cents of what a tenant typed in an amount field, as their locale means it, or a refusal with the
 * message the field shows. Never another number: any amount written by formatMoney, in either locale, with or without
 * grouping or symbol, is read back as itself or refused.
 */
export function parseAmountInput(text: string, locale: MoneyLocale): AmountParse {
  const trimmed = text.trim();
  if (trimmed === '') return refuse('empty');
  const body = withoutSymbol(trimmed);
  if (body === null || body === '' || !BODY_RE.test(body) || SPACE_RE.test(body[0]) || SPACE_RE.test(body.at(-1) ?? '')) {
    return refuse('notAnAmount');
  }
  const tokens = tokenize(body);
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].kind !== 'digits' && tokens[i - 1].kind !== 'digits') return refuse('notAnAmount'); // "1,,5", "1 ,5"
  }
  const marks = tokens.flatMap((t, i) => (t.kind === ',' || t.kind === '.' ? [i] : []));
  const commas = marks.filter((i) => tokens[i].kind === ',').length;
  const periods = marks.length - commas;

  // which mark, if any, is the decimal one
  let decimalAt = -1;
  if (commas > 0 && periods > 0) {
    // both marks: the last one is the decimal, used once; the other groups ("1,925.50", "1.925,50")
    decimalAt = marks[marks.length - 1];
    if ((tokens[decimalAt].kind === ',' ? commas : periods) !== 1) return refuse('notAnAmount');
  } else if (marks.length === 1) {
    const at = marks[0];
    const mark = tokens[at].kind;
    const after = tokens[at + 1]?.kind === 'digits' ? (tokens[at + 1] as { text: string }).text : '';
    const before = tokens.slice(0, at);
    const couldGroup =
      after.length === 3 && at + 2 === tokens.length && before.length === 1 && groupedDigits(tokens.slice(0, at + 2)) !== null;
    if (couldGroup) {
      // a grouping mark of English ("1,925") is one; a decimal mark before 3 digits could be either: ask
      if (!(locale === 'en' && mark === ',')) {
        const grouped = Number(`${(before[0] as { text: string }).text}${after}`) * 100;
        return refuse('ambiguous', { example: formatAmountInput(grouped, locale, { grouping: true }) });
      }
    } else {
      decimalAt = at;
    }
  }
  // marks used more than once, or a lone English grouping comma, group the integer part ("1,925,000", "1.925.000")

  const integerTokens = decimalAt === -1 ? tokens : tokens.slice(0, decimalAt);
  const fractionTokens = decimalAt === -1 ? [] : tokens.slice(decimalAt + 1);
  if (fractionTokens.length > 1 || (fractionTokens.length === 1 && fractionTokens[0].kind !== 'digits')) {
    return refuse('notAnAmount');
  }
  const fraction = fractionTokens.length === 1 ? (fractionTokens[0] as { text: string }).text : '';
  const integer = groupedDigits(integerTokens);
  if (integer === null || (integer === '' && fraction === '')) return refuse('notAnAmount');
  const significant = integer.replace(/^0+/, '');
  if (significant.length > AMOUNT_MAX_INTEGER_DIGITS) return refuse('tooManyDigits', { max: AMOUNT_MAX_INTEGER_DIGITS });
  if (fraction.length > AMOUNT_MAX_DECIMALS) return refuse('tooManyDecimals', { max: AMOUNT_MAX_DECIMALS });
  return { ok: true, cents: Number(significant || '0') * 100 + Number(fraction.padEnd(2, '0')) };
}

/** The cents of an amount field's text, or null when it is refused (empty included). */
export function amountInputCents(text: string, locale: MoneyLocale): number | null {
  const parsed = parseAmountInput(text, locale);
  return parsed.ok ? parsed.cents : null;
}

/** The field's own rule: the parser's refusal ('Required Field' when empty), or ok. */
export function validateAmountInput(text: string, locale: MoneyLocale): RuleResult {
  const parsed = parseAmountInput(text, locale);
  return parsed.ok ? OK : fail(parsed.key, parsed.values);
}

/**
 * spec 2 §5: what a keystroke in an amount field keeps. Letters are dropped (a currency's "US" adds nothing to the
 * amount); both decimal marks, the grouping spaces, the symbol and anything else stay and nothing is cut, so the text
 * keeps the meaning it was typed with and the parser judges it ("12,345" is not cut to "12,34"). Leading zeros are
 * stripped ("007" → "7") and a leading decimal mark gets its 0 (",5" → "0,5"): neither changes the amount.
 */
export function filterAmountKeystroke(raw: string): string {
  return raw
    .replace(/\p{L}/gu, '')
    .replace(/^([^\d.,]*)0+(?=\d)/, '$1')
    .replace(/^([^\d.,]*)([.,])/, '$10$2');
}

/**
 * spec 2 §5 / issue 20 §1: on blur, a valid amount is written the locale's way ("12,5" → "12,50" in French,
 * "1,925" → "1925.00" in English); text the parser refuses stays as typed, for its message to show.
 * Limits and minimums are not applied here: the field shows their message (nothing rewrites the amount silently).
 */
export function finishAmountInput(text: string, locale: MoneyLocale): string {
  const parsed = parseAmountInput(text, locale);
  return parsed.ok ? formatAmountInput(parsed.cents, locale) : text;
}
