// zod schemas of the customer and profile routes (docs/api-contract.md "Customer and profile").
import { LANGUAGE_CODES, PREFERRED_CONTACT_METHODS } from '@portal/domain/entities';
import { toE164Phone, validateDate, validateEmail, validateName, validatePhone } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import type { RuleResult } from '@portal/domain/rule';
import { z } from 'zod';
import { failureText, ruleText } from '../../services/customer/rule-messages.ts';

/** A string checked by a @portal/domain rule; the issue message is the rule's English text. */
const ruled = <S extends z.ZodType<string | null>>(schema: S, rule: (value: string) => RuleResult) =>
  schema.superRefine((value, ctx) => {
    if (value === null) return;
    const r = rule(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: failureText(r) });
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

export const customerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  phoneMetadata: z.unknown().nullable(),
  phoneStatus: z.string().nullable(),
  alternatePhone: z.string().nullable(),
  languageCode: z.enum(LANGUAGE_CODES),
  preferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS).nullable(),
  muteTextMessageNotification: z.boolean(),
  textMessageNotificationMutedBy: z.literal('CUSTOMER').nullable(),
  acknowledgedTerms: z.boolean(),
  country: z.enum(['CA', 'US']),
  accountType: z.string().nullable(),
});

export const customerPeekSchema = z.object({ id: z.string(), acknowledgedTerms: z.boolean() });
export const acceptTermsSchema = z.object({ id: z.string(), acknowledgedTerms: z.literal(true) });
export const payByTextInfoSchema = z.object({ serviceEnabled: z.boolean() });

const yesNo = z.enum(['YES', 'NO']);
const customCardSchema = z
  .object({
    enabled: z.boolean(),
    cardTitle: z.string().optional(),
    cardText: z.string().optional(),
    buttonCaption: z.string().optional(),
    buttonUrl: z.string().optional(),
    imageUrl: z.string().optional(),
  })
  .nullable();
const enabledSchema = z.object({ enabled: z.boolean() }).nullable();

export const companyPeekSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  country: z.string(),
  manageBalance: yesNo,
  overpaymentAllowed: yesNo,
  onlyPMPaymentAllowed: yesNo,
  blockPartialPayments: z.boolean(),
  enforceCustomAmount: z.boolean(),
  displayChargeCodes: z.boolean(),
  chargeCodes: z.array(z.object({ code: z.string(), name: z.string() })),
  softMaximumPaymentAmount: z.number().nullable().describe('Dollars, at most 2 decimals'),
  acceptedPaymentTypes: z.array(z.string()),
  createBankAccountFromPlaidRequired: z.boolean(),
  serviceCreditReporting: z.record(z.string(), z.boolean()),
  conciergeEnabled: z.boolean(),
  customCard: customCardSchema,
  integrationId: z.string().nullable(),
});

export const propertyPeekSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  propertyName: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postalCode: z.string(),
  category: z.string(),
  propertyIdentifier: z.string().nullable(),
  customCard: customCardSchema,
  acceptedPaymentTypes: z.array(z.string()).nullable(),
  monevoIntegration: enabledSchema,
  paypalCreditIntegration: enabledSchema,
  insuranceIntegration: z.record(z.string(), z.object({ enabled: z.boolean() })).nullable(),
  service_urcsi: enabledSchema,
  service_neofinancial: enabledSchema,
  payByTextEnabled: z.boolean(),
});

export const corporateUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  type: z.string(),
});

// spec 1 §7: POST /changepassword {userId, password, newPassword, confirmNewPassword}; all required (spec 1 §5)
export const changePasswordBodySchema = z.strictObject({
  userId: z.string().min(1).max(64),
  password: z.string().min(1, ruleText(MSG.requiredField)).max(1024),
  newPassword: z.string().min(1, ruleText(MSG.requiredField)).max(1024),
  confirmNewPassword: z.string().min(1, ruleText(MSG.requiredField)).max(1024),
});
export const changePasswordResultSchema = z.object({ result: z.literal('SUCCESS') });
