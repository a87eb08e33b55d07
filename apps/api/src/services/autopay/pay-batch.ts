// A claimed batch of autopay occurrences paid in a few statements (issue 10 "Benchmark": 10,000 due schedules in under
// a minute on PGlite, where every statement is a round trip to the database thread). The rules are pay-occurrence.ts's;
// only the writes are grouped:
//   1. one database transaction: the rows still held (one SELECT … FOR UPDATE), the leases' open charges (one SELECT …
//      FOR UPDATE), one postPayment per payment (INPROCESS, allocated), every row's transactionId (one UPDATE);
//   2. after that commit, the processor is charged, the transaction id as its idempotency key (up to
//      CHARGE_CONCURRENCY calls at once);
//   3. one database transaction: every outcome (one UPDATE, only of transactions still INPROCESS; a refusal's
//      allocations given back), then the rows ended, next months' rows and the notices (finish-occurrences.ts).
// Crash safety is the one-row path's: a crash after 1 leaves INPROCESS transactions linked to PROCESSING rows, which the
// payment recovery settles (asking the processor) and a later runner's reclaim copies. Whatever the batch cannot do
// in bulk (a reclaimed row, one given back, a second row of one lease, a transaction settled meanwhile) and every row
// of a step whose statement failed goes through the one-row path (payOccurrence), which never charges twice either.
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import type { JobLog } from '../jobs/job-report.ts';
import { type ChargeOutcome, chargeOnce, ledgerStatusOf } from '../payments/charge.ts';
import { lockOpenChargesOf, type NewPayment, postPayments, releaseAllocations, type TransactionRow } from '../payments/ledger.ts';
import { type EndItem, finishOccurrences } from './finish-occurrences.ts';
import {
  chargeOf,
  draftPayment,
  type OccurrenceContext,
  type OccurrenceOutcome,
  type OccurrencePlan,
  type PayOptions,
  payOccurrence,
  planOccurrence,
  settledEnding,
} from './pay-occurrence.ts';
import type { RecurringPaymentRow } from './upcoming.ts';

/** Processor calls in flight at once (the sandbox writes its log once for all of them: group commit). */
export const CHARGE_CONCURRENCY = 32;
/** One-row fallbacks in flight at once. */
const ONE_ROW_CONCURRENCY = 8;

type PayPlan = OccurrencePlan & { kind: 'pay' };

interface Posted {
  row: RecurringPaymentRow;
  occ: OccurrenceContext;
  plan: PayPlan;
  pending: TransactionRow;
  chargeCents: number;
}

/** Runs `fn` over `items` with at most `limit` at once, in order of start. */
export async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const STILL_MINE = `SELECT id FROM recurring_payments
WHERE id = ANY($1::text[]) AND status = 'PROCESSING' AND claimed_by = $2 AND transaction_id IS NULL
ORDER BY id FOR UPDATE`;

const LINK_ROWS = `UPDATE recurring_payments r SET transaction_id = v.tid, amount = v.amount, updated_at = $2::timestamptz
FROM jsonb_to_recordset($1::jsonb) AS v(id text, tid text, amount bigint) WHERE r.id = v.id`;

const SETTLE = `UPDATE payment_transactions t SET status = v.status, payment_provider_id = v.pid, error = v.error
FROM jsonb_to_recordset($1::jsonb) AS v(id text, status text, pid text, error text)
WHERE t.id = v.id AND t.status = 'INPROCESS'
RETURNING t.id`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Pays (or skips) a batch of claimed rows; one outcome per row, in no particular order. Never throws. */
export async function payBatch(
  ctx: AppContext,
  claimed: readonly RecurringPaymentRow[],
  contexts: ReadonlyMap<string, OccurrenceContext>,
  opts: PayOptions,
  log: JobLog = () => undefined,
): Promise<OccurrenceOutcome[]> {
  const outcomes: OccurrenceOutcome[] = [];
  /** Rows for the one-row path, after the batch (a second row of a lease waits for the first's payment). */
  const oneByOne: RecurringPaymentRow[] = [];
  const toEnd: (EndItem & { outcome: OccurrenceOutcome })[] = [];
  const toPay: { row: RecurringPaymentRow; occ: OccurrenceContext; plan: PayPlan }[] = [];
  const leases = new Set<string>();
  for (const row of claimed) {
    const occ = contexts.get(row.recurringScheduleId);
    if (!occ) {
      outcomes.push({ rowId: row.id, kind: 'error', error: `recurring schedule ${row.recurringScheduleId} not found` });
      continue;
    }
    let plan: OccurrencePlan;
    try {
      plan = planOccurrence(row, occ, opts);
    } catch (err) {
      outcomes.push({ rowId: row.id, kind: 'error', error: errorText(err) });
      continue;
    }
    if (plan.kind === 'end') toEnd.push({ row, occ, ending: plan.ending, outcome: { rowId: row.id, ...plan.outcome } });
    else if (plan.kind === 'pay' && !leases.has(occ.lease.id)) {
      leases.add(occ.lease.id);
      toPay.push({ row, occ, plan });
    } else oneByOne.push(row);
  }

  // 1. Recorded and allocated, with the rows' transactionIds, in one database transaction.
  let posted: Posted[] = [];
  if (toPay.length > 0) {
    try {
      const recorded = await ctx.db.transaction(async (tx) => {
        const raw = rawOf(tx);
        const { rows } = await raw(STILL_MINE, [toPay.map((p) => p.row.id), opts.runnerId]);
        const mine = new Set(rows.map((r) => String(r.id)));
        const charges = await lockOpenChargesOf(
          tx,
          toPay.map((p) => p.occ.lease.id),
        );
        const out = { posted: [] as Posted[], lost: [] as OccurrenceOutcome[], skips: [] as typeof toEnd };
        const drafts: (Omit<Posted, 'pending'> & { payment: NewPayment; amountCents: number })[] = [];
        for (const { row, occ, plan } of toPay) {
          // Taken over by another runner meanwhile (a reclaim): it pays the row.
          if (!mine.has(row.id)) {
            out.lost.push({ rowId: row.id, kind: 'released' });
            continue;
          }
          const draft = draftPayment(row, occ, plan, charges.get(occ.lease.id) ?? [], opts);
          if (draft.kind === 'skip') {
            out.skips.push({ row, occ, ending: draft.plan.ending, outcome: { rowId: row.id, ...draft.plan.outcome } });
            continue;
          }
          drafts.push({ row, occ, plan, ...draft });
        }
        if (drafts.length === 0) return out;
        // One lease per draft (the others wait for the one-row path): each is allocated from its own charges.
        const pendings = await postPayments(
          tx,
          drafts.map((d) => d.payment),
        );
        const links = drafts.map((d, i) => ({ id: d.row.id, tid: pendings[i].id, amount: d.amountCents }));
        await raw(LINK_ROWS, [JSON.stringify(links), opts.now.toISOString()]);
        out.posted = drafts.map((d, i) => ({
          row: d.row,
          occ: d.occ,
          plan: d.plan,
          pending: pendings[i],
          chargeCents: d.chargeCents,
        }));
        return out;
      });
      posted = recorded.posted;
      outcomes.push(...recorded.lost);
      toEnd.push(...recorded.skips);
    } catch (err) {
      // Nothing of it was written: each of these rows on its own (the one that failed fails alone).
      log('autopay batch not recorded: paying its rows one by one', { rows: toPay.length, err: errorText(err) });
      oneByOne.push(...toPay.map((p) => p.row));
    }
  }

  // 2. Charged once each.
  const charged = await eachLimited(posted, CHARGE_CONCURRENCY, async (p) => {
    try {
      return { p, outcome: await chargeOnce(ctx, p.pending, chargeOf(p.row, p.occ, p.plan, p.pending, p.chargeCents)) };
    } catch (err) {
      // Not known whether it was charged: left INPROCESS for the recovery and a later reclaim.
      outcomes.push({ rowId: p.row.id, kind: 'error', error: errorText(err) });
      return null;
    }
  });

  // 3. Settled and ended in one database transaction.
  const done = charged.filter((c): c is { p: Posted; outcome: ChargeOutcome } => c !== null);
  try {
    const settledOutcomes = await ctx.db.transaction(async (tx) => {
      const settle = done.map(({ p, outcome }) => ({
        id: p.pending.id,
        status: ledgerStatusOf(outcome.status),
        pid: outcome.providerId,
        error: outcome.error,
      }));
      const settled =
        settle.length === 0
          ? new Set<string>()
          : new Set((await rawOf(tx)(SETTLE, [JSON.stringify(settle)])).rows.map((r) => String(r.id)));
      const items: (EndItem & { outcome: OccurrenceOutcome })[] = [...toEnd];
      const later: RecurringPaymentRow[] = [];
      for (const [i, { p, outcome }] of done.entries()) {
        if (!settled.has(p.pending.id)) {
          // Settled by someone else meanwhile (the recovery): its outcome is copied by the one-row path.
          later.push({ ...p.row, transactionId: p.pending.id });
          continue;
        }
        const s = settle[i];
        if (s.status === 'FAILED') await releaseAllocations(tx, p.pending.id);
        const row: TransactionRow = { ...p.pending, status: s.status, paymentProviderId: s.pid, error: s.error };
        const end = settledEnding(p.row, row, p.plan.late, outcome.status);
        if (end) items.push({ row: p.row, occ: p.occ, ending: end.ending, outcome: end.outcome });
      }
      const ended = await finishOccurrences(tx, items, opts);
      return {
        finished: items.map((i) => ({ ...i.outcome, alsoMissed: ended.get(i.row.id) ?? [] })),
        later,
      };
    });
    outcomes.push(...settledOutcomes.finished);
    oneByOne.push(...settledOutcomes.later);
  } catch (err) {
    log('autopay batch not settled: ending its rows one by one', { rows: done.length + toEnd.length, err: errorText(err) });
    // Nothing of step 3 was written: the charged rows copy their outcome (asking the processor, never charging again).
    oneByOne.push(...done.map(({ p }) => ({ ...p.row, transactionId: p.pending.id })));
    oneByOne.push(...toEnd.map((i) => i.row));
  }
  outcomes.push(...(await oneRows(ctx, oneByOne, contexts, opts)));
  return outcomes;
}

function oneRows(
  ctx: AppContext,
  rows: readonly RecurringPaymentRow[],
  contexts: ReadonlyMap<string, OccurrenceContext>,
  opts: PayOptions,
): Promise<OccurrenceOutcome[]> {
  return eachLimited(rows, ONE_ROW_CONCURRENCY, (row) => payOccurrence(ctx, row, contexts.get(row.recurringScheduleId), opts));
}
