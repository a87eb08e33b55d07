// zod schemas of the sign-up routes (docs/api-contract.md "Sign-up (issue 11)"). Field rules are @portal/domain's (spec 2 §5):
// a refused field is named in fieldErrors with the rule's message, in the caller's language.
import { LANGUAGE_CODES, ORIGIN_TYPES, RESIDENCY_TYPES } from '@portal/domain/entities';
import { toE164Phone, validateEmail, validateName, validatePassword, validatePhone } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import type { RuleResult } from '@portal/domain/rule';
import { leaseDetailsSchema } from '@portal/domain/signup';
import { z } from 'zod';

/** A string checked by a @portal/domain rule; the issue message is the rule's message key. */
const ruled = (schema: z.ZodString, rule: (value: string) => RuleResult) =>
  schema.superRefine((value, ctx) => {
    const r = rule(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: r.values });
  });

const required = { error: MSG.requiredField };
// spec 2 §5: name invalid if empty or 32 characters or more, no control characters
const nameField = ruled(z.string(required).max(1000), validateName).transform((v) => v.trim());
const pageNameField = z.string(required).trim().min(1, required).max(100);
const originTypeField = z.enum(ORIGIN_TYPES);

export const signUpBodySchema = z
  .object({
    // spec 2 §5: e-mail ≤ 255, the standard pattern, not one of the 12 disposable domains
    email: ruled(z.string(required).max(1000), validateEmail).transform((v) => v.trim()),
    // spec 2 §5: ≥ 8 with a digit, an upper-case and a lower-case letter; the confirmation equal
    password: ruled(z.string(required).max(1024), validatePassword),
    confirmPassword: z.string(required).max(1024),
    firstName: nameField,
    lastName: nameField,
    // spec 2 §5: phone required and valid (CA/US, libphonenumber); stored in E.164
    phone: ruled(z.string(required).max(100), validatePhone).transform((v) => toE164Phone(v) ?? v.trim()),
    languageCode: z.enum(LANGUAGE_CODES),
    pageName: pageNameField,
    originType: originTypeField,
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword === '') ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.requiredField });
    else if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordMismatch });
    }
  });

export const tokenAnswerSchema = z.object({ access_token: z.string() });

export const emailExistsQuerySchema = z.object({ email: z.string(required).trim().min(1, required).max(1000) });
export const emailExistsAnswerSchema = z.object({ type: z.literal('TYPE_CUSTOMER'), exists: z.boolean() });

export const originBodySchema = z.object({ pageName: pageNameField, originType: originTypeField });

export const pageNameParams = z.object({ name: z.string().min(1).max(100) });

export { onBoardingPageSchema } from '@portal/domain/api-shapes';

export const pagingQuerySchema = (defaultRecords: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    recordsPerPage: z.coerce.number().int().min(1).max(400).default(defaultRecords),
  });

export const propertySearchBodySchema = z.object({ searchValue: z.string().max(200).nullish() }).nullish();

export const propertyListingSchema = z.object({
  id: z.string(),
  propertyName: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postalCode: z.string(),
});

export const propertyPageSchema = z.object({
  records: z.array(propertyListingSchema),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
  page: z.number().int(),
});

export const integrationSchema = z.object({
  id: z.string(),
  integrationType: z.string(),
  companyId: z.string().nullable(),
  name: z.string().nullable(),
});

export const tenantSearchBodySchema = z
  .object({
    integrationId: z.string(required).min(1, required).max(64),
    customerNumber: z.string().trim().max(64).nullish(),
    email: z.string().trim().max(255).nullish(),
  })
  .superRefine((v, ctx) => {
    // spec 2 §5: the SAP customer number is required in the customer-number search (when no e-mail is given)
    if (!v.email && !v.customerNumber) ctx.addIssue({ code: 'custom', path: ['customerNumber'], message: MSG.requiredField });
  });

export const integrationCustomerSchema = z.object({
  id: z.string(),
  customerNumber: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  externalPropertyId: z.string().nullable(),
  unit: z.string().nullable(),
});

export const integrationPropertySearchBodySchema = z.object({
  integrationId: z.string(required).min(1, required).max(64),
  externalPropertyId: z.string(required).trim().min(1, required).max(64),
});

const optionalText = (max: number) => z.string().max(max).nullish();

/** POST /self_signup_Lease: the lease-details payload; the lease-details rules (spec 2 §5) of @portal/domain/signup. */
export const selfSignupBodySchema = z
  .object({
    accountId: optionalText(64),
    startDate: z.string(required).max(32),
    endDate: optionalText(32),
    paymentDue: z.union([z.number(), z.string().max(8)]).nullish(),
    propertyId: optionalText(64),
    unit: optionalText(32),
    residencyType: z.union([z.enum(RESIDENCY_TYPES), z.literal('')]).nullish(),
    user: z.object({
      id: z.string(required).min(1, required).max(64),
      firstName: optionalText(255),
      lastName: optionalText(255),
      email: optionalText(255),
    }),
    companyId: optionalText(64),
    propertyIdentifier: optionalText(64),
  })
  .superRefine((v, ctx) => {
    const r = leaseDetailsSchema.safeParse({
      ...v,
      propertyId: v.propertyId ?? undefined,
      accountId: v.accountId ?? undefined,
      unit: v.unit ?? undefined,
      residencyType: v.residencyType ?? undefined,
      endDate: v.endDate ?? undefined,
      paymentDue: v.paymentDue ?? undefined,
    });
    if (!r.success)
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const selfSignupAnswerSchema = z.object({
  lease: z.object({
    id: z.string(),
    status: z.string(),
    propertyId: z.string(),
    companyId: z.string(),
    unit: z.string().nullable(),
    startDate: z.string().nullable(),
  }),
  autoApproved: z.boolean(),
  // issue 21 §1: the lease can be paid in the portal (leasePayability)
  payable: z.boolean(),
});
