// The month's rent reporting (issue 22 "Reporting, as the industry does it"): for period P (the previous calendar month
// at run time) one Metro 2® Base Segment per subscribed tenant and lease, computed from the ledger as it stood at the
// end of P, written as ONE credit_report_files row per period (unique period: a second run, or a second runner at once,
// builds nothing new) and one credit_reports row per subscription and month (unique), then delivered to the bureau
// and its answer stored per record and on the file (ANSWERED). A crash between building and delivering → the next run
// delivers the stored file, never a rebuilt one. The subscription is the tenant's consent: a subscription is reported
// for P when its paid reporting window [start, expiry] meets P: ACTIVE, UNSUBSCRIBED (reported to its expiry), EXPIRED
// or SUSPENDED (a refused renewal keeps the paid year's expiry) for the months of that window; TERMINATED never (the
// tenant stopped it: never reported again), nor a lease never subscribed.
import { createHash } from 'node:crypto';
import {
  buildMetro2File,
  buildRentalBaseSegment,
  type LedgerCharge,
  type LedgerPayment,
  periodEnd,
  previousPeriod,
  type RentalAccountRecord,
} from '@portal/domain/metro2';
import type { AppContext } from '../../context.ts';
import { type Executor, rawOf } from '../../db/client.ts';
import type { ChargeLine } from '../../db/schema.ts';
import type { BureauAnswer } from '../../providers/bureau/bureau.ts';
import { BureauUnavailableError } from '../../providers/bureau/bureau.ts';
import { STANDING_STATUSES } from '../payments/ledger.ts';

/** The furnisher as the bureaus know it (the header's program id and each record's identification number). */
export const FURNISHER = {
  id: 'RENTPORTAL01',
  programId: 'RPORTAL01',
  name: 'Tenant Portal Rent Reporting',
  address: '100 King Street West, Toronto ON M5X 1A9',
  telephone: '+14165550100',
  software: 'Tenant Portal',
  version: '1.0',
} as const;

/** The Consumer Account Number (positions 43–72): stable per tenant and lease, whatever the subscription's renewals. */
export function consumerAccountNumber(leaseId: string, userId: string): string {
  return `RL${createHash('sha256').update(`${leaseId}:${userId}`).digest('hex').slice(0, 24).toUpperCase()}`;
}

export interface MonthReportResult {
  period: string;
  fileId: string | null;
  /** This run built the file (false: it existed, or nothing was to report). */
  built: boolean;
  /** This run delivered it and stored the bureau's answer. */
  delivered: boolean;
  records: number;
  accepted: number;
  rejected: number;
  /** Why the delivery failed (the file stays BUILT and is delivered by the next run), else null. */
  deliveryError: string | null;
}

interface SubscriptionRow {
  subscriptionId: string;
  userId: string;
  leaseId: string;
  leaseStart: string | null;
  leaseEnd: string | null;
  unit: string | null;
  leaseCharges: ChargeLine[];
  firstName: string;
  lastName: string;
  birthDate: string | null;
  phone: string | null;
  street1: string;
  street2: string | null;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

const isoDay = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/** The subscriptions live for the period and not reported for it yet, one per tenant and lease. */
async function liveSubscriptions(db: Executor, period: string): Promise<SubscriptionRow[]> {
  const start = `${period}-01`;
  const end = periodEnd(period);
  const { rows } = await rawOf(db)(
    `SELECT DISTINCT ON (s.user_id, s.billing_account_id)
       s.id AS "subscriptionId", s.user_id AS "userId", l.id AS "leaseId",
       l.start_date::text AS "leaseStart", l.end_date::text AS "leaseEnd", l.unit, l.charges AS "leaseCharges",
       c.first_name AS "firstName", c.last_name AS "lastName", c.birth_date::text AS "birthDate", c.phone,
       p.street1, p.street2, p.city, p.province, p.postal_code AS "postalCode", p.country
     FROM credit_report_subscriptions s
       JOIN property_leases l ON l.id = s.billing_account_id AND l.user_id = s.user_id
       JOIN customers c ON c.id = s.user_id
       JOIN properties p ON p.id = l.property_id
     WHERE s.status IN ('ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED', 'EXPIRED')
       AND coalesce(s.start_date, s.subscription_date) <= $2::date
       AND s.expiry_date >= $1::date
       AND l.start_date IS NOT NULL AND l.start_date <= $2::date
       AND NOT EXISTS (
         SELECT 1 FROM credit_reports r JOIN credit_report_subscriptions s2 ON s2.id = r.subscription_id
         WHERE r.reported_month = $3 AND s2.user_id = s.user_id AND s2.billing_account_id = s.billing_account_id)
     ORDER BY s.user_id, s.billing_account_id, s.create_date DESC, s.id`,
    [start, end, period],
  );
  return (rows as unknown as SubscriptionRow[]).sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId));
}

/** Each lease's charges due by the end of the period, with the standing payments applied to them by then. */
async function ledgersOf(db: Executor, leaseIds: string[], period: string) {
  const end = periodEnd(period);
  const endInstant = `${end}T23:59:59.999Z`;
  const raw = rawOf(db);
  const { rows: charges } = await raw(
    `SELECT oc.id, oc.billing_account_id AS "leaseId", oc.due_date::text AS "dueDate", oc.amount
     FROM open_charges oc WHERE oc.billing_account_id = ANY($1::text[]) AND oc.due_date <= $2::date`,
    [leaseIds, end],
  );
  const { rows: allocations } = await raw(
    `SELECT a.open_charge_id AS "chargeId", a.amount, t.create_date AS "postedAt"
     FROM charge_allocations a JOIN payment_transactions t ON t.id = a.transaction_id
     JOIN open_charges oc ON oc.id = a.open_charge_id
     WHERE oc.billing_account_id = ANY($1::text[]) AND t.status = ANY($2::text[]) AND t.create_date <= $3`,
    [leaseIds, [...STANDING_STATUSES], endInstant],
  );
  const { rows: payments } = await raw(
    `SELECT t.billing_account_id AS "leaseId", t.user_id AS "userId", t.amount, t.create_date AS "postedAt"
     FROM payment_transactions t
     WHERE t.billing_account_id = ANY($1::text[]) AND t.transaction_type = 'PAYMENT'
       AND t.status = ANY($2::text[]) AND t.create_date <= $3`,
    [leaseIds, [...STANDING_STATUSES], endInstant],
  );
  const byCharge = new Map<string, { postedOn: string; amountCents: number }[]>();
  for (const a of allocations) {
    const list = byCharge.get(String(a.chargeId)) ?? [];
    list.push({ postedOn: isoDay(a.postedAt), amountCents: Number(a.amount) });
    byCharge.set(String(a.chargeId), list);
  }
  const chargesByLease = new Map<string, LedgerCharge[]>();
  for (const c of charges) {
    const list = chargesByLease.get(String(c.leaseId)) ?? [];
    list.push({ dueDate: isoDay(c.dueDate), amountCents: Number(c.amount), allocations: byCharge.get(String(c.id)) ?? [] });
    chargesByLease.set(String(c.leaseId), list);
  }
  const paymentsByLease = new Map<string, (LedgerPayment & { userId: string })[]>();
  for (const p of payments) {
    const list = paymentsByLease.get(String(p.leaseId)) ?? [];
    list.push({ postedOn: isoDay(p.postedAt), amountCents: Number(p.amount), userId: String(p.userId) });
    paymentsByLease.set(String(p.leaseId), list);
  }
  return { chargesByLease, paymentsByLease };
}

interface BuiltFile {
  id: string;
  built: boolean;
  status: string;
  recordCount: number;
}

/** Builds and stores the period's file once (null when nothing is to report). */
export async function buildMonthFile(ctx: Pick<AppContext, 'db' | 'now'>, period: string): Promise<BuiltFile | null> {
  return ctx.db.transaction(async (tx) => {
    const raw = rawOf(tx);
    const existing = await raw(`SELECT id, status, record_count AS "recordCount" FROM credit_report_files WHERE period = $1`, [
      period,
    ]);
    if (existing.rows[0]) return { ...(existing.rows[0] as unknown as Omit<BuiltFile, 'built'>), built: false };
    const subscriptions = await liveSubscriptions(tx, period);
    if (subscriptions.length === 0) return null;
    const { chargesByLease, paymentsByLease } = await ledgersOf(tx, [...new Set(subscriptions.map((s) => s.leaseId))], period);
    const builtAt = ctx.now().toISOString();
    const built: { row: SubscriptionRow; out: RentalAccountRecord }[] = subscriptions.map((row) => ({
      row,
      out: buildRentalBaseSegment({
        furnisherId: FURNISHER.id,
        accountNumber: consumerAccountNumber(row.leaseId, row.userId),
        period,
        builtAt,
        lease: {
          startDate: isoDay(row.leaseStart),
          endDate: row.leaseEnd ? isoDay(row.leaseEnd) : null,
          unit: row.unit,
          charges: row.leaseCharges ?? [],
        },
        ledger: {
          charges: chargesByLease.get(row.leaseId) ?? [],
          payments: (paymentsByLease.get(row.leaseId) ?? []).filter((p) => p.userId === row.userId),
        },
        consumer: { firstName: row.firstName, lastName: row.lastName, birthDate: row.birthDate, phone: row.phone },
        address: {
          street1: row.street1,
          street2: row.street2,
          city: row.city,
          province: row.province,
          postalCode: row.postalCode,
          country: row.country,
        },
      }),
    }));
    const content = buildMetro2File(
      {
        programId: FURNISHER.programId,
        period,
        createdOn: builtAt.slice(0, 10),
        reporterName: FURNISHER.name,
        reporterAddress: FURNISHER.address,
        reporterTelephone: FURNISHER.telephone,
        softwareVendorName: FURNISHER.software,
        softwareVersion: FURNISHER.version,
      },
      built.map((b) => b.out.record),
    );
    // the period's claim: a second runner waits on the unique index, then finds the row and builds nothing
    const inserted = await raw(
      `INSERT INTO credit_report_files (period, content, record_count, status, created_at)
       VALUES ($1, $2, $3, 'BUILT', $4) ON CONFLICT (period) DO NOTHING RETURNING id`,
      [period, content, built.length, builtAt],
    );
    const fileId = inserted.rows[0]?.id as string | undefined;
    if (!fileId) {
      const again = await raw(`SELECT id, status, record_count AS "recordCount" FROM credit_report_files WHERE period = $1`, [
        period,
      ]);
      return { ...(again.rows[0] as unknown as Omit<BuiltFile, 'built'>), built: false };
    }
    for (const { row, out } of built) {
      await raw(
        `INSERT INTO credit_reports (subscription_id, reported_month, amount_reported, file_id, account_status,
           payment_rating, scheduled_payment_cents, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'SENT', $8)`,
        [
          row.subscriptionId,
          period,
          out.actualPaymentCents,
          fileId,
          out.accountStatus,
          out.paymentRating || null,
          out.scheduledPaymentCents,
          builtAt,
        ],
      );
    }
    return { id: fileId, built: true, status: 'BUILT', recordCount: built.length };
  });
}

/** A delivery claimed this long ago without an answer (its runner died waiting) may be claimed again. */
export const STALE_DELIVERY_MS = 10 * 60_000;

/**
 * Delivers a stored file not answered yet and stores the answer. The file is claimed first (BUILT → DELIVERED in one
 * conditional statement: another runner finds it claimed and leaves it), and the bureau is called outside any database
 * transaction (the embedded database has one connection: a slow bureau must not hold it). The call fails → the claim is
 * given back (BUILT) for the next run; the runner dies → the claim goes stale and a later run delivers the same text
 * (the bureau recognises the file: one submission id per file).
 */
export async function deliverMonthFile(
  ctx: Pick<AppContext, 'db' | 'now' | 'providers'>,
  fileId: string,
): Promise<{ delivered: boolean; answer: BureauAnswer | null }> {
  const raw = rawOf(ctx.db);
  const claimedAt = ctx.now();
  const { rows } = await raw(
    `UPDATE credit_report_files SET status = 'DELIVERED', delivered_at = $2
     WHERE id = $1 AND (status = 'BUILT' OR (status = 'DELIVERED' AND delivered_at < $3))
     RETURNING id, period, content`,
    [fileId, claimedAt.toISOString(), new Date(claimedAt.getTime() - STALE_DELIVERY_MS).toISOString()],
  );
  const file = rows[0] as { id: string; period: string; content: string } | undefined;
  if (!file) return { delivered: false, answer: null };
  let answer: BureauAnswer;
  try {
    answer = await ctx.providers.bureau.submitFile({ fileName: `METRO2-${file.period}.txt`, content: file.content });
  } catch (err) {
    await raw(`UPDATE credit_report_files SET status = 'BUILT', delivered_at = NULL WHERE id = $1 AND status = 'DELIVERED'`, [
      file.id,
    ]);
    throw err;
  }
  return ctx.db.transaction(async (tx) => {
    const rawTx = rawOf(tx);
    const { rows: reports } = await rawTx(
      `SELECT r.id, s.billing_account_id AS "leaseId", s.user_id AS "userId"
       FROM credit_reports r JOIN credit_report_subscriptions s ON s.id = r.subscription_id WHERE r.file_id = $1`,
      [file.id],
    );
    const byAccount = new Map(answer.records.map((r) => [r.accountNumber, r]));
    for (const report of reports) {
      const result = byAccount.get(consumerAccountNumber(String(report.leaseId), String(report.userId)));
      if (!result) continue;
      await rawTx(`UPDATE credit_reports SET status = $2, result_code = $3, result_message = $4 WHERE id = $1`, [
        report.id,
        result.status,
        result.code,
        result.message,
      ]);
    }
    await rawTx(`UPDATE credit_report_files SET status = 'ANSWERED', bureau_answer = $2::jsonb, answered_at = $3 WHERE id = $1`, [
      file.id,
      JSON.stringify(answer),
      ctx.now().toISOString(),
    ]);
    return { delivered: true, answer };
  });
}

/**
 * The month's reporting, safe to run twice for one instant and from two runners at once. `period` defaults to the
 * month before ctx.now() (UTC). Files of earlier months still unanswered (the bureau was down) are delivered too.
 */
export async function reportMonth(
  ctx: Pick<AppContext, 'db' | 'now' | 'providers'>,
  opts: { period?: string } = {},
): Promise<MonthReportResult> {
  const period = opts.period ?? previousPeriod(ctx.now().toISOString().slice(0, 10));
  const result: MonthReportResult = {
    period,
    fileId: null,
    built: false,
    delivered: false,
    records: 0,
    accepted: 0,
    rejected: 0,
    deliveryError: null,
  };
  const file = await buildMonthFile(ctx, period);
  if (file) Object.assign(result, { fileId: file.id, built: file.built, records: Number(file.recordCount) });
  const { rows: pending } = await rawOf(ctx.db)(
    `SELECT id FROM credit_report_files WHERE status <> 'ANSWERED' AND period <= $1 ORDER BY period`,
    [period],
  );
  for (const { id } of pending) {
    try {
      const { delivered, answer } = await deliverMonthFile(ctx, String(id));
      if (id !== result.fileId) continue;
      result.delivered = delivered;
      if (answer) Object.assign(result, { accepted: answer.acceptedCount, rejected: answer.rejectedCount });
    } catch (err) {
      // unreachable bureau: the file stays BUILT and the next run delivers it
      if (!(err instanceof BureauUnavailableError)) throw err;
      result.deliveryError = err.message;
    }
  }
  return result;
}
