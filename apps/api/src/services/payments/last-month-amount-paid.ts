// GET /last_month_amount_paid?leaseId (spec 1 §7, spec 2 §7 credit reporting): what the tenant paid on the lease last
// calendar month (UTC): rent payments made (COMPLETE, or a bank debit PENDING settlement), fees excluded, refunds not
// counted; a payment still being charged (INPROCESS) is not yet paid (issue 22). `month` names that month ('YYYY-MM').

import { addMonths, firstOfMonth } from '@portal/domain/dates';
import { fromCents } from '@portal/domain/money';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { loadPaymentLease, todayOf } from './payment-context.ts';

export async function getLastMonthAmountPaid(ctx: AppContext, customerId: string, leaseId: string) {
  const lease = await loadPaymentLease(ctx.db, customerId, leaseId);
  const thisMonth = firstOfMonth(todayOf(ctx.now()));
  const lastMonth = addMonths(thisMonth, -1);
  const [row] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${paymentTransactions.amount}), 0)::bigint` })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.billingAccountId, lease.id),
        eq(paymentTransactions.billingAccountType, 'TYPE_PROPERTY_LEASE'),
        eq(paymentTransactions.transactionType, 'PAYMENT'),
        inArray(paymentTransactions.status, ['COMPLETE', 'PENDING']),
        gte(paymentTransactions.createDate, `${lastMonth}T00:00:00Z`),
        lt(paymentTransactions.createDate, `${thisMonth}T00:00:00Z`),
      ),
    );
  return {
    leaseId: lease.id,
    month: lastMonth.slice(0, 7),
    amount: fromCents(Number(row?.total ?? 0)),
    currency: lease.currency,
  };
}
