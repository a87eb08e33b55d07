// One claimed autopay occurrence (a recurring_payments row in PROCESSING, held by this runner), paid at most once
// (issue 10 "The job that pays"; spec 2 §3–§5, §9). The rules are here, shared by the batch path (pay-batch.ts: a whole
// claimed batch in a few statements) and the one-row path below (payOccurrence: a reclaimed row, a row given back, the
// rare cases the batch leaves to it, and the fallback when a batch statement fails):
//   - a disabled schedule: CANCELLED (nothing to tell); a date not yet due (a reclaimed row): given back as PENDING;
//   - more than 3 days late (dueOccurrenceAction SKIP_MISSED): SKIPPED MISSED, never charged, the tenant told;
//   - a method that is gone, blocked or no longer accepted, or a lease no longer ACTIVE: SKIPPED METHOD_BLOCKED /
//     LEASE_NOT_PAYABLE, the tenant told;
//   - PAY / PAY_LATE: the amount is the schedule's custom amount, else (manageBalance NO) its charges, else the balance
//     then due (open charges due by the scheduled date); nothing owed → SKIPPED NOTHING_DUE; under the one-time minimum
//     (10.00) → SKIPPED BELOW_MINIMUM (decision: the one-time payment rule applies to autopay too, and the tenant is
//     told rather than charged an amount the processor's minimum refuses); other amount rules of the company (partial,
//     overpayment) → SKIPPED AMOUNT_NOT_ALLOWED. Otherwise the fee from the method's fee profile (a pre-authorised debit
//     on the 1st: the free PAD profile) and the ledger transaction through the one-time payment's code (postPayment →
//     chargeOnce → settlePayment) with idempotency key autopay:<scheduleId>:<period>, recurringScheduleId and the job's
//     clock as its date. The INPROCESS transaction and the row's transactionId are written in ONE database
//     transaction, and the processor is charged (the transaction id as its idempotency key) only after that commit:
//     after a crash the payment recovery settles the transaction and the next runner to reclaim the row copies its
//     outcome.
//   - COMPLETE (card) or PENDING (bank debit, settled later) → row COMPLETE; declined / insufficient funds → transaction
//     FAILED, row FAILED (DECLINED / INSUFFICIENT_FUNDS), schedule kept, the tenant told; next month tries again.
// Then the upcoming payment moves on (finish-occurrences.ts).

import { AUTOPAY_METHOD_TYPES, isPadPricedAutopay } from '@portal/domain/autopay';
import { dueOccurrenceAction } from '@portal/domain/business-days';
import { calculateFee } from '@portal/domain/fees';
import { MIN_PAYMENT_CENTS } from '@portal/domain/payment-amounts';
import { chargeRefusalOfRecord } from '@portal/domain/processor-refusals';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Executor, rawOf } from '../../db/client.ts';
import {
  companies,
  paymentMethods,
  paymentTransactions,
  properties,
  propertyLeases,
  recurringPayments,
  recurringSchedules,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChargeStatus } from '../../providers/processor/processor.ts';
import { findCompanyFeeProfiles } from '../fees/find-fee-profiles.ts';
import { type MethodFeeProfile, priceMethod } from '../fees/method-fee-profile.ts';
import type { NotificationParams } from '../notifications/notify.ts';
import { receiptParamsOf } from '../notifications/receipt-params.ts';
import { type ChargeOutcome, chargeOnce, settlePayment } from '../payments/charge.ts';
import {
  balancesOf,
  type LockedCharge,
  lockOpenCharges,
  type NewPayment,
  paymentOn,
  postPayment,
  type TransactionRow,
} from '../payments/ledger.ts';
import { LEASE_FIELDS, type PaymentLease, toPaymentLease } from '../payments/payment-context.ts';
import { requireUsableMethodType, requireValidAmount } from '../payments/payment-rules.ts';
import { cancelNotCharged, outcomeOfCharge, redriveTransaction } from '../payments/redrive.ts';
import { type Ending, type FinishOptions, finishOccurrences } from './finish-occurrences.ts';
import { type RecurringPaymentRow, type ScheduleRow, scheduleDay } from './upcoming.ts';

export type SkipReason =
  | 'MISSED'
  | 'METHOD_BLOCKED'
  | 'NOTHING_DUE'
  | 'BELOW_MINIMUM'
  | 'AMOUNT_NOT_ALLOWED'
  | 'LEASE_NOT_PAYABLE'
  | 'SCHEDULE_DISABLED';

export type OccurrenceOutcome = (
  | { rowId: string; kind: 'paid' | 'paidLate'; transactionId: string }
  | { rowId: string; kind: 'failed'; transactionId: string; reason: 'DECLINED' | 'INSUFFICIENT_FUNDS' }
  | { rowId: string; kind: 'skipped'; reason: SkipReason }
  /** Not due yet (given back), or no longer held by this runner. */
  | { rowId: string; kind: 'released' }
  /** Left PROCESSING (an unexpected error); the recovery and a later reclaim finish it. */
  | { rowId: string; kind: 'error'; error: string }
) & {
  /** Later periods already more than 3 days late, recorded SKIPPED MISSED when the upcoming payment moved on. */
  alsoMissed?: string[];
};

export interface OccurrenceMethod {
  id: string;
  type: string;
  processorToken: string | null;
  brand: string | null;
  last4: string | null;
  expireIn: string | null;
  country: string | null;
  cardType: string | null;
  walletType: string | null;
}

/** What paying an occurrence reads about its schedule, lease, company, property and method (loaded per batch). */
export interface OccurrenceContext {
  schedule: ScheduleRow;
  lease: PaymentLease & { manageBalance: 'YES' | 'NO'; propertyName: string };
  method: OccurrenceMethod | null;
  /** The fee profile that prices the method (spec 1 §3), null when there is no method. */
  pricing: Pick<MethodFeeProfile, 'feeProfile' | 'international'> | null;
}

/**
 * The contexts of the schedules of a batch of claimed rows, by schedule id: ONE statement, plus one per company of the
 * batch for its fee profiles (the candidates are the company's, so the method's profile is chosen without a query).
 */
export async function loadOccurrenceContexts(
  db: Executor,
  scheduleIds: readonly string[],
): Promise<Map<string, OccurrenceContext>> {
  const out = new Map<string, OccurrenceContext>();
  if (scheduleIds.length === 0) return out;
  const rows = await db
    .select({
      schedule: recurringSchedules,
      ...LEASE_FIELDS,
      manageBalance: companies.manageBalance,
      propertyName: properties.propertyName,
      methodId: paymentMethods.id,
      methodType: paymentMethods.type,
      processorToken: paymentMethods.processorToken,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expireIn: paymentMethods.expireIn,
      methodCountry: paymentMethods.country,
      cardType: paymentMethods.cardType,
      walletType: paymentMethods.walletType,
    })
    .from(recurringSchedules)
    .innerJoin(propertyLeases, eq(propertyLeases.id, recurringSchedules.billingAccountId))
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .leftJoin(
      paymentMethods,
      and(
        eq(paymentMethods.id, recurringSchedules.paymentMethodId),
        eq(paymentMethods.userId, recurringSchedules.userId),
        isNull(paymentMethods.deletedAt),
      ),
    )
    .where(inArray(recurringSchedules.id, [...scheduleIds]));
  const candidates = new Map<string, Awaited<ReturnType<typeof findCompanyFeeProfiles>>>();
  for (const r of rows) {
    if (r.methodId && !candidates.has(r.companyId)) {
      candidates.set(r.companyId, await findCompanyFeeProfiles(db, { id: r.companyId, country: r.companyCountry }));
    }
  }
  for (const r of rows) {
    const method: OccurrenceMethod | null = r.methodId
      ? {
          id: r.methodId,
          type: r.methodType as string,
          processorToken: r.processorToken,
          brand: r.brand,
          last4: r.last4,
          expireIn: r.expireIn,
          country: r.methodCountry,
          cardType: r.cardType,
          walletType: r.walletType,
        }
      : null;
    // A pending application does not stop a schedule the tenant already authorised
    const lease = toPaymentLease({ ...r, hasPendingApplication: false });
    // spec 1 §9: pre-authorised debit autopay on the 1st is free (the PAD fee profile)
    const pad = isPadPricedAutopay(r.schedule.padSchedule, scheduleDay(r.schedule));
    out.set(r.schedule.id, {
      schedule: r.schedule,
      lease: {
        ...lease,
        // spec 2 §5: the soft maximum is a confirmation the tenant gave when saving the schedule
        company: { ...lease.company, softMaximumPaymentAmountCents: null },
        manageBalance: r.manageBalance,
        propertyName: r.propertyName,
      },
      method,
      pricing: method
        ? priceMethod(candidates.get(r.companyId) ?? [], { ...method, cardBrand: method.brand }, r.companyCountry, pad)
        : null,
    });
  }
  return out;
}

export interface PayOptions extends FinishOptions {}

/** What is done with a claimed row, decided before any write. */
export type OccurrencePlan =
  /** It has a transaction (a reclaimed row): the outcome is copied from it. */
  | { kind: 'sync' }
  /** Not due yet (a reclaimed row): given back as PENDING. */
  | { kind: 'release' }
  | { kind: 'end'; ending: Ending; outcome: { kind: 'skipped'; reason: SkipReason } }
  | {
      kind: 'pay';
      late: boolean;
      method: OccurrenceMethod & { processorToken: string };
      pricing: Pick<MethodFeeProfile, 'feeProfile' | 'international'>;
    };

const skipped = (reason: SkipReason, extra: NotificationParams = {}): OccurrencePlan => ({
  kind: 'end',
  ending: { status: 'SKIPPED', outcomeCode: reason, tell: { reason, ...extra } },
  outcome: { kind: 'skipped', reason },
});

/** The plan for a claimed row as of `today` / `now` (no I/O). */
export function planOccurrence(
  row: RecurringPaymentRow,
  occ: OccurrenceContext,
  opts: { today: string; now: Date },
): OccurrencePlan {
  const { schedule, lease, method } = occ;
  if (row.transactionId) return { kind: 'sync' };
  if (!schedule.active) {
    return {
      kind: 'end',
      ending: { status: 'CANCELLED', outcomeCode: 'SCHEDULE_DISABLED' },
      outcome: { kind: 'skipped', reason: 'SCHEDULE_DISABLED' },
    };
  }
  const action = dueOccurrenceAction(row.scheduledDate, opts.today);
  if (action === 'NOT_DUE') return { kind: 'release' };
  if (action === 'SKIP_MISSED') return skipped('MISSED');
  if (lease.status !== 'ACTIVE') return skipped('LEASE_NOT_PAYABLE');
  if (!method?.processorToken || !AUTOPAY_METHOD_TYPES.has(method.type) || !occ.pricing) return skipped('METHOD_BLOCKED');
  try {
    // spec 1 §5 / §8 and spec 2 §5: the type accepted by the property or company and not blocked on the lease
    requireUsableMethodType(lease, lease.acceptedTypes, method.type);
  } catch (err) {
    if (err instanceof AppError) return skipped('METHOD_BLOCKED');
    throw err;
  }
  return {
    kind: 'pay',
    late: action === 'PAY_LATE',
    method: { ...method, processorToken: method.processorToken },
    pricing: occ.pricing,
  };
}

/** The payment of a planned occurrence, priced against the lease's locked open charges; or why it is skipped. */
export type PaymentDraft =
  | { kind: 'skip'; plan: OccurrencePlan & { kind: 'end' } }
  | { kind: 'post'; amountCents: number; chargeCents: number; payment: NewPayment };

export function draftPayment(
  row: RecurringPaymentRow,
  occ: OccurrenceContext,
  plan: OccurrencePlan & { kind: 'pay' },
  charges: readonly LockedCharge[],
  opts: { today: string; now: Date },
): PaymentDraft {
  const { schedule, lease } = occ;
  const amountCents = occurrenceAmountCents(occ, charges, row.scheduledDate);
  const skip = (reason: SkipReason): PaymentDraft => ({
    kind: 'skip',
    plan: skipped(reason, { amountCents, currency: lease.currency }) as OccurrencePlan & { kind: 'end' },
  });
  if (amountCents <= 0) return skip('NOTHING_DUE');
  if (amountCents < MIN_PAYMENT_CENTS) return skip('BELOW_MINIMUM');
  if (lease.manageBalance !== 'NO') {
    try {
      requireValidAmount(amountCents, {
        openCharges: balancesOf(charges),
        today: opts.today,
        lease,
        display: { currency: lease.currency, locale: 'en' },
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return skip('AMOUNT_NOT_ALLOWED');
    }
  }
  const quote = calculateFee(amountCents, plan.pricing.feeProfile, { international: plan.pricing.international });
  const byCharges = lease.manageBalance === 'NO' && schedule.customAmount <= 0 && quote.feeType !== 'SUBTRACT';
  return {
    kind: 'post',
    amountCents,
    chargeCents: quote.tenantTotalCents,
    payment: {
      ...paymentOn(lease, quote),
      status: 'INPROCESS',
      paymentMethodType: plan.method.type,
      paymentMethodId: plan.method.id,
      cardBrand: plan.method.brand,
      last4: plan.method.last4,
      idempotencyKey: autopayKey(schedule.id, row.period),
      recurringScheduleId: schedule.id,
      chargeCents: quote.tenantTotalCents,
      chargeMethodId: plan.method.id,
      // The job's clock, not the database's: `npm run jobs -- --now <instant>` records the instant it ran for.
      createDate: opts.now.toISOString(),
      allocate: byCharges
        ? { charges: schedule.charges.map((c) => ({ code: c.code, amountCents: c.amount })) }
        : { amountCents: quote.transactionAmountCents },
      openCharges: charges,
    },
  };
}

/** What the processor is asked to charge for a posted occurrence (its id is the idempotency key: chargeOnce). */
export function chargeOf(
  row: RecurringPaymentRow,
  occ: OccurrenceContext,
  plan: OccurrencePlan & { kind: 'pay' },
  pending: TransactionRow,
  chargeCents: number,
) {
  return {
    amountCents: chargeCents,
    currency: occ.lease.currency,
    token: plan.method.processorToken,
    description: `Autopay ${occ.schedule.id} ${row.period} lease ${occ.lease.id} ${pending.confirmationId}`,
  };
}

/** The row's ending and the job's outcome once its transaction settled; null while it is still INPROCESS. */
export function settledEnding(
  row: RecurringPaymentRow,
  settled: TransactionRow,
  late: boolean,
  chargeStatus?: ChargeStatus,
): { ending: Ending; outcome: OccurrenceOutcome } | null {
  // issue 25: the receipt's figures (fee, total by the receipt's rule, charge lines) for the notice and its e-mail
  const params: NotificationParams = receiptParamsOf(settled);
  if (settled.status === 'FAILED') {
    const reason = chargeStatus === 'INSUFFICIENT_FUNDS' ? chargeStatus : chargeRefusalOfRecord(settled.error);
    return {
      ending: { status: 'FAILED', outcomeCode: reason, tell: { reason, ...params } },
      outcome: { rowId: row.id, kind: 'failed', transactionId: settled.id, reason },
    };
  }
  if (settled.status === 'INPROCESS') return null;
  // Interrupted before anything was charged and too late to charge (finishInterrupted): missed, not declined.
  if (settled.status === 'CANCELLED')
    return {
      ending: { status: 'SKIPPED', outcomeCode: 'MISSED', tell: { reason: 'MISSED' } },
      outcome: { rowId: row.id, kind: 'skipped', reason: 'MISSED' },
    };
  return {
    ending: { status: 'COMPLETE', outcomeCode: settled.status, tell: params },
    outcome: { rowId: row.id, kind: late ? 'paidLate' : 'paid', transactionId: settled.id },
  };
}

/** The idempotency key of an occurrence's payment: one schedule, one period. */
export function autopayKey(scheduleId: string, period: string): string {
  return `autopay:${scheduleId}:${period}`;
}

/**
 * spec 2 §3 / §4: what an occurrence pays: the custom amount; else, when the company does not manage balances, the
 * schedule's charges; else the balance then due: open charges due by the scheduled date.
 */
export function occurrenceAmountCents(
  occ: Pick<OccurrenceContext, 'schedule' | 'lease'>,
  openCharges: readonly { dueDate: string; balanceCents: number }[],
  scheduledDate: string,
): number {
  if (occ.schedule.customAmount > 0) return occ.schedule.customAmount;
  if (occ.lease.manageBalance === 'NO') return occ.schedule.charges.reduce((s, c) => s + c.amount, 0);
  return openCharges.filter((c) => c.dueDate <= scheduledDate).reduce((s, c) => s + c.balanceCents, 0);
}

// ---- The one-row path ----

const STILL_MINE = `SELECT id FROM recurring_payments
WHERE id = $1 AND status = 'PROCESSING' AND claimed_by = $2 AND transaction_id IS NULL FOR UPDATE`;

/** Pays (or skips) one claimed occurrence. Never throws: an unexpected error leaves the row PROCESSING. */
export async function payOccurrence(
  ctx: AppContext,
  row: RecurringPaymentRow,
  occ: OccurrenceContext | undefined,
  opts: PayOptions,
): Promise<OccurrenceOutcome> {
  try {
    return await payOrSkip(ctx, row, occ, opts);
  } catch (err) {
    return { rowId: row.id, kind: 'error', error: err instanceof Error ? err.message : String(err) };
  }
}

/** Ends one row in its own database transaction (finish-occurrences.ts) and answers the outcome with alsoMissed. */
async function endOne(
  ctx: AppContext,
  row: RecurringPaymentRow,
  occ: OccurrenceContext,
  ending: Ending,
  outcome: OccurrenceOutcome,
  opts: PayOptions,
): Promise<OccurrenceOutcome> {
  const ended = await ctx.db.transaction((tx) => finishOccurrences(tx, [{ row, occ, ending }], opts));
  return { ...outcome, alsoMissed: ended.get(row.id) ?? [] };
}

async function payOrSkip(
  ctx: AppContext,
  row: RecurringPaymentRow,
  occ: OccurrenceContext | undefined,
  opts: PayOptions,
): Promise<OccurrenceOutcome> {
  if (!occ) throw new Error(`recurring schedule ${row.recurringScheduleId} not found`);
  const plan = planOccurrence(row, occ, opts);
  switch (plan.kind) {
    case 'sync':
      return syncFromTransaction(ctx, row, occ, opts);
    case 'release':
      await releaseRow(ctx.db, row.id, opts.runnerId);
      return { rowId: row.id, kind: 'released' };
    case 'end':
      return endOne(ctx, row, occ, plan.ending, { rowId: row.id, ...plan.outcome }, opts);
  }

  // Recorded and allocated with the row's transactionId, in one database transaction, the charges locked.
  const posted = await ctx.db.transaction(async (tx) => {
    const raw = rawOf(tx);
    if ((await raw(STILL_MINE, [row.id, opts.runnerId])).rows.length === 0) return { kind: 'lost' as const };
    const draft = draftPayment(row, occ, plan, await lockOpenCharges(tx, occ.lease.id), opts);
    if (draft.kind === 'skip') return draft;
    const pending = await postPayment(tx, draft.payment);
    await raw(`UPDATE recurring_payments SET transaction_id = $2, amount = $3, updated_at = $4 WHERE id = $1`, [
      row.id,
      pending.id,
      draft.amountCents,
      opts.now.toISOString(),
    ]);
    return { kind: 'posted' as const, pending, chargeCents: draft.chargeCents };
  });
  if (posted.kind === 'lost') return { rowId: row.id, kind: 'released' };
  if (posted.kind === 'skip') {
    return endOne(ctx, row, occ, posted.plan.ending, { rowId: row.id, ...posted.plan.outcome }, opts);
  }

  // Charged once (the transaction id is the processor's idempotency key), then settled.
  const outcome = await chargeOnce(ctx, posted.pending, chargeOf(row, occ, plan, posted.pending, posted.chargeCents));
  const settled = await settlePayment(ctx, posted.pending, outcome);
  return recordOutcome(ctx, row, occ, opts, settled, plan.late, outcome);
}

/** Gives a claimed row back (PENDING) while this runner still holds it. */
export async function releaseRow(db: Executor, rowId: string, runnerId: string): Promise<void> {
  await db
    .update(recurringPayments)
    .set({ status: 'PENDING', claimedAt: null, claimedBy: null })
    .where(and(eq(recurringPayments.id, rowId), eq(recurringPayments.claimedBy, runnerId)));
}

/** The row's end after its transaction settled (or was found settled). */
async function recordOutcome(
  ctx: AppContext,
  row: RecurringPaymentRow,
  occ: OccurrenceContext,
  opts: PayOptions,
  settled: TransactionRow,
  late: boolean,
  outcome?: ChargeOutcome,
): Promise<OccurrenceOutcome> {
  const end = settledEnding(row, settled, late, outcome?.status);
  // Not settled yet (the processor could not be reached): left PROCESSING for the recovery and a later reclaim.
  if (!end) return { rowId: row.id, kind: 'error', error: `transaction ${settled.id} still INPROCESS` };
  return endOne(ctx, row, occ, end.ending, end.outcome, opts);
}

/** A reclaimed row with a transaction: settle it if a crash left it INPROCESS (asking the processor), then copy it. */
async function syncFromTransaction(
  ctx: AppContext,
  row: RecurringPaymentRow,
  occ: OccurrenceContext,
  opts: PayOptions,
): Promise<OccurrenceOutcome> {
  const [found] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, row.transactionId as string))
    .limit(1);
  if (!found) throw new Error(`transaction ${row.transactionId} of recurring payment ${row.id} not found`);
  const settled = found.status === 'INPROCESS' ? await finishInterrupted(ctx, row, found, opts) : found;
  const late = dueOccurrenceAction(row.scheduledDate, todayOfIso(found.createDate)) !== 'PAY';
  return recordOutcome(ctx, row, occ, opts, settled, late);
}

const todayOfIso = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * An occurrence whose runner stopped after recording its payment (issue 20 §2: a crash before or after the charge).
 * While the occurrence may still be paid (its date, or up to 3 days late), the payment is re-driven: charged once under
 * its own id (the charge made before the crash, if any, is the one found). Later, only a charge already made counts;
 * one never made is cancelled as not charged and the occurrence ends as missed, never as a decline.
 */
async function finishInterrupted(
  ctx: AppContext,
  row: RecurringPaymentRow,
  pending: TransactionRow,
  opts: PayOptions,
): Promise<TransactionRow> {
  if (dueOccurrenceAction(row.scheduledDate, opts.today) !== 'SKIP_MISSED') return redriveTransaction(ctx, pending);
  const charge = await ctx.providers.processor.getCharge(pending.id, ctx.now());
  if (charge) return settlePayment(ctx, pending, outcomeOfCharge(charge));
  return (await cancelNotCharged(ctx, pending, opts.now.toISOString())) ?? pending;
}
