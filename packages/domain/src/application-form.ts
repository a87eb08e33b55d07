import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';
import { COUNTRY_CODES, isValidRegion, regionsForCountry } from './geography.ts';
import {
  hasForbiddenNameCharacters,
  validateCity,
  validateEmail,
  validateName,
  validatePhone,
  validatePostalCode,
  validateStreet,
} from './input-fields.ts';
import { type MessageKey, MSG } from './message-keys.ts';
import { moneyDecimalSchema } from './money-schema.ts';
import { validateBirthDate } from './profile.ts';
import type { RuleResult } from './rule.ts';

// Lease application form of spec 2 §3 "Lease application" and §4 "Applications", shared by the form (web) and the
// server (saveforlater / submit): template sections, steps, the draft's shapes and the submit checks.
//
// Rules in short:
// - The draft (applicationDraftSchema) checks SHAPES only: every field may be missing, null or '' (blank = not answered);
//   a value that is given must be valid (e-mail, CA/US phone, postal code by the address's country, names < 32 without
//   control characters, date shapes, enums, numbers in range, money with 2 decimals); strings ≤ 255, lists ≤ their
//   max; unknown keys are refused.
// - applicationSubmitIssues adds REQUIRED-NESS: applicant firstName, lastName, email, phone, birthDate (18..120 years),
//   propertyId, acknowledgedTerms true; for every shown template section its asked fields, except the naturally
//   optional ones (APPLICATION_OPTIONAL_FIELDS: suite, street2, otherIncome, a reference's and the emergency contact's
//   email; middleName and sinLast3 of the applicant are always optional); at least 1 address when section 3 is shown,
//   at least 1 reference when section 6 is shown; occupants are optional but each given one needs its names; the
//   page's required custom fields (by type); verificationConsent true when identity AND income verification are both
//   enabled. In section 5, an applicant who is UNEMPLOYED, a STUDENT or RETIRED need not name an employer: employerName,
//   phone, occupation, monthsEmployed and monthlySalary are then optional (still checked when given).
// - Section 7 answers are booleans (false is an answer; only a missing/null one is unanswered).
// - Custom-field answers for ids the page no longer has are ignored (a template edit must not block a submit).

/* ------------------------------------------------------------------ template */

// spec 2 §3: the template's sections 3, 5, 6, 7, 8 with their per-field booleans (api contract "Template sections")
export const APPLICATION_SECTION_FIELDS = {
  '3': ['suite', 'street1', 'street2', 'city', 'province', 'country', 'postalCode', 'monthsAtAddress'],
  '5': ['employment', 'employerName', 'phone', 'occupation', 'monthsEmployed', 'monthlySalary', 'otherIncome'],
  '6': ['name', 'phone', 'email', 'relationship'],
  '7': ['maritalStatus', 'pets', 'smoking', 'bankruptcy'],
  '8': ['firstName', 'lastName', 'phone', 'email', 'relationship'],
} as const;
export type ApplicationSection = keyof typeof APPLICATION_SECTION_FIELDS;
export type ApplicationSectionField<S extends ApplicationSection = ApplicationSection> =
  (typeof APPLICATION_SECTION_FIELDS)[S][number];
export const APPLICATION_SECTIONS = Object.keys(APPLICATION_SECTION_FIELDS) as ApplicationSection[];

/** A template's sections asking every field, with `except` fields not asked (e.g. `{ '7': ['bankruptcy'] }`). */
export function applicationSectionsAsking(
  except: { readonly [S in ApplicationSection]?: readonly ApplicationSectionField<S>[] } = {},
): Record<ApplicationSection, Record<string, boolean>> {
  const sections = {} as Record<ApplicationSection, Record<string, boolean>>;
  for (const section of APPLICATION_SECTIONS) {
    const left: readonly string[] = except[section] ?? [];
    sections[section] = Object.fromEntries(APPLICATION_SECTION_FIELDS[section].map((f) => [f, !left.includes(f)]));
  }
  return sections;
}

/** Asked fields that stay optional at submit (a "naturally optional" answer). */
export const APPLICATION_OPTIONAL_FIELDS: { readonly [S in ApplicationSection]: readonly ApplicationSectionField<S>[] } = {
  '3': ['suite', 'street2'],
  '5': ['otherIncome'],
  '6': ['email'],
  '7': [],
  '8': ['email'],
};

export const EMPLOYMENT_STATUSES = ['EMPLOYED', 'SELF_EMPLOYED', 'UNEMPLOYED', 'STUDENT', 'RETIRED'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
/** Statuses with no employer: employerName, phone, occupation, monthsEmployed, monthlySalary become optional. */
export const EMPLOYMENT_STATUSES_WITHOUT_EMPLOYER: readonly EmploymentStatus[] = ['UNEMPLOYED', 'STUDENT', 'RETIRED'];
const EMPLOYER_FIELDS = ['employerName', 'phone', 'occupation', 'monthsEmployed', 'monthlySalary'] as const;

export const MARITAL_STATUSES = ['SINGLE', 'MARRIED', 'COMMON_LAW', 'SEPARATED', 'DIVORCED', 'WIDOWED'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const MAX_ADDRESSES = 3;
export const MAX_REFERENCES = 3;
export const MAX_OCCUPANTS = 6;
/** Bounds of the draft (ours: the spec gives none). */
export const APPLICATION_TEXT_MAX_LENGTH = 255;
export const APPLICATION_MAX_MONTHS = 1200;
export const APPLICATION_MAX_AGE = 120;
export const APPLICATION_MAX_CUSTOM_FIELDS = 50;
export const APPLICATION_CUSTOM_FIELD_ID_MAX_LENGTH = 64;
/** Answers of a NUMBER custom field ('Number of vehicles'): whole numbers 0..999 999 (ours: issue 20 stored -1e308). */
export const APPLICATION_CUSTOM_NUMBER_MAX = 999_999;
/** Monthly amounts below 100 000 000 dollars (8 integer digits, as the currency input). */
export const APPLICATION_MAX_MONTHLY_AMOUNT = 99_999_999.99;

// api contract: customFields of a page: [{ id, label: { en, fr }, type, required, maxLength? }]
export const APPLICATION_CUSTOM_FIELD_TYPES = ['TEXT', 'NUMBER', 'YES_NO', 'DATE'] as const;
export type ApplicationCustomFieldType = (typeof APPLICATION_CUSTOM_FIELD_TYPES)[number];

export const applicationCustomFieldSchema = z.object({
  id: z.string().trim().min(1).max(APPLICATION_CUSTOM_FIELD_ID_MAX_LENGTH),
  label: z.object({ en: z.string().max(APPLICATION_TEXT_MAX_LENGTH), fr: z.string().max(APPLICATION_TEXT_MAX_LENGTH) }),
  type: z.enum(APPLICATION_CUSTOM_FIELD_TYPES),
  required: z.boolean(),
  maxLength: z.int().min(1).max(APPLICATION_TEXT_MAX_LENGTH).optional(),
});
export type ApplicationCustomField = z.infer<typeof applicationCustomFieldSchema>;

/** The page's custom fields as stored (jsonb, possibly hand-edited): the valid ones, duplicates of an id dropped. */
export function parseApplicationCustomFields(value: unknown): ApplicationCustomField[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: ApplicationCustomField[] = [];
  for (const item of value) {
    const parsed = applicationCustomFieldSchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    out.push(parsed.data);
  }
  return out;
}

/** The page's sections as stored: for each of 3,5,6,7,8 (also read from 'section3' …), its known fields → boolean. */
export function parseApplicationSections(value: unknown): Record<ApplicationSection, Record<string, boolean>> {
  const src = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const out = {} as Record<ApplicationSection, Record<string, boolean>>;
  for (const section of APPLICATION_SECTIONS) {
    const raw = src[section] ?? src[`section${section}`];
    const fields = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    out[section] = Object.fromEntries(APPLICATION_SECTION_FIELDS[section].map((f) => [f, fields[f] === true]));
  }
  return out;
}

/** What the form needs of an application page (GET /lease_application_page/name/{name}, or the joined `lap`). */
export interface ApplicationPageLike {
  sections?: Record<string, Record<string, unknown> | null | undefined> | null;
  customFields?: readonly ApplicationCustomField[] | null;
  applicationFeeAmount?: number | string | null;
  identityVerificationEnabled?: boolean | null;
  incomeVerificationEnabled?: boolean | null;
  creditReportEnabled?: boolean | null;
  backgroundCheckEnabled?: boolean | null;
}

function sectionFields(page: ApplicationPageLike, section: ApplicationSection): Record<string, unknown> | null {
  return page.sections?.[section] ?? page.sections?.[`section${section}`] ?? null;
}

// spec 2 §3: a field set to true is asked
export function isFieldAsked(page: ApplicationPageLike, section: ApplicationSection, field: string): boolean {
  return sectionFields(page, section)?.[field] === true;
}

// spec 2 §4: a section with any field true is shown
export function isSectionShown(page: ApplicationPageLike, section: ApplicationSection): boolean {
  return APPLICATION_SECTION_FIELDS[section].some((f) => isFieldAsked(page, section, f));
}

export function hasApplicationFee(page: ApplicationPageLike): boolean {
  return Number(page.applicationFeeAmount ?? 0) > 0;
}

// spec 2 §4: the identity-and-income verification step when both are enabled
export function needsVerificationConsent(page: ApplicationPageLike): boolean {
  return !!page.identityVerificationEnabled && !!page.incomeVerificationEnabled;
}

/* ------------------------------------------------------------------ steps */

export const APPLICATION_STEPS = [
  'applicant',
  'property',
  'addresses',
  'occupants',
  'employment',
  'references',
  'otherInfo',
  'emergencyContact',
  'customFields',
  'verification',
  'fee',
  'terms',
] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

const SECTION_OF_STEP: Partial<Record<ApplicationStep, ApplicationSection>> = {
  addresses: '3',
  employment: '5',
  references: '6',
  otherInfo: '7',
  emergencyContact: '8',
};

/** The steps this page shows, in order (applicant, property, occupants and terms always). */
export function applicationStepsFor(page: ApplicationPageLike): ApplicationStep[] {
  return APPLICATION_STEPS.filter((step) => {
    const section = SECTION_OF_STEP[step];
    if (section) return isSectionShown(page, section);
    if (step === 'customFields') return (page.customFields?.length ?? 0) > 0;
    if (step === 'verification') return needsVerificationConsent(page);
    if (step === 'fee') return hasApplicationFee(page);
    return true;
  });
}

const STEP_OF_ROOT: Record<string, ApplicationStep> = {
  firstName: 'applicant',
  middleName: 'applicant',
  lastName: 'applicant',
  email: 'applicant',
  phone: 'applicant',
  birthDate: 'applicant',
  sinLast3: 'applicant',
  propertyId: 'property',
  addresses: 'addresses',
  otherOccupants: 'occupants',
  employment: 'employment',
  referenceList: 'references',
  otherInfo: 'otherInfo',
  emergencyContact: 'emergencyContact',
  customFields: 'customFields',
  verificationConsent: 'verification',
  paymentMethodId: 'fee',
  acknowledgedTerms: 'terms',
};

/** The step a field path ('addresses.0.postalCode') belongs to (null: none, e.g. currentStep). */
export function applicationStepOfPath(path: string): ApplicationStep | null {
  return STEP_OF_ROOT[path.split('.')[0] ?? ''] ?? null;
}

/* ------------------------------------------------------------------ draft shapes */

const isBlank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '');

/** An optional string: null / '' / missing accepted; a given value is trimmed-checked by `rule`. */
function optionalText(rule?: (v: string) => RuleResult) {
  return z
    .string({ error: MSG.applicationTextInvalid })
    .max(APPLICATION_TEXT_MAX_LENGTH, { error: MSG.applicationTextTooLong })
    .superRefine((value, ctx) => {
      if (value.trim() === '') return;
      if (!rule) {
        if (hasForbiddenNameCharacters(value)) ctx.addIssue({ code: 'custom', message: MSG.applicationTextInvalid });
        return;
      }
      const r = rule(value);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: r.values });
    })
    .nullish();
}

const nameField = () => optionalText(validateName);
const emailField = () => optionalText(validateEmail);
const phoneField = () => optionalText(validatePhone);
const freeText = () => optionalText();
const isoDateField = () => optionalText((v) => (isValidIsoDate(v.trim()) ? { ok: true } : { ok: false, key: MSG.dateInvalid }));

/** A count: a whole number 0..max (issue 20: 2.5 and -1e308 were stored). */
const wholeNumber = (max: number) =>
  z
    .number({ error: MSG.applicationNumberInvalid })
    .int({ error: MSG.applicationNumberInvalid, abort: true })
    .min(0, { error: MSG.applicationNumberInvalid })
    .max(max, { error: MSG.applicationNumberInvalid });
const intField = (max: number) => wholeNumber(max).nullish();

const monthlyAmountField = () =>
  moneyDecimalSchema.max(APPLICATION_MAX_MONTHLY_AMOUNT, { error: MSG.applicationAmountTooLarge }).nullish();

const boolField = () => z.boolean({ error: MSG.applicationChoiceInvalid }).nullish();

function enumField<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.literal('')], { error: MSG.applicationChoiceInvalid }).nullish();
}

const idField = () => z.string({ error: MSG.applicationTextInvalid }).max(64, { error: MSG.applicationTextTooLong }).nullish();

/**
 * spec 1 §9 lists: a CA or US address's province is one of its country's (issue 20: 'ZZ' was stored). Without a country
 * (not chosen yet, or not asked by the page) the form shows a free-text field, as for other countries: any text
 * without control characters (optionalText).
 */
function isApplicationProvinceValid(country: string | null | undefined, province: string): boolean {
  return regionsForCountry(country).length === 0 || isValidRegion(country, province);
}

const addressSchema = z
  .strictObject(
    {
      suite: optionalText((v) => validateStreet(v)),
      street1: optionalText((v) => validateStreet(v)),
      street2: optionalText((v) => validateStreet(v)),
      city: optionalText((v) => validateCity(v)),
      province: freeText(),
      country: z
        .union([z.enum(COUNTRY_CODES as [string, ...string[]]), z.literal('')], { error: MSG.applicationCountryInvalid })
        .nullish(),
      postalCode: freeText(),
      monthsAtAddress: intField(APPLICATION_MAX_MONTHS),
    },
    { error: MSG.applicationShapeInvalid },
  )
  .superRefine((a, ctx) => {
    // the postal code and province follow the address's country (CA postal, US zip, others)
    if (!isBlank(a.postalCode)) {
      const r = validatePostalCode(a.postalCode, a.country || null);
      if (!r.ok) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: r.key });
    }
    if (!isBlank(a.province) && !isApplicationProvinceValid(a.country, a.province as string)) {
      ctx.addIssue({ code: 'custom', path: ['province'], message: MSG.applicationProvinceInvalid });
    }
  });

const occupantSchema = z.strictObject(
  {
    names: nameField(),
    age: intField(APPLICATION_MAX_AGE),
    employment: enumField(EMPLOYMENT_STATUSES),
    phone: phoneField(),
    relationship: freeText(),
  },
  { error: MSG.applicationShapeInvalid },
);

const employmentSchema = z.strictObject(
  {
    employment: enumField(EMPLOYMENT_STATUSES),
    employerName: freeText(),
    phone: phoneField(),
    occupation: freeText(),
    monthsEmployed: intField(APPLICATION_MAX_MONTHS),
    monthlySalary: monthlyAmountField(),
    otherIncome: monthlyAmountField(),
  },
  { error: MSG.applicationShapeInvalid },
);

const referenceSchema = z.strictObject(
  { name: nameField(), phone: phoneField(), email: emailField(), relationship: freeText() },
  { error: MSG.applicationShapeInvalid },
);

const otherInfoSchema = z.strictObject(
  { maritalStatus: enumField(MARITAL_STATUSES), pets: boolField(), smoking: boolField(), bankruptcy: boolField() },
  { error: MSG.applicationShapeInvalid },
);

const emergencyContactSchema = z.strictObject(
  { firstName: nameField(), lastName: nameField(), phone: phoneField(), email: emailField(), relationship: freeText() },
  { error: MSG.applicationShapeInvalid },
);

const customFieldValueSchema = z.union(
  [
    z.string().max(APPLICATION_TEXT_MAX_LENGTH, { error: MSG.applicationTextTooLong }),
    wholeNumber(APPLICATION_CUSTOM_NUMBER_MAX),
    z.boolean(),
    z.null(),
  ],
  // a number out of the range (2.5, -1e308) is named as such, any other shape as an invalid answer
  { error: (issue) => (typeof issue.input === 'number' ? MSG.applicationNumberInvalid : MSG.applicationCustomFieldInvalid) },
);

const customFieldsSchema = z
  .record(z.string().min(1).max(APPLICATION_CUSTOM_FIELD_ID_MAX_LENGTH), customFieldValueSchema, {
    error: MSG.applicationShapeInvalid,
  })
  .refine((r) => Object.keys(r).length <= APPLICATION_MAX_CUSTOM_FIELDS, { error: MSG.applicationTooMany });

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: MSG.applicationShapeInvalid }).max(max, { error: MSG.applicationTooMany }).nullish();

// api contract "Lease applications (issue 11)": the draft fields (saveforlater and submit bodies), every one optional
export const applicationDraftShape = {
  firstName: nameField(),
  middleName: nameField(),
  lastName: nameField(),
  email: emailField(),
  phone: phoneField(),
  birthDate: isoDateField(),
  /** The last 3 digits of the SIN/SSN only: a full SIN is never asked nor stored. */
  sinLast3: optionalText((v) => (/^\d{3}$/.test(v.trim()) ? { ok: true } : { ok: false, key: MSG.applicationSinLast3Invalid })),
  propertyId: idField(),
  addresses: list(addressSchema, MAX_ADDRESSES),
  otherOccupants: list(occupantSchema, MAX_OCCUPANTS),
  employment: employmentSchema.nullish(),
  referenceList: list(referenceSchema, MAX_REFERENCES),
  otherInfo: otherInfoSchema.nullish(),
  emergencyContact: emergencyContactSchema.nullish(),
  customFields: customFieldsSchema.nullish(),
  acknowledgedTerms: boolField(),
  verificationConsent: boolField(),
  currentStep: z.enum(APPLICATION_STEPS, { error: MSG.applicationChoiceInvalid }).nullish(),
};

/** Shapes only (required-ness is applicationSubmitIssues'); unknown keys refused. Messages are message keys. */
export const applicationDraftSchema = z.strictObject(applicationDraftShape, { error: MSG.applicationShapeInvalid });
export type ApplicationDraft = z.infer<typeof applicationDraftSchema>;
export type ApplicationAddress = z.infer<typeof addressSchema>;
export type ApplicationOccupant = z.infer<typeof occupantSchema>;
export type ApplicationEmployment = z.infer<typeof employmentSchema>;
export type ApplicationReference = z.infer<typeof referenceSchema>;
export type ApplicationOtherInfo = z.infer<typeof otherInfoSchema>;
export type ApplicationEmergencyContact = z.infer<typeof emergencyContactSchema>;
export type ApplicationCustomFieldValue = z.infer<typeof customFieldValueSchema>;

/* ------------------------------------------------------------------ issues */

export interface ApplicationIssue {
  /** Dotted field path, e.g. 'addresses.0.postalCode'. */
  path: string;
  message: MessageKey;
  /** The message's interpolation values, when it has any. */
  values?: Record<string, string | number>;
}

const KNOWN_KEYS = new Set<string>(Object.values(MSG));

/** The draft's shape issues as ApplicationIssue (what saveforlater answers as fieldErrors). */
export function applicationDraftIssues(draft: unknown): ApplicationIssue[] {
  const parsed = applicationDraftSchema.safeParse(draft);
  if (parsed.success) return [];
  const issues: ApplicationIssue[] = [];
  for (const issue of parsed.error.issues) {
    const message = (KNOWN_KEYS.has(issue.message) ? issue.message : MSG.applicationShapeInvalid) as MessageKey;
    const base = issue.path.map(String);
    // an unknown key is reported at its own path
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...base, k].join('.')) : [base.join('.')];
    const params = (issue as { params?: Record<string, string | number> }).params;
    for (const path of paths) {
      // one issue per field: the first says it (a field's own rule and its address's rule may both fail)
      if (issues.some((i) => i.path === path)) continue;
      issues.push(params ? { path, message, values: params } : { path, message });
    }
  }
  return issues;
}

type Loose = Record<string, unknown>;
const asObject = (v: unknown): Loose | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : null);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function customFieldIssue(field: ApplicationCustomField, value: unknown): MessageKey | null {
  if (isBlank(value)) return field.required ? MSG.requiredField : null;
  switch (field.type) {
    case 'TEXT':
      if (typeof value !== 'string') return MSG.applicationCustomFieldInvalid;
      return value.trim().length > (field.maxLength ?? APPLICATION_TEXT_MAX_LENGTH) ? MSG.applicationTextTooLong : null;
    case 'NUMBER':
      if (typeof value !== 'number') return MSG.applicationCustomFieldInvalid;
      return Number.isInteger(value) && value >= 0 && value <= APPLICATION_CUSTOM_NUMBER_MAX
        ? null
        : MSG.applicationNumberInvalid;
    case 'YES_NO':
      return typeof value === 'boolean' ? null : MSG.applicationCustomFieldInvalid;
    case 'DATE':
      return typeof value === 'string' && isValidIsoDate(value.trim()) ? null : MSG.dateInvalid;
  }
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Every issue that stops a submit: the draft's shapes, then the required answers of this page (see the rules at the
 * top of this file). `today` ('YYYY-MM-DD', the caller's) dates the birth-date age check; the UTC date when not given.
 */
export function applicationSubmitIssues(
  draft: ApplicationDraft | Record<string, unknown>,
  page: ApplicationPageLike,
  options: { today?: string } = {},
): ApplicationIssue[] {
  const issues = applicationDraftIssues(draft);
  const has = new Set(issues.map((i) => i.path));
  const add = (path: string, message: MessageKey, values?: Record<string, string | number>) => {
    if (has.has(path)) return; // the shape issue of that field already says it
    has.add(path);
    issues.push(values ? { path, message, values } : { path, message });
  };
  const d = draft as Loose;
  const required = (path: string, value: unknown) => {
    if (isBlank(value)) add(path, MSG.requiredField);
  };

  // applicant (always)
  for (const f of ['firstName', 'lastName', 'email', 'phone'] as const) required(f, d[f]);
  const birth = validateBirthDate(typeof d.birthDate === 'string' ? d.birthDate : null, options.today ?? todayUtc());
  if (!birth.ok) add('birthDate', birth.key, birth.values);
  // property (always)
  required('propertyId', d.propertyId);

  const askedRequired = (section: ApplicationSection): string[] =>
    APPLICATION_SECTION_FIELDS[section].filter(
      (f) => isFieldAsked(page, section, f) && !(APPLICATION_OPTIONAL_FIELDS[section] as readonly string[]).includes(f),
    );

  // section 3: address history, at least one address
  if (isSectionShown(page, '3')) {
    const addresses = asList(d.addresses);
    if (addresses.length === 0) add('addresses', MSG.applicationAtLeastOneAddress);
    addresses.forEach((a, i) => {
      const address = asObject(a) ?? {};
      for (const f of askedRequired('3')) required(`addresses.${i}.${f}`, address[f]);
    });
  }

  // other occupants (always asked, none is an answer): each given one needs its names
  asList(d.otherOccupants).forEach((o, i) => {
    required(`otherOccupants.${i}.names`, asObject(o)?.names);
  });

  // section 5: employment (employer fields optional without an employer)
  if (isSectionShown(page, '5')) {
    const employment = asObject(d.employment) ?? {};
    const noEmployer = (EMPLOYMENT_STATUSES_WITHOUT_EMPLOYER as readonly unknown[]).includes(employment.employment);
    for (const f of askedRequired('5')) {
      if (noEmployer && (EMPLOYER_FIELDS as readonly string[]).includes(f)) continue;
      required(`employment.${f}`, employment[f]);
    }
  }

  // section 6: personal references, at least one
  if (isSectionShown(page, '6')) {
    const references = asList(d.referenceList);
    if (references.length === 0) add('referenceList', MSG.applicationAtLeastOneReference);
    references.forEach((r, i) => {
      const reference = asObject(r) ?? {};
      for (const f of askedRequired('6')) required(`referenceList.${i}.${f}`, reference[f]);
    });
  }

  // section 7: other information (booleans: false is an answer)
  if (isSectionShown(page, '7')) {
    const otherInfo = asObject(d.otherInfo) ?? {};
    for (const f of askedRequired('7')) required(`otherInfo.${f}`, otherInfo[f]);
  }

  // section 8: emergency contact
  if (isSectionShown(page, '8')) {
    const contact = asObject(d.emergencyContact) ?? {};
    for (const f of askedRequired('8')) required(`emergencyContact.${f}`, contact[f]);
  }

  // the page's custom fields (answers for ids the page no longer has are ignored)
  const answers = asObject(d.customFields) ?? {};
  for (const field of page.customFields ?? []) {
    const message = customFieldIssue(field, answers[field.id]);
    if (message) add(`customFields.${field.id}`, message);
  }

  // identity-and-income verification consent when both are enabled
  if (needsVerificationConsent(page) && d.verificationConsent !== true)
    add('verificationConsent', MSG.applicationConsentRequired);

  // terms
  if (d.acknowledgedTerms !== true) add('acknowledgedTerms', MSG.applicationTermsRequired);

  return issues;
}

/** applicationSubmitIssues of one step (what its Next button checks). */
export function applicationStepIssues(
  draft: ApplicationDraft | Record<string, unknown>,
  page: ApplicationPageLike,
  step: ApplicationStep,
  options: { today?: string } = {},
): ApplicationIssue[] {
  return applicationSubmitIssues(draft, page, options).filter((i) => applicationStepOfPath(i.path) === step);
}
