// Crash recovery of payments (issue 8; issue 20): a request that ended between recording its INPROCESS transaction and
// settling it (a crash, a failed statement, a dropped connection) leaves the transaction INPROCESS and its
// Idempotency-Key unanswered. Past the recovery age (and past any re-drive's start: redrive.ts), each is settled by
// asking the processor about its key (the transaction id): charged → COMPLETE/PENDING, refused → FAILED. One the
// processor never saw was never charged: a one-time payment is CANCELLED as "not charged" (its allocations given back,
// the tenant's retry told so; never "declined"); an autopay payment or a split-pay instalment is left to the job, whose
// next run charges it under the same key (an occurrence up to 3 days late, else missed). Nothing is charged here.
import { chargeRefusalOfRecord } from '@portal/domain/processor-refusals';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { paymentRefusal, settlePayment } from './charge.ts';
import { findUnfinishedKeys, refusalAnswer, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { findStuckTransactions, type TransactionRow, toPaymentResult } from './ledger.ts';
import { cancelNotCharged, isNotCharged, notChargedRefusal, outcomeOfCharge } from './redrive.ts';

export interface RecoveryReport {
  settled: { id: string; status: string }[];
  freedKeys: number;
}

/** Settles INPROCESS payments created more than `olderThanMs` ago (in-flight ones of a live process are younger). */
export async function recoverPayments(ctx: AppContext, opts: { olderThanMs: number }): Promise<RecoveryReport> {
  const before = new Date(ctx.now().getTime() - opts.olderThanMs).toISOString();
  const stuck = await findStuckTransactions(
    ctx.db,
    'INPROCESS',
    before,
    and(
      // Only the portal's own payment requests (they carry their Idempotency-Key); an INPROCESS transaction that came
      // from elsewhere (a bank payment the processor reports as in process, imported history) is not a crash.
      isNotNull(paymentTransactions.idempotencyKey),
      // issue 23: a refund is finished by asking for the refund again (refund-payment.ts recoverRefunds), not a charge.
      ne(paymentTransactions.transactionType, 'REFUND'),
      // Not while a retry or a reclaim is charging it.
      sql`coalesce(${paymentTransactions.chargeAttemptedAt}, ${paymentTransactions.createDate}) < ${before}::timestamptz`,
    ),
  );
  const report: RecoveryReport = { settled: [], freedKeys: 0 };
  for (const pending of stuck) {
    const charge = await ctx.providers.processor.getCharge(pending.id, ctx.now());
    let settled: TransactionRow | null;
    if (charge) settled = await settlePayment(ctx, pending, outcomeOfCharge(charge));
    // The job's own payments (autopay occurrences, split-pay instalments) are charged by its next run.
    else if (pending.recurringScheduleId || pending.parentTransactionId) continue;
    else settled = await cancelNotCharged(ctx, pending, before);
    if (settled) report.settled.push({ id: settled.id, status: settled.status });
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
  if (isNotCharged(row)) return refusalAnswer(notChargedRefusal());
  const result = toPaymentResult(row);
  if (row.status !== 'FAILED') return { statusCode: 200, body: result };
  return refusalAnswer(paymentRefusal(chargeRefusalOfRecord(row.error) === 'INSUFFICIENT_FUNDS', result));
}
