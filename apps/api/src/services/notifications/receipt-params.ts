// A payment's receipt figures as a notice carries them (issue 25 "Receipts by e-mail": confirmation id, amount, fee,
// total, method, charges): raw cents and codes, formatted only when the notice is shown or mailed (mail/notice-details.ts).
// RECEIPT_PARAMS_SQL is the same object built in SQL from a payment_transactions row aliased `t` (raw statements).
import { getReceiptAmounts } from '@portal/domain/receipt';
import type { paymentTransactions } from '../../db/schema.ts';
import type { NotificationParams } from './notify.ts';

type TransactionRow = typeof paymentTransactions.$inferSelect;

/** The receipt's figures of a transaction (spec 1 §9: total = amount + fee unless the company pays it). */
export function receiptParamsOf(
  t: Pick<
    TransactionRow,
    | 'id'
    | 'confirmationId'
    | 'amount'
    | 'feeAmount'
    | 'feeType'
    | 'feePaidByCompany'
    | 'currency'
    | 'paymentMethodType'
    | 'cardBrand'
    | 'last4'
    | 'charges'
  >,
): NotificationParams {
  return {
    transactionId: t.id,
    confirmationId: t.confirmationId,
    amountCents: t.amount,
    feeCents: t.feeAmount,
    feeType: t.feeType,
    feePaidByCompany: t.feePaidByCompany,
    totalCents: getReceiptAmounts({ amountCents: t.amount, feeCents: t.feeAmount, feePaidByCompany: t.feePaidByCompany })
      .totalCents,
    currency: t.currency,
    methodType: t.paymentMethodType,
    brand: t.cardBrand,
    last4: t.last4,
    charges: (t.charges ?? []).map((c) => ({ code: c.code ?? 'other', name: c.name, amount: Number(c.amount) })),
  };
}

/** receiptParamsOf in SQL, for a payment_transactions row aliased `t` (the same keys and rules). */
export const RECEIPT_PARAMS_SQL = `jsonb_build_object('transactionId', t.id, 'confirmationId', t.confirmation_id,
    'amountCents', t.amount, 'feeCents', t.fee_amount, 'feeType', t.fee_type, 'feePaidByCompany', t.fee_paid_by_company,
    'totalCents', t.amount + CASE WHEN t.fee_paid_by_company THEN 0 ELSE t.fee_amount END,
    'currency', t.currency, 'methodType', t.payment_method_type, 'brand', t.card_brand, 'last4', t.last4,
    'charges', coalesce(t.charges, '[]'::jsonb))`;
