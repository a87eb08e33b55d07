// The payment calls of spec 1 §7 "Payments" (issue 8): request bodies and answers, shared by the API and the web
// (type-only on the web). Amounts are decimals (dollars) with at most 2 places, as the specification's payloads are.
import { z } from 'zod';
import { paymentTransactionRecordSchema } from './api-shapes.ts';
import { PAYMENT_METHOD_TYPES } from './entities.ts';
import { tryToCents } from './money.ts';

/** A money amount in a body: a positive decimal with at most 2 places (message key on failure). */
export const moneyAmountSchema = z.number({ error: 'validation.currency.invalid' }).refine((v) => {
  const c = tryToCents(v);
  return c !== null && c > 0;
}, 'validation.currency.invalid');

// spec 1 §3 Payment draft charges: a charge code and its amount
export const paymentChargeSchema = z.object({
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().max(120).optional(),
  amount: moneyAmountSchema,
});
export type PaymentCharge = z.infer<typeof paymentChargeSchema>;

const billingAccount = {
  billingAccountId: z.string().min(1).max(64),
  billingAccountType: z.literal('TYPE_PROPERTY_LEASE'),
};
const amountOrCharges = {
  amount: moneyAmountSchema.optional(),
  charges: z.array(paymentChargeSchema).min(1).max(30).optional(),
};
function exactlyOneOfAmountOrCharges(b: { amount?: number; charges?: unknown[] }, ctx: z.RefinementCtx) {
  if ((b.amount == null) === (b.charges == null))
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.payment.amountOrCharges' });
}

// spec 1 §7: POST /processpayment {billingAccountId, billingAccountType, paymentMethodId, paymentMethodType, charges or amount}
export const processPaymentBodySchema = z
  .object({
    ...billingAccount,
    paymentMethodId: z.string().min(1).max(64),
    paymentMethodType: z.enum(PAYMENT_METHOD_TYPES),
    ...amountOrCharges,
    note: z.string().trim().max(500).optional(),
  })
  .superRefine(exactlyOneOfAmountOrCharges);
export type ProcessPaymentBody = z.infer<typeof processPaymentBodySchema>;

// spec 1 §7: POST /addPaymentAttempt (the same body plus description/note): the soft-maximum Cancel
export const addPaymentAttemptBodySchema = z
  .object({
    ...billingAccount,
    paymentMethodId: z.string().min(1).max(64).optional(),
    paymentMethodType: z.enum(PAYMENT_METHOD_TYPES).optional(),
    ...amountOrCharges,
    note: z.string().trim().max(500).optional(),
    description: z.string().trim().max(500).optional(),
  })
  .superRefine(exactlyOneOfAmountOrCharges);
export type AddPaymentAttemptBody = z.infer<typeof addPaymentAttemptBodySchema>;

/**
 * The answer of a payment call: the ledger transaction. `amount` is the payment without the fee, `feeAmount` beside it,
 * `total` what the tenant is charged (spec 1 §9: amount + fee unless the company pays; SUBTRACT: the amount paid).
 */
export const paymentResultSchema = paymentTransactionRecordSchema.omit({ joins: true }).extend({ total: z.number() });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

// spec 1 §7: POST /payment/paysafecash {same fields, currency USD, language EN, prepareOnly, userEmail} → redirect url
export const paysafeCashBodySchema = z
  .object({
    ...billingAccount,
    ...amountOrCharges,
    currency: z.literal('USD'),
    language: z.literal('EN'),
    prepareOnly: z.boolean().optional(),
    userEmail: z.string().max(255).optional(),
  })
  .superRefine(exactlyOneOfAmountOrCharges);
export const redirectAnswerSchema = z.object({
  url: z.string(),
  transactionId: z.string(),
  /** What the tenant pays at the store or on the page (amount + fee). */
  total: z.number(),
  currency: z.enum(['CAD', 'USD']),
  expiresAt: z.string().nullable(),
});
export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;

// spec 1 §7: union pay (geoswift) order: same body → redirect url
export const unionPayOrderBodySchema = z
  .object({ ...billingAccount, ...amountOrCharges })
  .superRefine(exactlyOneOfAmountOrCharges);

// spec 1 §7: POST /installment_pay/initiate {amount, billingAccount} → {id, type, installments, termsAndConditionsUrl}
export const initiateInstalmentBodySchema = z.object({
  amount: moneyAmountSchema,
  billingAccount: z.object({ id: z.string().min(1).max(64), type: z.literal('TYPE_PROPERTY_LEASE').optional() }),
  installments: z.number().int().min(2).max(12).optional(),
  fundingMethodId: z.string().min(1).max(64).optional(),
});
export const instalmentPlanSchema = z.object({
  id: z.string(),
  type: z.literal('TYPE_INSTALLMENT_PAY'),
  installments: z.number().int(),
  termsAndConditionsUrl: z.string(),
  acceptedTermsAndConditions: z.boolean(),
  fundingMethodId: z.string().nullable(),
  amount: z.number().describe('The funded amount'),
  installmentDetails: z.object({
    paymentDetails: z.array(z.object({ amount: z.number(), paymentDueDate: z.string(), status: z.enum(['PAID', 'PENDING']) })),
  }),
});
export type InstalmentPlan = z.infer<typeof instalmentPlanSchema>;
// Accepting the plan's terms (and choosing its funding card) before paying: PATCH /INSTALLMENT_PAY/{id}/update
export const updateInstalmentBodySchema = z
  .object({
    acceptedTermsAndConditions: z.boolean().optional(),
    fundingMethodId: z.string().min(1).max(64).optional(),
  })
  .refine((b) => b.acceptedTermsAndConditions != null || b.fundingMethodId != null, {
    message: 'server.paymentModes.instalmentUpdateEmpty',
    path: ['acceptedTermsAndConditions'],
  });
// spec 1 §7: instalment pay by payment method id (answer amount): GET /INSTALLMENT_PAY/{id}/amount
export const instalmentAmountSchema = z.object({
  id: z.string(),
  /** The funded amount. */
  amount: z.number(),
  /** spec 1 §9: 6.99% of the funded amount (unless the company's split-pay profile says otherwise). */
  feeAmount: z.number(),
  feePaidByCompany: z.boolean(),
  installments: z.number().int(),
  /** Charged at once: funded amount / n + fee (spec 1 §4). */
  firstInstalmentAmount: z.number(),
  /** What the tenant pays over all instalments (funded amount + fee unless the company pays it). */
  total: z.number(),
  currency: z.enum(['CAD', 'USD']),
});
export type InstalmentAmount = z.infer<typeof instalmentAmountSchema>;

// spec 1 §3 Cash slip: id, token, amount, type (loadhub cash in Canada, spec 1 §5: 10..1993)
export const cashSlipSchema = z.object({
  id: z.string(),
  token: z.string(),
  amount: z.number(),
  type: z.literal('TYPE_LOADHUB_CASH'),
  billingAccountId: z.string().nullable(),
  status: z.string(),
  createDate: z.string(),
});
export type CashSlip = z.infer<typeof cashSlipSchema>;
export const cashSlipBodySchema = z.object({ amount: moneyAmountSchema, billingAccountId: z.string().min(1).max(64) });

// spec 1 §7: POST /paypal_create_order → {merchantId, currency, orderId}; capture answers the transaction
export const payPalCreateOrderBodySchema = z
  .object({ ...billingAccount, ...amountOrCharges })
  .superRefine(exactlyOneOfAmountOrCharges);
export const payPalOrderSchema = z.object({ merchantId: z.string(), currency: z.enum(['CAD', 'USD']), orderId: z.string() });
export const payPalCaptureBodySchema = z
  .object({ ...billingAccount, orderId: z.string().min(1).max(200), ...amountOrCharges })
  .superRefine(exactlyOneOfAmountOrCharges);

// spec 1 §7 / spec 2 §7: GET /last_month_amount_paid?leaseId
export const lastMonthAmountPaidSchema = z.object({ leaseId: z.string(), amount: z.number(), currency: z.enum(['CAD', 'USD']) });
