import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_ID_PATTERN, customFieldIdFor, normalizePageNameInput, PAGE_NAME_PATTERN } from './company-pages.ts';

describe('normalizePageNameInput', () => {
  it.each([
    ['Kits Apply', 'kits-apply'],
    ['harbour_view 2026', 'harbour-view-2026'],
    ['already-fine', 'already-fine'],
  ])('%s → %s (then valid)', (typed, name) => {
    expect(normalizePageNameInput(typed)).toBe(name);
    expect(PAGE_NAME_PATTERN.test(name)).toBe(true);
  });
});

describe('customFieldIdFor', () => {
  it.each([
    ['Number of vehicles', [], 'numberOfVehicles'],
    ['Avez-vous un animal ?', [], 'avezVousUnAnimal'],
    ['Véhicules électriques', [], 'vehiculesElectriques'],
    ['Number of vehicles', ['numberOfVehicles'], 'numberOfVehicles2'],
    ['Number of vehicles', ['numberOfVehicles', 'numberOfVehicles2'], 'numberOfVehicles3'],
    ['???', [], 'field'],
  ])('%s (taken %j) → %s, an id the API takes', (label, taken, id) => {
    const made = customFieldIdFor(label, taken);
    expect(made).toBe(id);
    expect(CUSTOM_FIELD_ID_PATTERN.test(made)).toBe(true);
  });
});
