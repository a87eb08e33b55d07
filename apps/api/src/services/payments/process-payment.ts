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
import { isWalletReusable, PROCESSOR_CHARGED_METHOD_TYPES } from '@portal/domain/payment-methods';
import type { PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import { loadMethodFeeProfile } from '../fees/method-fee-profile.ts';
import { chargeOnce, resultOrRefusal, settlePayment } from './charge.ts';
import { payWithInstalmentPlan } from './instalment-pay.ts';
import {
  allocationOf,
  balancesOf,
  findTransactionByKey,
  isDuplicatePaymentKey,
  lockOpenCharges,
  paymentOn,
  postPayment,
  type TransactionRow,
} from './ledger.ts';
import { amountCentsOf, loadPaymentLeaseAndMethod, todayOf } from './payment-context.ts';
import { requireUsableMethodType, requireValidAmount } from './payment-rules.ts';
import { answerFromTransaction, redriveTransaction } from './redrive.ts';

export async function processPayment(
  ctx: AppContext,
  input: { customerId: string; idempotencyKey: string; body: ProcessPaymentBody; lang: Lang; actedBy?: string | null },
): Promise<PaymentResult> {
  const { customerId, body } = input;
  // issue 20: a transaction already recorded under this key (the request failed after it, or its server died) is
  // finished, never recorded twice: charged once under its own id, and answered.
  const recorded = await findTransactionByKey(ctx.db, customerId, input.idempotencyKey);
  if (recorded) return answerFromTransaction(await redriveTransaction(ctx, recorded));
  // The lease (payable) and the method, read together (one statement).
  const { lease, method } = await loadPaymentLeaseAndMethod(ctx.db, {
    customerId,
    leaseId: body.billingAccountId,
    methodId: body.paymentMethodId,
    expectedType: body.paymentMethodType,
  });
  requireUsableMethodType(lease, lease.acceptedTypes, method.type);
  // Instalment (split) pay: the plan's funding card pays the first instalment (services/payments/instalment-pay.ts).
  if (method.type === 'TYPE_INSTALLMENT_PAY') return payWithInstalmentPlan(ctx, { ...input, lease, plan: method });
  if (!PROCESSOR_CHARGED_METHOD_TYPES.has(method.type) || !method.processorToken) {
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.payments.useMethodFlow');
  }
  // spec 1 §4: a wallet method is usable while its expireIn is in the future
  if (method.type === 'TYPE_WALLET' && !isWalletReusable(method, ctx.now())) {
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.payments.walletExpired');
  }
  const pricing = await loadMethodFeeProfile(ctx, {
    customerId,
    companyId: lease.companyId,
    paymentMethodId: method.id,
  });
  const amountCents = amountCentsOf(body);
  const quote = calculateFee(amountCents, pricing.feeProfile, { international: pricing.international });
  const today = todayOf(ctx.now());
  // Amounts inside refusal messages are formatted for the caller (spec: money in the user's locale).
  const display = { currency: lease.currency, locale: input.lang };

  // 2. Recorded and allocated, the rules checked against the locked balances.
  const posting = ctx.db.transaction(async (tx) => {
    const charges = await lockOpenCharges(tx, lease.id);
    requireValidAmount(amountCents, { openCharges: balancesOf(charges), today, lease, display });
    return postPayment(tx, {
      ...paymentOn(lease, quote),
      status: 'INPROCESS',
      paymentMethodType: method.type,
      paymentMethodId: method.id,
      cardBrand: method.brand,
      last4: method.last4,
      note: body.note ?? null,
      idempotencyKey: input.idempotencyKey,
      allocate: allocationOf(body, quote),
      openCharges: charges,
      chargeCents: quote.tenantTotalCents,
      chargeMethodId: method.id,
      actedBy: input.actedBy ?? null,
    });
  });
  let pending: TransactionRow;
  try {
    pending = await posting;
  } catch (err) {
    // Another request under the same key recorded it first (a retry racing its original): finish that one.
    if (!isDuplicatePaymentKey(err)) throw err;
    const first = await findTransactionByKey(ctx.db, customerId, input.idempotencyKey);
    if (!first) throw err;
    return answerFromTransaction(await redriveTransaction(ctx, first));
  }

  // Fault injection for the kill -9 recovery test only (E2E_TEST_SUPPORT): die between the record and the charge.
  if (process.env.E2E_TEST_SUPPORT === '1' && process.env.PAYMENT_CRASH_BEFORE_CHARGE === '1')
    process.kill(process.pid, 'SIGKILL');

  // 3. Charged once.
  const outcome = await chargeOnce(ctx, pending, {
    amountCents: quote.tenantTotalCents,
    currency: lease.currency,
    token: method.processorToken,
    description: `Lease ${lease.id} payment ${pending.confirmationId}`,
  });

  // Fault injection for the kill -9 recovery test only (E2E_TEST_SUPPORT): die between the charge and the commit.
  if (process.env.E2E_TEST_SUPPORT === '1' && process.env.PAYMENT_CRASH_AFTER_CHARGE === '1')
    process.kill(process.pid, 'SIGKILL');

  // 4. Settled.
  return resultOrRefusal(await settlePayment(ctx, pending, outcome), outcome.status);
}
