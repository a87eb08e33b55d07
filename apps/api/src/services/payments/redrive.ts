// Finishing a payment whose request ended without its outcome (issue 20 §2): a statement that failed after the charge, a
// dropped connection, a server killed before or after the charge. The transaction stays INPROCESS with its key (never
// a second one: a unique index on user and Idempotency-Key), and whoever comes next finishes it:
//   - the tenant's retry (same key) or the autopay runner that reclaims the occurrence re-drives it: the same charge,
//     under the transaction's id as the processor's key, so the processor answers the first charge if there was one
//     and charges once if there was none; then settled once (settlePayment only moves an INPROCESS row);
//   - the recovery, after its age, settles what the processor charged and cancels, as "not charged" (never "declined"),
//     a one-time payment the processor never saw and no retry finished (autopay is left to the runner's reclaim).
// A re-drive marks when it started charging (charge_attempted_at): the recovery leaves the row alone for its age, so it
// never cancels a payment that is being charged.
import { chargeRefusalOfRecord, refusalRecord } from '@portal/domain/processor-refusals';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentMethods, paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Charge } from '../../providers/processor/processor.ts';
import { type ChargeOutcome, chargeOnce, paymentRefusal, settlePayment } from './charge.ts';
import { getTransaction, releaseAllocations, type TransactionRow, toPaymentResult } from './ledger.ts';

/** The error of a payment cancelled because it was interrupted before anything was charged. */
export const NOT_CHARGED_ERROR = 'portal:NOT_CHARGED:The payment was interrupted before the card or account was charged';

export const isNotCharged = (row: Pick<TransactionRow, 'status' | 'error'>) =>
  row.status === 'CANCELLED' && (row.error ?? '').startsWith('portal:NOT_CHARGED');

/** What the processor's record of a charge means for the ledger. */
export function outcomeOfCharge(charge: Charge): ChargeOutcome {
  return {
    status: charge.status,
    providerId: charge.id,
    error: charge.errorCode
      ? refusalRecord({ code: charge.errorCode, reason: charge.status, message: charge.errorMessage ?? '' })
      : null,
  };
}

/**
 * Finishes an INPROCESS transaction: charges it once (or finds the charge made before) and settles it; a transaction
 * that is no longer INPROCESS is answered as it is. Without the charge's details (recorded by an earlier version), only
 * a charge the processor already made settles it. A failure to reach the processor or the database is thrown (the
 * transaction stays INPROCESS for the next try).
 */
export async function redriveTransaction(
  ctx: Pick<AppContext, 'db' | 'providers' | 'now'>,
  row: TransactionRow,
): Promise<TransactionRow> {
  if (row.status !== 'INPROCESS') return row;
  if (row.chargeCents == null || !row.chargeMethodId) {
    const charge = await ctx.providers.processor.getCharge(row.id, ctx.now());
    return charge ? settlePayment(ctx, row, outcomeOfCharge(charge)) : row;
  }
  const [marked] = await ctx.db
    .update(paymentTransactions)
    .set({ chargeAttemptedAt: ctx.now().toISOString() })
    .where(and(eq(paymentTransactions.id, row.id), eq(paymentTransactions.status, 'INPROCESS')))
    .returning({ id: paymentTransactions.id });
  if (!marked) return getTransaction(ctx.db, row.id);
  // The method's token even if the tenant removed the method since (the processor then answers for the token).
  const [method] = await ctx.db
    .select({ token: paymentMethods.processorToken })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, row.chargeMethodId))
    .limit(1);
  if (!method?.token) {
    const charge = await ctx.providers.processor.getCharge(row.id, ctx.now());
    return charge ? settlePayment(ctx, row, outcomeOfCharge(charge)) : row;
  }
  const outcome = await chargeOnce(ctx, row, {
    amountCents: row.chargeCents,
    currency: row.currency as 'CAD' | 'USD',
    token: method.token,
    description: `Payment ${row.confirmationId} (resumed)`,
  });
  return settlePayment(ctx, row, outcome);
}

/**
 * Cancels an INPROCESS transaction the processor never charged, its allocations given back: only while no re-drive
 * started charging it since `before` (so a charge on its way is never cancelled under it). Null when it was not
 * cancelled (settled or re-driven meanwhile).
 */
export async function cancelNotCharged(
  ctx: Pick<AppContext, 'db'>,
  row: TransactionRow,
  before: string,
): Promise<TransactionRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(paymentTransactions)
      .set({ status: 'CANCELLED', error: NOT_CHARGED_ERROR })
      .where(
        and(
          eq(paymentTransactions.id, row.id),
          eq(paymentTransactions.status, 'INPROCESS'),
          sql`coalesce(${paymentTransactions.chargeAttemptedAt}, ${paymentTransactions.createDate}) < ${before}::timestamptz`,
        ),
      )
      .returning();
    if (!cancelled) return null;
    await releaseAllocations(tx, row.id);
    return cancelled;
  });
}

/** The refusal of a payment that was interrupted before anything was charged (409: pay again, with a new key). */
export function notChargedRefusal(): AppError {
  return new AppError('RM_ERROR_PAYMENT_NOT_CHARGED', 'server.payments.notCharged');
}

/** The answer of a payment request from its transaction: the payment, its refusal, or "still being processed". */
export function answerFromTransaction(row: TransactionRow) {
  if (row.status === 'INPROCESS') throw new AppError('RM_ERROR_IDEMPOTENCY_CONFLICT', 'server.payments.idempotencyInProgress');
  if (row.status === 'FAILED')
    throw paymentRefusal(chargeRefusalOfRecord(row.error) === 'INSUFFICIENT_FUNDS', toPaymentResult(row));
  if (isNotCharged(row)) throw notChargedRefusal();
  return toPaymentResult(row);
}
