// Crash recovery of payments (issue 8): a process that died between charging the processor and recording the outcome
// leaves an INPROCESS transaction (and its Idempotency-Key unanswered). Each such transaction is settled by asking the
// processor about its key (the transaction id): charged → COMPLETE/PENDING, refused → FAILED, never charged → FAILED
// (allocations given back). The stored answer then serves the tenant's retry. Nothing is ever charged here.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { findUnfinishedKeys, refusalAnswer, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { findStuckTransactions, type TransactionRow, toPaymentResult } from './ledger.ts';
import { paymentRefusal, settlePayment } from './process-payment.ts';

export interface RecoveryReport {
  settled: { id: string; status: string }[];
  freedKeys: number;
}

/**
 * Settles one INPROCESS transaction by asking the processor about its key (the transaction id): its outcome, or FAILED
 * NOT_CHARGED when the processor never saw it (a crash before the charge).
 */
export async function settleFromProcessor(
  ctx: Pick<AppContext, 'db' | 'providers' | 'now'>,
  pending: TransactionRow,
): Promise<TransactionRow> {
  const charge = await ctx.providers.processor.getCharge(pending.id, ctx.now());
  return settlePayment(ctx, pending, {
    status: charge?.status ?? 'DECLINED',
    providerId: charge?.id ?? null,
    error: charge
      ? charge.errorCode
        ? `${charge.errorCode}:${charge.status}:${charge.errorMessage ?? ''}`
        : null
      : 'portal:NOT_CHARGED:The payment was interrupted before the card or account was charged',
  });
}

/** Settles INPROCESS payments created more than `olderThanMs` ago (in-flight ones of a live process are younger). */
export async function recoverPayments(ctx: AppContext, opts: { olderThanMs: number }): Promise<RecoveryReport> {
  const before = new Date(ctx.now().getTime() - opts.olderThanMs).toISOString();
  const stuck = await findStuckTransactions(
    ctx.db,
    'INPROCESS',
    before,
    // Only the portal's own payment requests (they carry their Idempotency-Key); an INPROCESS transaction that came
    // from elsewhere (a bank payment the processor reports as in process, imported history) is not a crash.
    isNotNull(paymentTransactions.idempotencyKey),
  );
  const report: RecoveryReport = { settled: [], freedKeys: 0 };
  for (const pending of stuck) {
    const settled = await settleFromProcessor(ctx, pending);
    report.settled.push({ id: settled.id, status: settled.status });
  }
  // Unanswered keys: answered from their settled transaction, or freed when no transaction was ever recorded.
  for (const key of await findUnfinishedKeys(ctx)) {
    if (Date.parse(key.createdAt) >= Date.parse(before)) continue; // still in flight
    const [row] = await ctx.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, key.userId), eq(paymentTransactions.idempotencyKey, key.key)))
      .limit(1);
    if (row?.status === 'INPROCESS') continue;
    if (!row) {
      await storeAnswer(ctx, key, null);
      report.freedKeys += 1;
      continue;
    }
    await storeAnswer(ctx, key, answerOf(row));
  }
  return report;
}

/** The answer a settled payment's request would have sent. */
export function answerOf(row: TransactionRow): StoredAnswer {
  const result = toPaymentResult(row);
  if (row.status !== 'FAILED') return { statusCode: 200, body: result };
  return refusalAnswer(paymentRefusal((row.error ?? '').includes('INSUFFICIENT_FUNDS'), result));
}
