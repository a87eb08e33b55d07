// The other credit-reporting calls (spec 2 §4, §5, §7; issue 22): the sign-up modal's offer, unsubscribe (no renewal,
// reported until the expiry date, no refund), stop (ended now, never reported again, no refund), the card of the next
// renewal, and a payment method's display fields. Every change is audited; another tenant's records are 404.
import type {
  CreditReportOffer,
  CreditReportOfferReason,
  CreditReportSubscription,
  PaymentMethodDetail,
} from '@portal/domain/credit-report-shapes';
import { CREDIT_REPORT_TERM_MONTHS, creditReportStartDate, hasMinimumLeaseRemaining } from '@portal/domain/credit-reporting';
import { formatDdMmmYyyy } from '@portal/domain/dates';
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from '@portal/domain/entities';
import { fromCents } from '@portal/domain/money';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { creditReportSubscriptions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { Lang } from '../../lib/i18n.ts';
import { todayOf } from '../payments/payment-context.ts';
import { renewOne } from './renewals.ts';
import {
  creditReportFeeCents,
  findCurrentSubscription,
  isOffered,
  LIVE_STATUSES,
  loadBirthDate,
  loadCreditLease,
  loadOwnMethod,
  loadOwnSubscription,
  RECORD_TYPE,
  type SubscriptionRow,
  toSubscriptionRecord,
} from './subscriptions.ts';

/** GET /credit_report/offer?leaseId: what the sign-up modal shows (the first rule that refuses is the reason). */
export async function getCreditReportOffer(
  ctx: AppContext,
  input: { customerId: string; leaseId: string; lang: Lang },
): Promise<CreditReportOffer> {
  const today = todayOf(ctx.now());
  const lease = await loadCreditLease(ctx.db, input.customerId, input.leaseId);
  const feeCents = await creditReportFeeCents(ctx.db, lease);
  const live = await findCurrentSubscription(ctx.db, input.customerId, lease.id, LIVE_STATUSES);
  const start = creditReportStartDate(lease.startDate ?? today, today);
  let reason: CreditReportOfferReason | null = null;
  if (live?.status === 'ACTIVE') reason = 'ALREADY_SUBSCRIBED';
  else if (!isOffered(lease)) reason = 'NOT_OFFERED';
  else if (!(await loadBirthDate(ctx.db, input.customerId))) reason = 'BIRTH_DATE_MISSING';
  else if (!lease.startDate) reason = 'LEASE_START_MISSING';
  else if (!hasMinimumLeaseRemaining(lease.endDate, today)) reason = 'LEASE_TOO_SHORT';
  return {
    leaseId: lease.id,
    available: reason === null,
    reason,
    feeAmount: fromCents(feeCents),
    currency: lease.currency,
    startDate: start.startDate,
    startDateDisplay: formatDdMmmYyyy(start.startDate, input.lang),
    showStartNotice: start.showNotice,
    termMonths: CREDIT_REPORT_TERM_MONTHS,
    subscription: live ? await toSubscriptionRecord(ctx.db, live) : null,
  };
}

/** One audited status change of the caller's subscription, from the statuses allowed; others → 409. */
async function changeSubscription(
  ctx: AppContext,
  input: { customerId: string; id: string; actor: Actor },
  from: readonly string[],
  set: (row: SubscriptionRow, nowIso: string) => Partial<SubscriptionRow>,
  refusal: string,
): Promise<CreditReportSubscription> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await loadOwnSubscription(tx, input.customerId, input.id, { forUpdate: true });
    if (!from.includes(before.status)) throw new AppError('RM_ERROR_RECORD_LOCKED', refusal);
    const nowIso = ctx.now().toISOString();
    const changes = set(before, nowIso);
    const [after] = await tx
      .update(creditReportSubscriptions)
      .set({ ...changes, updatedAt: nowIso })
      .where(and(eq(creditReportSubscriptions.id, before.id), inArray(creditReportSubscriptions.status, [...from])))
      .returning();
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(changes))
      if ((before as Record<string, unknown>)[k] !== v) diff[k] = { from: (before as Record<string, unknown>)[k], to: v };
    await recordAudit(tx, { recordType: RECORD_TYPE, recordId: before.id, action: 'UPDATE', changes: diff, actor: input.actor });
    return after;
  });
  return toSubscriptionRecord(ctx.db, row);
}

/** GET /credit_report/{id}/unsubscribe: no renewal; still reported until expiryDate (then EXPIRED by the job). */
export function unsubscribeCreditReport(ctx: AppContext, input: { customerId: string; id: string; actor: Actor }) {
  return changeSubscription(
    ctx,
    input,
    ['ACTIVE', 'UNSUBSCRIBED'],
    () => ({ status: 'UNSUBSCRIBED', autoRenew: false }),
    'server.creditReporting.notActive',
  );
}

/** GET /credit_report/{id}/stop: ended now (TERMINATED, endedAt), never reported again, no refund. */
export function stopCreditReport(ctx: AppContext, input: { customerId: string; id: string; actor: Actor }) {
  return changeSubscription(
    ctx,
    input,
    LIVE_STATUSES,
    (_row, nowIso) => ({ status: 'TERMINATED', autoRenew: false, endedAt: nowIso, statusReason: 'STOPPED_BY_TENANT' }),
    'server.creditReporting.alreadyEnded',
  );
}

/** GET /credit_report/{id}/change_payment_type: the card of the next renewal (spec 2 §5: a card; a bank account → refused). */
export async function changeCreditReportPayment(
  ctx: AppContext,
  input: { customerId: string; id: string; actor: Actor; methodType: string; methodId: string },
): Promise<CreditReportSubscription> {
  const sub = await loadOwnSubscription(ctx.db, input.customerId, input.id);
  if (input.methodType === 'TYPE_BANK_ACCOUNT' && sub.feeAmount > 0)
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.bankNotSupported');
  if (input.methodType !== 'TYPE_CREDIT_CARD')
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.cardRequired');
  const method = await loadOwnMethod(ctx.db, input.customerId, input.methodType, input.methodId);
  if (!method.processorToken) throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.creditReporting.cardRequired');
  let resumed = false;
  const changed = await changeSubscription(
    ctx,
    input,
    LIVE_STATUSES,
    // A subscription suspended by a refused renewal comes back with the new card: its renewal is tried again at once
    // (below) rather than leaving the tenant to start a new year (issue 22 gap).
    (row) => {
      resumed = row.status === 'SUSPENDED';
      return resumed
        ? { paymentMethodId: method.id, paymentMethodType: method.type, status: 'ACTIVE', autoRenew: true, statusReason: null }
        : { paymentMethodId: method.id, paymentMethodType: method.type };
    },
    'server.creditReporting.alreadyEnded',
  );
  if (!resumed) return changed;
  const outcome = await renewOne(ctx, input.id, todayOf(ctx.now()), { resume: true });
  const after = await toSubscriptionRecord(ctx.db, await loadOwnSubscription(ctx.db, input.customerId, input.id));
  if (outcome === 'suspended') throw new AppError('RM_ERROR_PAYMENT_DECLINED', 'server.creditReporting.declined');
  return after;
}

/** spec 2 §7 "the payment-method detail lookup by type and id": display fields only, own live methods only. */
export async function getPaymentMethodDetail(
  ctx: AppContext,
  input: { customerId: string; type: string; id: string },
): Promise<PaymentMethodDetail> {
  const m = await loadOwnMethod(ctx.db, input.customerId, input.type, input.id);
  const expiry =
    m.expiryMonth && m.expiryYear ? `${String(m.expiryMonth).padStart(2, '0')}/${String(m.expiryYear).slice(-2)}` : null;
  return {
    id: m.id,
    type: (PAYMENT_METHOD_TYPES as readonly string[]).includes(m.type) ? (m.type as PaymentMethodType) : 'TYPE_CREDIT_CARD',
    brand: m.brand,
    last4: m.last4,
    expiry,
    holderName: m.nameOnCard ?? m.accountHolder ?? null,
    nickname: m.bankName ?? m.walletType ?? null,
  };
}
