import { describe, expect, it } from 'vitest';
import {
  CA_PROVINCES,
  COUNTRY_CODES,
  countryName,
  countryOptions,
  isValidRegion,
  regionName,
  regionsForCountry,
  US_DISTRICT_AND_TERRITORIES,
  US_STATES,
} from './geography.ts';

describe('geography', () => {
  it('has 13 provinces and territories, 50 states, DC and territories', () => {
    expect(CA_PROVINCES).toHaveLength(13);
    expect(US_STATES).toHaveLength(50);
    expect(US_DISTRICT_AND_TERRITORIES.map((r) => r.code)).toContain('DC');
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
  });
  it('lists Canada and US first, unique codes', () => {
    expect(COUNTRY_CODES.slice(0, 2)).toEqual(['CA', 'US']);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    const fr = countryOptions('fr');
    expect(fr.slice(0, 2)).toEqual([
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'États-Unis' },
    ]);
    expect(countryOptions('en')[1].name).toBe('United States');
  });
  it.each([
    ['CA', 'QC', 'fr', 'Québec'],
    ['CA', 'QC', 'en', 'Quebec'],
    ['US', 'NC', 'fr', 'Caroline du Nord'],
    ['US', 'TX', 'fr', 'Texas'],
    ['US', 'PR', 'en', 'Puerto Rico'],
    ['GB', 'XX', 'en', 'XX'],
    ['CA', null, 'en', ''],
  ] as const)('%s %s %s → %s', (country, code, locale, name) => {
    expect(regionName(country, code, locale)).toBe(name);
  });
  it('regions by country', () => {
    expect(regionsForCountry('CA')).toBe(CA_PROVINCES);
    expect(regionsForCountry('US')).toHaveLength(57);
    expect(regionsForCountry('GB')).toEqual([]);
    expect(isValidRegion('CA', 'BC')).toBe(true);
    expect(isValidRegion('CA', 'AL')).toBe(false);
    expect(countryName('ZZZ', 'en')).toBe('ZZZ');
  });
  it.each(['en', 'fr'] as const)('the built-in names of CA and US are the ones Intl gives (%s)', (locale) => {
    const intl = new Intl.DisplayNames([locale === 'fr' ? 'fr-CA' : 'en-CA'], { type: 'region' });
    for (const code of ['CA', 'US']) expect(countryName(code, locale)).toBe(intl.of(code));
    expect(
      countryOptions(locale)
        .slice(0, 2)
        .map((o) => o.name),
    ).toEqual([intl.of('CA'), intl.of('US')]);
    // Built once per language; each caller gets its own copy.
    const first = countryOptions(locale);
    first[0].name = 'changed';
    expect(countryOptions(locale)[0].name).toBe(intl.of('CA'));
  });
});
