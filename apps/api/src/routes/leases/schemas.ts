// zod schemas of the lease console routes (issue 23; docs/api-contract.md "Leases (issue 23)"). Field rules are the
// domain's (spec 2 §5 dates and due day, spec 2 §5 names and password); a refused field is named in fieldErrors.

import { isValidIsoDate } from '@portal/domain/dates';
import { LANGUAGE_CODES } from '@portal/domain/entities';
import { toE164Phone, validateEmail, validateName, validatePassword, validatePhone } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import { tryToCents } from '@portal/domain/money';
import type { RuleResult } from '@portal/domain/rule';
import { z } from 'zod';

const required = { error: MSG.requiredField };
const ruled = (schema: z.ZodString, rule: (value: string) => RuleResult) =>
  schema.superRefine((value, ctx) => {
    const r = rule(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: r.values });
  });

/** A unit is at most 20 characters (what a door or mailbox shows); blank = none. */
export const UNIT_MAX = 20;
/** At most this many recurring lines per lease (rent, parking, storage...). */
export const CHARGE_LINES_MAX = 20;
/** One recurring line at most $100,000.00 (the portal's payment limit with overpayment allowed, spec 2 §5). */
export const CHARGE_LINE_MAX_CENTS = 10_000_000;

const isoDate = z
  .string(required)
  .trim()
  .min(1, { error: MSG.requiredField, abort: true })
  .refine(isValidIsoDate, { error: MSG.dateInvalid });

// spec 2 §5: the payment due day runs 1..31 (a short month posts on its last day)
const dueDay = z
  .number({ error: MSG.signupDueDayInvalid })
  .int({ error: MSG.signupDueDayInvalid })
  .min(1, { error: MSG.signupDueDayInvalid })
  .max(31, { error: MSG.signupDueDayInvalid });

// A recurring line: a decimal amount > 0 with at most 2 decimals (ARCHITECTURE: the API carries decimals), in cents after.
const chargeLineSchema = z.object({
  code: z.string(required).trim().min(1, required).max(64),
  name: z.string().trim().max(100).optional(),
  amount: z
    .number({ error: MSG.moneyInvalid })
    .refine((n) => tryToCents(n) !== null, { error: MSG.moneyDecimals })
    .refine((n) => n > 0, { error: 'validation.currency.invalid' })
    .refine((n) => (tryToCents(n) ?? 0) <= CHARGE_LINE_MAX_CENTS, { error: 'server.leases.chargeTooLarge' }),
});

const blockFlag = z.strictObject({ blocked: z.boolean(), blockedSplit: z.boolean().optional() });
export const blockPaymentsSchema = z.strictObject({
  TYPE_BANK_ACCOUNT: blockFlag.optional(),
  TYPE_CREDIT_CARD: blockFlag.optional(),
  TYPE_PAY_PAL: blockFlag.optional(),
  TYPE_CASH: blockFlag.optional(),
  TYPE_WALLET: blockFlag.optional(),
});

const unitField = z
  .string()
  .trim()
  .max(UNIT_MAX, { error: 'server.leases.unitTooLong' })
  .nullish()
  .transform((v) => (v ? v : null));
const tenantNotesField = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null));

const settingsFields = {
  unit: unitField,
  startDate: isoDate,
  endDate: z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()),
  monthlyPaymentDueDay: dueDay,
  charges: z.array(chargeLineSchema).min(1, { error: MSG.chargesAtLeastOne }).max(CHARGE_LINES_MAX),
  requireAutoPay: z.boolean().default(false),
  blockPayments: blockPaymentsSchema.default({}),
  blockPartialPayments: z.boolean().default(false),
  // null: as the property says (issue 23)
  payByTextEnabled: z.boolean().nullable().default(null),
  tenantNotes: tenantNotesField,
};

const endNotBeforeStart = (v: { startDate?: string; endDate?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && isValidIsoDate(v.startDate) && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.dateEndBeforeStart });
  }
};

export const createLeaseBodySchema = z
  .strictObject({ propertyId: z.string(required).trim().min(1, required).max(64), ...settingsFields })
  .superRefine(endNotBeforeStart);
export type CreateLeaseBody = z.infer<typeof createLeaseBodySchema>;

export const updateLeaseBodySchema = z
  .strictObject({
    unit: settingsFields.unit.optional(),
    startDate: isoDate.optional(),
    endDate: settingsFields.endDate.optional(),
    monthlyPaymentDueDay: dueDay.optional(),
    charges: settingsFields.charges.optional(),
    requireAutoPay: z.boolean().optional(),
    blockPayments: blockPaymentsSchema.optional(),
    blockPartialPayments: z.boolean().optional(),
    payByTextEnabled: z.boolean().nullable().optional(),
    tenantNotes: tenantNotesField.optional(),
  })
  .superRefine(endNotBeforeStart);
export type UpdateLeaseBody = z.infer<typeof updateLeaseBodySchema>;

export const terminateLeaseBodySchema = z.strictObject({ endDate: isoDate });

const chargeOut = z.object({ code: z.string(), name: z.string(), amount: z.number() });
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  languageCode: z.string(),
  state: z.enum(['PENDING', 'EXPIRED', 'ACCEPTED', 'REVOKED']),
  expiresAt: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});

export const leaseDetailsSchema = z.object({
  id: z.string(),
  status: z.string(),
  origin: z.string().nullable(),
  unit: z.string().nullable(),
  propertyId: z.string(),
  propertyName: z.string(),
  propertyPayByTextEnabled: z.boolean(),
  companyId: z.string(),
  companyName: z.string(),
  currency: z.enum(['CAD', 'USD']),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  monthlyPaymentDueDay: z.number(),
  charges: z.array(chargeOut),
  requireAutoPay: z.boolean(),
  blockPayments: z.record(z.string(), z.object({ blocked: z.boolean().optional(), blockedSplit: z.boolean().optional() })),
  blockPartialPayments: z.boolean(),
  payByTextEnabled: z.boolean().nullable(),
  tenantNotes: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  tenant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  invitation: invitationSchema.nullable(),
  chargeCodes: z.array(z.object({ code: z.string(), name: z.string() })),
  openCharges: z.object({ count: z.number(), balance: z.number() }),
});

export const inviteBodySchema = z.strictObject({
  email: ruled(z.string(required).max(1000), validateEmail).transform((v) => v.trim()),
  firstName: ruled(z.string(required).max(1000), validateName).transform((v) => v.trim()),
  lastName: ruled(z.string(required).max(1000), validateName).transform((v) => v.trim()),
  languageCode: z.enum(LANGUAGE_CODES).default('en'),
});

export const inviteAnswerSchema = z.object({ invitation: invitationSchema, link: z.string(), mailSent: z.boolean() });

export const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const publicInvitationSchema = z.object({
  companyName: z.string(),
  propertyName: z.string(),
  unit: z.string().nullable(),
  startDate: z.string().nullable(),
  charges: z.array(chargeOut),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  languageCode: z.string(),
  country: z.string(),
});

export const acceptBodySchema = z
  .strictObject({
    firstName: ruled(z.string().max(1000), validateName)
      .transform((v) => v.trim())
      .optional(),
    lastName: ruled(z.string().max(1000), validateName)
      .transform((v) => v.trim())
      .optional(),
    password: ruled(z.string().max(1024), validatePassword).optional(),
    confirmPassword: z.string().max(1024).optional(),
    // spec 2 §5: the sign-up's phone, required and valid (CA/US), stored E.164 (text notifications need it)
    phone: ruled(z.string().max(100), validatePhone)
      .transform((v) => toE164Phone(v) ?? v.trim())
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== undefined && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordMismatch });
    }
  })
  .nullish();

export const acceptAnswerSchema = z.object({ access_token: z.string(), leaseId: z.string() });

export const noteBodySchema = z.strictObject({
  body: z.string(required).trim().min(1, required).max(4000),
});
export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorId: z.string(),
  authorType: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});

export const terminateAnswerSchema = z.object({
  lease: leaseDetailsSchema,
  schedulesDeactivated: z.number(),
  openCharges: z.object({ count: z.number(), balance: z.number() }),
});
