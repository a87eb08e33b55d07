// spec 2 §2: "The PDF of an application is produced on the client" (jsPDF). Loaded on the Download click only, so no
// route's first load carries the PDF library.
import { jsPDF } from 'jspdf';
import type { ViewSection } from './application-sections';

export interface ApplicationPdfInput {
  title: string;
  /** Lines under the title (status, property, submitted date …). */
  summary: string[];
  sections: ViewSection[];
  /** The text of a section without entries. */
  noneText: string;
  /** "Label: value" in the user's language (French puts a narrow space before the colon). */
  fieldLine: (label: string, value: string) => string;
}

// The built-in Helvetica speaks WinAnsi: French accents are in it; narrow and thin spaces, curly quotes and other
// characters outside it are replaced so no glyph goes missing.
export function pdfText(s: string): string {
  return s
    .replace(/[\u202f\u2009\u2007\u00a0]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\u0020-\u00ff]/g, '?');
}

const MARGIN = 48;
const LINE = 15;

/** The application as an A4-portrait PDF document (text, page breaks as needed). */
export function buildApplicationPdf(input: ApplicationPdfInput): jsPDF {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth() - MARGIN * 2;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  const room = (h: number) => {
    if (y + h > bottom) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const write = (text: string, opts: { size?: number; bold?: boolean; indent?: number; color?: number } = {}) => {
    doc.setFont('helvetica', opts.bold ? 'bold' : 'normal');
    doc.setFontSize(opts.size ?? 10);
    doc.setTextColor(opts.color ?? 20);
    const lines: string[] = doc.splitTextToSize(pdfText(text), width - (opts.indent ?? 0));
    for (const line of lines) {
      room(LINE);
      doc.text(line, MARGIN + (opts.indent ?? 0), y);
      y += (opts.size ?? 10) * 1.4;
    }
  };

  doc.setProperties({ title: pdfText(input.title) });
  write(input.title, { size: 18, bold: true });
  y += 4;
  for (const line of input.summary) write(line, { color: 70 });
  for (const section of input.sections) {
    y += 10;
    room(LINE * 3);
    write(section.title, { size: 13, bold: true });
    doc.setDrawColor(200);
    doc.line(MARGIN, y - 8, MARGIN + width, y - 8);
    y += 2;
    if (section.blocks.length === 0) write(input.noneText, { color: 90 });
    section.blocks.forEach((block, i) => {
      if (i > 0) y += 6;
      for (const field of block) write(input.fieldLine(field.label, field.value), { indent: 8 });
    });
  }
  return doc;
}

/** A file name such as application-harbourview-residences-2026-11-26.pdf */
export function applicationPdfName(propertyName: string | null | undefined, date: string): string {
  const slug = (propertyName ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `application-${slug || 'lease'}-${date}.pdf`;
}
