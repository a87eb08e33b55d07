// Document sizes for people: bytes, kB or MB in the user's locale (1 kB = 1024 bytes, as the 10 MB limit counts).
// Written as Intl.NumberFormat's unit style writes them in en-CA and fr-CA (format-file-size.test.ts compares every
// case with Intl): a browser's first unit NumberFormat loads its locale data, tens of milliseconds before the account
// page's first paint on a phone (issue 9).
import type { Lang } from '../../lib/i18n';

const NBSP = '\u00a0';
const UNITS = {
  en: ['bytes', 'kB', 'MB', 'GB'],
  fr: ['octets', 'ko', 'Mo', 'Go'],
} as const;

/** `1234.5` → `1,234.5` / `1 234,5`: at most one decimal, rounded as Intl rounds (the double's exact value). */
function decimal(value: number, digits: number, lang: Lang): string {
  const [units, fraction] = value.toFixed(digits).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? NBSP : ',');
  const kept = fraction?.replace(/0+$/, '');
  return kept ? `${grouped}${lang === 'fr' ? ',' : '.'}${kept}` : grouped;
}

export function formatFileSize(bytes: number | null | undefined, lang: Lang): string {
  let value = Math.max(0, bytes ?? 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.en.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = decimal(value, unit === 0 ? 0 : 1, lang);
  let name: string = UNITS[lang][unit];
  // One byte; French's singular covers 0 and 1 ("0 octet", "1 octet").
  if (unit === 0 && (text === '1' || (lang === 'fr' && text === '0'))) name = lang === 'fr' ? 'octet' : 'byte';
  return `${text}${lang === 'fr' ? NBSP : ' '}${name}`;
}
