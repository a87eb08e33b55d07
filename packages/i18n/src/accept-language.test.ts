// RFC 9110 §12.5.4: the language a caller asks for, by weight (issue 20 §3: q-values were ignored).
import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, preferredLanguage } from './accept-language';
import type { Lang } from './languages';

const CASES: [header: string | string[] | undefined, expected: Lang | null, why: string][] = [
  ['fr;q=0.1, en;q=0.9', 'en', 'the higher weight wins, not the first listed'],
  ['en;q=0.5, fr', 'fr', 'no weight is q=1'],
  ['fr-CA', 'fr', 'a regional French finds French (RFC 4647 lookup)'],
  ['fr-CA,fr;q=0.9,en;q=0.8', 'fr', "Chrome's header for a Canadian French browser"],
  ['en-US,en;q=0.9,fr;q=0.8', 'en', "Chrome's header for an American English browser"],
  ['de-DE, en-US;q=0.5', 'en', 'the first language the portal speaks, by weight'],
  ['en-GB;q=0.8, fr-CA;q=0.9', 'fr', 'regional ranges compared by weight'],
  ['zh-Hant-TW, fr;q=0.2', 'fr', 'an unknown language is passed over'],
  ['FR-ca', 'fr', 'ranges are case-insensitive'],
  ['fr ; q=0.5 , en ; Q=0.6', 'en', 'spaces around ; and a capital Q'],
  ['en;q=1.000, fr;q=1', 'en', 'equal weights: the header order'],
  ['fr;q=0.001, en;q=0', 'fr', 'the smallest weight still accepts; q=0 refuses'],
  ['fr-CA;q=0.8, fr;q=0, en;q=0.5', 'en', 'French refused: fr-CA does not bring it back'],
  ['fr;q=0, *', 'en', 'anything but French'],
  ['en;q=0, *;q=0.5', 'fr', 'anything but English'],
  ['en;q=2, fr;q=0.5', 'fr', 'a weight above 1 is malformed: that range is left out'],
  ['en;q=0.5000, fr;q=0.1', 'fr', 'a weight with four decimals is malformed'],
  ['en;q=, fr;q=0.1', 'fr', 'an empty weight is malformed'],
  [['de', 'fr;q=0.5'], 'fr', 'the header given twice is one list'],
  ['french, en;q=0.1', 'en', 'a range is a language tag, not a word starting with fr'],
  ['x-klingon, fr;q=0.3', 'fr', 'a private-use range finds nothing'],
  ['*', null, 'any language: no preference (the caller picks English or the saved language)'],
  ['de', null, 'only other languages'],
  ['fr;q=0, en;q=0', null, 'both refused'],
  ['', null, 'empty'],
  [' , ;q=0.5,', null, 'only malformed elements'],
  [undefined, null, 'no header'],
];

describe('preferredLanguage', () => {
  it.each(CASES)('%j → %s (%s)', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });

  it('chooses among the languages given', () => {
    expect(preferredLanguage('fr-CA, en;q=0.5', ['en'])).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('lists the ranges by weight, ties in the header order, refusals kept', () => {
    expect(parseAcceptLanguage('da, en-GB;q=0.8, en;q=0.7, fr;q=0, *;q=0.8')).toEqual([
      { range: 'da', q: 1 },
      { range: 'en-gb', q: 0.8 },
      { range: '*', q: 0.8 },
      { range: 'en', q: 0.7 },
      { range: 'fr', q: 0 },
    ]);
  });
});
