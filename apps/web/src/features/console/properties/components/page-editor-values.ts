// issue 23 "Properties": the values, checks and request bodies of the console's page editors (onboarding and lease
// application pages), kept apart from the components so they are tested as plain functions. The rules are the API's
// (packages/domain/src/company-pages.ts, application-form.ts: spec 2 §3 template sections 3, 5, 6, 7, 8 with per-field
// booleans, custom fields, applicationFeeAmount, the screening switches).
import {
  APPLICATION_SECTION_FIELDS,
  APPLICATION_SECTIONS,
  APPLICATION_TEXT_MAX_LENGTH,
  type ApplicationCustomField,
  type ApplicationCustomFieldType,
  type ApplicationSection,
  applicationSectionsAsking,
} from '@portal/domain/application-form';
import {
  APPLICATION_FEE_MAX_CENTS,
  customFieldIdFor,
  PAGE_NAME_MAX_LENGTH,
  PAGE_NAME_PATTERN,
} from '@portal/domain/company-pages';
import { fromCents, type MoneyLocale, toCents } from '@portal/domain/money';
import { formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import type { PathErrors } from '../../../../components/form/nested-form';
import type { FormMessage } from '../../../../components/form/use-form';
import type { ApplicationPageBody, LeaseApplicationPage, OnBoardingPage, OnBoardingPageBody } from '../api/properties';

/** One custom field as the editor holds it. */
export interface CustomFieldValues {
  /** The stored id ('' for a new field: it is made from the English label when the page is saved). */
  id: string;
  label: { en: string; fr: string };
  type: ApplicationCustomFieldType;
  required: boolean;
  /** TEXT only: the longest answer, as typed ('' = no limit of the page's own). */
  maxLength: string;
}

export interface ApplicationPageValues {
  name: string;
  /** As typed, read in the user's language ('' = no fee). */
  applicationFeeAmount: string;
  sections: Record<ApplicationSection, Record<string, boolean>>;
  customFields: CustomFieldValues[];
  creditReportEnabled: boolean;
  backgroundCheckEnabled: boolean;
  identityVerificationEnabled: boolean;
  incomeVerificationEnabled: boolean;
}

export interface OnBoardingPageValues {
  name: string;
  autoApproval: boolean;
}

/** The page name's refusal (the API's rule: 1..64 lower-case letters, digits and single hyphens). */
export function pageNameError(name: string): FormMessage | undefined {
  if (!name.trim()) return { key: 'validation.requiredField' };
  if (name.length > PAGE_NAME_MAX_LENGTH) return { key: 'server.company.tooLong', values: { max: PAGE_NAME_MAX_LENGTH } };
  if (!PAGE_NAME_PATTERN.test(name)) return { key: 'server.properties.pageNameInvalid' };
  return undefined;
}

export const onBoardingPageValues = (page: OnBoardingPage | null): OnBoardingPageValues => ({
  name: page?.name ?? '',
  autoApproval: page?.autoApproval ?? false,
});

/** The onboarding page's body: everything for a new page, only what changed for an existing one. */
export function onBoardingPageBody(v: OnBoardingPageValues, before: OnBoardingPage | null): OnBoardingPageBody {
  const body: OnBoardingPageBody = {};
  if (!before || before.name !== v.name) body.name = v.name;
  if (!before || before.autoApproval !== v.autoApproval) body.autoApproval = v.autoApproval;
  return body;
}

const customFieldValues = (f: ApplicationCustomField): CustomFieldValues => ({
  id: f.id,
  label: { en: f.label.en, fr: f.label.fr },
  type: f.type,
  required: f.required,
  maxLength: f.maxLength === undefined ? '' : String(f.maxLength),
});

export const newCustomField = (): CustomFieldValues => ({
  id: '',
  label: { en: '', fr: '' },
  type: 'TEXT',
  required: false,
  maxLength: '',
});

/** The editor's values of a page; a new page asks every template question (the manager unticks what it does not need). */
export function applicationPageValues(page: LeaseApplicationPage | null, lang: MoneyLocale): ApplicationPageValues {
  const asked = applicationSectionsAsking();
  const sections = Object.fromEntries(
    APPLICATION_SECTIONS.map((s) => [
      s,
      Object.fromEntries(APPLICATION_SECTION_FIELDS[s].map((f) => [f, page ? page.sections[s]?.[f] === true : asked[s][f]])),
    ]),
  ) as ApplicationPageValues['sections'];
  const fee = page ? toCents(page.applicationFeeAmount) : 0;
  return {
    name: page?.name ?? '',
    applicationFeeAmount: fee > 0 ? formatAmountInput(fee, lang) : '',
    sections,
    customFields: (page?.customFields ?? []).map(customFieldValues),
    creditReportEnabled: page?.creditReportEnabled ?? false,
    backgroundCheckEnabled: page?.backgroundCheckEnabled ?? false,
    identityVerificationEnabled: page?.identityVerificationEnabled ?? false,
    incomeVerificationEnabled: page?.incomeVerificationEnabled ?? false,
  };
}

const maxLengthOf = (typed: string): number | null => {
  const n = Number(typed.trim());
  return Number.isInteger(n) && n >= 1 && n <= APPLICATION_TEXT_MAX_LENGTH ? n : null;
};

/** The editor's checks, by the dotted paths the server's fieldErrors use ('customFields.0.label.fr'). */
export function applicationPageErrors(v: ApplicationPageValues, lang: MoneyLocale): PathErrors {
  const errors: PathErrors = {};
  const name = pageNameError(v.name);
  if (name) errors.name = name;
  const fee = parseAmountInput(v.applicationFeeAmount, lang);
  if (!fee.ok && fee.refusal !== 'empty') errors.applicationFeeAmount = { key: fee.key, values: fee.values };
  else if (fee.ok && fee.cents > APPLICATION_FEE_MAX_CENTS)
    errors.applicationFeeAmount = { key: 'server.properties.feeTooLarge' };
  v.customFields.forEach((f, i) => {
    for (const l of ['en', 'fr'] as const) {
      if (!f.label[l].trim()) errors[`customFields.${i}.label.${l}`] = { key: 'validation.requiredField' };
    }
    if (f.type === 'TEXT' && f.maxLength.trim() && maxLengthOf(f.maxLength) === null) {
      errors[`customFields.${i}.maxLength`] = {
        key: 'admin.properties.pages.editor.maxLengthInvalid',
        values: { max: APPLICATION_TEXT_MAX_LENGTH },
      };
    }
  });
  return errors;
}

/** The custom fields as the API takes them: new ones get an id from their English label, unique on the page. */
function customFieldsBody(fields: readonly CustomFieldValues[]): ApplicationCustomField[] {
  const taken = new Set(fields.map((f) => f.id).filter(Boolean));
  return fields.map((f) => {
    const id = f.id || customFieldIdFor(f.label.en, taken);
    taken.add(id);
    const max = f.type === 'TEXT' && f.maxLength.trim() ? maxLengthOf(f.maxLength) : null;
    return {
      id,
      label: { en: f.label.en.trim(), fr: f.label.fr.trim() },
      type: f.type,
      required: f.required,
      ...(max === null ? {} : { maxLength: max }),
    };
  });
}

/** The page's body: everything for a new page, only what changed for an existing one (its audit names just that). */
export function applicationPageBody(
  v: ApplicationPageValues,
  lang: MoneyLocale,
  before: LeaseApplicationPage | null,
): ApplicationPageBody {
  const fee = parseAmountInput(v.applicationFeeAmount, lang);
  const full: Required<ApplicationPageBody> = {
    name: v.name,
    sections: v.sections,
    customFields: customFieldsBody(v.customFields),
    applicationFeeAmount: fromCents(fee.ok ? fee.cents : 0),
    creditReportEnabled: v.creditReportEnabled,
    backgroundCheckEnabled: v.backgroundCheckEnabled,
    identityVerificationEnabled: v.identityVerificationEnabled,
    incomeVerificationEnabled: v.incomeVerificationEnabled,
  };
  if (!before) return full;
  const was: Required<ApplicationPageBody> = {
    name: before.name,
    sections: applicationPageValues(before, lang).sections,
    customFields: customFieldsBody(before.customFields.map(customFieldValues)),
    applicationFeeAmount: before.applicationFeeAmount,
    creditReportEnabled: before.creditReportEnabled,
    backgroundCheckEnabled: before.backgroundCheckEnabled,
    identityVerificationEnabled: before.identityVerificationEnabled,
    incomeVerificationEnabled: before.incomeVerificationEnabled,
  };
  const keys = Object.keys(full) as (keyof ApplicationPageBody)[];
  return Object.fromEntries(
    keys.filter((k) => JSON.stringify(full[k]) !== JSON.stringify(was[k])).map((k) => [k, full[k]]),
  ) as ApplicationPageBody;
}
