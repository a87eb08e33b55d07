// The job's credit-reporting step (issue 22 "Money"; spec 2 §4 yearly subscription): as of the run's instant,
//   - UNSUBSCRIBED subscriptions past their expiry date → EXPIRED (reported until then, never after);
//   - first-year charges left PENDING by a request that died (older than a minute) are finished (subscribe.ts);
//   - ACTIVE subscriptions with autoRenew whose expiryDate < today: term N+1 claimed (unique (subscription, term)), its
//     fee charged once under the term's key (term-charge.ts); accepted → the new expiry date; refused → SUSPENDED with
//     its reason and a notice to the tenant (the notifications outbox, once per term); a lease that ended (TERMINATED,
//     or its end date within the year that ended) is not renewed: EXPIRED, statusReason LEASE_ENDED, nothing charged.
// Safe twice for one instant and from two runners at once: each subscription is taken FOR UPDATE SKIP LOCKED, the term
// claim is unique, a term already claimed is finished (its INPROCESS transaction re-driven: the processor answers the
// first charge), and every status change is conditional. A crash after the charge is settled by the next run.
import { addDays } from '@portal/domain/dates';
import { chargeRefusalOfRecord } from '@portal/domain/processor-refusals';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { creditReportSubscriptions, creditReportTerms, paymentMethods, properties, propertyLeases } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { insertNotification } from '../notifications/notify.ts';
import { receiptParamsOf } from '../notifications/receipt-params.ts';
import type { TransactionRow } from '../payments/ledger.ts';
import { todayOf } from '../payments/payment-context.ts';
import { isNotCharged } from '../payments/redrive.ts';
import { resumePending, termEnd } from './subscribe.ts';
import { creditReportFeeCents, loadCreditLease, PENDING, RECORD_TYPE, type SubscriptionRow } from './subscriptions.ts';
import { chargeTermTransaction, prepareTermCharge, type TermRow, type TermState } from './term-charge.ts';

export const JOB_ACTOR: Actor = { id: null, type: 'SYSTEM' };
/** A first-year charge this old with no answer is a request that died (a live one finishes in seconds). */
const PENDING_AGE_MS = 60_000;

export interface CreditReportJobReport {
  renewed: string[];
  suspended: string[];
  expired: string[];
  resumed: string[];
}

export async function runCreditReportRenewals(ctx: AppContext): Promise<CreditReportJobReport> {
  const report: CreditReportJobReport = { renewed: [], suspended: [], expired: [], resumed: [] };
  const today = todayOf(ctx.now());
  const nowIso = ctx.now().toISOString();

  // UNSUBSCRIBED past expiry → EXPIRED (one conditional statement: a second runner changes nothing).
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(creditReportSubscriptions)
      .set({ status: 'EXPIRED', endedAt: nowIso, updatedAt: nowIso })
      .where(and(eq(creditReportSubscriptions.status, 'UNSUBSCRIBED'), lt(creditReportSubscriptions.expiryDate, today)))
      .returning({ id: creditReportSubscriptions.id });
    for (const r of rows)
      await recordAudit(tx, {
        recordType: RECORD_TYPE,
        recordId: r.id,
        action: 'UPDATE',
        changes: { status: { from: 'UNSUBSCRIBED', to: 'EXPIRED' } },
        actor: JOB_ACTOR,
      });
    return rows;
  });
  report.expired.push(...expired.map((r) => r.id));

  const stale = new Date(ctx.now().getTime() - PENDING_AGE_MS).toISOString();
  const pending = await ctx.db
    .select()
    .from(creditReportSubscriptions)
    .where(and(eq(creditReportSubscriptions.status, PENDING), lt(creditReportSubscriptions.updatedAt, stale)));
  for (const sub of pending) {
    try {
      await resumePending(ctx, sub, { actor: JOB_ACTOR });
      report.resumed.push(sub.id);
    } catch {
      // A refusal (DECLINED) or a processor still unreachable: decided, or tried again next run.
    }
  }

  const due = await ctx.db
    .select({ id: creditReportSubscriptions.id })
    .from(creditReportSubscriptions)
    .where(dueWhere(today))
    .orderBy(creditReportSubscriptions.expiryDate, creditReportSubscriptions.id);
  // One subscription's failure (the processor or the database unreachable) leaves it for the next run, not the others.
  let firstError: unknown = null;
  for (const { id } of due) {
    try {
      const outcome = await renewOne(ctx, id, today);
      if (outcome === 'renewed') report.renewed.push(id);
      else if (outcome === 'suspended') report.suspended.push(id);
      else if (outcome === 'expired') report.expired.push(id);
    } catch (err) {
      firstError ??= err;
    }
  }
  if (firstError) throw firstError;
  return report;
}

const dueWhere = (today: string) =>
  and(
    eq(creditReportSubscriptions.status, 'ACTIVE'),
    eq(creditReportSubscriptions.autoRenew, true),
    lt(creditReportSubscriptions.expiryDate, today),
  );

type Claimed = { sub: SubscriptionRow; term: TermRow; state: TermState } | 'expired' | null;

/**
 * One due subscription: its next term claimed, charged once, and the subscription renewed or suspended. `resume`: a
 * suspended subscription the tenant gave a new card (manage.ts): its new year starts today when the old one ended
 * earlier, so the tenant never pays for months that were not reported.
 */
export async function renewOne(
  ctx: AppContext,
  id: string,
  today: string,
  opts: { resume?: boolean } = {},
): Promise<'renewed' | 'suspended' | 'expired' | 'skipped'> {
  const nowIso = ctx.now().toISOString();
  const claimed: Claimed = await ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(creditReportSubscriptions)
      .where(and(eq(creditReportSubscriptions.id, id), dueWhere(today)))
      .for('update', { skipLocked: true });
    if (!sub?.expiryDate) return null;
    const [last] = await tx
      .select()
      .from(creditReportTerms)
      .where(eq(creditReportTerms.subscriptionId, sub.id))
      .orderBy(desc(creditReportTerms.termNumber))
      .limit(1);
    const lease = await loadCreditLease(tx, sub.userId, sub.billingAccountId);
    let term = last;
    // A tenant who left is not charged for another year: the lease ended (TERMINATED, or its end date within the year
    // that ended) → EXPIRED, reported until its expiry date as an unsubscribed one (a charge already under way is finished).
    if (
      term?.status !== 'CLAIMED' &&
      (lease.status === 'TERMINATED' || (lease.endDate != null && lease.endDate <= sub.expiryDate))
    ) {
      await tx
        .update(creditReportSubscriptions)
        .set({ status: 'EXPIRED', autoRenew: false, statusReason: 'LEASE_ENDED', endedAt: nowIso, updatedAt: nowIso })
        .where(eq(creditReportSubscriptions.id, sub.id));
      await recordAudit(tx, {
        recordType: RECORD_TYPE,
        recordId: sub.id,
        action: 'UPDATE',
        changes: { status: { from: 'ACTIVE', to: 'EXPIRED' }, statusReason: 'LEASE_ENDED' },
        actor: JOB_ACTOR,
      });
      return 'expired';
    }
    // The current year is over: claim the next (a term already claimed by an earlier run is finished instead).
    if (term?.status !== 'CLAIMED') {
      const next = addDays(sub.expiryDate, 1);
      const startsOn = opts.resume && next < today ? today : next;
      const feeCents = await creditReportFeeCents(tx, lease);
      await tx
        .insert(creditReportTerms)
        .values({
          subscriptionId: sub.id,
          termNumber: (last?.termNumber ?? 0) + 1,
          startsOn,
          endsOn: termEnd(startsOn),
          feeCents,
          claimedAt: nowIso,
          updatedAt: nowIso,
        })
        .onConflictDoNothing();
      [term] = await tx
        .select()
        .from(creditReportTerms)
        .where(and(eq(creditReportTerms.subscriptionId, sub.id), eq(creditReportTerms.termNumber, (last?.termNumber ?? 0) + 1)));
    }
    const [method] = sub.paymentMethodId
      ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, sub.paymentMethodId))
      : [];
    const state = await prepareTermCharge(tx, {
      sub,
      term,
      // A removed card is not charged (its refusal suspends the subscription).
      method: method && !method.deletedAt ? method : null,
      propertyId: lease.propertyId,
      companyId: lease.companyId,
      currency: lease.currency,
      createDate: nowIso,
    }).catch((err: unknown) => {
      if (err instanceof Error && err.message.includes('no payment method')) return null;
      throw err;
    });
    if (!state) {
      await suspend(tx, { sub, term, reason: 'NO_PAYMENT_METHOD', transaction: null, now: nowIso });
      return null;
    }
    return { sub, term, state };
  });
  if (!claimed) return 'skipped';
  if (claimed === 'expired') return 'expired';

  let settled: TransactionRow | null =
    claimed.state.kind === 'charge' ? await chargeTermTransaction(ctx, claimed.state) : claimed.state.transaction;
  if (settled && (settled.status === 'INPROCESS' || isNotCharged(settled))) return 'skipped'; // the next run finishes it
  const refused = settled?.status === 'FAILED';
  settled = settled ?? null;
  return ctx.db.transaction(async (tx) => {
    if (refused) {
      const reason = chargeRefusalOfRecord(settled?.error ?? null) === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
      const done = await suspend(tx, { sub: claimed.sub, term: claimed.term, reason, transaction: settled, now: nowIso });
      return done ? 'suspended' : 'skipped';
    }
    await tx
      .update(creditReportTerms)
      .set({ status: 'PAID', transactionId: settled?.id ?? null, updatedAt: nowIso })
      .where(eq(creditReportTerms.id, claimed.term.id));
    const [after] = await tx
      .update(creditReportSubscriptions)
      .set({ expiryDate: claimed.term.endsOn, feeAmount: claimed.term.feeCents, updatedAt: nowIso })
      .where(
        and(
          eq(creditReportSubscriptions.id, claimed.sub.id),
          eq(creditReportSubscriptions.status, 'ACTIVE'),
          lt(creditReportSubscriptions.expiryDate, claimed.term.startsOn),
        ),
      )
      .returning();
    if (!after) return 'skipped';
    await recordAudit(tx, {
      recordType: RECORD_TYPE,
      recordId: claimed.sub.id,
      action: 'RENEW',
      changes: {
        expiryDate: { from: claimed.sub.expiryDate, to: claimed.term.endsOn },
        termNumber: claimed.term.termNumber,
        transactionId: settled?.id ?? null,
      },
      actor: JOB_ACTOR,
    });
    return 'renewed';
  });
}

/** A refused renewal: the term REFUSED, the subscription SUSPENDED with its reason, the tenant told once. */
async function suspend(
  tx: Executor,
  input: { sub: SubscriptionRow; term: TermRow; reason: string; transaction: TransactionRow | null; now: string },
): Promise<boolean> {
  await tx
    .update(creditReportTerms)
    .set({ status: 'REFUSED', transactionId: input.transaction?.id ?? null, updatedAt: input.now })
    .where(eq(creditReportTerms.id, input.term.id));
  const [after] = await tx
    .update(creditReportSubscriptions)
    .set({ status: 'SUSPENDED', statusReason: input.reason, updatedAt: input.now })
    .where(and(eq(creditReportSubscriptions.id, input.sub.id), eq(creditReportSubscriptions.status, 'ACTIVE')))
    .returning();
  if (!after) return false;
  await recordAudit(tx, {
    recordType: RECORD_TYPE,
    recordId: input.sub.id,
    action: 'UPDATE',
    changes: {
      status: { from: 'ACTIVE', to: 'SUSPENDED' },
      statusReason: input.reason,
      transactionId: input.transaction?.id ?? null,
    },
    actor: JOB_ACTOR,
  });
  const [lease] = await tx
    .select({ propertyName: properties.propertyName })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(eq(propertyLeases.id, input.sub.billingAccountId));
  await insertNotification(tx, {
    userId: input.sub.userId,
    billingAccountId: input.sub.billingAccountId,
    kind: 'CREDIT_REPORT_RENEWAL_FAILED',
    params: {
      // issue 25: the refused charge's receipt figures (confirmation id, fee, total) when one was attempted
      ...(input.transaction ? receiptParamsOf(input.transaction) : {}),
      amountCents: input.term.feeCents,
      currency: input.transaction?.currency ?? 'CAD',
      date: input.term.startsOn,
      propertyName: lease?.propertyName ?? null,
      methodType: input.transaction?.paymentMethodType ?? input.sub.paymentMethodType,
      brand: input.transaction?.cardBrand ?? null,
      last4: input.transaction?.last4 ?? null,
      reason: input.reason,
    },
    dedupeKey: `credit-report-renewal:${input.term.id}`,
    createdAt: new Date(input.now),
  });
  return true;
}
