// Issue 23 "Charges", the monthly posting step of the job (run-jobs.ts, before autopay so that an autopay paying "the
// balance then due" pays the rent posted the same day):
//   - each ACTIVE lease's recurring charges (property_leases.charges lines) become open charges due on its
//     monthlyPaymentDueDay of the period (a day past the month's end: its last day, as autopay's nextMonthlyOccurrence),
//     posted ON the due day (the rule: the tenant's balance owes it from that day), or up to
//     MISSED_OCCURRENCE_GRACE_DAYS later when no run happened that day (spec 2 §9's grace for a missed autopay date).
//     Older periods are never posted by the job: a lease set up mid-month or a long outage is the manager's to post.
//     A period is posted when its due date falls between the lease's start and end dates.
//   - a company's late fee (companies.late_fee_amount, null = off): a charge still open late_fee_days after its due date
//     (at least 1: a charge due today is not late, spec 1 §4 Overdue) gets one late fee charge (code late-fee) due that day, never on a late fee, never on a TERMINATED lease, with the
//     same catch-up window (a company switching the rule on does not fine old debts).
//   - the leases' unapplied credits then pay the charges just posted (services/payments/credits.ts).
// Each charge's posting_key (rent:<leaseId>:<YYYY-MM>:<line>, late:<chargeId>) is unique: INSERT … ON CONFLICT DO
// NOTHING posts each lease and period once whatever the retries, crashes or second runner (the second runner's insert
// waits for the first's keys, then inserts nothing). The rows are inserted in key order so two runners never deadlock,
// and posting and crediting commit together: a crash leaves neither.
import { MISSED_OCCURRENCE_GRACE_DAYS } from '@portal/domain/business-days';
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import { applyUnappliedCredits, lockLease } from '../payments/credits.ts';
import { todayOf } from '../payments/payment-context.ts';

export interface MonthlyPostingResult {
  /** Open charges posted from the leases' recurring charges. */
  posted: { id: string; leaseId: string }[];
  /** Late fee charges posted. */
  lateFees: { id: string; leaseId: string }[];
  /** Leases whose unapplied credit paid some of the charges posted. */
  creditsApplied: string[];
}

// $1 today, $2 the catch-up days. The period of today and the one before (a due day late in a month caught up early in
// the next). The due day is clamped to 1..the month's last day.
const POST_RECURRING = `WITH periods AS (
  SELECT l.id AS lease_id, l.charges, l.start_date, l.end_date, p.month_start,
    make_date(extract(year FROM p.month_start)::int, extract(month FROM p.month_start)::int,
      least(greatest(l.monthly_payment_due_day, 1),
        extract(day FROM (p.month_start + interval '1 month' - interval '1 day'))::int)) AS due_date
  FROM property_leases l
  CROSS JOIN (VALUES (date_trunc('month', $1::date)::date),
                     ((date_trunc('month', $1::date) - interval '1 month')::date)) AS p(month_start)
  WHERE l.status = 'ACTIVE' AND jsonb_typeof(l.charges) = 'array' AND jsonb_array_length(l.charges) > 0
), due AS (
  SELECT * FROM periods
  WHERE due_date <= $1::date AND due_date >= $1::date - $2::int
    AND (start_date IS NULL OR due_date >= start_date) AND (end_date IS NULL OR due_date <= end_date)
), lines AS (
  SELECT d.lease_id, d.due_date, d.month_start, line.value, line.ord,
    'rent:' || d.lease_id || ':' || to_char(d.month_start, 'YYYY-MM') || ':' || (line.ord - 1) AS posting_key
  FROM due d CROSS JOIN LATERAL jsonb_array_elements(d.charges) WITH ORDINALITY AS line(value, ord)
  WHERE (line.value->>'amount')::bigint > 0
)
INSERT INTO open_charges (billing_account_id, billing_account_type, code, name, due_date, post_month, amount, balance,
  posting_key, created_at)
SELECT lease_id, 'TYPE_PROPERTY_LEASE', value->>'code', coalesce(nullif(value->>'name', ''), value->>'code', 'Rent'),
  due_date, month_start, (value->>'amount')::bigint, (value->>'amount')::bigint, posting_key,
  -- a microsecond apart in line order: a payment or credit pays one due date's lines in the lease's order
  $3::timestamptz + (ord - 1) * interval '1 microsecond'
FROM lines ORDER BY posting_key
ON CONFLICT DO NOTHING
RETURNING id, billing_account_id AS "leaseId"`;

const POST_LATE_FEES = `INSERT INTO open_charges (billing_account_id, billing_account_type, code, name, due_date, post_month,
  amount, balance, posting_key, created_at)
SELECT c.billing_account_id, 'TYPE_PROPERTY_LEASE', 'late-fee',
  coalesce((SELECT nullif(x->>'name', '') FROM jsonb_array_elements(co.charge_codes) x WHERE x->>'code' = 'late-fee' LIMIT 1),
    'Late fee'),
  $1::date, date_trunc('month', $1::date)::date, co.late_fee_amount, co.late_fee_amount, 'late:' || c.id, $3::timestamptz
FROM open_charges c
JOIN property_leases l ON l.id = c.billing_account_id
JOIN companies co ON co.id = l.company_id
WHERE co.late_fee_amount IS NOT NULL AND co.late_fee_amount > 0 AND c.balance > 0
  AND c.code IS DISTINCT FROM 'late-fee' AND (c.posting_key IS NULL OR c.posting_key NOT LIKE 'late:%')
  AND l.status <> 'TERMINATED'
  -- as a due date range (the open charges' (lease, due date) index serves it)
  AND c.due_date <= $1::date - greatest(co.late_fee_days, 1)
  AND c.due_date >= $1::date - greatest(co.late_fee_days, 1) - $2::int
ORDER BY 'late:' || c.id
ON CONFLICT DO NOTHING
RETURNING id, billing_account_id AS "leaseId"`;

// Of the given leases, those with a COMPLETE credit not wholly allocated.
const LEASES_WITH_CREDIT = `SELECT DISTINCT t.billing_account_id AS "leaseId" FROM payment_transactions t
WHERE t.billing_account_id = ANY($1::text[]) AND t.transaction_type = 'CREDIT' AND t.status = 'COMPLETE'
  AND t.amount > coalesce((SELECT sum(a.amount) FROM charge_allocations a WHERE a.transaction_id = t.id), 0)
ORDER BY 1`;

type Posted = { id: string; leaseId: string };

/** Posts what is due as of ctx.now(): recurring charges, late fees, then unapplied credits on those leases. */
export async function postMonthlyCharges(ctx: Pick<AppContext, 'db' | 'now'>): Promise<MonthlyPostingResult> {
  const now = ctx.now();
  const params = [todayOf(now), MISSED_OCCURRENCE_GRACE_DAYS, now.toISOString()];
  return ctx.db.transaction(async (tx) => {
    const raw = rawOf(tx);
    const posted = (await raw(POST_RECURRING, params)).rows as unknown as Posted[];
    const lateFees = (await raw(POST_LATE_FEES, params)).rows as unknown as Posted[];
    const leaseIds = [...new Set([...posted, ...lateFees].map((p) => p.leaseId))];
    const creditsApplied: string[] = [];
    if (leaseIds.length > 0) {
      const { rows } = await raw(LEASES_WITH_CREDIT, [leaseIds]);
      // In id order (the query's): two writers lock leases in one order.
      for (const { leaseId } of rows as { leaseId: string }[]) {
        await lockLease(tx, leaseId);
        if ((await applyUnappliedCredits(tx, leaseId)) > 0) creditsApplied.push(leaseId);
      }
    }
    return { posted, lateFees, creditsApplied };
  });
}
