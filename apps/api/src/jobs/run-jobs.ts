// The scheduled job (issue 10 "The job that pays"): everything due as of one instant, in order: the month's charges
// (issue 23), autopay occurrences, autopay reminders, later split-pay instalments, cash voucher and union pay expiry,
// bank settlement, screening retries and the activation of approved leases (issue 11), then the e-mail outbox.
// The clock inside is opts.now (a ctx copy whose now() answers it), so a test, the CLI (`npm run jobs -- --now …`) and
// the server's timer run the very same code. Safe to run twice for one instant and from two processes at once: each
// step claims its rows (FOR UPDATE SKIP LOCKED) and pays under an idempotency key.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { chargeDueInstalments } from '../services/autopay/pay-instalments.ts';
import { runAutopay } from '../services/autopay/run-autopay.ts';
import { queueAutopayReminders } from '../services/autopay/run-reminders.ts';
import { postMonthlyCharges } from '../services/charges/post-monthly.ts';
import { runCreditReportRenewals } from '../services/credit-reporting/renewals.ts';
import { reportMonth } from '../services/credit-reporting/report-month.ts';
import { emptyReport, type JobLog, type JobReport, pushId } from '../services/jobs/job-report.ts';
import { dispatchMail } from '../services/mail/dispatch.ts';
import { pruneMail } from '../services/mail/prune.ts';
import { expirePaysafeCash } from '../services/payments/paysafe-cash.ts';
import { handleReturnedPayments } from '../services/payments/returned-payments.ts';
import { settleBankPayments } from '../services/payments/settle-bank-payments.ts';
import { expireUnionPayOrders } from '../services/payments/union-pay.ts';
import { activateApprovedLeases } from '../services/screening/activate-leases.ts';
import { retryPendingScreenings } from '../services/screening/retry-screenings.ts';

export type { IdList, JobLog, JobReport } from '../services/jobs/job-report.ts';
export { emptyIdList, emptyReport, pushId } from '../services/jobs/job-report.ts';

export interface RunJobsOptions {
  /** The instant the run is for: every "today" and timestamp inside comes from it. */
  now: Date;
  /** Who claims rows (recurring_payments.claimedBy); a fresh id per run when absent. */
  runnerId?: string;
  log?: JobLog;
  /** Occurrences claimed per database transaction (default 200). */
  batchSize?: number;
}

/** A copy of the context whose clock stands at `now`. */
export function contextAt(ctx: AppContext, now: Date): AppContext {
  const at = new Date(now.getTime());
  return { ...ctx, now: () => new Date(at.getTime()) };
}

export async function runJobs(ctx: AppContext, opts: RunJobsOptions): Promise<JobReport> {
  const started = performance.now();
  const runnerId = opts.runnerId ?? `runner-${randomUUID()}`;
  const log: JobLog = opts.log ?? (() => undefined);
  const at = contextAt(ctx, opts.now);
  const report = emptyReport(opts.now, runnerId);
  const step = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      report.errors.push({ step: name, error: err instanceof Error ? err.message : String(err) });
      log(`job step ${name} failed`, { err: String(err) });
    }
  };

  // Issue 23: the month's recurring charges and late fees BEFORE autopay, so "the balance then due" includes them.
  await step('charges', async () => {
    const r = await postMonthlyCharges(at);
    for (const p of r.posted) pushId(report.charges.posted, p.id);
    for (const p of r.lateFees) pushId(report.charges.lateFees, p.id);
    for (const id of r.creditsApplied) pushId(report.charges.creditsApplied, id);
  });
  await step('autopay', () => runAutopay(at, { runnerId, batchSize: opts.batchSize, report, log }));
  // After the payments: a reminder is for the occurrence that is upcoming now (the paid one moved to next month).
  await step('reminders', async () => {
    for (const id of await queueAutopayReminders(at)) pushId(report.remindersQueued, id);
  });
  await step('instalments', async () => {
    const done = await chargeDueInstalments(at);
    for (const d of done) pushId(d.status === 'FAILED' ? report.instalments.failed : report.instalments.paid, d.id);
  });
  // spec 1 §4: unpaid paysafe cash barcodes expire after 7 days; abandoned union pay orders after a day
  await step('vouchers', async () => {
    for (const id of [...(await expirePaysafeCash(at)), ...(await expireUnionPayOrders(at))]) {
      pushId(report.vouchersExpired, id);
    }
  });
  await step('bank settlement', async () => {
    for (const s of await settleBankPayments(at)) pushId(report.bankPaymentsSettled, s.id);
  });
  // Issue 23: bank payments the bank sent back after they settled: a RETURN row each, once (returned-payments.ts).
  await step('bank returns', async () => {
    const returned = await handleReturnedPayments(at);
    if (returned.length > 0) log('bank returns handled', { returned: returned.map((r) => r.paymentId) });
  });
  // Issue 11: screenings the provider did not answer yet (back-off by attempts), then approved leases starting today.
  await step('screenings', async () => {
    for (const r of await retryPendingScreenings(at)) {
      const list =
        r.outcome === 'PENDING'
          ? report.screenings.pending
          : r.outcome === 'ERROR'
            ? report.screenings.errored
            : report.screenings.answered;
      pushId(list, r.id);
    }
  });
  await step('lease activation', async () => {
    for (const id of await activateApprovedLeases(at)) pushId(report.leasesActivated, id);
  });
  // Issue 22: once a month is over (from the 2nd: the last day's payments have settled), its rent reporting to the
  // bureau: one Metro 2 file per period whatever the runs, delivered once (an earlier unanswered file too).
  await step('credit reports', async () => {
    if (opts.now.getUTCDate() < 2) return;
    const r = await reportMonth(at);
    report.creditReports = {
      period: r.period,
      built: r.built,
      delivered: r.delivered,
      records: r.records,
      accepted: r.accepted,
      rejected: r.rejected,
    };
    if (r.deliveryError) report.errors.push({ step: 'credit reports', error: r.deliveryError });
  });
  // Issue 22: credit-reporting years renewed (charged once per term), refused ones suspended with a notice, lapsed expired.
  await step('credit reporting renewals', async () => {
    const r = await runCreditReportRenewals(at);
    for (const [list, ids] of [
      [report.creditReporting.renewed, r.renewed],
      [report.creditReporting.suspended, r.suspended],
      [report.creditReporting.expired, r.expired],
      [report.creditReporting.resumed, r.resumed],
    ] as const)
      for (const id of ids) pushId(list, id);
  });
  // Last: the notices of every step above go out in this run.
  await step('outbox', async () => {
    const sent = await dispatchMail(at, { runnerId });
    report.emails.sent += sent.sent;
    report.emails.failed += sent.failed;
    // issue 25: old sandbox mail and spent account links go (services/mail/prune.ts)
    await pruneMail(at);
  });
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
