// Ending claimed autopay occurrences (issue 10 "The job that pays"), many at once inside the caller's database
// transaction: each row ends (only while this runner holds it), the tenant is told, and the upcoming payment moves on.
// A whole batch takes three statements: one UPDATE of the rows, one INSERT of next months' rows, one INSERT of the
// notices. The next month's row is inserted only where the schedule has no PENDING row and no later period (what
// ensureUpcomingPayment would do); any other case, and a next date already more than 3 days late (months of downtime:
// each such period is recorded SKIPPED MISSED and told, never charged in a pile), goes through ensureUpcomingPayment
// one schedule at a time.
import { dueOccurrenceAction } from '@portal/domain/business-days';
import type { Currency } from '@portal/domain/money';
import { and, eq } from 'drizzle-orm';
import { type Executor, rawOf } from '../../db/client.ts';
import { recurringPayments } from '../../db/schema.ts';
import { bankHolidays } from '../../lib/bank-holidays.ts';
import { insertNotifications, type NewNotification, type NotificationParams } from '../notifications/notify.ts';
import type { OccurrenceContext } from './pay-occurrence.ts';
import { ensureUpcomingPayment, nextOccurrenceAfter, type RecurringPaymentRow } from './upcoming.ts';

export interface Ending {
  status: 'COMPLETE' | 'FAILED' | 'SKIPPED' | 'CANCELLED';
  outcomeCode: string;
  /** Tell the tenant (AUTOPAY_PAID / FAILED / SKIPPED by status) with these extra values. */
  tell?: NotificationParams;
}

export interface FinishOptions {
  runnerId: string;
  /** The job's day (UTC) and instant. */
  today: string;
  now: Date;
}

export interface EndItem {
  row: RecurringPaymentRow;
  occ: OccurrenceContext;
  ending: Ending;
}

const NOTICE_OF: Record<Ending['status'], NewNotification['kind'] | null> = {
  COMPLETE: 'AUTOPAY_PAID',
  FAILED: 'AUTOPAY_FAILED',
  SKIPPED: 'AUTOPAY_SKIPPED',
  CANCELLED: null,
};

function noticeOf(
  row: Pick<RecurringPaymentRow, 'id' | 'scheduledDate'>,
  occ: OccurrenceContext,
  status: Ending['status'],
  params: NotificationParams,
  now: Date,
): NewNotification | null {
  const kind = NOTICE_OF[status];
  if (!kind) return null;
  return {
    userId: occ.schedule.userId,
    billingAccountId: occ.lease.id,
    kind,
    params: {
      recurringPaymentId: row.id,
      date: row.scheduledDate,
      currency: occ.lease.currency as Currency,
      propertyName: occ.lease.propertyName,
      methodType: occ.method?.type ?? occ.schedule.paymentMethodType,
      brand: occ.method?.brand ?? null,
      last4: occ.method?.last4 ?? null,
      ...params,
    },
    dedupeKey: `${kind.toLowerCase()}:${row.id}`,
    createdAt: now,
  };
}

/**
 * The upcoming payment ensureUpcomingPayment makes for an active schedule whose last row is `lastPeriod`: the next
 * period (or the start date's period), passing over dates before the start date.
 */
const END_ROWS = `UPDATE recurring_payments r
SET status = v.status, outcome_code = v.code, processed_at = $2::timestamptz, updated_at = $2::timestamptz
FROM jsonb_to_recordset($1::jsonb) AS v(id text, status text, code text)
WHERE r.id = v.id AND r.status = 'PROCESSING' AND r.claimed_by = $3
RETURNING r.id`;

const INSERT_NEXT = `INSERT INTO recurring_payments (recurring_schedule_id, period, scheduled_date, status, amount, charges)
SELECT v.sid, v.period, v.date::date, 'PENDING', v.amount, v.charges
FROM jsonb_to_recordset($1::jsonb) AS v(sid text, after text, period text, date text, amount bigint, charges jsonb)
WHERE NOT EXISTS (
  SELECT 1 FROM recurring_payments p
  WHERE p.recurring_schedule_id = v.sid AND (p.status = 'PENDING' OR p.period > v.after)
)
ON CONFLICT DO NOTHING
RETURNING recurring_schedule_id AS sid`;

/**
 * Ends the items' rows (those this runner still holds), tells the tenants and moves each upcoming payment on, in the
 * caller's transaction. Answers, per row that ended, the later periods recorded SKIPPED MISSED meanwhile.
 */
export async function finishOccurrences(
  tx: Executor,
  items: readonly EndItem[],
  opts: FinishOptions,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (items.length === 0) return out;
  const raw = rawOf(tx);
  const at = opts.now.toISOString();
  const ended = new Set(
    (
      await raw(END_ROWS, [
        JSON.stringify(items.map((i) => ({ id: i.row.id, status: i.ending.status, code: i.ending.outcomeCode }))),
        at,
        opts.runnerId,
      ])
    ).rows.map((r) => String(r.id)),
  );
  const notices: NewNotification[] = [];
  // Per schedule, the ended row of the latest period moves it on (a batch may hold two periods of one schedule).
  const bySchedule = new Map<string, EndItem>();
  for (const item of items) {
    if (!ended.has(item.row.id)) continue; // taken over by another runner meanwhile: it ends the row
    out.set(item.row.id, []);
    if (item.ending.tell) {
      const n = noticeOf(item.row, item.occ, item.ending.status, item.ending.tell, opts.now);
      if (n) notices.push(n);
    }
    if (!item.occ.schedule.active) continue;
    const seen = bySchedule.get(item.occ.schedule.id);
    if (!seen || seen.row.period < item.row.period) bySchedule.set(item.occ.schedule.id, item);
  }

  // The usual case in one statement: the month after the row, not yet due (nor late).
  const oneByOne: EndItem[] = [];
  const next: Record<string, unknown>[] = [];
  for (const item of bySchedule.values()) {
    const { schedule } = item.occ;
    const n = nextOccurrenceAfter(schedule, item.row.period, bankHolidays(item.occ.lease.companyCountry));
    if (dueOccurrenceAction(n.scheduledDate, opts.today) === 'SKIP_MISSED') oneByOne.push(item);
    else {
      next.push({
        sid: schedule.id,
        after: item.row.period,
        period: n.period,
        date: n.scheduledDate,
        amount: schedule.customAmount,
        charges: schedule.charges,
      });
    }
  }
  const inserted = new Set(
    next.length === 0 ? [] : (await raw(INSERT_NEXT, [JSON.stringify(next)])).rows.map((r) => String(r.sid)),
  );
  for (const item of bySchedule.values()) {
    if (!inserted.has(item.occ.schedule.id) && !oneByOne.includes(item)) oneByOne.push(item);
  }

  for (const item of oneByOne) {
    const isHoliday = bankHolidays(item.occ.lease.companyCountry);
    const missed = out.get(item.row.id) as string[];
    for (let guard = 0; guard < 240; guard++) {
      const upcoming = await ensureUpcomingPayment(tx, item.occ.schedule, isHoliday);
      if (!upcoming || dueOccurrenceAction(upcoming.scheduledDate, opts.today) !== 'SKIP_MISSED') break;
      await tx
        .update(recurringPayments)
        .set({ status: 'SKIPPED', outcomeCode: 'MISSED', processedAt: at, updatedAt: at })
        .where(and(eq(recurringPayments.id, upcoming.id), eq(recurringPayments.status, 'PENDING')));
      missed.push(upcoming.id);
      const n = noticeOf(upcoming, item.occ, 'SKIPPED', { reason: 'MISSED' }, opts.now);
      if (n) notices.push(n);
    }
  }
  await insertNotifications(tx, notices);
  return out;
}
