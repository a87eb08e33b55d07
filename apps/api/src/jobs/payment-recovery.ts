// Payment recovery on a timer (issue 8): at start, then every 30 s, INPROCESS payments older than the recovery age are
// settled by asking the processor (services/payments/recover-payments.ts) and online wallet captures left PENDING by a
// crash by asking the provider (paypal-order.ts). Expiring unpaid cash / union pay payments and settling bank debits are
// the scheduled job's (jobs/run-jobs.ts, issue 10), so each has one owner. The age
// keeps a live process's in-flight payments out of reach (a processor call never lasts that long);
// PAYMENT_RECOVERY_AGE_MS changes it. After it, applications whose fee was settled by it are submitted (issue 11).
import type { AppContext } from '../context.ts';
import { finishPaidApplications } from '../services/applications/finish-paid-applications.ts';
import { recoverPayPalCaptures } from '../services/payments/paypal-order.ts';
import { recoverPayments } from '../services/payments/recover-payments.ts';
import { recoverRefunds } from '../services/payments/refund-payment.ts';

export interface RecoveryJob {
  stop: () => void;
  /** The first pass (at start). */
  ready: Promise<void>;
}

export function startPaymentRecovery(
  ctx: AppContext,
  opts: { olderThanMs: number; everyMs?: number; log: (msg: string, data?: object) => void },
): RecoveryJob {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= recoverPayPalCaptures(ctx, { olderThanMs: opts.olderThanMs })
      .then((captures) => {
        if (captures.length > 0) opts.log('online wallet captures recovered', { settled: captures });
      })
      .catch((err: unknown) => opts.log('online wallet capture recovery failed', { err: String(err) }))
      .then(() => recoverPayments(ctx, { olderThanMs: opts.olderThanMs }))
      .then((report) => {
        if (report.settled.length > 0 || report.freedKeys > 0) opts.log('payments recovered', report);
      })
      .catch((err: unknown) => opts.log('payment recovery failed', { err: String(err) }))
      // Issue 23: refunds left INPROCESS by a crash, asked again under their own key (never a second refund).
      .then(() => recoverRefunds(ctx, { olderThanMs: opts.olderThanMs }))
      .then((refunds) => {
        if (refunds.length > 0) opts.log('refunds recovered', { settled: refunds });
      })
      .catch((err: unknown) => opts.log('refund recovery failed', { err: String(err) }))
      // Issue 11: an application whose fee the recovery just settled is submitted as the tenant's submit would have.
      .then(() => finishPaidApplications(ctx))
      .then((apps) => {
        if (apps.finished.length > 0) opts.log('paid applications submitted', apps);
      })
      .catch((err: unknown) => opts.log('paid application recovery failed', { err: String(err) }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const ready = pass();
  const timer = setInterval(pass, opts.everyMs ?? 30_000);
  timer.unref();
  return { stop: () => clearInterval(timer), ready };
}
