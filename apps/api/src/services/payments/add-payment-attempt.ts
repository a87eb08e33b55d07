// POST /addPaymentAttempt (spec 1 §4 / §7; issue 8): above the company's soft maximum the tenant may Cancel at the
// summary; the attempt is recorded (a CANCELLED transaction with its note, nothing charged, nothing allocated) so the
// tenant gets a receipt of it and the manager sees it in the history.
import { calculateFee } from '@portal/domain/fees';
import type { AddPaymentAttemptBody, PaymentResult } from '@portal/domain/payment-shapes';
import type { AppContext } from '../../context.ts';
import { loadMethodFeeProfile } from '../fees/method-fee-profile.ts';
import { findTransactionByKey, paymentOn, postPayment, toPaymentResult } from './ledger.ts';
import { amountCentsOf, loadPaymentLease, loadPaymentMethod } from './payment-context.ts';

export async function addPaymentAttempt(
  ctx: AppContext,
  input: { customerId: string; body: AddPaymentAttemptBody; idempotencyKey: string | null },
): Promise<PaymentResult> {
  const { customerId, body } = input;
  // The attempt a first request under this key recorded (its answer was lost): answered again, never recorded twice.
  if (input.idempotencyKey) {
    const recorded = await findTransactionByKey(ctx.db, customerId, input.idempotencyKey);
    if (recorded) return toPaymentResult(recorded);
  }
  const lease = await loadPaymentLease(ctx.db, customerId, body.billingAccountId);
  const amountCents = amountCentsOf(body);
  let method = null;
  let quote = calculateFee(amountCents, null);
  if (body.paymentMethodId && body.paymentMethodType) {
    method = await loadPaymentMethod(ctx.db, customerId, body.paymentMethodId, body.paymentMethodType);
    const pricing = await loadMethodFeeProfile(ctx, { customerId, companyId: lease.companyId, paymentMethodId: method.id });
    quote = calculateFee(amountCents, pricing.feeProfile, { international: pricing.international });
  }
  const note = [body.note, body.description].filter((s): s is string => !!s && s.trim() !== '').join(' — ') || null;
  const row = await ctx.db.transaction((tx) =>
    postPayment(tx, {
      ...paymentOn(lease, quote),
      status: 'CANCELLED',
      paymentMethodType: method?.type ?? body.paymentMethodType ?? null,
      paymentMethodId: method?.id ?? null,
      cardBrand: method?.brand ?? null,
      last4: method?.last4 ?? null,
      note,
      idempotencyKey: input.idempotencyKey,
      allocate: null,
      openCharges: [],
    }),
  );
  return toPaymentResult(row);
}
