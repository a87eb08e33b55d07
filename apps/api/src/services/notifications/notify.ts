// The notification outbox (issue 10): a notice to a tenant is one notifications row, shown in the portal
// (GET /api/notifications) and e-mailed through the mail outbox (issue 25: the notification_mail trigger queues it,
// mail/dispatch.ts sends it). Each carries a dedupe key: inserting the same notice twice (two job runs, two runners)
// keeps the first and tells once.
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export const NOTIFICATION_KINDS = [
  'AUTOPAY_REMINDER',
  'AUTOPAY_PAID',
  'AUTOPAY_FAILED',
  'AUTOPAY_SKIPPED',
  'INSTALMENT_PAID',
  'INSTALMENT_FAILED',
  'CASH_VOUCHER_EXPIRED',
  'BANK_PAYMENT_RETURNED',
  // issue 11: a lease application submitted, approved or declined; a self sign-up lease approved or declined
  'APPLICATION_SUBMITTED',
  'APPLICATION_APPROVED',
  'APPLICATION_DECLINED',
  'LEASE_APPROVED',
  'LEASE_DECLINED',
  // issue 21 §1: sign-ins to the account are being slowed down after wrong passwords (services/auth/sign-in-throttle.ts)
  'SIGN_IN_THROTTLED',
  // issue 22: an uploaded insurance policy approved or rejected by the manager (services/insurance/review-policy.ts)
  'INSURANCE_APPROVED',
  'INSURANCE_REJECTED',
  // issue 22: a credit-reporting renewal was refused: the subscription is suspended (services/credit-reporting/renewals.ts)
  'CREDIT_REPORT_RENEWAL_FAILED',
  // issue 23: a manager refunded part or all of a payment (services/payments/refund-payment.ts)
  'PAYMENT_REFUNDED',
  // issue 25 "Receipts by e-mail": the tenant's own one-time payment went through or failed (payments/ledger.ts settleFrom)
  'PAYMENT_COMPLETED',
  'PAYMENT_FAILED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A charge line a payment paid (as payment_transactions.charges holds it: cents). */
export interface NoticeChargeLine {
  code: string;
  name: string;
  amount: number;
}

/**
 * Values a notice's text is made from: raw (cents, ISO dates, codes), formatted only when shown in a language; `charges`
 * holds the payment's charge lines (issue 25: a receipt's figures).
 */
export type NotificationParams = Record<string, string | number | boolean | null | NoticeChargeLine[]>;

export interface NewNotification {
  userId: string;
  /** TYPE_CUSTOMER unless said (a sign-in notice may go to a manager or an admin). */
  userType?: string;
  billingAccountId: string | null;
  kind: NotificationKind;
  params: NotificationParams;
  /** Once-only key, e.g. `reminder:<recurringPaymentId>`. */
  dedupeKey: string;
  /** When it happened (the job's clock). */
  createdAt: Date;
}

/** Inserts notices, each at most once (ON CONFLICT (dedupe_key) DO NOTHING); answers how many were new. */
export async function insertNotifications(executor: Executor, rows: readonly NewNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await executor
    .insert(notifications)
    .values(
      rows.map((n) => ({
        userId: n.userId,
        ...(n.userType ? { userType: n.userType } : {}),
        billingAccountId: n.billingAccountId,
        kind: n.kind,
        params: n.params,
        dedupeKey: n.dedupeKey,
        createdAt: n.createdAt.toISOString(),
      })),
    )
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return inserted.length;
}

export async function insertNotification(executor: Executor, row: NewNotification): Promise<boolean> {
  return (await insertNotifications(executor, [row])) === 1;
}
