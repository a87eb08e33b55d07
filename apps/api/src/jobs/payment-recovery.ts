// Payment recovery on a timer (issue 8): at start, then every 30 s, INPROCESS payments older than the recovery age are
// settled by asking the processor (services/payments/recover-payments.ts), online wallet captures left PENDING by a crash
// by asking the provider (paypal-order.ts), unpaid paysafe cash / union pay payments past their time expire, and bank
// debits are settled (settle-bank-payments.ts). The age
// keeps a live process's in-flight payments out of reach (a processor call never lasts that long);
// PAYMENT_RECOVERY_AGE_MS changes it.
import type { AppContext } from '../app.ts';
import { recoverPayPalCaptures } from '../services/payments/paypal-order.ts';
import { expirePaysafeCash } from '../services/payments/paysafe-cash.ts';
import { recoverPayments } from '../services/payments/recover-payments.ts';
import { settleBankPayments } from '../services/payments/settle-bank-payments.ts';
import { expireUnionPayOrders } from '../services/payments/union-pay.ts';

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
      // spec 1 §4: unpaid paysafe cash barcodes expire after 7 days; abandoned union pay orders after a day
      .then(async () => {
        const expired = [...(await expirePaysafeCash(ctx)), ...(await expireUnionPayOrders(ctx))];
        if (expired.length > 0) opts.log('redirect payments expired', { expired });
      })
      .catch((err: unknown) => opts.log('redirect payment expiry failed', { err: String(err) }))
      // Bank debits: PENDING until the processor reports them settled, NSF or returned
      .then(async () => {
        const settled = await settleBankPayments(ctx);
        if (settled.length > 0) opts.log('bank payments settled', { settled });
      })
      .catch((err: unknown) => opts.log('bank payment settlement failed', { err: String(err) }))
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
