// spec 001 §9 "Terms of use" (and §2, §5): both languages carry 18 sections and every required fact.
import { describe, expect, it } from 'vitest';
import type { TermsDocument } from './terms-content';
import { termsEn } from './terms-en';
import { termsFr } from './terms-fr';

const documents: Array<[string, TermsDocument]> = [
  ['en', termsEn],
  ['fr', termsFr],
];

function fullText(doc: TermsDocument): string {
  const parts = [doc.title, doc.effectiveDate, doc.intro];
  for (const section of doc.sections) {
    parts.push(section.heading, ...section.paragraphs, ...(section.bullets ?? []));
  }
  return parts.join('\n');
}

function sectionText(doc: TermsDocument, number: number): string {
  const section = doc.sections.find((s) => s.number === number);
  if (!section) throw new Error(`section ${number} missing`);
  return [section.heading, ...section.paragraphs, ...(section.bullets ?? [])].join('\n');
}

function wordCount(doc: TermsDocument): number {
  return fullText(doc).split(/\s+/).filter(Boolean).length;
}

// [description, English fragment, French fragment]
const requiredFacts: Array<[string, string, string]> = [
  ['effective date', 'November 28, 2022', '28 novembre 2022'],
  ['superseded version', 'January 19, 2022', '19 janvier 2022'],
  ['operator', 'RentLedger Payments Inc.', 'RentLedger Payments Inc.'],
  ['minimum age', '18 years', '18 ans'],
  ['mailing address country (US)', 'United States', 'États-Unis'],
  [
    'mailing address country (Canada)',
    'mailing address in the United States or Canada',
    'adresse postale aux États-Unis ou au Canada',
  ],
  ['Canadian dollars', 'Canadian dollars', 'dollars canadiens'],
  ['US dollars', 'US dollars', 'dollars américains'],
  ['governing law (US)', 'Nevada', 'Nevada'],
  ['governing law (Canada)', 'British Columbia', 'Colombie-Britannique'],
  ['contract language', 'English version prevails', 'la version anglaise prévaut'],
  ['French is for convenience', 'convenience', 'commodité'],
  ['chargeback support fee', '$25.00', '25,00 $'],
  ['chargeback fee payer', 'charged to the Landlord', 'facturés au Propriétaire'],
  ['NSF fee', 'up to $35.00', 'au plus 35,00 $'],
  ['processing time', 'up to 5 business days', 'jusqu’à 5 jours ouvrables'],
  ['refund window', '12 months before the refund request', '12 mois avant la demande de remboursement'],
  [
    'refund request in writing',
    'written request to your Landlord or property manager',
    'demande écrite à votre Propriétaire ou à votre gestionnaire immobilier',
  ],
  ['marketplace acceptance', '24 hours', '24 heures'],
  ['chargeback information delay', 'within 2 business days', 'dans un délai de 2 jours ouvrables'],
  ['chargeback information deadline', 'at the latest within 5 business days', 'au plus tard dans un délai de 5 jours ouvrables'],
  ['recurring reminder', '7 days before', '7 jours avant'],
  ['disable recurring payment', '2 full business days', '2 jours ouvrables complets'],
  ['revoke pre-authorization', '30 days’ written notice', 'préavis écrit d’au moins 30 jours'],
  ['bank account change', 'up to 10 business days', 'jusqu’à 10 jours ouvrables'],
  ['liability cap (fees)', '6 months', '6 mois'],
  ['liability cap (amount)', '$50.', '50 $.'],
  ['liability cap (lesser)', 'lesser of', 'moindre des montants'],
  [
    'term and renewal',
    'renew automatically for successive terms of 12 months',
    'renouvellent ensuite automatiquement pour des périodes successives de 12 mois',
  ],
  ['initial term', 'initial term of 12 months', 'durée initiale de 12 mois'],
  ['notices by post', '4th business day', '4e jour ouvrable'],
  ['credit reporting lease', 'at least 1 year remaining', 'durée restante d’au moins 1 an'],
  ['PAD autopay free', 'on the 1st of the month: free', 'le 1er du mois\u202f: gratuit'],
  ['other bank payments fee', '$0.50', '0,50 $'],
  ['debit card fee', '0.99%', '0,99 %'],
  ['credit card fee', '2.90%', '2,90 %'],
  ['other or international cards fee', '3.99%', '3,99 %'],
  ['indemnification', 'indemnify', 'indemniser'],
  ['no warranty', '“as is”', '«\u202ftel quel\u202f»'],
  ['no jury trial', 'trial by jury', 'procès devant jury'],
  ['no class action', 'class action', 'action collective'],
  ['privacy', 'Privacy Policy', 'Politique de confidentialité'],
];

describe('terms of use documents', () => {
  it.each(documents)('%s has 18 sections numbered 1..18, each with a heading and 1-5 paragraphs', (_lang, doc) => {
    expect(doc.title.trim()).not.toBe('');
    expect(doc.effectiveDate.trim()).not.toBe('');
    expect(doc.intro.trim()).not.toBe('');
    expect(doc.sections).toHaveLength(18);
    expect(doc.sections.map((s) => s.number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    for (const section of doc.sections) {
      expect(section.heading.trim()).not.toBe('');
      expect(section.paragraphs.length).toBeGreaterThanOrEqual(1);
      expect(section.paragraphs.length).toBeLessThanOrEqual(5);
      for (const paragraph of section.paragraphs) expect(paragraph.trim()).not.toBe('');
      for (const bullet of section.bullets ?? []) expect(bullet.trim()).not.toBe('');
    }
  });

  it.each(documents)('%s stays readable (about 1,800-2,600 words)', (_lang, doc) => {
    const words = wordCount(doc);
    expect(words).toBeGreaterThanOrEqual(1800);
    expect(words).toBeLessThanOrEqual(2600);
  });

  it('both languages use the same section numbers and the same bullet structure', () => {
    expect(termsFr.sections.map((s) => s.number)).toEqual(termsEn.sections.map((s) => s.number));
    expect(termsFr.sections.map((s) => s.bullets?.length ?? 0)).toEqual(termsEn.sections.map((s) => s.bullets?.length ?? 0));
    expect(termsFr.sections.map((s) => s.paragraphs.length)).toEqual(termsEn.sections.map((s) => s.paragraphs.length));
  });

  it.each(requiredFacts)('states the %s in both languages', (_fact, en, fr) => {
    expect(fullText(termsEn)).toContain(en);
    expect(fullText(termsFr)).toContain(fr);
  });

  it('gives the effective date and the superseded version', () => {
    expect(termsEn.effectiveDate).toBe('November 28, 2022');
    expect(termsFr.effectiveDate).toBe('28 novembre 2022');
    expect(termsEn.intro).toContain('supersede the version dated January 19, 2022');
    expect(termsFr.intro).toContain('remplacent la version du 19 janvier 2022');
  });

  it('keeps English as the governing language in the French text', () => {
    const fr = sectionText(termsFr, 18);
    expect(fr).toContain('la version anglaise constitue le contrat');
    expect(fr).toContain('fournie uniquement pour votre commodité');
    expect(termsFr.intro).toContain('seule la version anglaise fait foi');
    expect(sectionText(termsEn, 18)).toContain('the English version is the binding contract');
  });

  it('puts the governing law, fees and liability cap in the expected sections', () => {
    for (const doc of [termsEn, termsFr]) {
      expect(sectionText(doc, 18)).toContain('Nevada');
      expect(sectionText(doc, 6)).toMatch(/2[.,]90/);
      expect(sectionText(doc, 14)).toMatch(/50/);
      expect(sectionText(doc, 9)).toMatch(/25[.,]00/);
      expect(sectionText(doc, 9)).toMatch(/35[.,]00/);
    }
  });
});

describe('French terms typography (issue 9)', () => {
  it('puts a narrow no-break space before ! ? : ; and inside « »', async () => {
    const { frenchTypographyProblems } = await import('@portal/i18n/french-typography');
    const texts = fullText(termsFr).split('\n');
    expect(texts.filter((text) => frenchTypographyProblems(text).length > 0)).toEqual([]);
  });
});
