// The credit-reporting calls of spec 2 §7 "Credit reporting" (issue 22): request queries and answers, shared by the
// API and the web (type-only on the web). Amounts are decimals (dollars), dates 'YYYY-MM-DD', instants ISO.
import { z } from 'zod';
import { CREDIT_REPORT_TERM_MONTHS } from './credit-reporting.ts';
import { isValidIsoDate } from './dates.ts';
import { PAYMENT_METHOD_TYPES } from './entities.ts';
import { currencySchema } from './money-schema.ts';

const isoDateSchema = z.string().refine(isValidIsoDate, 'validation.date.invalid');
const idSchema = z.string().min(1).max(64);

// spec 2 §3 "Credit report subscription": live = ACTIVE, UNSUBSCRIBED (reported until expiry), SUSPENDED (renewal refused)
export const CREDIT_REPORT_STATUSES = ['ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED', 'TERMINATED', 'EXPIRED'] as const;
export type CreditReportStatus = (typeof CREDIT_REPORT_STATUSES)[number];
export const CREDIT_REPORT_LIVE_STATUSES = ['ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED'] as const;

/** Why the offer is not available (null = available). */
export const CREDIT_REPORT_OFFER_REASONS = [
  'NOT_OFFERED',
  'LEASE_START_MISSING',
  'LEASE_TOO_SHORT',
  'BIRTH_DATE_MISSING',
  'ALREADY_SUBSCRIBED',
] as const;
export type CreditReportOfferReason = (typeof CREDIT_REPORT_OFFER_REASONS)[number];

export const creditReportSubscriptionSchema = z.object({
  id: z.string(),
  /** The lease id. */
  billingAccountId: z.string(),
  status: z.enum(CREDIT_REPORT_STATUSES),
  /** ISO instant the subscription row was created. */
  createDate: z.string(),
  /** 'YYYY-MM-DD': the day the tenant subscribed (or resubscribed into a new term). */
  subscriptionDate: isoDateSchema,
  /** 'YYYY-MM-DD': reporting starts (spec 2 §4 start-date rule). */
  startDate: isoDateSchema,
  /** 'YYYY-MM-DD': last day of the current paid year (start + 12 months − 1 day, moved by each renewal). */
  expiryDate: isoDateSchema,
  /** The yearly fee in dollars (the company's CREDIT_REPORT service fee). */
  feeAmount: z.number().nonnegative(),
  /** false after unsubscribe: reported until expiryDate, then EXPIRED. */
  autoRenew: z.boolean(),
  paymentMethodType: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  /** Why SUSPENDED/TERMINATED (e.g. the renewal's refusal message key), else null. */
  statusReason: z.string().nullable(),
  paymentMethod: z.object({ type: z.string(), brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  property: z
    .object({ id: z.string(), propertyName: z.string(), street1: z.string(), city: z.string(), province: z.string() })
    .nullable(),
});
export type CreditReportSubscription = z.infer<typeof creditReportSubscriptionSchema>;

/** GET /credit_report/offer?leaseId=…: what the sign-up modal shows before subscribing. */
export const creditReportOfferSchema = z.object({
  leaseId: z.string(),
  available: z.boolean(),
  reason: z.enum(CREDIT_REPORT_OFFER_REASONS).nullable(),
  feeAmount: z.number().nonnegative(),
  currency: currencySchema,
  /** 'YYYY-MM-DD' reporting would start (spec 2 §4). */
  startDate: isoDateSchema,
  /** DD-MMM-YYYY. */
  startDateDisplay: z.string(),
  /** The start moved to the first of next month: show the start notice. */
  showStartNotice: z.boolean(),
  termMonths: z.literal(CREDIT_REPORT_TERM_MONTHS),
  /** The live (ACTIVE/UNSUBSCRIBED/SUSPENDED) subscription on this lease, or null. */
  subscription: creditReportSubscriptionSchema.nullable(),
});
export type CreditReportOffer = z.infer<typeof creditReportOfferSchema>;

/** GET /last_month_amount_paid?leaseId=…: rent paid (COMPLETE/PENDING) on the lease in the previous calendar month. */
export const lastMonthAmountPaidSchema = z.object({
  leaseId: z.string(),
  /** 'YYYY-MM' */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  amount: z.number().nonnegative(),
  currency: currencySchema,
});
export type LastMonthAmountPaid = z.infer<typeof lastMonthAmountPaidSchema>;

/** GET /payment_method/{type}/{id}: a payment method's display fields (never the full number). */
export const paymentMethodDetailSchema = z.object({
  id: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** MM/YY for a card, else null. */
  expiry: z.string().nullable(),
  holderName: z.string().nullable(),
  nickname: z.string().nullable(),
});
export type PaymentMethodDetail = z.infer<typeof paymentMethodDetailSchema>;

// --- requests ---

export const creditReportOfferQuerySchema = z.object({ leaseId: idSchema });

/** GET /credit_report/subscribe (spec 2 §7). Optional header Idempotency-Key. */
export const creditReportSubscribeQuerySchema = z.object({
  accountType: z.literal('TYPE_PROPERTY_LEASE'),
  accountId: idSchema,
  payMethodType: z.enum(PAYMENT_METHOD_TYPES).optional(),
  payMethodId: idSchema.optional(),
});
export type CreditReportSubscribeQuery = z.infer<typeof creditReportSubscribeQuerySchema>;

/** GET /credit_report/{id}/change_payment_type (spec 2 §7). */
export const creditReportChangePaymentQuerySchema = z.object({
  methodType: z.enum(PAYMENT_METHOD_TYPES),
  methodId: idSchema,
});

export const lastMonthAmountPaidQuerySchema = z.object({ leaseId: idSchema });

// --- the months reported to the bureau (issue 22 "Reporting, as the industry does it") ---

/** A month's record at the bureau: SENT (delivered, no answer yet), ACCEPTED, REJECTED (resultCode, resultMessage). */
export const CREDIT_REPORT_RESULT_STATUSES = ['SENT', 'ACCEPTED', 'REJECTED'] as const;

/** GET /credit_report/{id}/reports: one entry per reported month, newest first. */
export const creditReportMonthSchema = z.object({
  /** 'YYYY-MM' */
  reportedMonth: z.string().regex(/^\d{4}-\d{2}$/),
  status: z.enum(CREDIT_REPORT_RESULT_STATUSES),
  /** Metro 2 account status reported: 11 current, 71 30–59 days late, 78 60–89, 80 90–119, 82–84 later, 13 paid/closed. */
  accountStatus: z.string().nullable(),
  /** What the tenant paid in the month, as reported (dollars; the bureau keeps whole dollars). */
  amountReported: z.number().nonnegative(),
  /** The monthly obligation reported (rent and recurring fees, dollars), or null. */
  scheduledPayment: z.number().nonnegative().nullable(),
  /** The bureau's code when REJECTED (docs/sandbox-providers.md "Credit bureau"), else null. */
  resultCode: z.string().nullable(),
  /** The bureau's message when REJECTED, else null. */
  resultMessage: z.string().nullable(),
});
export type CreditReportMonth = z.infer<typeof creditReportMonthSchema>;
