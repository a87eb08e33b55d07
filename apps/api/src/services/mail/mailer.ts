// The server's own mail sender (issue 25): a reset link should arrive in seconds, not at the job's next minute. A
// service that queued a mail calls ctx.mailer.wake() after its transaction commits; mail nobody woke it for (a
// payment's notice, queued by the statement that settles it) is found by a glance every GLANCE_MS; a full pass every
// everyMs takes retries that came due and stale claims. Never two passes at once in this process; other processes are kept apart by
// the outbox's claims. The job (`npm run jobs`) runs the same dispatchMail.
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import { dispatchMail } from './dispatch.ts';

export interface Mailer {
  /** Send what is due soon (after the caller's commit). */
  wake(): void;

  /** Stops; resolves when a pass under way has ended. */
  stop(): Promise<void>;
}

/**
 * How often the mailer glances at the outbox for mail no service woke it for (a payment's notice, written by the
 * statement that settles the payment): one indexed EXISTS, and a pass only when something is due.
 */
export const GLANCE_MS = 2_000;

export interface MailerOptions {
  everyMs?: number;
  /** The glance's period (GLANCE_MS). */
  glanceMs?: number;
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
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
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
  const glance = setInterval(() => {
    if (stopped || running || soon) return;
    rawOf(ctx.db)(`SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE status = 'PENDING' AND next_attempt_at <= $1) AS due`, [
      ctx.now().toISOString(),
    ])
      .then(({ rows }) => {
        if ((rows[0] as { due?: boolean } | undefined)?.due) schedule(0);
      })
      .catch(() => undefined);
  }, opts.glanceMs ?? GLANCE_MS);
  glance.unref();
  return {
    wake() {
      schedule(20);
    },

    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(glance);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
}
