import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

const INTL_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'];

/** What Intl.NumberFormat writes (the formatter's reference): the unit style, 1 kB = 1024 bytes. */
function intl(bytes: number, lang: 'en' | 'fr'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < 3) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'unit',
    unit: INTL_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

describe('formatFileSize', () => {
  it('names sizes as people read them, in each language', () => {
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatFileSize(0, 'fr')).toBe('0\u00a0octet');
    expect(formatFileSize(1536, 'fr')).toBe('1,5\u00a0ko');
    expect(formatFileSize(null, 'en')).toBe('0 bytes');
    expect(formatFileSize(-5, 'en')).toBe('0 bytes');
  });

  it('writes exactly what Intl.NumberFormat writes, rounding included', () => {
    const sizes = [0, 1, 2, 999, 1000, 1023, 1024, 1075, 1076, 1126, 1127, 1484, 1485, 1536, 10_239, 10_240, 1_048_575];
    for (let bytes = 1; bytes < 2 ** 42; bytes = Math.ceil(bytes * 1.37) + 3) sizes.push(bytes);
    for (let tenths = 10; tenths < 10_240; tenths += 7)
      sizes.push(Math.round((tenths / 10) * 1024 + 51), Math.round((tenths / 10 + 0.05) * 1024));
    for (const lang of ['en', 'fr'] as const) {
      for (const bytes of sizes) expect(formatFileSize(bytes, lang), `${bytes} ${lang}`).toBe(intl(bytes, lang));
    }
  });
});
