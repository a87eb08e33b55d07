// Notices about a payment that ended badly after the tenant left (issue 10): an unpaid cash barcode that expired
// (CASH_VOUCHER_EXPIRED) and a bank debit the bank returned or bounced (BANK_PAYMENT_RETURNED). One notice per
// transaction (dedupe key <kind>:<transactionId>), whoever settles it (the job, or the recovery timer).
import type { Database } from '../../db/client.ts';
import type { NotificationKind } from './notify.ts';
import { RECEIPT_PARAMS_SQL } from './receipt-params.ts';

// issue 25: with the receipt's figures (receipt-params.ts: fee, total by the receipt's rule, charge lines)
const TELL = `INSERT INTO notifications (user_id, billing_account_id, kind, params, dedupe_key, created_at)
SELECT t.user_id, t.billing_account_id, $2,
  ${RECEIPT_PARAMS_SQL} || jsonb_build_object('date', $3::date::text, 'propertyName', p.property_name,
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
