// The Download action: the application's sections, in the user's language, as a PDF file (spec 2 §2).

import { saveBlob } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { localToday } from '../../../lib/locale';
import type { ApplicationRecord } from '../api/types';
import { statusLabel } from './application-display';
import { applicationSections, type SectionsContext } from './application-sections';

export async function downloadApplicationPdf(application: ApplicationRecord, ctx: SectionsContext): Promise<void> {
  const { t, lang } = ctx;
  // jsPDF loads with the first download only
  const { buildApplicationPdf, applicationPdfName } = await import('./application-pdf');
  const today = localToday();
  const property = application.joins.property;
  const fieldLine = (label: string, value: string) => t('applications.pdfLine', { label, value });
  const summary = [
    fieldLine(t('applications.columns.status'), statusLabel(application.status, t)),
    property ? fieldLine(t('applications.columns.property'), property.propertyName) : '',
    application.submittedAt ? fieldLine(t('applications.columns.submitted'), formatDate(application.submittedAt, lang)) : '',
    t('applications.pdfGenerated', { date: formatDate(today, lang) }),
  ].filter(Boolean);
  const doc = buildApplicationPdf({
    title: t('dashboard.applicationView.title'),
    summary,
    sections: applicationSections(application, ctx),
    noneText: t('dashboard.applicationView.none'),
    fieldLine,
  });
  saveBlob(doc.output('blob'), applicationPdfName(property?.propertyName, today));
}
