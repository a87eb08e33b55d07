// spec 1 §7 / §8: DELETE /{type}/{id}/delete_with_bluesnap_check. Refused (RM_ERROR_PAYMENT_METHOD_IN_USE) while an
// active recurring schedule or an active credit reporting subscription pays with the method, with the two messages the
// client tells apart; otherwise the method is soft-deleted (past transactions keep it) and its processor token removed.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { creditReportSubscriptions, paymentMethods, recurringSchedules } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { liveMethodsOf, methodAuditFields } from './payment-method-record.ts';
import { assertMayChangeMethods, findTenantLeases } from './tenant-leases.ts';

/** The types that can be removed this way (the path names them without TYPE_). */
export const DELETABLE_TYPES = ['CREDIT_CARD', 'BANK_ACCOUNT', 'PAY_PAL', 'WALLET'] as const;
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
      .where(and(eq(creditReportSubscriptions.paymentMethodId, id), eq(creditReportSubscriptions.status, 'ACTIVE')))
      .limit(1);
    if (subscription) throw new AppError('RM_ERROR_PAYMENT_METHOD_IN_USE', IN_USE_BY_CREDIT_REPORTING);
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
