// spec 1 §7: GET /customer/{id}/paymentmethods: the tenant's saved methods, oldest first, removed ones and cash types
// left out (spec 1 §5), and split-pay plans not yet paid, each with its spec 1 §9 label.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { CASH_PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentMethods } from '../../db/schema.ts';
import type { Lang } from '../../lib/i18n.ts';
import { toPaymentMethodRecord } from './payment-method-record.ts';

export async function listPaymentMethods(
  ctx: AppContext,
  customerId: string,
  lang: Lang,
): Promise<{ records: PaymentMethodRecord[] }> {
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, customerId),
        isNull(paymentMethods.deletedAt),
        notInArray(paymentMethods.type, [...CASH_PAYMENT_METHOD_TYPES]),
      ),
    )
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
  // A split-pay plan is a saved method once its first instalment is paid; an initiated, unpaid plan is not.
  const isUnpaidPlan = (row: (typeof rows)[number]) =>
    row.type === 'TYPE_INSTALLMENT_PAY' &&
    (row.installmentDetails as { paymentDetails?: { status?: string }[] } | null)?.paymentDetails?.[0]?.status !== 'PAID';
  return { records: rows.filter((row) => !isUnpaidPlan(row)).map((row) => toPaymentMethodRecord(row, lang)) };
}
