// Document sizes for people: bytes, kB or MB in the user's locale (Intl units; 1 kB = 1024 bytes, as the 10 MB limit counts).
import type { Lang } from '../../lib/i18n';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

export function formatFileSize(bytes: number | null | undefined, lang: Lang): string {
  let value = Math.max(0, bytes ?? 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
