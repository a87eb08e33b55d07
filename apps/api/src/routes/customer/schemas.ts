// zod schemas of the customer and profile routes (docs/api-contract.md "Customer and profile").
import { LANGUAGE_CODES, PREFERRED_CONTACT_METHODS } from '@portal/domain/entities';
import { toE164Phone, validateDate, validateEmail, validateName, validatePhone } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import type { RuleResult } from '@portal/domain/rule';
import { z } from 'zod';

/** A string checked by a @portal/domain rule; the issue message is the rule's message key (sent in the caller's language). */
const ruled = <S extends z.ZodType<string | null>>(schema: S, rule: (value: string) => RuleResult) =>
  schema.superRefine((value, ctx) => {
    if (value === null) return;
    const r = rule(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: r.values });
  });

const emptyToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());

// spec 2 §5: name invalid if empty or 32 characters or more
const nameField = ruled(z.string(), validateName).transform((v) => v.trim());
// spec 2 §5: email ≤255, standard pattern, not a disposable domain
const emailField = ruled(z.string(), validateEmail).transform((v) => v.trim());
// spec 1 §5: a phone valid for CA or US, stored in E.164; '' or null clears it
const phoneField = ruled(z.string().nullable(), (v) => (v.trim() === '' ? { ok: true } : validatePhone(v))).transform((v) => {
  const value = emptyToNull(v);
  return value === null ? null : (toE164Phone(value) ?? value);
});
// spec 1 §5: birth date optional, a real YYYY-MM-DD date (in the past: checked by the service against the clock)
const birthDateField = ruled(z.string().nullable(), (v) => validateDate(v, { optional: true })).transform(emptyToNull);

export const customerPatchSchema = z
  .strictObject({
    firstName: nameField,
    lastName: nameField,
    email: emailField,
    birthDate: birthDateField,
    phone: phoneField,
    alternatePhone: phoneField,
    languageCode: z.enum(LANGUAGE_CODES),
    preferredContactMethod: z
      .union([z.enum(PREFERRED_CONTACT_METHODS), z.literal('')])
      .nullable()
      .transform((v) => (v === '' ? null : v)),
    muteTextMessageNotification: z.boolean(),
    acknowledgedTerms: z.boolean(),
  })
  .partial();

export const corporateUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  type: z.string(),
  // issue 23: the console's language
  languageCode: z.enum(LANGUAGE_CODES),
});

// issue 23: PATCH /corporateUser/{id}/update, the console's language (the only field a corporate user sets on themselves)
export const corporateUserPatchSchema = z.strictObject({ languageCode: z.enum(LANGUAGE_CODES) });

// spec 1 §7: POST /changepassword {userId, password, newPassword, confirmNewPassword}; all required (spec 1 §5)
export const changePasswordBodySchema = z.strictObject({
  userId: z.string().min(1).max(64),
  password: z.string().min(1, MSG.requiredField).max(1024),
  newPassword: z.string().min(1, MSG.requiredField).max(1024),
  confirmNewPassword: z.string().min(1, MSG.requiredField).max(1024),
});
export const changePasswordResultSchema = z.object({ result: z.literal('SUCCESS') });
