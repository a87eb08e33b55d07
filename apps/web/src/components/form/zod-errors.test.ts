// A web form checked by a zod schema shows the portal's own words for a check the schema does not word itself (issue 23
// Standards: clear errors in the user's language), and the schema's own keys as they were.
import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { type Resources, Translator } from '@portal/i18n/translator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodErrors } from './zod-errors';

const translator = new Translator({
  resources: { en: en as Resources, fr: fr as Resources },
  language: 'en',
  load: async () => ({}),
});

const schema = z.object({
  unit: z.string().max(4),
  kind: z.enum(['CHARGE', 'CREDIT']),
  dueDay: z.number().int().min(1, { error: 'validation.signup.dueDayInvalid' }),
});

describe('zodErrors', () => {
  it("turns zod's unworded checks into the portal's message keys, in English and French", () => {
    const errors = zodErrors(schema, { unit: '12345', kind: 'DEBIT', dueDay: 0 }) as Record<
      string,
      { key: string; values?: Record<string, string | number> }
    >;
    const text = (lang: 'en' | 'fr', field: string) => translator.fixedT(lang)(errors[field].key, errors[field].values);
    expect(text('en', 'unit')).toBe('Enter at most 4 characters.');
    expect(text('fr', 'unit')).toBe('Entrez au plus 4 caractères.');
    expect(text('en', 'kind')).toBe('Choose one of these values: CHARGE, CREDIT.');
    expect(text('fr', 'kind')).toBe('Choisissez l’une de ces valeurs\u202f: CHARGE, CREDIT.');
    // the schema's own message stays
    expect(errors.dueDay.key).toBe('validation.signup.dueDayInvalid');
  });

  it('answers nothing for valid values', () => {
    expect(zodErrors(schema, { unit: '12', kind: 'CREDIT', dueDay: 3 })).toEqual({});
  });
});
