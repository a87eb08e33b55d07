// Bank debits settle later (issue 8 "Processor outcomes": bank PENDING, then COMPLETE, or NSF / RETURN): each pass asks
// the processor about the portal's PENDING bank payments (by their key, the transaction id) and records what it says:
// SETTLED → COMPLETE; NSF or RETURNED → FAILED with the reason (the allocations are given back, so the balance is owed
// again). Paysafe cash, union pay and online-wallet payments are PENDING too but are settled by their own flows.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { settlePayment } from './process-payment.ts';

const REASONS: Record<string, string> = {
  NSF: 'paysafe:NSF:The bank returned the debit for non-sufficient funds',
  RETURNED: 'paysafe:RETURN:The bank returned the debit',
};

export async function settleBankPayments(ctx: AppContext): Promise<{ id: string; status: string }[]> {
  const pending = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.status, 'PENDING'),
        eq(paymentTransactions.paymentMethodType, 'TYPE_BANK_ACCOUNT'),
        // The portal's own payments only (seeded or imported history has no key and no processor charge).
        isNotNull(paymentTransactions.idempotencyKey),
      ),
    );
  const settled: { id: string; status: string }[] = [];
  for (const tx of pending) {
    const charge = await ctx.providers.processor.getCharge(tx.id);
    if (!charge || charge.status === 'PENDING') continue;
    const row = await settlePayment(ctx, tx, {
      status: charge.status,
      providerId: charge.id,
      error: REASONS[charge.status] ?? null,
    });
    settled.push({ id: row.id, status: row.status });
  }
  return settled;
}
