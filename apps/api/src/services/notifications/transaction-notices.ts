// Notices about a payment that ended badly after the tenant left (issue 10): an unpaid cash barcode that expired
// (CASH_VOUCHER_EXPIRED) and a bank debit the bank returned or bounced (BANK_PAYMENT_RETURNED). One notice per
// transaction (dedupe key <kind>:<transactionId>), whoever settles it (the job, or the recovery timer).
import type { Database } from '../../db/client.ts';
import type { NotificationKind } from './notify.ts';

const TELL = `INSERT INTO notifications (user_id, billing_account_id, kind, params, dedupe_key, created_at)
SELECT t.user_id, t.billing_account_id, $2,
  jsonb_build_object('transactionId', t.id, 'date', $3::date::text, 'amountCents', t.amount,
    'totalCents', t.amount + CASE WHEN t.fee_paid_by_company OR t.fee_type = 'SUBTRACT' THEN 0 ELSE t.fee_amount END,
    'currency', t.currency, 'propertyName', p.property_name, 'methodType', t.payment_method_type,
    'brand', t.card_brand, 'last4', t.last4, 'confirmationId', t.confirmation_id,
    'reason', CASE WHEN t.error LIKE '%:NSF:%' THEN 'NSF' WHEN t.error LIKE '%:RETURN%' THEN 'RETURNED' ELSE NULL END),
  $2 || ':' || t.id, $4::timestamptz
FROM payment_transactions t LEFT JOIN properties p ON p.id = t.property_id
WHERE t.id = ANY($1::text[])
ON CONFLICT (dedupe_key) DO NOTHING`;

export async function notifyTransactions(
  ctx: { database: Pick<Database, 'raw'>; now: () => Date },
  kind: Extract<NotificationKind, 'CASH_VOUCHER_EXPIRED' | 'BANK_PAYMENT_RETURNED'>,
  transactionIds: readonly string[],
): Promise<void> {
  if (transactionIds.length === 0) return;
  const now = ctx.now();
  await ctx.database.raw(TELL, [transactionIds, kind, now.toISOString().slice(0, 10), now.toISOString()]);
}
