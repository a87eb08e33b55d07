// Paysafe cash (US; spec 1 §4 "Paysafe cash and union pay", §5, §9; issue 8): POST /payment/paysafecash records a
// PENDING TYPE_PAYSAFE_CASH payment (allocated now) and answers the url of its barcode page; the tenant pays the total
// in cash at a store (the sandbox page's "Pay at store" button stands for the store) and the payment becomes COMPLETE.
// An unpaid barcode expires after 7 days (expirePaysafeCash, run by the recovery timer).
import { randomInt } from 'node:crypto';
import {
  checkPaysafeCashAmount,
  PAYSAFE_CASH_MIN_CENTS,
  PAYSAFE_CASH_PENDING_DAYS,
  paysafeCashUnavailable,
} from '@portal/domain/limits';
import { fromCents } from '@portal/domain/money';
import { arePartialPaymentsBlocked, payableNowCents } from '@portal/domain/payment-amounts';
import type { RedirectAnswer } from '@portal/domain/payment-shapes';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyTransactions } from '../notifications/transaction-notices.ts';
import { toPaymentResult } from './ledger.ts';
import {
  createRedirectPayment,
  expireRedirectPayments,
  type RedirectModeConfig,
  type RedirectRequest,
  settleRedirectPayment,
} from './redirect-payment.ts';

/** A barcode number as the store scans it: 20 digits (an even count, for the interleaved 2 of 5 barcode). */
export function newBarcodeNumber(): string {
  let digits = String(1 + randomInt(9));
  while (digits.length < 20) digits += String(randomInt(10));
  return digits;
}

export const PAYSAFE_CASH_PAGE_PATH = '/api/sandbox/paysafecash';

// spec 1 §4 / §9: the pending cash transaction expires in 7 days
export const PAYSAFE_CASH: RedirectModeConfig = {
  type: 'TYPE_PAYSAFE_CASH',
  feeTypes: ['TYPE_PAYSAFE_CASH', 'TYPE_CASH'],
  ttlMs: PAYSAFE_CASH_PENDING_DAYS * 24 * 60 * 60 * 1000,
  pagePath: PAYSAFE_CASH_PAGE_PATH,
  newProviderReference: newBarcodeNumber,
  // issue 21 §1: never offered (nor accepted) where it cannot succeed: the same domain rule as the method selector's
  checkAvailable: ({ lease, openCharges, today, display }) => {
    const reason = paysafeCashUnavailable({
      blockPartialPayments: arePartialPaymentsBlocked(lease, lease.company),
      payableNowCents: payableNowCents(openCharges, today),
      display,
    });
    if (reason) throw new AppError('RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED', reason.key, { values: reason.values });
  },
  // spec 1 §5: below 10 rejected naming the amount; over 1495 blocked (the 500 / 995 notes are the form's)
  checkAmount: (amountCents, display) => {
    const check = checkPaysafeCashAmount(amountCents, display);
    if (check.ok || !check.error) return;
    throw AppError.onField('amount', check.error.key, {
      errorCode: 'RM_ERROR_INVALID_AMOUNT',
      values: check.error.values,
      fieldValue: amountCents < PAYSAFE_CASH_MIN_CENTS ? fromCents(amountCents - PAYSAFE_CASH_MIN_CENTS) : undefined,
    });
  },
};

/** The provider's error text of an expired barcode (colon style, as the dashboard's FAILED tooltip splits it). */
const EXPIRED_ERROR = 'paysafecash:EXPIRED:The barcode was not paid within 7 days';

/** POST /payment/paysafecash: the barcode page's url, the total to pay at the store and when the barcode expires. */
export function createPaysafeCashPayment(ctx: AppContext, req: RedirectRequest): Promise<RedirectAnswer> {
  return createRedirectPayment(ctx, PAYSAFE_CASH, req);
}

/** The sandbox store took the cash for the barcode: COMPLETE (once; an expired barcode is refused). */
export async function payPaysafeCashAtStore(ctx: AppContext, pageId: string) {
  return toPaymentResult(await settleRedirectPayment(ctx, PAYSAFE_CASH, pageId, { status: 'COMPLETE' }, EXPIRED_ERROR));
}

/**
 * spec 1 §4: PENDING paysafe cash payments older than 7 days become TIMEDOUT and give their allocations back. Run by
 * the payment recovery timer every 30 s (jobs/payment-recovery.ts); `now` is injectable for tests and the jobs issue.
 */
export async function expirePaysafeCash(
  ctx: Pick<AppContext, 'db' | 'database' | 'now'>,
  now: Date = ctx.now(),
): Promise<string[]> {
  const expired = await expireRedirectPayments(ctx, PAYSAFE_CASH, now, EXPIRED_ERROR);
  // issue 10: the tenant is told (once per barcode)
  await notifyTransactions({ database: ctx.database, now: () => now }, 'CASH_VOUCHER_EXPIRED', expired);
  return expired;
}
