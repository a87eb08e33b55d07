// The caller's language from an Accept-Language header (RFC 9110 §12.5.4): the ranges in order of their weights
// (q-values, RFC 9110 §12.4.2), each looked up among the portal's languages as RFC 4647 §3.4 does ("fr-CA" finds fr).
// The first version read the first range naming en or fr, whatever its weight: "fr;q=0.1, en;q=0.9" was answered
// in French (issue 20 §3).
import { LANGS, type Lang } from './languages';

/** One language range of the header with its weight (0 = not acceptable). */
export interface LanguageRange {
  /** Lower-cased: `fr-ca`, `en`, or `*`. */
  range: string;
  q: number;
}

// RFC 9110 §12.5.4 language-range (RFC 4647 §2.1) and §12.4.2 weight: q is 0 to 1 with at most three decimals.
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const WEIGHT = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The header's language ranges, most wanted first: by weight, ties in the header's order. A malformed element (a bad
 * range or weight) is left out rather than guessed at; ranges of weight 0 are kept (they refuse a language).
 */
export function parseAcceptLanguage(header: string | string[] | undefined): LanguageRange[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges: LanguageRange[] = [];
  for (const element of value.split(',')) {
    const [range = '', ...params] = element.split(';').map((part) => part.trim());
    if (!RANGE.test(range)) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const weight = WEIGHT.exec(param.replace(/\s+/g, ''));
      if (weight) q = Number(weight[1]);
      else valid = false;
    }
    if (valid) ranges.push({ range: range.toLowerCase(), q });
  }
  // Array.prototype.sort is stable: equal weights keep the header's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/** RFC 4647 §3.4: a range made less specific by one subtag ("zh-hant-tw" → "zh-hant"; a singleton goes with it). */
function truncate(range: string): string {
  const shorter = range.includes('-') ? range.slice(0, range.lastIndexOf('-')) : '';
  return /-[a-z0-9]$/.test(shorter) ? shorter.slice(0, -2) : shorter;
}

/**
 * The portal language the header prefers, or null when it names none (no header, only other languages, or only "*"):
 * the caller then decides (English, or the customer's saved language). A language given q=0 is never chosen; "*"
 * after refusals chooses the other language ("en;q=0, *" → fr).
 */
export function preferredLanguage(header: string | string[] | undefined, supported: readonly Lang[] = LANGS): Lang | null {
  const ranges = parseAcceptLanguage(header);
  const refused = new Set(ranges.filter(({ q }) => q === 0).map(({ range }) => range));
  const allowed = (range: string): Lang | undefined =>
    refused.has(range) ? undefined : supported.find((lang) => lang === range);
  for (const { range, q } of ranges) {
    if (q === 0 || range === '*') continue;
    for (let candidate = range; candidate; candidate = truncate(candidate)) {
      const lang = allowed(candidate);
      if (lang) return lang;
    }
  }
  const anyOther = ranges.some(({ range, q }) => range === '*' && q > 0);
  if (anyOther && refused.size > 0) return supported.find((lang) => !refused.has(lang)) ?? null;
  return null;
}
