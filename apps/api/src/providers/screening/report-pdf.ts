// The sandbox screening provider's reports: small real PDFs (jsPDF, the library the portal uses in the browser) with
// the report's fields, in the applicant's language. The texts are the provider's own (a third party's document), not
// the portal's catalogue.
import { SCREEN_RESULT_SCANS } from '@portal/domain/applications';
import { creditGrade } from '@portal/domain/credit-reporting';
import { formatDisplayDate } from '@portal/domain/dates';
import { type Currency, formatMoney } from '@portal/domain/money';
import { jsPDF } from 'jspdf';
import type { IncomeReport, ReportLang, ScreeningApplicant, ScreeningType, ScreenResult } from './screening-types.ts';

const TEXTS = {
  en: {
    provider: 'Sandbox Screening Services (test data, not a real report)',
    CREDIT: 'Credit report',
    BASIC: 'Background check',
    INCOME: 'Income verification report',
    applicant: 'Applicant',
    birthDate: 'Date of birth',
    email: 'E-mail',
    address: 'Address',
    requestId: 'Request id',
    issued: 'Issued',
    status: 'Result',
    creditScore: 'Credit score',
    creditGrade: 'Grade',
    noScore: 'No credit score',
    lateRentPotential: 'Late rent potential',
    criminalScan: 'Criminal scan',
    damageToProperty: 'Damage to property',
    evictionPotential: 'Eviction potential',
    fraudScan: 'Fraud scan',
    globalClearanceScan: 'Global clearance scan',
    globalSanctionsScan: 'Global sanctions scan',
    knownAffiliationsScan: 'Known affiliations scan',
    otherScan: 'Other scan',
    publicSafetyScan: 'Public safety scan',
    sexOffenderScan: 'Sex offender scan',
    currentBalance: 'Current balance',
    monthlyPayrollIncome: 'Monthly payroll income',
    monthlyIncome: 'Monthly income',
    monthlyIncomeTransfers: 'Monthly income transfers',
    overdraftDays: 'Overdraft days',
    nsf: 'NSF (non-sufficient funds)',
    debtTransactionsCount: 'Debt transactions',
    values: {
      PASS: 'Pass',
      FAIL: 'Fail',
      REVIEW: 'Review',
      PENDING: 'Pending',
      LOW: 'Low',
      MEDIUM: 'Medium',
      HIGH: 'High',
      CLEAR: 'Clear',
      RECORDS_FOUND: 'Records found',
    } as Record<string, string>,
  },
  fr: {
    provider: 'Services de vérification Sandbox (données de test, pas un vrai rapport)',
    CREDIT: 'Rapport de crédit',
    BASIC: 'Vérification des antécédents',
    INCOME: 'Rapport de vérification du revenu',
    applicant: 'Candidat',
    birthDate: 'Date de naissance',
    email: 'Courriel',
    address: 'Adresse',
    requestId: 'Numéro de demande',
    issued: 'Émis le',
    status: 'Résultat',
    creditScore: 'Pointage de crédit',
    creditGrade: 'Cote',
    noScore: 'Aucun pointage de crédit',
    lateRentPotential: 'Risque de retard de loyer',
    criminalScan: 'Antécédents criminels',
    damageToProperty: 'Risque de dommages au logement',
    evictionPotential: "Risque d'expulsion",
    fraudScan: 'Fraude',
    globalClearanceScan: 'Habilitation mondiale',
    globalSanctionsScan: 'Sanctions internationales',
    knownAffiliationsScan: 'Affiliations connues',
    otherScan: 'Autres vérifications',
    publicSafetyScan: 'Sécurité publique',
    sexOffenderScan: 'Registre des délinquants sexuels',
    currentBalance: 'Solde actuel',
    monthlyPayrollIncome: 'Revenu mensuel de paie',
    monthlyIncome: 'Revenu mensuel',
    monthlyIncomeTransfers: 'Virements de revenu mensuels',
    overdraftDays: 'Jours de découvert',
    nsf: 'Provision insuffisante (NSF)',
    debtTransactionsCount: 'Opérations de dette',
    values: {
      PASS: 'Réussi',
      FAIL: 'Échec',
      REVIEW: 'À examiner',
      PENDING: 'En attente',
      LOW: 'Faible',
      MEDIUM: 'Moyen',
      HIGH: 'Élevé',
      CLEAR: 'Aucun dossier',
      RECORDS_FOUND: 'Dossiers trouvés',
    } as Record<string, string>,
  },
} as const;

type Texts = (typeof TEXTS)[ReportLang];

const SCAN_FIELDS = ['lateRentPotential', ...SCREEN_RESULT_SCANS] as const;

/** The standard PDF fonts are WinAnsi: narrow no-break spaces (French money) become plain no-break spaces. */
const pdfSafe = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0');

function newDocument(title: string, t: Texts) {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.setProperties({ title, subject: title, creator: t.provider });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text(pdfSafe(title), 48, 64);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.text(pdfSafe(t.provider), 48, 82);
  return doc;
}

function table(doc: jsPDF, rows: [string, string][], startY: number): number {
  let y = startY;
  doc.setFontSize(11);
  for (const [label, value] of rows) {
    if (y > 740) {
      doc.addPage();
      y = 64;
    }
    doc.setFont('helvetica', 'bold');
    doc.text(pdfSafe(label), 48, y);
    doc.setFont('helvetica', 'normal');
    doc.text(pdfSafe(value), 260, y);
    y += 18;
  }
  return y;
}

function applicantRows(applicant: ScreeningApplicant, t: Texts, requestId: string, issuedAt: Date): [string, string][] {
  const address = applicant.addresses[0];
  const rows: [string, string][] = [
    [t.applicant, `${applicant.firstName} ${applicant.lastName}`.trim()],
    [t.birthDate, applicant.birthDate ? formatDisplayDate(applicant.birthDate, applicant.lang) : '—'],
    [t.email, applicant.email ?? '—'],
  ];
  if (address) {
    const line = [address.street1, address.city, address.province, address.postalCode].filter(Boolean).join(', ');
    if (line) rows.push([t.address, line]);
  }
  rows.push([t.requestId, requestId], [t.issued, formatDisplayDate(issuedAt.toISOString(), applicant.lang, 'UTC')]);
  return rows;
}

const bytesOf = (doc: jsPDF) => Buffer.from(doc.output('arraybuffer'));

export function renderScreeningPdf(input: {
  type: ScreeningType;
  requestId: string;
  status: string;
  result: ScreenResult;
  applicant: ScreeningApplicant;
  issuedAt: Date;
}): Buffer {
  const t = TEXTS[input.applicant.lang];
  const doc = newDocument(t[input.type], t);
  let y = table(doc, applicantRows(input.applicant, t, input.requestId, input.issuedAt), 120);
  y += 12;
  const rows: [string, string][] = [[t.status, t.values[input.status] ?? input.status]];
  if (input.type === 'CREDIT') {
    const score = input.result.creditScore;
    rows.push([t.creditScore, score == null ? t.noScore : String(score)], [t.creditGrade, creditGrade(score) ?? '—']);
  }
  for (const field of SCAN_FIELDS) {
    const value = input.result[field];
    rows.push([t[field], t.values[value] ?? value]);
  }
  table(doc, rows, y);
  return bytesOf(doc);
}

export function renderIncomePdf(input: {
  requestId: string;
  status: string;
  report: IncomeReport;
  applicant: ScreeningApplicant;
  currency: Currency;
  issuedAt: Date;
}): Buffer {
  const { applicant, report } = input;
  const t = TEXTS[applicant.lang];
  const doc = newDocument(t.INCOME, t);
  let y = table(doc, applicantRows(applicant, t, input.requestId, input.issuedAt), 120);
  y += 12;
  const money = (cents: number) => formatMoney(cents, input.currency, applicant.lang);
  table(
    doc,
    [
      [t.status, t.values[input.status] ?? input.status],
      [t.currentBalance, money(report.currentBalance)],
      [t.monthlyPayrollIncome, money(report.monthlyPayrollIncome)],
      [t.monthlyIncome, money(report.monthlyIncome)],
      [t.monthlyIncomeTransfers, money(report.monthlyIncomeTransfers)],
      [t.overdraftDays, String(report.overdraftDays)],
      [t.nsf, String(report.nsf)],
      [t.debtTransactionsCount, String(report.debtTransactionsCount)],
    ],
    y,
  );
  return bytesOf(doc);
}
