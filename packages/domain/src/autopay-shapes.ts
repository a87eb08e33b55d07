// The recurring-schedule calls of spec 2 §7 "Recurring schedules" (issue 10): request bodies and answers, shared by
// the API and the web (type-only on the web). Amounts are decimals (dollars) with at most 2 places, as the
// specification's payloads are. The server enforces every rule of the autopay form (autopay.ts validateAutopay).
import { z } from 'zod';
import { recurringScheduleRecordSchema, upcomingPaymentSchema } from './api-shapes.ts';
import { AUTOPAY_DAYS } from './autopay.ts';
import { isValidIsoDate } from './dates.ts';
import { PAYMENT_METHOD_TYPES } from './entities.ts';
import { moneyDecimalSchema } from './money-schema.ts';
import { paymentChargeSchema } from './payment-shapes.ts';

// spec 2 §9: a custom autopayment amount has at most 8 digits and 2 decimals
export const AUTOPAY_CUSTOM_AMOUNT_MAX = 99_999_999.99;

const isoDateSchema = z.string().refine(isValidIsoDate, 'validation.date.invalid');

/** spec 2 §9: a monthly day, 1..31. */
export const autopayStartDaySchema = z
  .number()
  .int()
  .refine((d) => AUTOPAY_DAYS.includes(d), 'server.autopay.startDayInvalid');

/**
 * spec 2 §3/§5: the custom monthly amount: 0 = none (each occurrence pays the balance then due); otherwise at least 1
 * (checked by the server with the payment-amount rules, so the answer names the rule that refused it).
 */
export const autopayCustomAmountSchema = moneyDecimalSchema.refine(
  (v) => v <= AUTOPAY_CUSTOM_AMOUNT_MAX,
  'validation.currency.invalid',
);

function startDayOrDate(b: { startDay?: number; startDate?: string }, ctx: z.RefinementCtx) {
  if (b.startDay == null && b.startDate == null)
    ctx.addIssue({ code: 'custom', path: ['startDay'], message: 'server.autopay.startDayRequired' });
}

/**
 * spec 2 §7: POST /create with type TYPE_RECURRING_SCHEDULE. The start day is `startDay` (1..31, one of the lease's
 * start-day options, spec 2 §5) or the day of `startDate`; the server sets the real startDate to the next occurrence of
 * that day on or after today (and after `startDate` when it is later), moved by the pre-authorised-debit rule for a bank
 * account (padSchedule, spec 2 §9: computed by the server, a sent value is ignored). `customAmount` 0 or absent: each
 * occurrence pays the balance then due. `charges`: the lease's charges the tenant chose (manageBalance NO). A custom
 * amount over the company's soft maximum is refused unless `confirmSoftMaximum` is true (spec 2 §5: the soft-maximum
 * confirmation): 400 RM_ERROR_INVALID_AMOUNT whose field error names `confirmSoftMaximum` (errorCode
 * SOFT_MAXIMUM_CONFIRMATION, message the soft-maximum prompt).
 */
export const createRecurringScheduleBodySchema = z
  .object({
    type: z.literal('TYPE_RECURRING_SCHEDULE'),
    userId: z.string().max(64).optional(),
    userType: z.literal('TYPE_CUSTOMER').optional(),
    recurrenceType: z.literal('MONTHLY').default('MONTHLY'),
    billingAccountId: z.string().min(1).max(64),
    billingAccountType: z.literal('TYPE_PROPERTY_LEASE'),
    paymentMethodId: z.string().min(1).max(64),
    paymentMethodType: z.enum(PAYMENT_METHOD_TYPES),
    startDay: autopayStartDaySchema.optional(),
    startDate: isoDateSchema.optional(),
    customAmount: autopayCustomAmountSchema.default(0),
    charges: z.array(paymentChargeSchema).max(30).optional(),
    padSchedule: z.boolean().optional().describe('Ignored: the server sets it (bank account → pre-authorised debit)'),
    active: z.literal(true).optional(),
    confirmSoftMaximum: z.boolean().optional().describe('The tenant confirmed an amount over the soft maximum'),
  })
  .superRefine(startDayOrDate);
export type CreateRecurringScheduleBody = z.input<typeof createRecurringScheduleBodySchema>;

/**
 * spec 2 §7: PATCH /recurring_schedule/{id}/update {active, startDate, paymentMethodId, paymentMethodType,
 * customAmount}. Disabling is {active: false, customAmount: 0} (spec 2 §4); {active: true} reactivates. A change or a
 * disable less than 2 full business days before the upcoming payment's date is refused
 * (RM_ERROR_RECURRING_PAYMENT_LOCKED, spec 2 §9). paymentMethodId and paymentMethodType go together.
 */
export const updateRecurringScheduleBodySchema = z
  .object({
    active: z.boolean().optional(),
    startDay: autopayStartDaySchema.optional(),
    startDate: isoDateSchema.optional(),
    paymentMethodId: z.string().min(1).max(64).optional(),
    paymentMethodType: z.enum(PAYMENT_METHOD_TYPES).optional(),
    customAmount: autopayCustomAmountSchema.optional(),
    charges: z.array(paymentChargeSchema).max(30).optional(),
    confirmSoftMaximum: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.paymentMethodId == null) !== (b.paymentMethodType == null))
      ctx.addIssue({
        code: 'custom',
        path: [b.paymentMethodId == null ? 'paymentMethodId' : 'paymentMethodType'],
        message: 'validation.requiredField',
      });
    const { confirmSoftMaximum: _c, ...fields } = b;
    if (Object.values(fields).every((v) => v === undefined))
      ctx.addIssue({ code: 'custom', path: ['active'], message: 'server.autopay.updateEmpty' });
  });
export type UpdateRecurringScheduleBody = z.input<typeof updateRecurringScheduleBodySchema>;

/**
 * GET /recurring_schedule/{id}/upcomingpayment: the PENDING payment (spec 2 §4), with the last day a change or a
 * disable is still accepted (spec 2 §9: 2 full business days before its date) so the modal can say so. A schedule
 * without one (inactive) answers 404 RM_ERROR_RECORD_NOT_FOUND.
 */
export const autopayUpcomingPaymentSchema = upcomingPaymentSchema.extend({
  id: z.string(),
  recurringScheduleId: z.string(),
  /** YYYY-MM */
  period: z.string(),
  padSchedule: z.boolean(),
  /** The last day (YYYY-MM-DD) a change or disable is accepted. */
  lastChangeDate: z.string(),
  /** Whether a change or disable is accepted today. */
  changeable: z.boolean(),
});
export type AutopayUpcomingPayment = z.infer<typeof autopayUpcomingPaymentSchema>;

/** The answer of create and update: the schedule (spec 2 §3) with its upcoming payment (null when inactive). */
export const recurringScheduleAnswerSchema = recurringScheduleRecordSchema.extend({
  upcomingPayment: autopayUpcomingPaymentSchema.nullable(),
});
export type RecurringScheduleAnswer = z.infer<typeof recurringScheduleAnswerSchema>;

/**
 * spec 2 §7: POST /savelist with billing accounts, charges and requireAutoPay false: the charges an autopay pays on a
 * lease whose company does not manage balances (manageBalance NO, spec 2 §2 add-charges section).
 */
export const saveListBodySchema = z.object({
  billingAccounts: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        type: z.literal('TYPE_PROPERTY_LEASE').optional(),
        charges: z.array(paymentChargeSchema).max(30),
        requireAutoPay: z.literal(false).optional(),
      }),
    )
    .min(1)
    .max(10),
});
export type SaveListBody = z.input<typeof saveListBodySchema>;
export const saveListAnswerSchema = z.object({
  billingAccounts: z.array(
    z.object({
      id: z.string(),
      type: z.literal('TYPE_PROPERTY_LEASE'),
      charges: z.array(z.object({ code: z.string().optional(), name: z.string(), amount: z.number() })),
      requireAutoPay: z.boolean(),
    }),
  ),
});
export type SaveListAnswer = z.infer<typeof saveListAnswerSchema>;
