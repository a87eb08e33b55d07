// Returned bank payments (issue 23 "Money"; spec 1 §3 transactionType RETURN; spec 2 terms: NSF fee up to $35.00).
// A bank debit that bounces while still PENDING is FAILED by the settlement (settle-bank-payments.ts): it never
// completed. One the bank sends back AFTER it settled is a COMPLETE payment, and a completed payment is never edited
// (issue 23 Standards; the ledger is append-only): the return is a new RETURN transaction against it (parentTransactionId),
// COMPLETE, whose negative allocations reopen the charges the payment paid (latest first), plus the company's NSF fee as
// an open charge (posting_key nsf:<paymentId>) and a notice to the tenant. The portal learns of returns as from a real
// processor (PaymentProcessor.listReturns); each is handled once whatever the reruns or runners: the payment row is
// locked, and the RETURN's key return:<chargeId> is unique per tenant, the fee's posting key and the notice's key too.

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { insertNotification } from '../notifications/notify.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';
import { newConfirmationId } from './ledger.ts';
import { refundableCents, reverseAllocations } from './refund-payment.ts';

/** spec 2 terms: the NSF fee is at most $35.00. */
export const NSF_FEE_MAX_CENTS = 3_500;
/** How far back each pass asks the processor (a return comes within days; older ones were handled already). */
const LOOKBACK_MS = 60 * 24 * 60 * 60 * 1000;
/** Return codes that mean non-sufficient funds (the tenant's notice says so). */
const NSF_CODES = new Set(['R01', 'R09']);

/**
 * The sandbox's "bank return" (POST /sandbox/processor/return): marks the processor's charge of a COMPLETE bank
 * payment returned. The portal then learns of it from the job, as it would from a real processor.
 */
export async function simulateBankReturn(
  ctx: AppContext,
  caller: ConsoleCaller,
  input: { transactionId: string; code: string },
): Promise<{ transactionId: string; chargeId: string; returnCode: string; returnedAt: string }> {
  const [payment] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, input.transactionId))
    .limit(1);
  if (!payment) throw AppError.notFound('Payment transaction');
  requireCompanyScope(caller, payment.companyId, 'Payment transaction');
  const simulate = ctx.providers.processor.simulateReturn;
  if (
    payment.transactionType !== 'PAYMENT' ||
    payment.status !== 'COMPLETE' ||
    payment.paymentMethodType !== 'TYPE_BANK_ACCOUNT' ||
    !payment.paymentProviderId ||
    !simulate
  )
    throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.ledger.returnNotSettled');
  const returned = await simulate.call(ctx.providers.processor, payment.paymentProviderId, input.code);
  if (!returned) throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.ledger.returnNotSettled');
  if (returned.returnCode !== input.code) throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.ledger.returnAlready');
  return {
    transactionId: payment.id,
    chargeId: returned.chargeId,
    returnCode: returned.returnCode,
    returnedAt: returned.returnedAt,
  };
}

export interface ReturnOutcome {
  /** The RETURN transaction recorded. */
  id: string;
  paymentId: string;
  /** The NSF fee charge posted, if the company has one. */
  feeChargeId: string | null;
}

/** The job step: every return the processor reports, handled once. */
export async function handleReturnedPayments(ctx: AppContext): Promise<ReturnOutcome[]> {
  const list = ctx.providers.processor.listReturns;
  if (!list) return [];
  const since = new Date(ctx.now().getTime() - LOOKBACK_MS);
  const out: ReturnOutcome[] = [];
  for (const r of await list.call(ctx.providers.processor, since)) {
    const done = await handleReturn(ctx, r.idempotencyKey, r.chargeId, r.returnCode, r.returnedAt);
    if (done) out.push(done);
  }
  return out;
}

async function handleReturn(
  ctx: AppContext,
  paymentId: string,
  chargeId: string,
  code: string,
  returnedAt: string,
): Promise<ReturnOutcome | null> {
  return ctx.db.transaction(async (tx) => {
    const raw = rawOf(tx);
    // The payment locked: a second runner (or a refund) waits, then sees the RETURN this one recorded.
    const [payment] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId)).for('update');
    if (payment?.transactionType !== 'PAYMENT' || payment.status !== 'COMPLETE') return null;
    const key = `return:${chargeId}`;
    const { rows: seen } = await raw(`SELECT 1 FROM payment_transactions WHERE user_id = $1 AND idempotency_key = $2`, [
      payment.userId,
      key,
    ]);
    if (seen.length > 0) return null;
    // What still stands of the payment (less its refunds) comes back.
    const amount = await refundableCents(tx, payment);
    const reason = NSF_CODES.has(code) ? 'NSF' : 'RETURNED';
    const at = ctx.now().toISOString();
    const [ret] = await tx
      .insert(paymentTransactions)
      .values({
        userId: payment.userId,
        billingAccountId: payment.billingAccountId,
        billingAccountType: payment.billingAccountType,
        propertyId: payment.propertyId,
        companyId: payment.companyId,
        amount: Math.max(0, amount),
        currency: payment.currency,
        status: 'COMPLETE',
        transactionType: 'RETURN',
        source: payment.source,
        paymentProviderId: chargeId,
        confirmationId: newConfirmationId(),
        paymentMethodType: payment.paymentMethodType,
        paymentMethodId: payment.paymentMethodId,
        last4: payment.last4,
        feeAmount: 0,
        note: `Bank return ${code}`,
        error: `paysafe:${reason === 'NSF' ? 'NSF' : 'RETURN'}:${code}`,
        idempotencyKey: key,
        parentTransactionId: payment.id,
        createDate: at,
      })
      .returning();
    // The charges the payment paid, reopened latest first for what came back (the refund's rule).
    await reverseAllocations(tx, payment.id, ret.id, ret.amount);
    // The company's NSF fee (null: none), at most $35.00, once per returned payment.
    const { rows: company } = await raw(
      `SELECT c.nsf_fee_amount AS fee, p.property_name AS property FROM companies c LEFT JOIN properties p ON p.id = $2
WHERE c.id = $1`,
      [payment.companyId, payment.propertyId],
    );
    const feeCents = company[0]?.fee == null ? 0 : Math.min(NSF_FEE_MAX_CENTS, Number(company[0].fee));
    let feeChargeId: string | null = null;
    if (feeCents > 0 && payment.billingAccountId) {
      const { rows: fee } = await raw(
        `INSERT INTO open_charges (billing_account_id, code, name, due_date, amount, balance, posting_key, description)
VALUES ($1, 'nsf_fee', 'NSF fee', $2::date, $3, $3, $4, $5)
ON CONFLICT (posting_key) WHERE posting_key IS NOT NULL DO NOTHING RETURNING id`,
        [payment.billingAccountId, at.slice(0, 10), feeCents, `nsf:${payment.id}`, `NSF fee: bank return ${code}`],
      );
      feeChargeId = (fee[0]?.id as string | undefined) ?? null;
    }
    await insertNotification(tx, {
      userId: payment.userId,
      billingAccountId: payment.billingAccountId,
      kind: 'BANK_PAYMENT_RETURNED',
      params: {
        transactionId: payment.id,
        date: returnedAt.slice(0, 10),
        amountCents: ret.amount,
        totalCents: ret.amount,
        currency: payment.currency,
        propertyName: (company[0]?.property as string | undefined) ?? null,
        methodType: payment.paymentMethodType,
        brand: payment.cardBrand,
        last4: payment.last4,
        confirmationId: payment.confirmationId,
        reason,
      },
      dedupeKey: `BANK_PAYMENT_RETURNED:${ret.id}`,
      createdAt: ctx.now(),
    });
    await recordAudit(tx, {
      recordType: 'payment_transaction',
      recordId: ret.id,
      action: 'BANK_RETURN',
      changes: { paymentId: payment.id, returnCode: code, from: { refundableCents: amount }, to: { refundableCents: 0 } },
      actor: { id: null, type: null },
    });
    return { id: ret.id, paymentId: payment.id, feeChargeId };
  });
}
