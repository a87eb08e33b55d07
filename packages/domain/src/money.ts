// Money in integer minor units (cents). Floats never take part in arithmetic; decimals only
// exist at the edges (JSON payloads, user input, display), converted by string parsing.

export const CURRENCIES = ['CAD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type MoneyLocale = 'en' | 'fr';

export interface Money {
  cents: number;
  currency: Currency;
}

/** How an amount inside a message is displayed (currency and locale of the reader). */
export interface MoneyDisplay {
  currency: Currency;
  locale: MoneyLocale;
}
export const DEFAULT_MONEY_DISPLAY: MoneyDisplay = { currency: 'CAD', locale: 'en' };

const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

/** Parses a decimal amount into cents, or null when it is not a plain decimal with at most 2 places. */
export function tryToCents(decimal: number | string): number | null {
  if (typeof decimal === 'number' && !Number.isFinite(decimal)) return null;
  const text = (typeof decimal === 'number' ? String(decimal) : decimal).trim();
  const m = DECIMAL_RE.exec(text);
  if (!m) return null; // also rejects exponent notation such as 1e-7 or 1e+21
  const sign = (m[1] ?? m[4]) === '-' ? -1 : 1;
  const whole = m[2] ?? '0';
  const frac = m[3] ?? m[5] ?? '';
  if (frac.length > 2) return null;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign * cents || 0; // avoid -0
}

// spec 1 §9 / ARCHITECTURE: decimals → integer cents, exact (string parsing), at most 2 decimals
export function toCents(decimal: number | string): number {
  const cents = tryToCents(decimal);
  if (cents === null) throw new RangeError(`Not a money amount with at most 2 decimals: ${String(decimal)}`);
  return cents;
}

// ARCHITECTURE: the JSON API carries decimals with at most two places
export function fromCents(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** Cents as a fixed two-decimal string ("1234.50"), for payloads that want text. */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer: ${cents}`);
}

export function money(cents: number, currency: Currency): Money {
  assertCents(cents);
  if (!CURRENCIES.includes(currency)) throw new RangeError(`Unknown currency: ${String(currency)}`);
  return { cents, currency };
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new TypeError(`Mixed currencies: ${a.currency} and ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.cents + b.cents, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.cents - b.cents, a.currency);
}

/** -1, 0 or 1 like a sort comparator; throws on mixed currencies. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  return a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : 0;
}

export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    assertCents(v);
    total += v;
  }
  assertCents(total);
  return total;
}

// spec 1 §9 (ARCHITECTURE: allocate): split cents by weights, largest remainder; always sums exactly
export function allocateCents(total: number, weights: readonly number[]): number[] {
  assertCents(total);
  if (weights.length === 0) throw new RangeError('allocateCents needs at least one weight');
  if (weights.some((w) => !Number.isFinite(w) || w < 0)) throw new RangeError('Weights must be finite and >= 0');
  const sum = weights.reduce((a, w) => a + w, 0);
  const ws = sum === 0 ? weights.map(() => 1) : weights; // all-zero weights: split evenly
  const wsum = sum === 0 ? ws.length : sum;
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const exact = ws.map((w) => (abs * w) / wsum);
  const parts = exact.map((x) => Math.floor(x));
  let left = abs - parts.reduce((a, p) => a + p, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i] += 1;
  return parts.map((p) => sign * p || 0);
}

/** Percent (e.g. 2.9 for 2.90%) of an amount in cents, rounded down to the cent (spec 1 §9). */
export function percentOfCents(cents: number, percent: number): number {
  assertCents(cents);
  // percent → hundred-thousandths of a percent, an exact integer for rates with up to 5 decimals
  const rate = Math.round(percent * 100000);
  const num = BigInt(cents) * BigInt(rate);
  const den = 10000000n;
  const q = num / den;
  const floor = num % den !== 0n && num < 0n ? q - 1n : q;
  return Number(floor);
}

// Removes binary drift such as 1.15 * 100 = 114.99999999999999 before floor/ceil.
function scaledClean(x: number, scale: number): number {
  return Number((x * scale).toFixed(6));
}

// spec 1 §9: currency rounding uses two decimals rounded down
export function roundDownCents2(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`Not a finite number: ${x}`);
  return Math.floor(scaledClean(x, 100)) / 100 || 0;
}

// spec 2 §9: trade amounts use four decimals rounded up
export function roundUp4(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`Not a finite number: ${x}`);
  return Math.ceil(scaledClean(x, 10000)) / 10000 || 0;
}

const NBSP = '\u00a0';

/**
 * Amounts as Intl.NumberFormat writes them (currency style, two decimals) with the conventions of the reader's language
 * and of the country whose currency it is: en-CA for CAD, en-US for USD (issue 20: a US tenant reads "$2,400.00", not
 * "US$2,400.00"), fr-CA for both in French (a French reader is told "$ US"). Written out here: a browser's first
 * currency NumberFormat loads its locale data, 45 to 115 ms on this machine's Chromium before the dashboard's first
 * paint (four times that on Lighthouse's phone: issue 9). money.test.ts checks every case against Intl itself.
 *   en: $1,234.50 (CAD and USD)   -$1,234.50        fr: 1 234,50 $   1 234,50 $ US   -1 234,50 $ (no-break spaces)
 */
export function formatMoney(cents: number, currency: Currency, locale: MoneyLocale): string {
  assertCents(cents);
  const fr = locale === 'fr';
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, fr ? NBSP : ',');
  const number = `${units}${fr ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
  const sign = cents < 0 ? '-' : '';
  if (fr) return `${sign}${number}${NBSP}$${currency === 'USD' ? `${NBSP}US` : ''}`;
  return `${sign}$${number}`;
}

export function formatMoneyValue(value: Money, locale: MoneyLocale): string {
  return formatMoney(value.cents, value.currency, locale);
}

export function formatWithDisplay(cents: number, display: MoneyDisplay = DEFAULT_MONEY_DISPLAY): string {
  return formatMoney(cents, display.currency, display.locale);
}

// spec 1 §9: wallet currency is USD for a US company, otherwise CAD
export function currencyForCountry(country: string | null | undefined): Currency {
  return country === 'US' ? 'USD' : 'CAD';
}
