// The job on the server's timer (issue 10 "Scheduling: in-process on a timer"): runJobs at start and then every
// JOBS_INTERVAL_MS (default 60 s), never two passes at once in this process (other processes on the same PostgreSQL
// may run theirs: the claims keep them apart). JOBS_DISABLED=1 turns it off (e.g. when only `npm run jobs` runs it).
import type { AppContext } from '../context.ts';
import { type JobLog, type JobReport, runJobs } from './run-jobs.ts';

export interface JobTimer {
  /** Stops the timer; resolves when a pass under way has ended (so the database is closed after it). */
  stop: () => Promise<void>;
}

export function jobTimerFromEnv(env: NodeJS.ProcessEnv = process.env): { disabled: boolean; everyMs: number } {
  const everyMs = Number(env.JOBS_INTERVAL_MS ?? 60_000);
  return { disabled: env.JOBS_DISABLED === '1', everyMs: Number.isFinite(everyMs) && everyMs >= 1000 ? everyMs : 60_000 };
}

/** Whether a report has anything worth a log line. */
export function hasWork(r: JobReport): boolean {
  const a = r.autopay;
  return (
    a.paid.count + a.paidLate.count + a.failed.count + Object.values(a.skipped).reduce((s, l) => s + l.count, 0) > 0 ||
    r.charges.posted.count + r.charges.lateFees.count + r.charges.creditsApplied.count > 0 ||
    r.remindersQueued.count + r.instalments.paid.count + r.instalments.failed.count > 0 ||
    r.vouchersExpired.count + r.bankPaymentsSettled.count + r.emails.sent + r.emails.failed > 0 ||
    r.screenings.answered.count + r.screenings.errored.count + r.leasesActivated.count > 0 ||
    r.creditReports.built ||
    r.creditReports.delivered ||
    r.errors.length > 0
  );
}

export function startJobTimer(ctx: AppContext, opts: { everyMs: number; log: JobLog }): JobTimer {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    running ??= runJobs(ctx, { now: ctx.now(), log: opts.log })
      .then((report) => {
        if (hasWork(report)) opts.log('jobs ran', summary(report));
      })
      .catch((err: unknown) => opts.log('jobs failed', { err: String(err) }))
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, opts.everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The report's counts (the ids stay out of the log). */
export function summary(r: JobReport): object {
  return {
    autopayPaid: r.autopay.paid.count,
    autopayPaidLate: r.autopay.paidLate.count,
    autopayFailed: r.autopay.failed.count,
    autopaySkipped: Object.fromEntries(Object.entries(r.autopay.skipped).map(([k, v]) => [k, v.count])),
    chargesPosted: r.charges.posted.count,
    lateFeesPosted: r.charges.lateFees.count,
    creditsApplied: r.charges.creditsApplied.count,
    remindersQueued: r.remindersQueued.count,
    instalmentsPaid: r.instalments.paid.count,
    instalmentsFailed: r.instalments.failed.count,
    vouchersExpired: r.vouchersExpired.count,
    bankPaymentsSettled: r.bankPaymentsSettled.count,
    screeningsAnswered: r.screenings.answered.count,
    screeningsPending: r.screenings.pending.count,
    screeningsErrored: r.screenings.errored.count,
    leasesActivated: r.leasesActivated.count,
    creditReports: r.creditReports,
    emails: r.emails,
    errors: r.errors,
    durationMs: r.durationMs,
  };
}
