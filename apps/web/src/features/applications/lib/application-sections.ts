// spec 2 §2 "Application view (read-only)": the application's sections as label/value lines, in the user's language.
// One builder for the view modal and the PDF (spec 2 §2: "The PDF of an application is produced on the client").
import { currencyForCountry } from '@portal/domain/money';
import { formatAmount, formatDate } from '../../../lib/format';
import type { Lang } from '../../../lib/i18n';
import { countryName } from '../../../lib/locale';
import type { ApplicationRecord, PageCustomField } from '../api/types';

type Row = Record<string, unknown>;
type FieldKind = 'text' | 'money' | 'date' | 'country' | 'enum' | 'sin';
type Spec = [string, FieldKind][];
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ViewField {
  key: string;
  label: string;
  value: string;
}
export interface ViewSection {
  id: string;
  title: string;
  /** One block per entry (one address, one occupant …); empty when nothing was entered. */
  blocks: ViewField[][];
}

// spec 2 §3: the lease application's parts, field → how to show it
const APPLICANT: Spec = [
  ['firstName', 'text'],
  ['middleName', 'text'],
  ['lastName', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['birthDate', 'date'],
  ['sinLast3', 'sin'],
];
const ADDRESS: Spec = [
  ['suite', 'text'],
  ['street1', 'text'],
  ['street2', 'text'],
  ['city', 'text'],
  ['province', 'text'],
  ['country', 'country'],
  ['postalCode', 'text'],
  ['monthsAtAddress', 'text'],
];
const OCCUPANT: Spec = [
  ['names', 'text'],
  ['age', 'text'],
  ['relationship', 'text'],
  ['phone', 'text'],
  ['employment', 'enum'],
];
const EMPLOYMENT: Spec = [
  ['employment', 'enum'],
  ['employerName', 'text'],
  ['occupation', 'text'],
  ['phone', 'text'],
  ['monthsEmployed', 'text'],
  ['monthlySalary', 'money'],
  ['otherIncome', 'money'],
];
const OTHER_INFO: Spec = [
  ['maritalStatus', 'enum'],
  ['pets', 'text'],
  ['smoking', 'text'],
  ['bankruptcy', 'text'],
];
const PERSON: Spec = [
  ['name', 'text'],
  ['firstName', 'text'],
  ['lastName', 'text'],
  ['relationship', 'text'],
  ['phone', 'text'],
  ['email', 'text'],
];

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.filter(isRow) : isRow(v) ? [v] : []);

export interface SectionsContext {
  t: Translate;
  lang: Lang;
  /** The page template's custom fields (labels per language); null while unknown. */
  customFields?: readonly PageCustomField[] | null;
}

export function applicationSections(application: ApplicationRecord, { t, lang, customFields }: SectionsContext): ViewSection[] {
  const property = application.joins.property;
  const currency = currencyForCountry(property?.country);
  const yesNo = (v: boolean) => (v ? t('dashboard.applicationView.yes') : t('dashboard.applicationView.no'));

  const show = (value: unknown, kind: FieldKind, key: string): string => {
    if (value == null || value === '') return '';
    // issue 9: a code (EMPLOYED) is shown by its label in the UI's language; an unknown one in plain words.
    if (kind === 'enum' && typeof value === 'string') {
      const plain = value.replace(/_/g, ' ').toLowerCase();
      return t(`dashboard.applicationView.values.${key}.${value}`, {
        defaultValue: plain.charAt(0).toUpperCase() + plain.slice(1),
      });
    }
    if (kind === 'money' && (typeof value === 'number' || typeof value === 'string'))
      return formatAmount(Number(value), currency, lang);
    if (kind === 'date' && typeof value === 'string') return formatDate(value, lang);
    if (kind === 'country' && typeof value === 'string') return countryName(value, lang);
    // spec 2 §3: only the last 3 digits of the SIN are kept; shown masked
    if (kind === 'sin' && typeof value === 'string') return `*** *** ${value}`;
    if (typeof value === 'boolean') return yesNo(value);
    if (typeof value === 'string') return value.replace(/_/g, ' ');
    if (typeof value === 'number') return String(value);
    return '';
  };

  const fields = (row: Row, spec: Spec): ViewField[] =>
    spec
      .map(([key, kind]) => ({ key, label: t(`dashboard.applicationView.fields.${key}`), value: show(row[key], kind, key) }))
      .filter((f) => f.value !== '');

  const section = (id: string, rows: Row[], spec: Spec): ViewSection => ({
    id,
    title: t(`dashboard.applicationView.sections.${id}`),
    blocks: rows.map((row) => fields(row, spec)).filter((b) => b.length > 0),
  });

  const propertyRow: Row = property ? { ...property } : {};
  const sections = [
    section('applicant', [application as unknown as Row], APPLICANT),
    section('property', [propertyRow], [['propertyName', 'text'], ...ADDRESS]),
    section('addresses', rowsOf(application.addresses), ADDRESS),
    section('occupants', rowsOf(application.otherOccupants), OCCUPANT),
    section('employment', rowsOf(application.employment), EMPLOYMENT),
    section('otherInfo', rowsOf(application.otherInfo), OTHER_INFO),
    section('references', rowsOf(application.referenceList), PERSON),
    section('emergencyContact', rowsOf(application.emergencyContact), PERSON),
  ];

  // spec 2 §2: "plus custom fields per page", labelled as the page labels them in the user's language
  const answers = application.customFields ?? {};
  const custom: ViewField[] = [];
  if (customFields) {
    for (const field of customFields) {
      const raw = answers[field.id];
      if (raw == null || raw === '') continue;
      const value =
        typeof raw === 'boolean'
          ? yesNo(raw)
          : field.type === 'DATE' && typeof raw === 'string'
            ? formatDate(raw, lang)
            : String(raw);
      custom.push({ key: field.id, label: field.label[lang] || field.label.en, value });
    }
  } else {
    for (const [id, raw] of Object.entries(answers)) {
      if (raw == null || raw === '') continue;
      custom.push({ key: id, label: id, value: typeof raw === 'boolean' ? yesNo(raw) : String(raw) });
    }
  }
  if ((customFields?.length ?? 0) > 0 || custom.length > 0)
    sections.push({
      id: 'customFields',
      title: t('dashboard.applicationView.sections.customFields'),
      blocks: custom.length ? [custom] : [],
    });
  return sections;
}
