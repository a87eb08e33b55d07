// spec 2 §2: the application's PDF is made in the browser: a real PDF holding the applicant's answers.
import { describe, expect, it } from 'vitest';
import { applicationPdfName, buildApplicationPdf, pdfText } from './application-pdf';

describe('buildApplicationPdf', () => {
  it('returns a PDF whose text has the applicant and the sections', () => {
    const doc = buildApplicationPdf({
      title: 'Lease application',
      summary: ['Status: SUBMITTED'],
      sections: [
        {
          id: 'applicant',
          title: 'Applicant',
          blocks: [
            [
              { key: 'firstName', label: 'First name', value: 'Camille' },
              { key: 'lastName', label: 'Last name', value: 'Tremblay' },
            ],
          ],
        },
        { id: 'occupants', title: 'Additional occupants', blocks: [] },
      ],
      noneText: 'Nothing entered.',
      fieldLine: (label, value) => `${label}: ${value}`,
    });
    const bytes = new Uint8Array(doc.output('arraybuffer'));
    expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toContain('First name: Camille');
    expect(text).toContain('Last name: Tremblay');
    expect(text).toContain('Nothing entered.');
  });

  it('keeps French accents and replaces what the built-in font cannot draw', () => {
    expect(pdfText('Statut\u202f: Soumise — « oui »')).toBe('Statut : Soumise - " oui "');
    expect(pdfText('Salarié')).toBe('Salarié');
  });

  it('names the file after the property and the date', () => {
    expect(applicationPdfName('Harbourview Résidences', '2026-11-26')).toBe('application-harbourview-residences-2026-11-26.pdf');
    expect(applicationPdfName(null, '2026-11-26')).toBe('application-lease-2026-11-26.pdf');
  });
});
