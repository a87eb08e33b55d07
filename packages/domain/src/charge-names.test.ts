import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { describe, expect, it } from 'vitest';
import { chargeNameDisplay, STANDARD_CHARGE_NAMES } from './charge-names.ts';
import { type DEFAULT_CHARGE_CODES, getChargeCodes } from './payment-amounts.ts';

const lookup = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((n, part) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[part] : undefined), tree);

describe('charge names (issue 20)', () => {
  it('never shows a raw default code: each one has an English and a French name', () => {
    for (const c of getChargeCodes(null)) {
      const shown = chargeNameDisplay(c);
      expect('key' in shown, c.code).toBe(true);
      if (!('key' in shown)) continue;
      expect(lookup(en, shown.key)).toBe(STANDARD_CHARGE_NAMES[c.code as (typeof DEFAULT_CHARGE_CODES)[number]].english);
      expect(typeof lookup(fr, shown.key)).toBe('string');
    }
    expect(lookup(en, (chargeNameDisplay({ code: 'bike-storage', name: 'bike-storage' }) as { key: string }).key)).toBe(
      'Bike storage',
    );
    expect(lookup(fr, (chargeNameDisplay({ code: 'KEY', name: 'KEY' }) as { key: string }).key)).toBe('Clé');
  });

  it.each([
    [{ code: 'Rent', name: 'Rent' }, { key: 'domain.chargeCode.Rent' }],
    [{ code: 'parking', name: 'Parking' }, { key: 'domain.chargeCode.parking' }],
    [{ code: 'damage-deposit', name: 'Damage deposit' }, { key: 'domain.chargeCode.damage-deposit' }],
    [{ code: 'parking', name: null }, { key: 'domain.chargeCode.parking' }],
    // the manager's own words stay as written
    [{ code: 'parking', name: 'Underground stall P2' }, { text: 'Underground stall P2' }],
    [{ code: 'PKG', name: 'Parking' }, { text: 'Parking' }],
    [{ code: 'gym', name: null }, { text: 'gym' }],
    [{ code: null, name: 'Water bill' }, { text: 'Water bill' }],
  ])('%j → %j', (charge, shown) => {
    expect(chargeNameDisplay(charge)).toEqual(shown);
  });
});
