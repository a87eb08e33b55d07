// spec 1 §7 / §8: DELETE /{type}/{id}/delete_with_bluesnap_check. Refused (RM_ERROR_PAYMENT_METHOD_IN_USE) while an
// active recurring schedule or an active credit reporting subscription pays with the method, with the two messages the
// client tells apart; otherwise the method is soft-deleted (past transactions keep it) and its processor token removed.
// Issue 21: a split-pay plan (TYPE_INSTALLMENT_PAY) is removed the same way, unless it is being paid (its payment stands
// and instalments are still owed), and so is not the credit card funding such a plan (its later instalments need it).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { creditReportSubscriptions, paymentMethods, paymentTransactions, recurringSchedules } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { detailsOf } from '../payments/instalment-pay.ts';
import { STANDING_STATUSES } from '../payments/ledger.ts';
import { liveMethodsOf, methodAuditFields, type PaymentMethodRow } from './payment-method-record.ts';
import { assertMayChangeMethods, findTenantLeases } from './tenant-leases.ts';

/** The types that can be removed this way (the path names them without TYPE_). */
export const DELETABLE_TYPES = ['CREDIT_CARD', 'BANK_ACCOUNT', 'PAY_PAL', 'WALLET', 'INSTALLMENT_PAY'] as const;
export type DeletableType = (typeof DELETABLE_TYPES)[number];

// spec 1 §8: the client matches /recurring/ and /credit.?report/ in these (kept verbatim, in English)
export const IN_USE_BY_SCHEDULE = 'Payment method is used by an active recurring schedule';
export const IN_USE_BY_CREDIT_REPORTING = 'Payment method is used by a credit reporting subscription';

export async function deletePaymentMethod(
  ctx: AppContext,
  customerId: string,
  actor: Actor,
  pathType: DeletableType,
  id: string,
): Promise<{ id: string }> {
  assertMayChangeMethods(await findTenantLeases(ctx.db, customerId));
  const token = await ctx.db.transaction(async (tx) => {
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(liveMethodsOf(customerId, `TYPE_${pathType}`, eq(paymentMethods.id, id)))
      .for('update')
      .limit(1);
    if (!method) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.methodNotFound');
    const [schedule] = await tx
      .select({ id: recurringSchedules.id })
      .from(recurringSchedules)
      .where(and(eq(recurringSchedules.paymentMethodId, id), eq(recurringSchedules.active, true)))
      .limit(1);
    if (schedule) throw new AppError('RM_ERROR_PAYMENT_METHOD_IN_USE', IN_USE_BY_SCHEDULE);
    const [subscription] = await tx
      .select({ id: creditReportSubscriptions.id })
      .from(creditReportSubscriptions)
      // issue 22: ACTIVE renews on this card; PENDING is charging it now (UNSUBSCRIBED, SUSPENDED and ended ones never charge it)
      .where(
        and(eq(creditReportSubscriptions.paymentMethodId, id), sql`${creditReportSubscriptions.status} IN ('ACTIVE', 'PENDING')`),
      )
      .limit(1);
    if (subscription) throw new AppError('RM_ERROR_PAYMENT_METHOD_IN_USE', IN_USE_BY_CREDIT_REPORTING);
    if (method.type === 'TYPE_INSTALLMENT_PAY') await requirePlanNotBeingPaid(tx, method);
    else if (method.type === 'TYPE_CREDIT_CARD') await requireNotFundingPlanBeingPaid(tx, customerId, id);
    await tx.update(paymentMethods).set({ deletedAt: ctx.now().toISOString() }).where(eq(paymentMethods.id, id));
    await recordAudit(tx, {
      recordType: 'payment_method',
      recordId: id,
      action: 'DELETE',
      changes: methodAuditFields(method),
      actor,
    });
    return method.processorToken;
  });
  // The method is gone for the portal; a processor that cannot forget the token now only keeps an unusable token.
  if (token) await ctx.providers.processor.deleteToken(token).catch(() => undefined);
  return { id };
}

/** The instalments still owed on a plan whose payment stands (PENDING, or FAILED and charged again by the job). */
async function instalmentsOwed(tx: Executor, plan: PaymentMethodRow): Promise<number> {
  const details = detailsOf(plan);
  if (!details.transactionId) return 0; // initiated, never paid: unused
  const [payment] = await tx
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, details.transactionId))
    .limit(1);
  // A refused or timed-out first instalment leaves the plan unused (spec 1 §4: nothing more is collected)
  if (!payment || !(STANDING_STATUSES as readonly string[]).includes(payment.status)) return 0;
  return details.paymentDetails.filter((p) => p.status !== 'PAID').length;
}

// Issue 21 §1: a plan being paid cannot be removed; the tenant is told why (spec 1 §8: the server message is shown).
async function requirePlanNotBeingPaid(tx: Executor, plan: PaymentMethodRow): Promise<void> {
  const owed = await instalmentsOwed(tx, plan);
  if (owed > 0) throw new AppError('RM_ERROR_PAYMENT_METHOD_IN_USE', 'server.paymentMethods.planBeingPaid');
}

// The job charges later instalments to the plan's funding card: removing it would leave them unpaid.
async function requireNotFundingPlanBeingPaid(tx: Executor, customerId: string, cardId: string): Promise<void> {
  const plans = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        liveMethodsOf(customerId, 'TYPE_INSTALLMENT_PAY', eq(paymentMethods.fundingMethodId, cardId)),
        isNull(paymentMethods.deletedAt),
        sql`${paymentMethods.installmentDetails}->>'transactionId' IS NOT NULL`,
      ),
    );
  for (const plan of plans) {
    const owed = await instalmentsOwed(tx, plan);
    if (owed > 0) throw new AppError('RM_ERROR_PAYMENT_METHOD_IN_USE', 'server.paymentMethods.fundsPlanBeingPaid');
  }
}
