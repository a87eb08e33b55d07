// Instalment (split) pay (spec 1 §3 "Instalment pay", §4 "Instalment mode", §5 "Instalment eligibility", §9; issue 8).
//   1. POST /installment_pay/initiate: a plan (a payment_methods row of type TYPE_INSTALLMENT_PAY) for a funded amount
//      of 80..20000 on a lease, default 4 instalments, its terms page, terms not yet accepted;
//   2. PATCH /INSTALLMENT_PAY/{id}/update: the tenant accepts the terms and chooses the funding credit card;
//   3. POST /processpayment with paymentMethodType TYPE_INSTALLMENT_PAY and the plan's id (payWithInstalmentPlan): the
//      funding card is charged the first instalment (funded amount / n + the fee) at once; the ledger transaction is
//      the funded amount (allocated to the charges now: the lease is paid) with the fee beside it; the later
//      instalments stay PENDING in installmentDetails.paymentDetails, one a month, for the autopay job to charge.
// The fee (decided from spec 1 §4 "funded amount / n plus a fee" and §9 "6.99% per transaction"): 6.99% of the funded
// amount (the one transaction), unless the company has its own split-pay fee profile, all of it collected with the
// first instalment; later instalments are funded amount / n without fee. It equals what POST /calculatefee answers for
// split pay on the same amount.
import { calculateFee, type FeeQuote } from '@portal/domain/fees';
import {
  checkInstalmentEligibility,
  DEFAULT_INSTALMENTS,
  instalmentSchedule,
  isEligibleFundingCard,
  isInstalmentProvince,
  validateInstalmentAmount,
} from '@portal/domain/limits';
import { MSG } from '@portal/domain/message-keys';
import { formatWithDisplay, fromCents, type MoneyDisplay, toCents } from '@portal/domain/money';
import type { InstalmentAmount, InstalmentPlan, PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { customers, paymentMethods, paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import { findSplitPayFeeProfile } from '../fees/calculate-fee.ts';
import { liveMethodsOf } from '../payment-methods/payment-method-record.ts';
import { chargeOnce, resultOrRefusal, settlePayment } from './charge.ts';
import {
  allocationOf,
  balancesOf,
  currentBalances,
  lockOpenCharges,
  paymentOn,
  postPayment,
  STANDING_STATUSES,
} from './ledger.ts';
import { amountCentsOf, loadPaymentLease, type PaymentLease, type PaymentMethodRow, todayOf } from './payment-context.ts';
import { requirePayableLease, requireUsableMethodType, requireValidAmount } from './payment-rules.ts';

const PLAN_TYPE = 'TYPE_INSTALLMENT_PAY';
/** The split-pay partner's terms page (sandbox), in the tenant's language. */
export const INSTALMENT_TERMS_PATH = '/api/sandbox/installment-pay/terms';

/**
 * The plan's installmentDetails column. Amounts in cents, as every amount in the database. The autopay job charges
 * each PENDING instalment of a paid plan (transactionId set) on its paymentDueDate with the plan's funding card and
 * marks it PAID.
 */
export const storedInstalmentDetailsSchema = z.object({
  billingAccountId: z.string(),
  currency: z.enum(['CAD', 'USD']),
  fundedAmountCents: z.number().int(),
  feeCents: z.number().int(),
  feeType: z.enum(['ADD', 'SUBTRACT']),
  feePaidByCompany: z.boolean(),
  /** The plan's payment transaction: null until paid (and again after a refused first instalment). */
  transactionId: z.string().nullable(),
  paymentDetails: z.array(
    z.object({
      number: z.number().int(),
      amountCents: z.number().int(),
      paymentDueDate: z.string(),
      // FAILED: a later instalment the job could not charge (issue 10; still owed, shown as PENDING)
      status: z.enum(['PAID', 'PENDING', 'FAILED']),
      /** The processor's charge of a later instalment (the job's, key instalment:<planId>:<number>). */
      providerId: z.string().nullish(),
      /** The ledger transaction of a later instalment (issue 20: recorded INPROCESS before it is charged). */
      transactionId: z.string().nullish(),
      error: z.string().nullish(),
    }),
  ),
});
export type StoredInstalmentDetails = z.infer<typeof storedInstalmentDetailsSchema>;

type PlanRow = PaymentMethodRow;

export function detailsOf(plan: PlanRow): StoredInstalmentDetails {
  const parsed = storedInstalmentDetailsSchema.safeParse(plan.installmentDetails);
  if (!parsed.success) throw AppError.notFound('Instalment plan');
  return parsed.data;
}

function toInstalmentPlan(plan: PlanRow, details: StoredInstalmentDetails): InstalmentPlan {
  return {
    id: plan.id,
    type: PLAN_TYPE,
    installments: plan.installments ?? DEFAULT_INSTALMENTS,
    termsAndConditionsUrl: plan.termsAndConditionsUrl ?? INSTALMENT_TERMS_PATH,
    acceptedTermsAndConditions: plan.acceptedTermsAndConditions === true,
    fundingMethodId: plan.fundingMethodId,
    amount: fromCents(details.fundedAmountCents),
    installmentDetails: {
      paymentDetails: details.paymentDetails.map((p) => ({
        amount: fromCents(p.amountCents),
        paymentDueDate: p.paymentDueDate,
        status: p.status === 'PAID' ? 'PAID' : 'PENDING',
      })),
    },
  };
}

/** spec 1 §9: split pay costs 6.99% per transaction unless the company has its own split-pay profile. */
async function splitPayQuote(db: Executor, lease: PaymentLease, fundedCents: number): Promise<FeeQuote> {
  return calculateFee(fundedCents, await findSplitPayFeeProfile(db, { id: lease.companyId, country: lease.companyCountry }));
}

/** spec 1 §4: the schedule: first instalment = funded amount / n + fee (what the tenant pays on top), then monthly. */
function scheduleOf(fundedCents: number, installments: number, quote: FeeQuote, firstDate: string) {
  return instalmentSchedule({
    fundedAmountCents: fundedCents,
    installments,
    feeCents: quote.tenantTotalCents - fundedCents,
    firstDate,
  }).map((i) => ({ number: i.number, amountCents: i.amountCents, paymentDueDate: i.dueDate, status: 'PENDING' as const }));
}

// spec 1 §5: the eligibility alerts, as refusals naming the field the tenant must fix
function eligibilityError(key: string): AppError {
  if (key === MSG.instalmentInvalidProvince) return new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', key);
  return AppError.onField(key === MSG.instalmentAddCreditCard ? 'fundingMethodId' : 'phone', key);
}

// spec 1 §5: instalment amount 80..20000
function requireInstalmentAmount(amountCents: number, display: MoneyDisplay): void {
  const check = validateInstalmentAmount(amountCents, display);
  if (check.ok) return;
  throw AppError.onField('amount', check.key, { errorCode: 'RM_ERROR_INVALID_AMOUNT', values: check.values });
}

/** The tenant's phone and live credit cards (the funding card candidates). */
async function loadEligibilityInputs(db: Executor, customerId: string) {
  const [customer] = await db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId)).limit(1);
  const cards = await db.select().from(paymentMethods).where(liveMethodsOf(customerId, 'TYPE_CREDIT_CARD'));
  return { phone: customer?.phone ?? null, cards };
}

/**
 * spec 1 §4 / §5: the lease is payable, split pay is offered (accepted, not in NB or NS) and not blocked (blockedSplit),
 * the phone is set and valid, an eligible funding card exists; a chosen funding card must be one of them.
 */
async function requireInstalmentEligible(
  ctx: AppContext,
  customerId: string,
  lease: PaymentLease,
  fundingMethodId: string | null,
  /** Paying: a funding card removed since it was chosen is the "add a credit card" alert, not a 404. */
  missingFundingIsIneligible = false,
): Promise<PlanRow | null> {
  requirePayableLease(lease);
  if (!isInstalmentProvince(lease.province)) throw eligibilityError(MSG.instalmentInvalidProvince);
  requireUsableMethodType(lease, lease.acceptedTypes, PLAN_TYPE);
  const today = todayOf(ctx.now());
  const { phone, cards } = await loadEligibilityInputs(ctx.db, customerId);
  const check = checkInstalmentEligibility({ phone, fundingCards: cards, province: lease.province, today });
  if (!check.ok) throw eligibilityError(check.key);
  if (fundingMethodId == null) return null;
  const card = cards.find((c) => c.id === fundingMethodId);
  if (!card && !missingFundingIsIneligible) throw AppError.notFound('Payment method');
  if (!card || !isEligibleFundingCard(card, today)) throw eligibilityError(MSG.instalmentAddCreditCard);
  return card;
}

/** POST /installment_pay/initiate: a new plan for the funded amount (terms not yet accepted). */
export async function initiateInstalmentPay(
  ctx: AppContext,
  input: {
    customerId: string;
    lang: Lang;
    body: { amount: number; billingAccount: { id: string }; installments?: number; fundingMethodId?: string };
  },
): Promise<InstalmentPlan> {
  const { customerId, body } = input;
  const lease = await loadPaymentLease(ctx.db, customerId, body.billingAccount.id);
  const funding = await requireInstalmentEligible(ctx, customerId, lease, body.fundingMethodId ?? null);
  const fundedCents = toCents(body.amount);
  const display: MoneyDisplay = { currency: lease.currency, locale: input.lang };
  requireInstalmentAmount(fundedCents, display);
  const today = todayOf(ctx.now());
  requireValidAmount(fundedCents, { openCharges: await currentBalances(ctx, lease.id), today, lease, display });
  const installments = body.installments ?? DEFAULT_INSTALMENTS;
  const quote = await splitPayQuote(ctx.db, lease, fundedCents);
  const details: StoredInstalmentDetails = {
    billingAccountId: lease.id,
    currency: lease.currency,
    fundedAmountCents: fundedCents,
    feeCents: quote.feeCents,
    feeType: quote.feeType,
    feePaidByCompany: quote.paidByCompany,
    transactionId: null,
    // A preview from today; the schedule is set again from the day the plan is paid.
    paymentDetails: scheduleOf(fundedCents, installments, quote, today),
  };
  const values = {
    installments,
    termsAndConditionsUrl: `${INSTALMENT_TERMS_PATH}?lang=${input.lang}`,
    acceptedTermsAndConditions: false,
    fundingMethodId: funding?.id ?? null,
    // spec 1 §9: an instalment method is labelled with its funding card (brand and last four digits)
    brand: funding?.brand ?? null,
    cardType: funding?.cardType ?? null,
    last4: funding?.last4 ?? null,
    installmentDetails: details,
  };
  // One unused plan per lease (as one active cash slip): initiating again replaces its amount, terms and card.
  const plan = await ctx.db.transaction(async (tx) => {
    const [unused] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        liveMethodsOf(
          customerId,
          PLAN_TYPE,
          sql`${paymentMethods.installmentDetails}->>'billingAccountId' = ${lease.id}`,
          sql`${paymentMethods.installmentDetails}->>'transactionId' IS NULL`,
        ),
      )
      .limit(1)
      .for('update');
    const [row] = unused
      ? await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, unused.id)).returning()
      : await tx
          .insert(paymentMethods)
          .values({ userId: customerId, type: PLAN_TYPE, country: lease.companyCountry, ...values })
          .returning();
    return row;
  });
  return toInstalmentPlan(plan, details);
}

/** The caller's plan (another tenant's id answers 404 like a missing one), locked when `tx` locks. */
async function ownPlan(db: Executor, customerId: string, id: string, lock = false): Promise<PlanRow> {
  const query = db
    .select()
    .from(paymentMethods)
    .where(liveMethodsOf(customerId, PLAN_TYPE, eq(paymentMethods.id, id)))
    .limit(1);
  const [plan] = lock ? await query.for('update') : await query;
  if (!plan) throw AppError.notFound('Instalment plan');
  return plan;
}

/** Whether the plan's payment stands (then it is used: paid, or being paid). */
async function planPaymentStatus(db: Executor, details: StoredInstalmentDetails): Promise<string | null> {
  if (!details.transactionId) return null;
  const [row] = await db
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, details.transactionId))
    .limit(1);
  return row?.status ?? null;
}
const isStanding = (status: string | null) => status != null && (STANDING_STATUSES as readonly string[]).includes(status);

/**
 * The plan's details brought in line with its transaction (a crash between the charge and the plan's update is
 * settled by the payment recovery, which does not know plans): COMPLETE → first instalment PAID; refused → unpaid.
 */
async function reconcilePlan(db: Executor, plan: PlanRow): Promise<StoredInstalmentDetails> {
  const details = detailsOf(plan);
  const status = await planPaymentStatus(db, details);
  let next: StoredInstalmentDetails | null = null;
  if (details.transactionId && !isStanding(status)) next = { ...details, transactionId: null };
  else if (status === 'COMPLETE' && details.paymentDetails[0]?.status === 'PENDING')
    next = { ...details, paymentDetails: details.paymentDetails.map((p, i) => (i === 0 ? { ...p, status: 'PAID' } : p)) };
  if (!next) return details;
  await db.update(paymentMethods).set({ installmentDetails: next }).where(eq(paymentMethods.id, plan.id));
  return next;
}

/** GET /INSTALLMENT_PAY/{id}: the caller's plan. */
export async function getInstalmentPlan(ctx: AppContext, customerId: string, id: string): Promise<InstalmentPlan> {
  const plan = await ownPlan(ctx.db, customerId, id);
  return toInstalmentPlan(plan, await reconcilePlan(ctx.db, plan));
}

/** spec 1 §7 "get instalment pay by payment method id (answer amount)": GET /INSTALLMENT_PAY/{id}/amount. */
export async function getInstalmentAmount(ctx: AppContext, customerId: string, id: string): Promise<InstalmentAmount> {
  const plan = await ownPlan(ctx.db, customerId, id);
  const details = await reconcilePlan(ctx.db, plan);
  const tenantFeeCents = details.feePaidByCompany || details.feeType === 'SUBTRACT' ? 0 : details.feeCents;
  return {
    id: plan.id,
    amount: fromCents(details.fundedAmountCents),
    feeAmount: fromCents(details.feeCents),
    feePaidByCompany: details.feePaidByCompany,
    installments: details.paymentDetails.length,
    firstInstalmentAmount: fromCents(details.paymentDetails[0]?.amountCents ?? 0),
    total: fromCents(details.fundedAmountCents + tenantFeeCents),
    currency: details.currency,
  };
}

/** PATCH /INSTALLMENT_PAY/{id}/update: accept the terms and/or choose the funding card (before the plan is used). */
export async function updateInstalmentPlan(
  ctx: AppContext,
  input: { customerId: string; id: string; body: { acceptedTermsAndConditions?: boolean; fundingMethodId?: string } },
): Promise<InstalmentPlan> {
  const { customerId, body } = input;
  const today = todayOf(ctx.now());
  const funding = body.fundingMethodId
    ? (await loadEligibilityInputs(ctx.db, customerId)).cards.find((c) => c.id === body.fundingMethodId)
    : null;
  if (body.fundingMethodId && !funding) throw AppError.notFound('Payment method');
  if (funding && !isEligibleFundingCard(funding, today)) throw eligibilityError(MSG.instalmentAddCreditCard);
  const updated = await ctx.db.transaction(async (tx) => {
    const plan = await ownPlan(tx, customerId, input.id, true);
    const details = detailsOf(plan);
    if (isStanding(await planPaymentStatus(tx, details)))
      throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.paymentModes.instalmentPlanUsed');
    const accepted = body.acceptedTermsAndConditions ?? plan.acceptedTermsAndConditions === true;
    if (accepted && !funding && !plan.fundingMethodId)
      throw AppError.onField('fundingMethodId', 'server.paymentModes.instalmentFundingRequired', {
        fieldErrorCode: 'RM_ERROR_REQUIRED_FIELD',
      });
    const [row] = await tx
      .update(paymentMethods)
      .set({
        acceptedTermsAndConditions: accepted,
        ...(funding
          ? { fundingMethodId: funding.id, brand: funding.brand, cardType: funding.cardType, last4: funding.last4 }
          : {}),
      })
      .where(eq(paymentMethods.id, plan.id))
      .returning();
    return { row, details };
  });
  return toInstalmentPlan(updated.row, updated.details);
}

/**
 * POST /processpayment with a plan (called by process-payment.ts once the lease and the plan are loaded and the type is
 * offered and not blocked): terms accepted, the amount is the plan's funded amount on the plan's lease, eligibility
 * again, then the process-payment steps: recorded INPROCESS and allocated (the plan marked as being paid), the funding
 * card charged the first instalment with the transaction id as the processor's key, settled.
 */
export async function payWithInstalmentPlan(
  ctx: AppContext,
  input: {
    customerId: string;
    idempotencyKey: string;
    body: ProcessPaymentBody;
    lang: Lang;
    lease: PaymentLease;
    plan: PlanRow;
    actedBy?: string | null;
  },
): Promise<PaymentResult> {
  const { customerId, lease, plan, body } = input;
  const details = detailsOf(plan);
  const display: MoneyDisplay = { currency: lease.currency, locale: input.lang };
  if (plan.acceptedTermsAndConditions !== true)
    throw AppError.onField('acceptedTermsAndConditions', 'server.paymentModes.instalmentTermsNotAccepted');
  if (details.billingAccountId !== lease.id)
    throw new AppError('RM_ERROR_RECORD_VALIDATION', 'server.paymentModes.instalmentLeaseMismatch');
  const fundedCents = amountCentsOf(body);
  if (fundedCents !== details.fundedAmountCents)
    throw AppError.onField('amount', 'server.paymentModes.instalmentAmountMismatch', {
      errorCode: 'RM_ERROR_INVALID_AMOUNT',
      values: { amount: formatWithDisplay(details.fundedAmountCents, display) },
    });
  requireInstalmentAmount(fundedCents, display);
  if (!plan.fundingMethodId) throw eligibilityError(MSG.instalmentAddCreditCard);
  const funding = await requireInstalmentEligible(ctx, customerId, lease, plan.fundingMethodId, true);
  if (!funding?.processorToken) throw eligibilityError(MSG.instalmentAddCreditCard);
  const quote = await splitPayQuote(ctx.db, lease, fundedCents);
  const today = todayOf(ctx.now());
  const paymentDetails = scheduleOf(fundedCents, plan.installments ?? DEFAULT_INSTALMENTS, quote, today);
  const firstCents = paymentDetails[0].amountCents;

  // Recorded and allocated (the plan locked and marked as being paid), the rules checked on the locked balances.
  const pending = await ctx.db.transaction(async (tx) => {
    const locked = await ownPlan(tx, customerId, plan.id, true);
    if (isStanding(await planPaymentStatus(tx, detailsOf(locked))))
      throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', 'server.paymentModes.instalmentPlanUsed');
    const charges = await lockOpenCharges(tx, lease.id);
    requireValidAmount(fundedCents, { openCharges: balancesOf(charges), today, lease, display });
    const row = await postPayment(tx, {
      ...paymentOn(lease, quote),
      status: 'INPROCESS',
      paymentMethodType: PLAN_TYPE,
      paymentMethodId: plan.id,
      cardBrand: funding.brand,
      last4: funding.last4,
      note: body.note ?? null,
      idempotencyKey: input.idempotencyKey,
      allocate: allocationOf(body, quote),
      openCharges: charges,
      // The first instalment on the plan's funding card (a retry re-drives this charge: redrive.ts)
      chargeCents: firstCents,
      chargeMethodId: funding.id,
      actedBy: input.actedBy ?? null,
    });
    const next: StoredInstalmentDetails = {
      ...details,
      feeCents: quote.feeCents,
      feeType: quote.feeType,
      feePaidByCompany: quote.paidByCompany,
      transactionId: row.id,
      paymentDetails,
    };
    await tx.update(paymentMethods).set({ installmentDetails: next }).where(eq(paymentMethods.id, plan.id));
    return row;
  });

  // The first instalment, charged once (the transaction id is the processor's idempotency key), then settled.
  const outcome = await chargeOnce(ctx, pending, {
    amountCents: firstCents,
    currency: lease.currency,
    token: funding.processorToken,
    description: `Lease ${lease.id} instalment 1 of ${paymentDetails.length} ${pending.confirmationId}`,
  });
  const settled = await settlePayment(ctx, pending, outcome);
  // First instalment PAID, or the plan free again after a refusal (the tenant may choose another card).
  const fresh = await ownPlan(ctx.db, customerId, plan.id);
  await reconcilePlan(ctx.db, fresh);
  return resultOrRefusal(settled, outcome.status);
}
