// Redirect payments (spec 1 §4 "Paysafe cash and union pay"; issue 8): the tenant is sent to the provider's page in a new
// tab (the sandbox barcode page for paysafe cash, the geoswift page for union pay). The portal records the payment
// PENDING at once, allocated to the open charges oldest first so that the amount rules count it (the tenant cannot pay
// the same charges twice at once) and the ledger invariant holds (balance = amount − standing allocations); the lease
// record shows it apart as pendingPayments, and the tenant's balance adds it back (issue 21 §1: money not yet paid is
// not taken off the balance the tenant sees). The provider's page later completes it (COMPLETE), or the tenant cancels
// there (CANCELLED) or it fails (FAILED), allocations given back; one left unpaid times out (TIMEDOUT, allocations given
// back). Shared by paysafe-cash.ts and union-pay.ts; the checks are the ones of every payment (payment-rules.ts).
import { toIsoInstant } from '@portal/domain/dates';
import { fromCents, type MoneyDisplay } from '@portal/domain/money';
import type { PaymentCharge, RedirectAnswer } from '@portal/domain/payment-shapes';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { companies, paymentTransactions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { RedirectPageView } from '../../providers/sandbox-pages/payment-mode-pages.ts';
import { randomId } from '../../providers/signed-token.ts';
import {
  allocationOf,
  balancesOf,
  closeTransaction,
  currentBalances,
  lockOpenCharges,
  type OpenBalance,
  paymentOn,
  postPayment,
  type TransactionRow,
  totalCentsOf,
} from './ledger.ts';
import { priceModePayment, todayOf } from './payment-context.ts';
import { type PayableLease, requireValidAmount } from './payment-rules.ts';

export type RedirectMode = 'TYPE_PAYSAFE_CASH' | 'TYPE_UNION_PAY';

export interface RedirectModeConfig {
  type: RedirectMode;
  /** Fee profile types looked up, in order (paysafe cash falls back to the company's cash profile). */
  feeTypes: readonly string[];
  /** How long an unpaid one stays PENDING. */
  ttlMs: number;
  /** Where the page is served (the page id is appended). */
  pagePath: string;
  /** The provider's reference for the payment (the barcode number, the order id). */
  newProviderReference: () => string;
  /** The mode's own amount limits, before the rules of every payment. */
  checkAmount?: (amountCents: number, display: MoneyDisplay) => void;
  /** Whether the mode can succeed on this lease at all (issue 21 §1), before its amount limits; throws if not. */
  checkAvailable?: (ctx: ModeAvailabilityContext) => void;
}

export interface ModeAvailabilityContext {
  lease: Pick<PayableLease, 'blockPartialPayments' | 'company'>;
  openCharges: readonly OpenBalance[];
  today: string;
  display: MoneyDisplay;
}

export interface RedirectRequest {
  customerId: string;
  idempotencyKey: string;
  lang: Lang;
  body: { billingAccountId: string; amount?: number; charges?: PaymentCharge[] };
  /** Checks and prices only: nothing is recorded (the answer has no url or transaction). */
  prepareOnly?: boolean;
  /** The admin acting while viewing as the tenant. */
  actedBy?: string | null;
}

/** The key a redirect payment's transaction carries: one transaction per (tenant, Idempotency-Key, mode). */
const transactionKeyOf = (mode: RedirectMode, key: string) => `${mode}:${key}`;

export function expiresAtOf(row: Pick<TransactionRow, 'createDate'>, ttlMs: number): Date {
  return new Date(new Date(toIsoInstant(row.createDate)).getTime() + ttlMs);
}

function answerOf(mode: RedirectModeConfig, row: TransactionRow, lang: Lang): RedirectAnswer {
  return {
    url: `${mode.pagePath}/${row.hostedPaymentPageId}?lang=${lang}`,
    transactionId: row.id,
    total: fromCents(totalCentsOf(row)),
    currency: row.currency as RedirectAnswer['currency'],
    expiresAt: expiresAtOf(row, mode.ttlMs).toISOString(),
  };
}

/**
 * Records a redirect payment PENDING (allocated now) and answers the provider page's url. A transaction already
 * recorded under the same Idempotency-Key is answered again (after recovery freed an unanswered key, say).
 */
export async function createRedirectPayment(
  ctx: AppContext,
  mode: RedirectModeConfig,
  req: RedirectRequest,
): Promise<RedirectAnswer> {
  const txKey = transactionKeyOf(mode.type, req.idempotencyKey);
  const [earlier] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, req.customerId), eq(paymentTransactions.idempotencyKey, txKey)))
    .limit(1);
  if (earlier) return answerOf(mode, earlier, req.lang);

  const { lease, amountCents, quote, display } = await priceModePayment(ctx.db, req, mode.type, mode.feeTypes);
  const today = todayOf(ctx.now());
  // issue 21 §1: a mode that cannot succeed on this lease is refused with its reason before its amount limits
  if (mode.checkAvailable) mode.checkAvailable({ lease, openCharges: await currentBalances(ctx, lease.id), today, display });
  mode.checkAmount?.(amountCents, display);

  if (req.prepareOnly) {
    requireValidAmount(amountCents, { openCharges: await currentBalances(ctx, lease.id), today, lease, display });
    return { url: '', transactionId: '', total: fromCents(quote.tenantTotalCents), currency: lease.currency, expiresAt: null };
  }

  const row = await ctx.db.transaction(async (tx) => {
    const charges = await lockOpenCharges(tx, lease.id);
    mode.checkAvailable?.({ lease, openCharges: balancesOf(charges), today, display });
    requireValidAmount(amountCents, { openCharges: balancesOf(charges), today, lease, display });
    const posted = await postPayment(tx, {
      ...paymentOn(lease, quote),
      status: 'PENDING',
      paymentProviderId: mode.newProviderReference(),
      paymentMethodType: mode.type,
      idempotencyKey: txKey,
      allocate: allocationOf(req.body, quote),
      openCharges: charges,
      actedBy: req.actedBy ?? null,
    });
    // The provider page's id: unguessable, it is the page's only credential.
    const [withPage] = await tx
      .update(paymentTransactions)
      .set({ hostedPaymentPageId: randomId('hp', 18) })
      .where(eq(paymentTransactions.id, posted.id))
      .returning();
    return withPage;
  });
  return answerOf(mode, row, req.lang);
}

/** What the provider's page shows of a payment (null: no such page), and whom it pays (the company's name). */
export async function redirectPageView(
  ctx: Pick<AppContext, 'db' | 'now'>,
  mode: Pick<RedirectModeConfig, 'type' | 'ttlMs'>,
  pageId: string,
): Promise<{ view: RedirectPageView; merchantName: string } | null> {
  const [found] = await ctx.db
    .select({ row: paymentTransactions, merchantName: companies.name })
    .from(paymentTransactions)
    .leftJoin(companies, eq(companies.id, paymentTransactions.companyId))
    .where(and(eq(paymentTransactions.hostedPaymentPageId, pageId), eq(paymentTransactions.paymentMethodType, mode.type)))
    .limit(1);
  if (!found) return null;
  const { row } = found;
  return {
    merchantName: found.merchantName ?? '',
    view: {
      pageId,
      status: row.status,
      totalCents: totalCentsOf(row),
      currency: row.currency as RedirectPageView['currency'],
      reference: row.paymentProviderId ?? '',
      expiresAt: expiresAtOf(row, mode.ttlMs),
      expired: isRedirectExpired(row, mode.ttlMs, ctx.now()),
    },
  };
}

/** Whether a PENDING redirect payment is past its time (the sweep may not have run yet). */
export function isRedirectExpired(row: Pick<TransactionRow, 'createDate'>, ttlMs: number, now: Date): boolean {
  return expiresAtOf(row, ttlMs).getTime() <= now.getTime();
}

/** Moves a PENDING payment to TIMEDOUT, FAILED or CANCELLED and gives its allocations back (in the caller's transaction). */
async function closePending(
  tx: Executor,
  row: TransactionRow,
  status: 'TIMEDOUT' | 'FAILED' | 'CANCELLED',
  error: string,
): Promise<TransactionRow> {
  return (await closeTransaction(tx, row.id, 'PENDING', { status, error, providerId: null })) ?? row;
}

/**
 * The provider page's outcome: COMPLETE, or CANCELLED / FAILED with the provider's text (allocations given back). The same
 * outcome twice answers the payment as it is; a payment that is no longer PENDING (or is past its time) is refused.
 */
export async function settleRedirectPayment(
  ctx: Pick<AppContext, 'db' | 'now'>,
  mode: Pick<RedirectModeConfig, 'type' | 'ttlMs'>,
  pageId: string,
  outcome: { status: 'COMPLETE' } | { status: 'FAILED' | 'CANCELLED'; error: string },
  expiredError: string,
): Promise<TransactionRow> {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.hostedPaymentPageId, pageId), eq(paymentTransactions.paymentMethodType, mode.type)))
      .for('update')
      .limit(1);
    if (!row) return { kind: 'missing' as const };
    if (row.status === outcome.status) return { kind: 'done' as const, row };
    if (row.status !== 'PENDING') return { kind: 'closed' as const, row };
    if (isRedirectExpired(row, mode.ttlMs, ctx.now()))
      return { kind: 'closed' as const, row: await closePending(tx, row, 'TIMEDOUT', expiredError) };
    if (outcome.status !== 'COMPLETE')
      return { kind: 'done' as const, row: await closePending(tx, row, outcome.status, outcome.error) };
    const done = await closeTransaction(tx, row.id, 'PENDING', { status: 'COMPLETE', error: null, providerId: null });
    return { kind: 'done' as const, row: done ?? row };
  });
  if (result.kind === 'missing') throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentModes.redirectNotFound');
  if (result.kind === 'closed') {
    throw new AppError(
      'RM_ERROR_RECORD_VALIDATION',
      result.row.status === 'TIMEDOUT' ? 'server.paymentModes.redirectExpired' : 'server.paymentModes.redirectClosed',
      { values: { status: result.row.status } },
    );
  }
  return result.row;
}

/**
 * PENDING payments of a mode older than its time → TIMEDOUT, allocations given back (spec 1 §4: the pending cash
 * transaction expires after 7 days). Rows another process is settling right now are skipped (SKIP LOCKED).
 */
export async function expireRedirectPayments(
  ctx: Pick<AppContext, 'db'>,
  mode: Pick<RedirectModeConfig, 'type' | 'ttlMs'>,
  now: Date,
  error: string,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - mode.ttlMs).toISOString();
  return ctx.db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.status, 'PENDING'),
          eq(paymentTransactions.paymentMethodType, mode.type),
          lt(paymentTransactions.createDate, cutoff),
        ),
      )
      .for('update', { skipLocked: true });
    for (const row of stale) await closePending(tx, row, 'TIMEDOUT', error);
    return stale.map((r) => r.id);
  });
}
