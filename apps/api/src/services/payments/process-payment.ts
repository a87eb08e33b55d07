// POST /processpayment (spec 1 §7 "Payments"; issue 8): one payment of a lease's charges with a saved method, on a ledger
// that never charges twice. The steps:
//   1. checks (lease payable, method accepted and not blocked, amount rules) and the fee, from packages/domain rules;
//   2. in one database transaction, with the lease's open charges locked: the amount rules again on the locked balances,
//      the transaction recorded INPROCESS and allocated to the charges oldest first (balances reduced);
//   3. the processor charged with the transaction id as its idempotency key;
//   4. in one database transaction: COMPLETE (card), PENDING (bank, settled later by the job) or FAILED (allocations
//      given back). A crash between 2 and 4 leaves an INPROCESS transaction that recover-payments.ts settles by asking
//      the processor about the key.
import { calculateFee } from '@portal/domain/fees';
import { toCents } from '@portal/domain/money';
import type { PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import { type ChargeStatus, ProcessorError } from '../../providers/processor/processor.ts';
import { loadMethodFeeProfile } from '../fees/method-fee-profile.ts';
import { payWithInstalmentPlan } from './instalment-pay.ts';
import { lockOpenCharges, postPayment, releaseAllocations, type TransactionRow, toPaymentResult } from './ledger.ts';
import { loadPaymentLease, loadPaymentMethod } from './payment-context.ts';
import { requirePayableLease, requireUsableMethodType, requireValidAmount } from './payment-rules.ts';

/** Method types charged through the card and bank processor by POST /processpayment. */
const PROCESSOR_TYPES = new Set(['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_WALLET']);

export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export async function processPayment(
  ctx: AppContext,
  input: { customerId: string; idempotencyKey: string; body: ProcessPaymentBody; lang: Lang },
): Promise<PaymentResult> {
  const { customerId, body } = input;
  const lease = await loadPaymentLease(ctx.db, customerId, body.billingAccountId);
  requirePayableLease(lease);
  const method = await loadPaymentMethod(ctx.db, customerId, body.paymentMethodId, body.paymentMethodType);
  requireUsableMethodType(lease, lease.acceptedTypes, method.type);
  // Instalment (split) pay: the plan's funding card pays the first instalment (services/payments/instalment-pay.ts).
  if (method.type === 'TYPE_INSTALLMENT_PAY') return payWithInstalmentPlan(ctx, { ...input, lease, plan: method });
  if (!PROCESSOR_TYPES.has(method.type) || !method.processorToken) {
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'errors.payments.useMethodFlow');
  }
  // spec 1 §4: a wallet method is usable while its expireIn is in the future
  if (method.type === 'TYPE_WALLET' && (!method.expireIn || Date.parse(method.expireIn) <= ctx.now().getTime())) {
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'errors.payments.walletExpired');
  }
  const pricing = await loadMethodFeeProfile(ctx, {
    customerId,
    companyId: lease.companyId,
    paymentMethodId: method.id,
  });
  const amountCents =
    body.amount != null ? toCents(body.amount) : (body.charges ?? []).reduce((s, c) => s + toCents(c.amount), 0);
  const quote = calculateFee(amountCents, pricing.feeProfile, { international: pricing.international });
  const today = todayOf(ctx.now());
  // Amounts inside refusal messages are formatted for the caller (spec: money in the user's locale).
  const display = { currency: lease.currency, locale: input.lang };

  // 2. Recorded and allocated, the rules checked against the locked balances.
  const pending = await ctx.db.transaction(async (tx) => {
    const charges = await lockOpenCharges(tx, lease.id);
    requireValidAmount(amountCents, {
      openCharges: charges.map((c) => ({ dueDate: c.dueDate, balance: c.balanceCents / 100 })),
      today,
      lease,
      display,
    });
    return postPayment(tx, {
      userId: customerId,
      leaseId: lease.id,
      propertyId: lease.propertyId,
      companyId: lease.companyId,
      currency: lease.currency,
      status: 'INPROCESS',
      amountCents: quote.transactionAmountCents,
      feeCents: quote.feeCents,
      feeType: quote.feeType,
      feePaidByCompany: quote.paidByCompany,
      paymentMethodType: method.type,
      paymentMethodId: method.id,
      cardBrand: method.brand,
      last4: method.last4,
      note: body.note ?? null,
      idempotencyKey: input.idempotencyKey,
      // SUBTRACT takes the fee out of what the charges receive: that net amount pays them oldest first
      allocate:
        body.charges && quote.feeType !== 'SUBTRACT'
          ? { charges: body.charges.map((c) => ({ code: c.code, amountCents: toCents(c.amount) })) }
          : { amountCents: quote.transactionAmountCents },
      openCharges: charges,
    });
  });

  // 3. Charged once: the transaction id is the processor's idempotency key.
  let status: ChargeStatus;
  let providerId: string | null = null;
  let error: string | null = null;
  try {
    const charge = await ctx.providers.processor.charge({
      amountCents: quote.tenantTotalCents,
      currency: lease.currency,
      token: method.processorToken,
      idempotencyKey: pending.id,
      description: `Lease ${lease.id} payment ${pending.confirmationId}`,
    });
    status = charge.status;
    providerId = charge.id;
  } catch (err) {
    if (!(err instanceof ProcessorError)) throw err; // the transaction stays INPROCESS: recovery asks the processor
    status = err.reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
    error = `${err.code}:${err.reason}:${err.message}`;
  }

  // Fault injection for the kill -9 recovery test only (E2E_TEST_SUPPORT): die between the charge and the commit.
  if (process.env.E2E_TEST_SUPPORT === '1' && process.env.PAYMENT_CRASH_AFTER_CHARGE === '1')
    process.kill(process.pid, 'SIGKILL');

  // 4. Settled.
  const settled = await settlePayment(ctx, pending, { status, providerId, error });
  const result = toPaymentResult(settled);
  if (settled.status === 'FAILED') {
    throw new AppError(
      status === 'INSUFFICIENT_FUNDS' ? 'RM_ERROR_INSUFFICIENT_FUNDS' : 'RM_ERROR_PAYMENT_DECLINED',
      status === 'INSUFFICIENT_FUNDS' ? 'errors.payments.insufficientFunds' : 'errors.payments.declined',
      { extra: { transaction: result } },
    );
  }
  return result;
}

/** The ledger status of a processor outcome. */
export function ledgerStatusOf(status: ChargeStatus): 'COMPLETE' | 'PENDING' | 'FAILED' {
  switch (status) {
    case 'APPROVED':
    case 'SETTLED':
      return 'COMPLETE';
    case 'PENDING':
      return 'PENDING';
    default:
      return 'FAILED';
  }
}

/** Moves an INPROCESS transaction to its outcome (allocations given back when it failed). */
export async function settlePayment(
  ctx: Pick<AppContext, 'db'>,
  pending: TransactionRow,
  outcome: { status: ChargeStatus; providerId: string | null; error: string | null },
): Promise<TransactionRow> {
  const status = ledgerStatusOf(outcome.status);
  return ctx.db.transaction(async (tx) => {
    if (status === 'FAILED') await releaseAllocations(tx, pending.id);
    const [row] = await tx
      .update(paymentTransactions)
      .set({ status, paymentProviderId: outcome.providerId, error: outcome.error })
      .where(eq(paymentTransactions.id, pending.id))
      .returning();
    return row;
  });
}
