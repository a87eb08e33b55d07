// issue 9: French typography in every French text: a narrow no-break space (U+202F) before ! ? : ; and inside « ».
import { describe, expect, it } from 'vitest';
import { applyFrenchTypography, frenchTypographyProblems, NNBSP } from '../french-typography';
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
});
