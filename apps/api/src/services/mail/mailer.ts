// The server's own mail sender (issue 25): a reset link should arrive in seconds, not at the job's next minute. A
// service that queued a mail calls ctx.mailer.wake() after its transaction commits; any other write request nudges it
// (app.ts: a payment's notice mail is queued by the statement that settles it); it also passes every everyMs for
// retries that came due. Never two passes at once in this process; other processes are kept apart by
// the outbox's claims. The job (`npm run jobs`) runs the same dispatchMail.
import type { AppContext } from '../../context.ts';
import { dispatchMail } from './dispatch.ts';

export interface Mailer {
  /** Send what is due soon (after the caller's commit). */
  wake(): void;
  /**
   * A request changed something and may have queued mail the code did not say (a payment's notice is written by the
   * statement that settles it): a pass soon, but at most one a NUDGE_GAP_MS, so a burst of writes costs no more.
   */
  nudge(): void;
  /** Stops; resolves when a pass under way has ended. */
  stop(): Promise<void>;
}

/** Nudged passes start at least this far apart. */
export const NUDGE_GAP_MS = 1_000;

export interface MailerOptions {
  everyMs?: number;
  log: (msg: string, data?: object) => void;
  /** Called as each pass starts (tests count them). */
  onPass?: () => void;
}

export function startMailer(ctx: AppContext, opts: MailerOptions): Mailer {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let soon: NodeJS.Timeout | null = null;
  let soonAt = 0;
  let lastStart = 0;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    lastStart = Date.now();
    opts.onPass?.();
    running = dispatchMail(ctx)
      .then((r) => {
        if (r.sent + r.failed + r.uncertain > 0) opts.log('mail sent', r);
      })
      .catch((err) => opts.log('mail dispatch failed', { err: String(err) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  /** A pass in `delayMs`, unless one is already due sooner. */
  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (soon && soonAt <= at) return;
    if (soon) clearTimeout(soon);
    soonAt = at;
    soon = setTimeout(() => {
      soon = null;
      pass();
    }, delayMs);
    soon.unref();
  };
  const timer = setInterval(pass, opts.everyMs ?? 15_000);
  timer.unref();
  return {
    wake() {
      schedule(20);
    },
    nudge() {
      schedule(Math.max(20, lastStart + NUDGE_GAP_MS - Date.now()));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
}
