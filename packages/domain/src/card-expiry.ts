import { isValidIsoDate } from './dates.ts';

/**
 * spec 1 §5 / spec 2 §5: a card is valid through its expiry month and expired once the first day of
 * the following month is reached (05/25 is valid on 2025-05-31, expired on 2025-06-01).
 * `today` is 'YYYY-MM-DD'. (Re-exported by input-fields.ts; a light module for screens that list saved cards.)
 */
export function isCardExpired(month: number, year: number, today: string): boolean {
  if (!isValidIsoDate(today)) throw new RangeError(`today must be YYYY-MM-DD: ${today}`);
  const ty = Number(today.slice(0, 4));
  const tm = Number(today.slice(5, 7));
  return ty * 12 + tm > year * 12 + month;
}
