// The tenant's own one-time payment told (issue 25 "Receipts by e-mail": every completed or failed payment): a
// PAYMENT_COMPLETED or PAYMENT_FAILED notice (and, by the notification_mail trigger, its e-mail) written by the very
// statement that settles the payment (payments/ledger.ts settleFrom), so it exists exactly when the outcome committed,
// once per transaction (dedupe key <kind>:<transactionId>; a retry under the same Idempotency-Key settles nothing twice).
// Which settlements tell:
//  - COMPLETE from anything (a card or wallet charge, a cash barcode paid, a union pay page, a PayPal capture);
//  - PENDING from INPROCESS: a bank debit accepted (it clears later: the receipt is now, as the portal shows it);
//  - FAILED, except a bank debit that was PENDING (returned by the bank: BANK_PAYMENT_RETURNED tells it);
// of a lease payment by the tenant that no autopay made (autopay, split-pay instalments, application and service fees
// have their own notices or none). Every value is read from the row or coalesced and conflicts are ignored: the insert
// cannot refuse, so a payment never fails because of its notice.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { RECEIPT_PARAMS_SQL } from './receipt-params.ts';

/**
 * The INSERT of the notice for the settled row(s) of the CTE `cte`; `from` is the status the row left (a placeholder).
 * Used as a CTE of the settling statement.
 */
export function paymentOutcomeNoticeSql(cte: string, from: SQLWrapper): SQL {
  const head = `INSERT INTO notifications (user_id, user_type, billing_account_id, kind, params, dedupe_key, created_at)
SELECT t.user_id, t.user_type, t.billing_account_id, k.kind,
  ${RECEIPT_PARAMS_SQL} || jsonb_build_object('date', to_char(t.create_date AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'propertyName', p.property_name, 'status', t.status,
    'reason', CASE WHEN t.status <> 'FAILED' THEN NULL WHEN t.error LIKE '%INSUFFICIENT_FUNDS%' THEN 'INSUFFICIENT_FUNDS'
      ELSE 'DECLINED' END),
  k.kind || ':' || t.id, now()
FROM ${cte} AS t
  CROSS JOIN LATERAL (SELECT CASE
    WHEN t.status = 'COMPLETE' OR (t.status = 'PENDING' AND `;
  const tail = `
  LEFT JOIN properties p ON p.id = t.property_id
WHERE k.kind IS NOT NULL AND t.transaction_type = 'PAYMENT' AND t.user_type = 'TYPE_CUSTOMER'
  AND coalesce(t.billing_account_type, 'TYPE_PROPERTY_LEASE') = 'TYPE_PROPERTY_LEASE' AND t.recurring_schedule_id IS NULL
ON CONFLICT (dedupe_key) DO NOTHING`;
  return sql`${sql.raw(head)}${from}::text = 'INPROCESS') THEN 'PAYMENT_COMPLETED'
    WHEN t.status = 'FAILED' AND (${from}::text = 'INPROCESS' OR t.payment_method_type IS DISTINCT FROM 'TYPE_BANK_ACCOUNT')
      THEN 'PAYMENT_FAILED'
  END AS kind) k${sql.raw(tail)}`;
}
