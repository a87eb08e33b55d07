// Document sizes for people: bytes, kB or MB in the user's locale (Intl units; 1 kB = 1024 bytes, as the 10 MB limit counts).
import type { Lang } from '../../lib/i18n';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

// One formatter per language and unit: building an Intl.NumberFormat costs far more than formatting with one (issue 9:
// the account page built one per document row on its first render).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(lang: Lang, unit: number): Intl.NumberFormat {
  const key = `${lang}:${unit}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
      style: 'unit',
      unit: UNITS[unit],
      unitDisplay: unit === 0 ? 'long' : 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    });
    formatters.set(key, found);
  }
  return found;
}

export function formatFileSize(bytes: number | null | undefined, lang: Lang): string {
  let value = Math.max(0, bytes ?? 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return formatter(lang, unit).format(value);
}
