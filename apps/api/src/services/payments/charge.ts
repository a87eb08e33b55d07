// The payment service's core (ARCHITECTURE "Money: one payment service"; issue 20): a transaction recorded INPROCESS is
// charged once, its id the processor's idempotency key, and settled once, whoever gets there first (the request, its
// retry, the autopay runner that reclaims it, the recovery).
import type { Currency } from '@portal/domain/money';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { chargeRefusalOf, paymentRefusalAnswer, refusalRecord } from '@portal/domain/processor-refusals';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ChargeStatus, ProcessorError } from '../../providers/processor/processor.ts';
import { closeTransaction, getTransaction, settleFrom, type TransactionRow, toPaymentResult } from './ledger.ts';

export interface ChargeOutcome {
  status: ChargeStatus;
  providerId: string | null;
  error: string | null;
}

/**
 * Charges an INPROCESS transaction once: its id is the processor's idempotency key. A refusal is an outcome; any other
 * failure is thrown and leaves the transaction INPROCESS, for the recovery to ask the processor about.
 */
export async function chargeOnce(
  ctx: Pick<AppContext, 'providers' | 'now'>,
  pending: TransactionRow,
  charge: { amountCents: number; currency: Currency; token: string; description: string },
): Promise<ChargeOutcome> {
  try {
    const charged = await ctx.providers.processor.charge({ ...charge, idempotencyKey: pending.id, at: ctx.now() });
    return { status: charged.status, providerId: charged.id, error: null };
  } catch (err) {
    if (!(err instanceof ProcessorError)) throw err;
    return {
      status: chargeRefusalOf(err.reason),
      providerId: null,
      error: refusalRecord(err),
    };
  }
}

/** A refused payment's answer (402), carrying its FAILED transaction. */
export function paymentRefusal(insufficientFunds: boolean, transaction: PaymentResult): AppError {
  const answer = paymentRefusalAnswer(insufficientFunds ? 'INSUFFICIENT_FUNDS' : 'DECLINED');
  return new AppError(answer.errorCode, answer.message, { statusCode: answer.statusCode, extra: { transaction } });
}

/** The answer of a settled charge: the transaction, or the refusal carrying it. */
export function resultOrRefusal(settled: TransactionRow, status: ChargeStatus): PaymentResult {
  const result = toPaymentResult(settled);
  if (settled.status === 'FAILED') throw paymentRefusal(status === 'INSUFFICIENT_FUNDS', result);
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

/**
 * Moves an INPROCESS transaction (or a PENDING bank debit) to its outcome, allocations given back when it failed, once:
 * when a retry, a reclaim or the recovery settled it first, answers what it became (the processor's one answer per key
 * makes both agree).
 */
export async function settlePayment(
  ctx: Pick<AppContext, 'db'>,
  pending: TransactionRow,
  outcome: { status: ChargeStatus; providerId: string | null; error: string | null },
): Promise<TransactionRow> {
  const status = ledgerStatusOf(outcome.status);
  const set = { status, providerId: outcome.providerId, error: outcome.error };
  // Nothing given back: one UPDATE, atomic on its own.
  if (status !== 'FAILED')
    return (await settleFrom(ctx.db, pending.id, pending.status, set)) ?? getTransaction(ctx.db, pending.id);
  return ctx.db.transaction(
    async (tx) => (await closeTransaction(tx, pending.id, pending.status, set)) ?? getTransaction(tx, pending.id),
  );
}
