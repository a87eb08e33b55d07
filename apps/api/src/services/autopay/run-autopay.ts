// The autopay pass of the job (issue 10): due occurrences are claimed in batches and each batch is paid in a few
// statements (pay-batch.ts), so 10,000 schedules due the same day stream through in constant memory. A claim is ONE
// statement: PENDING rows dated today or earlier (and PROCESSING rows whose claim is older than RECLAIM_AGE_MS: a
// runner that died) are locked FOR UPDATE SKIP LOCKED, so two runners (two processes on one PostgreSQL) never take the
// same row, and set PROCESSING with claimedAt / claimedBy. Each row is then paid or skipped by the rules of
// pay-occurrence.ts; the unique (schedule, period) row and the idempotency key autopay:<scheduleId>:<period> keep every
// month paid at most once.
import type { AppContext } from '../../context.ts';
import { emptyIdList, type JobLog, type JobReport, pushId } from '../jobs/job-report.ts';
import { todayOf } from '../payments/payment-context.ts';
import { payBatch } from './pay-batch.ts';
import { loadOccurrenceContexts, type OccurrenceOutcome } from './pay-occurrence.ts';
import type { RecurringPaymentRow } from './upcoming.ts';

/** A PROCESSING claim older than this belongs to a runner that stopped: another runner takes it over. */
export const RECLAIM_AGE_MS = 10 * 60 * 1000;
export const DEFAULT_BATCH_SIZE = 200;

const CLAIM = `UPDATE recurring_payments SET status = 'PROCESSING', claimed_at = $3::timestamptz, claimed_by = $4,
  updated_at = $3::timestamptz
WHERE id IN (
  SELECT id FROM recurring_payments
  WHERE (status = 'PENDING' AND scheduled_date <= $1::date)
     OR (status = 'PROCESSING' AND claimed_at < $2::timestamptz)
  ORDER BY scheduled_date, id
  LIMIT $5
  FOR UPDATE SKIP LOCKED
)
RETURNING id, recurring_schedule_id AS "recurringScheduleId", period, scheduled_date::text AS "scheduledDate", status,
  amount, charges, transaction_id AS "transactionId", claimed_at::text AS "claimedAt", claimed_by AS "claimedBy",
  processed_at::text AS "processedAt", outcome_code AS "outcomeCode", reminder_sent_at::text AS "reminderSentAt",
  created_at::text AS "createdAt", updated_at::text AS "updatedAt"`;

/** Claims up to `limit` due occurrences for `runnerId` (as of ctx.now()). */
export async function claimDueOccurrences(
  ctx: Pick<AppContext, 'database' | 'now'>,
  runnerId: string,
  limit: number,
): Promise<RecurringPaymentRow[]> {
  const now = ctx.now();
  const { rows } = await ctx.database.raw(CLAIM, [
    todayOf(now),
    new Date(now.getTime() - RECLAIM_AGE_MS).toISOString(),
    now.toISOString(),
    runnerId,
    limit,
  ]);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }) as unknown as RecurringPaymentRow);
}

export function recordOccurrence(report: JobReport, outcome: OccurrenceOutcome): void {
  const a = report.autopay;
  switch (outcome.kind) {
    case 'paid':
      pushId(a.paid, outcome.rowId);
      break;
    case 'paidLate':
      pushId(a.paidLate, outcome.rowId);
      break;
    case 'failed':
      pushId(a.failed, outcome.rowId);
      break;
    case 'skipped':
      a.skipped[outcome.reason] ??= emptyIdList();
      pushId(a.skipped[outcome.reason], outcome.rowId);
      break;
    case 'error':
      report.errors.push({ step: 'autopay', error: `${outcome.rowId}: ${outcome.error}` });
      break;
    case 'released':
      break;
  }
  for (const id of outcome.alsoMissed ?? []) {
    a.skipped.MISSED ??= emptyIdList();
    pushId(a.skipped.MISSED, id);
  }
}

export async function runAutopay(
  ctx: AppContext,
  opts: { runnerId: string; batchSize?: number; report: JobReport; log: JobLog },
): Promise<void> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const now = ctx.now();
  const pay = { runnerId: opts.runnerId, today: todayOf(now), now };
  for (;;) {
    const claimed = await claimDueOccurrences(ctx, opts.runnerId, batchSize);
    if (claimed.length === 0) return;
    const contexts = await loadOccurrenceContexts(ctx.db, [...new Set(claimed.map((r) => r.recurringScheduleId))]);
    const outcomes = await payBatch(ctx, claimed, contexts, pay, opts.log);
    for (const o of outcomes) recordOccurrence(opts.report, o);
    const errors = outcomes.filter((o) => o.kind === 'error').length;
    if (errors > 0) opts.log('autopay occurrences left for a later run', { errors });
  }
}
