import { z } from 'zod';
import { ageOn, isValidIsoDate } from './dates.ts';
import { LANGUAGE_CODES, PREFERRED_CONTACT_METHODS, type PreferredContactMethod } from './entities.ts';
import {
  isPasswordComplex,
  normalizePhoneInput,
  validateDate,
  validateEmail,
  validateName,
  validatePhone,
} from './input-fields.ts';
import { type MessageKey, MSG } from './message-keys.ts';

export { PREFERRED_CONTACT_METHODS, type PreferredContactMethod };

export interface ProfileRequirementInput {
  /** Pay-by-text (serviceEnabled) is on for any of the customer's properties. */
  payByTextEnabled: boolean;
  preferredContactMethod: PreferredContactMethod | '' | null | undefined;
  /** The text-notification (unmute) checkbox is on. */
  textNotificationsOn: boolean;
}

export interface ProfileRequirements {
  mobilePhoneRequired: boolean;
  alternatePhoneRequired: boolean;
  preferredContactRequired: boolean;
}

// spec 1 §5: mobile phone required with pay-by-text, preferred MOBILE_PHONE or text notifications; alternate with ALTERNATE_PHONE; preferred contact with pay-by-text
export function getProfileRequirements(input: ProfileRequirementInput): ProfileRequirements {
  return {
    mobilePhoneRequired: input.payByTextEnabled || input.preferredContactMethod === 'MOBILE_PHONE' || input.textNotificationsOn,
    alternatePhoneRequired: input.preferredContactMethod === 'ALTERNATE_PHONE',
    preferredContactRequired: input.payByTextEnabled,
  };
}

// spec 1 §4: the mute flag is saved as the inverse of the unmute checkbox
export function muteFromUnmute(unmute: boolean): boolean {
  return !unmute;
}

// spec 1 §3: unmuteTextMessageNotification is the form-only inverse of muteTextMessageNotification
export function unmuteFromMute(mute: boolean | null | undefined): boolean {
  return !mute;
}

// spec 1 §4: a STOP reply (textMessageNotificationMutedBy CUSTOMER) shows how to re-enable by texting START
export function isMutedByCustomerStop(mutedBy: string | null | undefined): boolean {
  return mutedBy === 'CUSTOMER';
}

// spec 1 §5: when the phone changes from its value at load, phoneMetadata and phoneStatus are cleared
export function shouldClearPhoneStatus(initialPhone: string | null | undefined, phone: string | null | undefined): boolean {
  return normalizePhoneInput(initialPhone ?? '') !== normalizePhoneInput(phone ?? '');
}

/** Returns the customer body to save with phoneMetadata/phoneStatus cleared when the phone changed (spec 1 §5). */
export function applyPhoneChange<T extends { phone?: string | null; phoneMetadata?: unknown; phoneStatus?: unknown }>(
  body: T,
  initialPhone: string | null | undefined,
): T {
  return shouldClearPhoneStatus(initialPhone, body.phone) ? { ...body, phoneMetadata: null, phoneStatus: null } : body;
}

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
export type ProfileErrors = Partial<Record<ProfileField, MessageKey>>;

const blank = (v: string | null | undefined): boolean => v == null || v.trim() === '';

// spec 1 §5 / spec 2 §5: profile form: names, email, phones by requirement, optional birth date; field → message key
export function validateProfile(values: ProfileFormValues, ctx: { payByTextEnabled: boolean }): ProfileErrors {
  const errors: ProfileErrors = {};
  const req = getProfileRequirements({
    payByTextEnabled: ctx.payByTextEnabled,
    preferredContactMethod: values.preferredContactMethod,
    textNotificationsOn: !!values.unmuteTextMessageNotification,
  });
  const put = (field: ProfileField, r: { ok: true } | { ok: false; key: MessageKey }) => {
    if (!r.ok) errors[field] = r.key;
  };
  put('firstName', validateName(values.firstName));
  put('lastName', validateName(values.lastName));
  put('email', validateEmail(values.email));
  // a phone that is given must be valid even when not required; optional fields are valid when empty
  if (req.mobilePhoneRequired || !blank(values.phone)) put('phone', validatePhone(values.phone));
  if (req.alternatePhoneRequired || !blank(values.alternatePhone)) put('alternatePhone', validatePhone(values.alternatePhone));
  if (req.preferredContactRequired && blank(values.preferredContactMethod)) errors.preferredContactMethod = MSG.requiredField;
  put('birthDate', validateDate(values.birthDate, { optional: true }));
  return errors;
}

export function isProfileValid(values: ProfileFormValues, ctx: { payByTextEnabled: boolean }): boolean {
  return Object.keys(validateProfile(values, ctx)).length === 0;
}

// spec 1 §5: the profile form as a zod schema (issue messages are message keys); ctx carries pay-by-text
export function createProfileFormSchema(ctx: { payByTextEnabled: boolean }) {
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
      for (const [field, key] of Object.entries(validateProfile(values, ctx))) {
        issue.addIssue({ code: 'custom', path: [field], message: key });
      }
    });
}
export const profileFormSchema = createProfileFormSchema({ payByTextEnabled: false });

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

// spec 1 §5 / spec 2 §5: terms eligibility: 18 or older with a US or Canada mailing address
export const TERMS_MINIMUM_AGE = 18;
export const TERMS_COUNTRIES = ['US', 'CA'] as const;

// spec 1 §5: terms eligibility (18+, US or CA address); `today` is 'YYYY-MM-DD'
export function isEligibleForTerms(input: {
  birthDate: string | null | undefined;
  country: string | null | undefined;
  today: string;
}): boolean {
  if (!input.birthDate || !isValidIsoDate(input.birthDate)) return false;
  if (!(TERMS_COUNTRIES as readonly string[]).includes(input.country ?? '')) return false;
  return ageOn(input.birthDate, input.today) >= TERMS_MINIMUM_AGE;
}

// spec 1 §4: the terms modal shows unless acknowledgedTerms is yes
export function mustShowTerms(acknowledgedTerms: string | boolean | null | undefined): boolean {
  return !(acknowledgedTerms === true || (typeof acknowledgedTerms === 'string' && acknowledgedTerms.toLowerCase() === 'yes'));
}
