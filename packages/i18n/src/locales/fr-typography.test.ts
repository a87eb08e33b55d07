// issue 9: French typography in every French text: a narrow no-break space (U+202F) before ! ? : ; and inside « ».
// issue 23: one apostrophe (’, as most texts had it) and one word for the property ("propriété", as the tenant's
// screens, the console's menu and the server's messages say it; "immeuble" only where the English says building).
import { describe, expect, it } from 'vitest';
import { applyFrenchTypography, frenchTypographyProblems, NNBSP } from '../french-typography';
import en from './en.json';
import fr from './fr.json';

function strings(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('French typography', () => {
  it('refuses a plain space or no space before ! ? : ; and accepts U+202F', () => {
    expect(frenchTypographyProblems('Bienvenue !')).toHaveLength(1);
    expect(frenchTypographyProblems('Bienvenue!')).toHaveLength(1);
    expect(frenchTypographyProblems('Statut :')).toHaveLength(1);
    expect(frenchTypographyProblems('Supprimer ce document\u00a0?')).toHaveLength(1);
    expect(frenchTypographyProblems(`Bienvenue${NNBSP}!`)).toEqual([]);
    expect(frenchTypographyProblems(`« Oui »`)).toHaveLength(2);
    expect(frenchTypographyProblems(`«${NNBSP}Oui${NNBSP}»`)).toEqual([]);
    // Code tokens the client matches, placeholders, addresses and times are not prose.
    expect(frenchTypographyProblems(`Refusée [country:invalid value]${NNBSP}: ici, https://x.test et 9:30`)).toEqual([]);
    expect(applyFrenchTypography('Statut : {{s}}; vraiment?!')).toBe(`Statut${NNBSP}: {{s}}${NNBSP}; vraiment${NNBSP}?!`);
  });

  it.each(strings(fr))('%s', (_path, text) => {
    const problems = frenchTypographyProblems(text);
    expect(problems.map((p) => `${text.slice(Math.max(0, p.index - 12), p.index + 1)}`)).toEqual([]);
  });

  it("writes the apostrophe ’, never '", () => {
    const straight = strings(fr)
      .filter(([, text]) => text.includes("'"))
      .map(([path, text]) => `${path}: ${text}`);
    expect(straight).toEqual([]);
  });

  it('calls the property "propriété" (never "immeuble" where the English does not say building)', () => {
    const english = new Map(strings(en));
    const mixed = strings(fr)
      .filter(([path, text]) => /immeuble/i.test(text) && !/building/i.test(english.get(path) ?? ''))
      .map(([path, text]) => `${path}: ${text}`);
    expect(mixed).toEqual([]);
  });
});
