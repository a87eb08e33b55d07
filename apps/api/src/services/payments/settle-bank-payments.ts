// Bank debits settle later (issue 8 "Processor outcomes": bank PENDING, then COMPLETE, or NSF / RETURN; ONHOLD while
// funds move to the landlord): each pass asks the processor about the portal's PENDING and ONHOLD bank payments (by their
// key, the transaction id) and records what it says: SETTLED → ONHOLD for the day the funds take to reach the landlord
// or manager (spec 1 §4 ONHOLD tooltip), then COMPLETE; NSF or RETURNED → FAILED with the reason (the allocations are
// given back, so the balance is owed again). Paysafe cash, union pay and online-wallet payments are PENDING too but are
// settled by their own flows.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { notifyTransactions } from '../notifications/transaction-notices.ts';
import { settlePayment } from './charge.ts';

/** How long settled funds take to reach the landlord's account (the sandbox's disbursement delay). */
export const DISBURSEMENT_MS = 24 * 60 * 60 * 1000;

const REASONS: Record<string, string> = {
  NSF: 'paysafe:NSF:The bank returned the debit for non-sufficient funds',
  RETURNED: 'paysafe:RETURN:The bank returned the debit',
};

export async function settleBankPayments(
  ctx: Pick<AppContext, 'db' | 'database' | 'now' | 'providers'>,
): Promise<{ id: string; status: string }[]> {
  const pending = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        inArray(paymentTransactions.status, ['PENDING', 'ONHOLD']),
        eq(paymentTransactions.paymentMethodType, 'TYPE_BANK_ACCOUNT'),
        // The portal's own payments only (seeded or imported history has no key and no processor charge).
        isNotNull(paymentTransactions.idempotencyKey),
      ),
    );
  const settled: { id: string; status: string }[] = [];
  for (const tx of pending) {
    const charge = await ctx.providers.processor.getCharge(tx.id, ctx.now());
    if (!charge || charge.status === 'PENDING') continue;
    if (charge.status === 'SETTLED') {
      const disbursed = Date.parse(charge.settledAt ?? charge.createdAt) + DISBURSEMENT_MS <= ctx.now().getTime();
      const status = disbursed ? 'COMPLETE' : 'ONHOLD';
      if (status === tx.status) continue;
      await ctx.db
        .update(paymentTransactions)
        .set({ status, paymentProviderId: charge.id })
        .where(and(eq(paymentTransactions.id, tx.id), eq(paymentTransactions.status, tx.status)));
      settled.push({ id: tx.id, status });
      continue;
    }
    const row = await settlePayment(ctx, tx, {
      status: charge.status,
      providerId: charge.id,
      error: REASONS[charge.status] ?? null,
    });
    settled.push({ id: row.id, status: row.status });
  }
  // issue 10: the tenant is told of a returned or bounced debit (once per transaction)
  await notifyTransactions(
    ctx,
    'BANK_PAYMENT_RETURNED',
    settled.filter((s) => s.status === 'FAILED').map((s) => s.id),
  );
  return settled;
}
