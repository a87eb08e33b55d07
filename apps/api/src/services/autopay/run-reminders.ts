// Autopay reminders (spec 2 §9 terms of use: "A recurring payment reminder is sent 7 days before"; issue 10): each
// upcoming payment (PENDING row of an active schedule) whose reminder day (reminderDate: 7 days before) has come and
// whose date is still ahead gets one AUTOPAY_REMINDER notice (dedupe key reminder:<recurringPaymentId>) and its
// reminderSentAt, in ONE statement per batch: rows claimed FOR UPDATE SKIP LOCKED, so two runners never tell twice and
// a rerun finds nothing left.
import { RECURRING_REMINDER_DAYS } from '@portal/domain/business-days';
import { addDays } from '@portal/domain/dates';
import type { AppContext } from '../../context.ts';
import { todayOf } from '../payments/payment-context.ts';

const BATCH = 500;

const REMIND = `WITH due AS (
  SELECT rp.id, rp.scheduled_date, rp.amount, rs.user_id, rs.billing_account_id,
    co.country, pr.property_name, pm.type AS method_type, pm.brand, pm.last4
  FROM recurring_payments rp
  JOIN recurring_schedules rs ON rs.id = rp.recurring_schedule_id
  JOIN property_leases l ON l.id = rs.billing_account_id
  JOIN companies co ON co.id = l.company_id
  JOIN properties pr ON pr.id = l.property_id
  LEFT JOIN payment_methods pm ON pm.id = rs.payment_method_id
  WHERE rp.status = 'PENDING' AND rp.reminder_sent_at IS NULL AND rs.active
    AND rp.scheduled_date > $1::date AND rp.scheduled_date <= $2::date
  ORDER BY rp.scheduled_date, rp.id
  LIMIT $4
  FOR UPDATE OF rp SKIP LOCKED
), told AS (
  INSERT INTO notifications (user_id, billing_account_id, kind, params, dedupe_key, created_at)
  SELECT user_id, billing_account_id, 'AUTOPAY_REMINDER',
    jsonb_build_object('recurringPaymentId', id, 'date', scheduled_date::text, 'amountCents', amount,
      'currency', CASE WHEN country = 'US' THEN 'USD' ELSE 'CAD' END, 'propertyName', property_name,
      'methodType', method_type, 'brand', brand, 'last4', last4),
    'reminder:' || id, $3::timestamptz
  FROM due
  ON CONFLICT (dedupe_key) DO NOTHING
)
UPDATE recurring_payments SET reminder_sent_at = $3::timestamptz FROM due WHERE recurring_payments.id = due.id
RETURNING recurring_payments.id`;

/** Queues the reminders due as of ctx.now(); answers the recurring_payments ids reminded. */
export async function queueAutopayReminders(ctx: Pick<AppContext, 'database' | 'now'>): Promise<string[]> {
  const now = ctx.now();
  const today = todayOf(now);
  // reminderDate(scheduledDate) <= today  ⇔  scheduledDate <= today + 7
  const horizon = addDays(today, RECURRING_REMINDER_DAYS);
  const ids: string[] = [];
  for (;;) {
    const { rows } = await ctx.database.raw(REMIND, [today, horizon, now.toISOString(), BATCH]);
    for (const r of rows) ids.push(String(r.id));
    if (rows.length < BATCH) return ids;
  }
}
