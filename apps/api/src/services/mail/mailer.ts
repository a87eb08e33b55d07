// The server's own mail sender (issue 25): a reset link should arrive in seconds, not at the job's next minute. A
// service that queued a mail calls ctx.mailer.wake() after its transaction commits; the mailer also passes every
// everyMs for retries that came due. Never two passes at once in this process; other processes are kept apart by
// the outbox's claims. The job (`npm run jobs`) runs the same dispatchMail.
import type { AppContext } from '../../context.ts';
import { dispatchMail } from './dispatch.ts';

export interface Mailer {
  /** Send what is due soon (after the caller's commit). */
  wake(): void;
  /** Stops; resolves when a pass under way has ended. */
  stop(): Promise<void>;
}

export function startMailer(ctx: AppContext, opts: { everyMs?: number; log: (msg: string, data?: object) => void }): Mailer {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let soon: NodeJS.Timeout | null = null;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
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
  const timer = setInterval(pass, opts.everyMs ?? 15_000);
  timer.unref();
  return {
    wake() {
      if (stopped || soon) return;
      soon = setTimeout(() => {
        soon = null;
        pass();
      }, 20);
      soon.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
}
