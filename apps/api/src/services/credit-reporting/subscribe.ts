// GET /credit_report/subscribe (spec 2 §5 "Credit reporting", §7, §8, §9; issue 22): the server's own check of every
// sign-up rule, then ONE live subscription per tenant and lease and its first year's fee charged once:
//   1. under the lease row's lock (SELECT … FOR UPDATE: every subscribe call of the lease waits its turn, whatever its
//      Idempotency-Key or server): an ACTIVE subscription is answered as it is (no charge); an UNSUBSCRIBED one not yet
//      expired is switched back on (autoRenew, ACTIVE, no charge); one being charged (PENDING, internal) is resumed;
//      otherwise a new subscription PENDING, its term 1 claimed and the fee recorded INPROCESS (term-charge.ts);
//   2. charged once (the transaction id is the processor's key) and settled;
//   3. accepted → ACTIVE (a SUSPENDED or lapsed subscription it replaces becomes EXPIRED in the same transaction);
//      refused → 402, the subscription DECLINED (internal, never answered): no live subscription is left behind.
// A crash between 1 and 3 leaves PENDING + INPROCESS: the next subscribe (any key) or the job's step finishes the same
// charge (term-charge.ts). The fee is the company's CREDIT_REPORT service fee; a fee of 0 needs no card and no charge.
import type { CreditReportSubscribeQuery, CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { CREDIT_REPORT_TERM_MONTHS, creditReportStartDate, validateCreditReportSignup } from '@portal/domain/credit-reporting';
import { addDays, addMonths } from '@portal/domain/dates';
import { MSG } from '@portal/domain/message-keys';
import { chargeRefusalOfRecord } from '@portal/domain/processor-refusals';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { creditReportSubscriptions, creditReportTerms, paymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { paymentRefusal } from '../payments/charge.ts';
import { type TransactionRow, toPaymentResult } from '../payments/ledger.ts';
import { todayOf } from '../payments/payment-context.ts';
import { isNotCharged, notChargedRefusal } from '../payments/redrive.ts';
import {
  type CreditLease,
  creditReportFeeCents,
  DECLINED,
  findCurrentSubscription,
  isOffered,
  LIVE_STATUSES,
  loadBirthDate,
  loadCreditLease,
  PENDING,
  RECORD_TYPE,
  type SubscriptionRow,
  toSubscriptionRecord,
} from './subscriptions.ts';
import { chargeTermTransaction, prepareTermCharge, type TermRow, type TermState } from './term-charge.ts';

type MethodRow = typeof paymentMethods.$inferSelect;

export interface SubscribeInput {
  customerId: string;
  actor: Actor;
  /** The admin acting while viewing as the tenant (recorded on the ledger row). */
  actedBy: string | null;
  query: CreditReportSubscribeQuery;
}

/** The last day of a year that starts on `start` (start + 12 months − 1 day). */
export function termEnd(start: string): string {
  return addDays(addMonths(start, CREDIT_REPORT_TERM_MONTHS), -1);
}

/** spec 2 §8: a required field the tenant must fix elsewhere (Account, or the manager): errorCode + the field named. */
function requiredField(field: 'birthDate' | 'startDate', message: string): AppError {
  return new AppError('RM_ERROR_REQUIRED_FIELD', message, {
    fieldErrors: [{ field, errorCode: 'RM_ERROR_REQUIRED_FIELD', message }],
  });
}

/** The tenant's own live method named by the query, its type checked; null when none is named. */
async function queryMethod(db: Executor, customerId: string, q: CreditReportSubscribeQuery): Promise<MethodRow | null> {
  if (!q.payMethodId) return null;
  const [m] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, q.payMethodId), eq(paymentMethods.userId, customerId)))
    .limit(1);
  if (!m || m.deletedAt) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.methodNotFound');
  if (q.payMethodType && q.payMethodType !== m.type)
    throw AppError.onField('payMethodType', 'server.payments.methodTypeMismatch');
  return m;
}

/**
 * spec 2 §5 (validateCreditReportSignup, packages/domain) as the server's answers: not offered → 422; a card required
 * when the fee is above 0 (a bank account → RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED); birth date and lease start →
 * RM_ERROR_REQUIRED_FIELD naming birthDate / startDate (spec 2 §8); less than a year left → 422.
 */
export function requireSignupAllowed(input: {
  lease: CreditLease;
  offered: boolean;
  feeCents: number;
  methodType: string | null;
  birthDate: string | null;
  today: string;
}): void {
  if (!input.offered) throw new AppError('RM_ERROR_SERVICE_NOT_OFFERED', 'server.creditReporting.notOffered');
  const rule = validateCreditReportSignup({
    feeCents: input.feeCents,
    paymentMethod: input.methodType ? { type: input.methodType } : null,
    birthDate: input.birthDate,
    leaseStartDate: input.lease.startDate,
    leaseEndDate: input.lease.endDate,
    today: input.today,
  });
  if (rule.ok) return;
  switch (rule.key) {
    case MSG.bankNotSupported:
      throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.bankNotSupported');
    case MSG.paymentMethodSelectValid:
      if (input.methodType) throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.cardRequired');
      throw AppError.onField('payMethodId', 'server.creditReporting.cardRequired');
    case MSG.birthDateMissing:
      throw requiredField('birthDate', 'server.creditReporting.birthDateMissing');
    case MSG.leaseStartMissing:
      throw requiredField('startDate', 'server.creditReporting.startDateMissing');
    default:
      throw new AppError('RM_ERROR_SERVICE_NOT_OFFERED', 'server.creditReporting.leaseTooShort', {
        fieldErrors: [
          { field: 'endDate', errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED', message: 'server.creditReporting.leaseTooShort' },
        ],
      });
  }
}

/** Whether the method is a card the tenant still has (not removed). */
async function isLiveCard(db: Executor, id: string | null): Promise<boolean> {
  if (!id) return false;
  const [m] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  return !!m && !m.deletedAt && m.type === 'TYPE_CREDIT_CARD' && !!m.processorToken;
}

/** The method must be a card the processor can charge (the rule above checked its type). */
function requireChargeable(method: MethodRow | null): MethodRow {
  if (!method) throw AppError.onField('payMethodId', 'server.creditReporting.cardRequired');
  if (method.type !== 'TYPE_CREDIT_CARD' || !method.processorToken)
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.cardRequired');
  return method;
}

type Phase = { kind: 'done'; row: SubscriptionRow } | { kind: 'charge'; sub: SubscriptionRow; term: TermRow; state: TermState };

/** UNSUBSCRIBED and not yet past its expiry: switched back on (spec 2 §4 resubscribe), no charge. */
async function reactivate(
  tx: Executor,
  sub: SubscriptionRow,
  input: { actor: Actor; method: MethodRow | null; now: Date },
): Promise<SubscriptionRow> {
  const set = {
    status: 'ACTIVE',
    autoRenew: true,
    statusReason: null,
    updatedAt: input.now.toISOString(),
    ...(input.method ? { paymentMethodId: input.method.id, paymentMethodType: input.method.type } : {}),
  };
  const [after] = await tx
    .update(creditReportSubscriptions)
    .set(set)
    .where(and(eq(creditReportSubscriptions.id, sub.id), eq(creditReportSubscriptions.status, 'UNSUBSCRIBED')))
    .returning();
  if (!after) return sub;
  await recordAudit(tx, {
    recordType: RECORD_TYPE,
    recordId: sub.id,
    action: 'UPDATE',
    changes: {
      status: { from: sub.status, to: 'ACTIVE' },
      autoRenew: { from: sub.autoRenew, to: true },
      ...(input.method && input.method.id !== sub.paymentMethodId
        ? { paymentMethodId: { from: sub.paymentMethodId, to: input.method.id } }
        : {}),
    },
    actor: input.actor,
  });
  return after;
}

const reactivatable = (sub: SubscriptionRow | null, today: string): sub is SubscriptionRow =>
  sub?.status === 'UNSUBSCRIBED' && (sub.expiryDate ?? '') >= today;

export async function subscribeCreditReport(ctx: AppContext, input: SubscribeInput): Promise<CreditReportSubscription> {
  const { customerId, query } = input;
  const today = todayOf(ctx.now());
  const lease = await loadCreditLease(ctx.db, customerId, query.accountId);
  const current = await findCurrentSubscription(ctx.db, customerId, lease.id);
  if (current?.status === 'ACTIVE') return toSubscriptionRecord(ctx.db, current);
  if (current?.status === PENDING) return resumePending(ctx, current, { actor: input.actor });
  const method = await queryMethod(ctx.db, customerId, query);
  const feeCents = await creditReportFeeCents(ctx.db, lease);
  if (reactivatable(current, today)) {
    // A new method for the next renewal is held to the same card rule.
    if (method && feeCents > 0) {
      if (method.type === 'TYPE_BANK_ACCOUNT')
        throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.bankNotSupported');
      requireChargeable(method);
    }
    // The card kept for the renewal may have been removed while unsubscribed (it was no longer in use): ask for one.
    if (!method && feeCents > 0 && !(await isLiveCard(ctx.db, current.paymentMethodId)))
      throw AppError.onField('payMethodId', 'server.creditReporting.cardRequired');
    const row = await ctx.db.transaction(async (tx) => {
      await loadCreditLease(tx, customerId, lease.id, { forUpdate: true });
      return reactivate(tx, current, { actor: input.actor, method, now: ctx.now() });
    });
    return toSubscriptionRecord(ctx.db, row);
  }

  requireSignupAllowed({
    lease,
    offered: isOffered(lease),
    feeCents,
    methodType: method?.type ?? query.payMethodType ?? null,
    birthDate: await loadBirthDate(ctx.db, customerId),
    today,
  });
  const card = feeCents > 0 ? requireChargeable(method) : method;
  const start = creditReportStartDate(lease.startDate as string, today);
  const expiry = termEnd(start.startDate);

  // 1. Under the lease's lock: the subscription and its first term claimed, the fee recorded INPROCESS.
  const phase: Phase = await ctx.db.transaction(async (tx) => {
    await loadCreditLease(tx, customerId, lease.id, { forUpdate: true });
    const cur = await findCurrentSubscription(tx, customerId, lease.id);
    if (cur?.status === 'ACTIVE') return { kind: 'done', row: cur };
    if (cur?.status === PENDING) return { kind: 'done', row: cur };
    if (reactivatable(cur, today))
      return { kind: 'done', row: await reactivate(tx, cur, { actor: input.actor, method: card, now: ctx.now() }) };
    const nowIso = ctx.now().toISOString();
    const [sub] = await tx
      .insert(creditReportSubscriptions)
      .values({
        userId: customerId,
        billingAccountId: lease.id,
        status: PENDING,
        subscriptionDate: today,
        startDate: start.startDate,
        expiryDate: expiry,
        feeAmount: feeCents,
        autoRenew: true,
        paymentMethodType: card?.type ?? null,
        paymentMethodId: card?.id ?? null,
        createDate: nowIso,
        updatedAt: nowIso,
      })
      .returning();
    const [term] = await tx
      .insert(creditReportTerms)
      .values({
        subscriptionId: sub.id,
        termNumber: 1,
        startsOn: start.startDate,
        endsOn: expiry,
        feeCents,
        claimedAt: nowIso,
        updatedAt: nowIso,
      })
      .returning();
    await recordAudit(tx, {
      recordType: RECORD_TYPE,
      recordId: sub.id,
      action: 'CREATE',
      changes: {
        billingAccountId: lease.id,
        status: PENDING,
        startDate: start.startDate,
        expiryDate: expiry,
        feeAmount: feeCents,
        paymentMethodId: card?.id ?? null,
      },
      actor: input.actor,
    });
    const state = await prepareTermCharge(tx, {
      sub,
      term,
      method: card,
      propertyId: lease.propertyId,
      companyId: lease.companyId,
      currency: lease.currency,
      actedBy: input.actedBy,
    });
    return { kind: 'charge', sub, term, state };
  });
  if (phase.kind === 'done') {
    if (phase.row.status === PENDING) return resumePending(ctx, phase.row, { actor: input.actor });
    return toSubscriptionRecord(ctx.db, phase.row);
  }
  return completeCharge(ctx, phase.sub, phase.term, phase.state, input.actor);
}

/** Charges (or finds the charge of) a prepared term and finishes the subscription. */
async function completeCharge(
  ctx: AppContext,
  sub: SubscriptionRow,
  term: TermRow,
  state: TermState,
  actor: Actor,
): Promise<CreditReportSubscription> {
  let settled: TransactionRow | null;
  if (state.kind === 'charge') settled = await chargeTermTransaction(ctx, state);
  else settled = state.transaction;
  if (settled?.status === 'INPROCESS') throw new AppError('RM_ERROR_IDEMPOTENCY_CONFLICT', 'server.creditReporting.inProgress');
  if (settled && isNotCharged(settled)) throw notChargedRefusal();
  if (settled?.status === 'FAILED' || state.kind === 'refused') {
    const failed = settled as TransactionRow;
    await ctx.db.transaction(async (tx) => {
      const [after] = await tx
        .update(creditReportSubscriptions)
        .set({ status: DECLINED, statusReason: failed.error ?? 'DECLINED', updatedAt: ctx.now().toISOString() })
        .where(and(eq(creditReportSubscriptions.id, sub.id), eq(creditReportSubscriptions.status, PENDING)))
        .returning();
      await tx
        .update(creditReportTerms)
        .set({ status: 'REFUSED', transactionId: failed.id, updatedAt: ctx.now().toISOString() })
        .where(eq(creditReportTerms.id, term.id));
      if (after)
        await recordAudit(tx, {
          recordType: RECORD_TYPE,
          recordId: sub.id,
          action: 'UPDATE',
          changes: { status: { from: PENDING, to: DECLINED }, transactionId: failed.id },
          actor,
        });
    });
    throw paymentRefusal(chargeRefusalOfRecord(failed.error) === 'INSUFFICIENT_FUNDS', toPaymentResult(failed));
  }
  const row = await ctx.db.transaction((tx) => activate(tx, { sub, term, paid: settled, actor, now: ctx.now() }));
  return toSubscriptionRecord(ctx.db, row);
}

/**
 * The first year paid: the subscription ACTIVE, its term PAID; the live subscription it replaces (SUSPENDED, or
 * UNSUBSCRIBED past its expiry) EXPIRED first (one live per tenant and lease). Once: a concurrent finisher answers it.
 */
async function activate(
  tx: Executor,
  input: { sub: SubscriptionRow; term: TermRow; paid: TransactionRow | null; actor: Actor; now: Date },
): Promise<SubscriptionRow> {
  const nowIso = input.now.toISOString();
  const [locked] = await tx
    .select()
    .from(creditReportSubscriptions)
    .where(eq(creditReportSubscriptions.id, input.sub.id))
    .for('update');
  if (!locked || locked.status !== PENDING) return locked ?? input.sub;
  const replaced = await tx
    .update(creditReportSubscriptions)
    .set({ status: 'EXPIRED', endedAt: nowIso, updatedAt: nowIso })
    .where(
      and(
        eq(creditReportSubscriptions.userId, locked.userId),
        eq(creditReportSubscriptions.billingAccountId, locked.billingAccountId),
        inArray(creditReportSubscriptions.status, [...LIVE_STATUSES]),
        ne(creditReportSubscriptions.id, locked.id),
      ),
    )
    .returning({ id: creditReportSubscriptions.id, status: creditReportSubscriptions.status });
  for (const r of replaced)
    await recordAudit(tx, {
      recordType: RECORD_TYPE,
      recordId: r.id,
      action: 'UPDATE',
      changes: { status: { from: 'LIVE', to: 'EXPIRED' }, replacedBy: locked.id },
      actor: input.actor,
    });
  const [after] = await tx
    .update(creditReportSubscriptions)
    .set({ status: 'ACTIVE', statusReason: null, updatedAt: nowIso })
    .where(eq(creditReportSubscriptions.id, locked.id))
    .returning();
  await tx
    .update(creditReportTerms)
    .set({ status: 'PAID', transactionId: input.paid?.id ?? null, updatedAt: nowIso })
    .where(eq(creditReportTerms.id, input.term.id));
  await recordAudit(tx, {
    recordType: RECORD_TYPE,
    recordId: locked.id,
    action: 'UPDATE',
    changes: { status: { from: PENDING, to: 'ACTIVE' }, transactionId: input.paid?.id ?? null },
    actor: input.actor,
  });
  return after;
}

/**
 * A subscription whose first year is being charged (a concurrent call, or a request that died after recording it):
 * its term 1 charge finished (the same transaction re-driven, or a new attempt when the recovery cancelled it as not
 * charged), then activated or declined. Used by the subscribe call and the job (actor = system).
 */
export async function resumePending(
  ctx: AppContext,
  sub: SubscriptionRow,
  opts: { actor: Actor },
): Promise<CreditReportSubscription> {
  const phase = await ctx.db.transaction(async (tx) => {
    const lease = await loadCreditLease(tx, sub.userId, sub.billingAccountId, { forUpdate: true });
    const [locked] = await tx.select().from(creditReportSubscriptions).where(eq(creditReportSubscriptions.id, sub.id));
    const [term] = await tx
      .select()
      .from(creditReportTerms)
      .where(and(eq(creditReportTerms.subscriptionId, sub.id), eq(creditReportTerms.termNumber, 1)));
    if (!locked || locked.status !== PENDING || !term) return { kind: 'done' as const, row: locked ?? sub };
    const [method] = locked.paymentMethodId
      ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, locked.paymentMethodId))
      : [];
    const state = await prepareTermCharge(tx, {
      sub: locked,
      term,
      method: method ?? null,
      propertyId: lease.propertyId,
      companyId: lease.companyId,
      currency: lease.currency,
    });
    return { kind: 'charge' as const, sub: locked, term, state };
  });
  if (phase.kind === 'done') {
    if (phase.row.status === DECLINED) {
      const refusal = new AppError('RM_ERROR_PAYMENT_DECLINED', 'server.creditReporting.declined');
      throw refusal;
    }
    return toSubscriptionRecord(ctx.db, phase.row);
  }
  return completeCharge(ctx, phase.sub, phase.term, phase.state, opts.actor);
}
