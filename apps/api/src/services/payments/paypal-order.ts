import type { PaymentCharge, PaymentResult } from '@portal/domain/payment-shapes';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentMethods, paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { OnlineWalletCapture, OnlineWalletOrder } from '../../providers/online-wallet/online-wallet.ts';
import { liveMethodsOf } from '../payment-methods/payment-method-record.ts';
import {
  allocationOf,
  balancesOf,
  closeTransaction,
  currentBalances,
  findStuckTransactions,
  lockOpenCharges,
  paymentOn,
  postPayment,
  type TransactionRow,
  toPaymentResult,
} from './ledger.ts';
import { priceModePayment, todayOf } from './payment-context.ts';
import { requireValidAmount } from './payment-rules.ts';

const TYPE = 'TYPE_PAY_PAL';

interface OrderBody {
  billingAccountId: string;
  amount?: number;
  charges?: PaymentCharge[];
}

/** The order's reference at the provider: whose and for which lease (checked again at capture). */
const referenceOf = (customerId: string, leaseId: string) => `${customerId}:${leaseId}`;
/** The transaction key of an order's capture: one transaction per order. */
const captureKeyOf = (orderId: string) => `paypal-order:${orderId}`;
const orderIdOfKey = (key: string | null) => (key?.startsWith('paypal-order:') ? key.slice('paypal-order:'.length) : null);

/** The provider's error texts (spec 1 §8: the FAILED tooltip shows 'Error' and the last colon-separated part). */
const CAPTURE_FAILED = (message: string) => `paypal:CAPTURE_FAILED:${message}`;
const NOT_CAPTURED = 'paypal:NOT_CAPTURED:The payment was interrupted before PayPal completed it';

/** POST /paypal_create_order: an order for the payment's total (one per Idempotency-Key). */
export async function createPayPalOrder(
  ctx: AppContext,
  input: { customerId: string; idempotencyKey: string; body: OrderBody; lang: Lang; actedBy?: string | null },
): Promise<{ merchantId: string; currency: 'CAD' | 'USD'; orderId: string }> {
  // The total the provider charges: amount + fee unless the company pays.
  const { lease, amountCents, quote, display } = await priceModePayment(ctx.db, input, TYPE);
  requireValidAmount(amountCents, {
    openCharges: await currentBalances(ctx, lease.id),
    today: todayOf(ctx.now()),
    lease,
    display,
  });
  const order = await ctx.providers.onlineWallet.createOrder({
    amountCents: quote.tenantTotalCents,
    currency: lease.currency,
    idempotencyKey: `${input.customerId}:${input.idempotencyKey}`,
    reference: referenceOf(input.customerId, lease.id),
  });
  return { merchantId: order.merchantId, currency: order.currency, orderId: order.orderId };
}

const orderNotFound = () => new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentModes.payPalOrderNotFound');
const orderMismatch = () => AppError.onField('orderId', 'server.paymentModes.payPalOrderMismatch');

/** The answer of a settled capture: the transaction, or the refusal carrying it (as a declined card's). */
function resultOf(row: TransactionRow): PaymentResult {
  const result = toPaymentResult(row);
  if (row.status === 'FAILED') {
    throw new AppError('RM_ERROR_PAYMENT_DECLINED', 'server.paymentModes.payPalCaptureFailed', {
      extra: { transaction: result },
    });
  }
  return result;
}

/** Moves a PENDING capture to its outcome (once: a row already settled is answered as it is). */
async function settleCapture(
  ctx: Pick<AppContext, 'db'>,
  id: string,
  outcome: { capture: OnlineWalletCapture } | { error: string },
): Promise<TransactionRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for('update');
    if (row.status !== 'PENDING') return row;
    const settled = await closeTransaction(
      tx,
      row.id,
      'PENDING',
      'error' in outcome
        ? { status: 'FAILED', error: outcome.error, providerId: null }
        : { status: 'COMPLETE', error: null, providerId: outcome.capture.captureId },
    );
    return settled ?? row;
  });
}

/** Asks the provider to capture (it answers a second capture with the first) and settles the transaction. */
async function captureAndSettle(ctx: AppContext, pending: TransactionRow, orderId: string): Promise<TransactionRow> {
  let capture: OnlineWalletCapture | null;
  try {
    capture = await ctx.providers.onlineWallet.captureOrder({ orderId });
  } catch (err) {
    // A refusal, or a failure that may hide a capture: the provider's capture record decides.
    capture = await ctx.providers.onlineWallet.getCapture(orderId);
    if (!capture) return settleCapture(ctx, pending.id, { error: CAPTURE_FAILED(err instanceof Error ? err.message : 'Error') });
  }
  return settleCapture(ctx, pending.id, { capture });
}

/** POST /paypal_capture_order: the ledger transaction of an approved order (one per order). */
export async function capturePayPalOrder(
  ctx: AppContext,
  input: { customerId: string; body: OrderBody & { orderId: string }; lang: Lang; actedBy?: string | null },
): Promise<PaymentResult> {
  const { customerId, body } = input;
  const order: OnlineWalletOrder | null = await ctx.providers.onlineWallet.getOrder(body.orderId);
  if (!order?.reference?.startsWith(`${customerId}:`)) throw orderNotFound();
  const { lease, amountCents, quote, display } = await priceModePayment(ctx.db, input, TYPE);
  if (order.reference !== referenceOf(customerId, lease.id)) throw orderMismatch();

  const claimed = await ctx.db.transaction(async (tx) => {
    const key = captureKeyOf(order.orderId);
    // One capture per order: concurrent captures of the same order wait here, then find the first one's transaction.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    const [earlier] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, customerId), eq(paymentTransactions.idempotencyKey, key)))
      .limit(1);
    if (earlier) return { earlier: true as const, row: earlier };
    if (order.status === 'CANCELLED') throw AppError.onField('orderId', 'server.paymentModes.payPalOrderCancelled');
    if (order.amountCents !== quote.tenantTotalCents || order.currency !== lease.currency) throw orderMismatch();
    const charges = await lockOpenCharges(tx, lease.id);
    requireValidAmount(amountCents, { openCharges: balancesOf(charges), today: todayOf(ctx.now()), lease, display });
    // The tenant's linked provider account, if any (spec 1 §4: the summary's provider button for TYPE_PAY_PAL).
    const [linked] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(liveMethodsOf(customerId, TYPE))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    const row = await postPayment(tx, {
      ...paymentOn(lease, quote),
      status: 'PENDING',
      paymentProviderId: order.orderId,
      paymentMethodType: TYPE,
      paymentMethodId: linked?.id ?? null,
      idempotencyKey: key,
      allocate: allocationOf(body, quote),
      openCharges: charges,
      actedBy: input.actedBy ?? null,
    });
    return { earlier: false as const, row };
  });
  // A capture already settled is answered as it is; one still PENDING (in flight, or left by a crash) is completed by
  // asking the provider again, which never captures twice.
  const row = claimed.row.status === 'PENDING' ? await captureAndSettle(ctx, claimed.row, order.orderId) : claimed.row;
  return resultOf(row);
}

/**
 * Captures left PENDING by a crash between the provider's answer and the commit (older than `olderThanMs`): COMPLETE
 * when the provider has the capture, else FAILED with the allocations given back. Never captures.
 */
export async function recoverPayPalCaptures(
  ctx: AppContext,
  opts: { olderThanMs: number },
): Promise<{ id: string; status: string }[]> {
  const before = new Date(ctx.now().getTime() - opts.olderThanMs).toISOString();
  const stuck = await findStuckTransactions(ctx.db, 'PENDING', before, eq(paymentTransactions.paymentMethodType, TYPE));
  const settled: { id: string; status: string }[] = [];
  for (const row of stuck) {
    const orderId = orderIdOfKey(row.idempotencyKey);
    const capture = orderId ? await ctx.providers.onlineWallet.getCapture(orderId) : null;
    const done = await settleCapture(ctx, row.id, capture ? { capture } : { error: NOT_CAPTURED });
    settled.push({ id: done.id, status: done.status });
  }
  return settled;
}
