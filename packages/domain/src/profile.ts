import { z } from 'zod';
import { ageOn, compareIsoDates, isValidIsoDate } from './dates.ts';
import { LANGUAGE_CODES, PREFERRED_CONTACT_METHODS, type PreferredContactMethod } from './entities.ts';
import { isPasswordComplex, validateEmail, validateName, validatePhone } from './input-fields.ts';
import { MSG } from './message-keys.ts';
import { getProfileRequirements } from './profile-fields.ts';
import { fail, type MessageRef, OK, type RuleResult } from './rule.ts';

export {
  applyPhoneChange,
  getProfileRequirements,
  isMutedByCustomerStop,
  muteFromUnmute,
  type ProfileRequirementInput,
  type ProfileRequirements,
  shouldClearPhoneStatus,
  unmuteFromMute,
} from './profile-fields.ts';
export { PREFERRED_CONTACT_METHODS, type PreferredContactMethod };

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  alternatePhone?: string | null;
  preferredContactMethod?: PreferredContactMethod | '' | null;
  unmuteTextMessageNotification?: boolean;
  birthDate?: string | null;
  languageCode?: string | null;
}

export type ProfileField = keyof ProfileFormValues;
/** Field → the message (key and values) it shows. */
export type ProfileErrors = Partial<Record<ProfileField, MessageRef>>;

const blank = (v: string | null | undefined): boolean => v == null || v.trim() === '';

// issue 9: a date of birth is a real date before today giving an age of 18 to 120 (the form and the server refuse others)
export const BIRTH_DATE_MIN_AGE = 18;
export const BIRTH_DATE_MAX_AGE = 120;

/** spec 2 §5 date picker ('YYYY-MM-DD') + issue 9 age range; `today` is the caller's 'YYYY-MM-DD'. */
export function validateBirthDate(
  value: string | null | undefined,
  today: string,
  options: { optional?: boolean } = {},
): RuleResult {
  if (blank(value)) return options.optional ? OK : fail(MSG.requiredField);
  const date = (value as string).trim();
  if (!isValidIsoDate(date)) return fail(MSG.dateInvalid);
  if (compareIsoDates(date, today) >= 0) return fail(MSG.birthDateFuture);
  const age = ageOn(date, today);
  if (age < BIRTH_DATE_MIN_AGE) return fail(MSG.birthDateTooYoung, { min: BIRTH_DATE_MIN_AGE });
  if (age > BIRTH_DATE_MAX_AGE) return fail(MSG.birthDateTooOld, { max: BIRTH_DATE_MAX_AGE });
  return OK;
}

export interface ProfileRuleContext {
  payByTextEnabled: boolean;
  /** The caller's today ('YYYY-MM-DD'): the birth date must be before it and give an age of 18 to 120. */
  today: string;
}

// spec 1 §5 / spec 2 §5: profile form: names, email, phones by requirement, optional birth date; field → message
export function validateProfile(values: ProfileFormValues, ctx: ProfileRuleContext): ProfileErrors {
  const errors: ProfileErrors = {};
  const req = getProfileRequirements({
    payByTextEnabled: ctx.payByTextEnabled,
    preferredContactMethod: values.preferredContactMethod,
    textNotificationsOn: !!values.unmuteTextMessageNotification,
  });
  const put = (field: ProfileField, r: RuleResult) => {
    if (!r.ok) errors[field] = r.values ? { key: r.key, values: r.values } : { key: r.key };
  };
  put('firstName', validateName(values.firstName));
  put('lastName', validateName(values.lastName));
  put('email', validateEmail(values.email));
  // a phone that is given must be valid even when not required; optional fields are valid when empty
  if (req.mobilePhoneRequired || !blank(values.phone)) put('phone', validatePhone(values.phone));
  if (req.alternatePhoneRequired || !blank(values.alternatePhone)) put('alternatePhone', validatePhone(values.alternatePhone));
  if (req.preferredContactRequired && blank(values.preferredContactMethod))
    errors.preferredContactMethod = { key: MSG.requiredField };
  put('birthDate', validateBirthDate(values.birthDate, ctx.today, { optional: true }));
  return errors;
}

export function isProfileValid(values: ProfileFormValues, ctx: ProfileRuleContext): boolean {
  return Object.keys(validateProfile(values, ctx)).length === 0;
}

// spec 1 §5: the profile form as a zod schema (issue messages are message keys, their values in params)
export function createProfileFormSchema(ctx: ProfileRuleContext) {
  return z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullish(),
      alternatePhone: z.string().nullish(),
      preferredContactMethod: z.union([z.enum(PREFERRED_CONTACT_METHODS), z.literal('')]).nullish(),
      unmuteTextMessageNotification: z.boolean().optional(),
      birthDate: z.string().nullish(),
      languageCode: z.enum(LANGUAGE_CODES).nullish(),
    })
    .superRefine((values, issue) => {
      for (const [field, ref] of Object.entries(validateProfile(values, ctx))) {
        issue.addIssue({ code: 'custom', path: [field], message: ref.key, params: ref.values });
      }
    });
}

// spec 1 §5: password form: current, new and confirm required; new is complex; confirmation matches (body of POST /changepassword)
export const passwordChangeSchema = z
  .object({
    password: z.string().min(1, { error: MSG.requiredField }),
    newPassword: z
      .string()
      .min(1, { error: MSG.requiredField })
      .refine((v) => v === '' || isPasswordComplex(v), { error: MSG.passwordComplexity }),
    confirmNewPassword: z.string().min(1, { error: MSG.requiredField }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmNewPassword !== '' && v.newPassword !== v.confirmNewPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: MSG.passwordMismatch });
    }
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The password change's refusals, the first of each field (as the form shows them): field → message key. */
export function passwordChangeErrors(values: PasswordChangeInput): Partial<Record<keyof PasswordChangeInput, string>> {
  const result = passwordChangeSchema.safeParse(values);
  const errors: Partial<Record<keyof PasswordChangeInput, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path[0] as keyof PasswordChangeInput] ??= issue.message;
  }
  return errors;
}

// spec 1 §5 / spec 2 §5: terms eligibility: 18 or older with a US or Canada mailing address
export const TERMS_MINIMUM_AGE = 18;
export const TERMS_COUNTRIES = ['US', 'CA'] as const;

/** What stands between a customer and the terms: a missing birth date (asked in place), an age under 18, a country. */
export type TermsEligibilityProblem = 'birthDateMissing' | 'age' | 'country';

/**
 * spec 2 §5 Terms eligibility (18 or older, US or Canada mailing address), as the terms modal and the server read it:
 * every problem, in the order the modal asks (a missing birth date first). Age needs a known birth date.
 */
export function termsEligibilityProblems(input: {
  birthDate: string | null | undefined;
  country: string | null | undefined;
  today: string;
}): TermsEligibilityProblem[] {
  const problems: TermsEligibilityProblem[] = [];
  if (!input.birthDate || !isValidIsoDate(input.birthDate)) problems.push('birthDateMissing');
  else if (ageOn(input.birthDate, input.today) < TERMS_MINIMUM_AGE) problems.push('age');
  if (!(TERMS_COUNTRIES as readonly string[]).includes(input.country ?? '')) problems.push('country');
  return problems;
}

/** The message of a terms-eligibility problem (domain.terms.*). */
export function termsProblemMessage(problem: TermsEligibilityProblem): MessageRef {
  if (problem === 'birthDateMissing') return { key: MSG.termsBirthDateRequired };
  if (problem === 'age') return { key: MSG.termsTooYoung, values: { min: TERMS_MINIMUM_AGE } };
  return { key: MSG.termsCountry };
}

// spec 1 §5: terms eligibility (18+, US or CA address); `today` is 'YYYY-MM-DD'
export function isEligibleForTerms(input: {
  birthDate: string | null | undefined;
  country: string | null | undefined;
  today: string;
}): boolean {
  return termsEligibilityProblems(input).length === 0;
}

// spec 1 §4: the terms modal shows unless acknowledgedTerms is yes
export function mustShowTerms(acknowledgedTerms: string | boolean | null | undefined): boolean {
  return !(acknowledgedTerms === true || (typeof acknowledgedTerms === 'string' && acknowledgedTerms.toLowerCase() === 'yes'));
}
