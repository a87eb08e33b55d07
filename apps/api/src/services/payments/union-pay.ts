// Union pay (Canada; spec 1 §4 "Paysafe cash and union pay", §5 "Union pay is offered only for Canada when accepted";
// issue 8): POST /geoswift/create_order records a PENDING TYPE_UNION_PAY payment (allocated now) and answers the url of
// the geo provider's payment page (the sandbox's /api/sandbox/geoswift/{id}), where the tenant pays (COMPLETE) or
// cancels (CANCELLED, issue 21 §1: the tenant's own choice is not a failure; the provider's 'geoswift:…:…' text is kept).
import { UNION_PAY_ORDER_HOURS } from '@portal/domain/limits';
import type { RedirectAnswer } from '@portal/domain/payment-shapes';
import type { AppContext } from '../../context.ts';
import { randomId } from '../../providers/signed-token.ts';
import { toPaymentResult } from './ledger.ts';
import {
  createRedirectPayment,
  expireRedirectPayments,
  type RedirectModeConfig,
  type RedirectRequest,
  settleRedirectPayment,
} from './redirect-payment.ts';

export const UNION_PAY_PAGE_PATH = '/api/sandbox/geoswift';

// Not in the spec: an order abandoned on the provider's page must not hold the lease's balance for ever (domain limits).
export const UNION_PAY_ORDER_TTL_MS = UNION_PAY_ORDER_HOURS * 60 * 60 * 1000;

export const UNION_PAY: RedirectModeConfig = {
  type: 'TYPE_UNION_PAY',
  feeTypes: ['TYPE_UNION_PAY'],
  ttlMs: UNION_PAY_ORDER_TTL_MS,
  pagePath: UNION_PAY_PAGE_PATH,
  newProviderReference: () => randomId('GS', 12),
};

/** The geo provider's error texts (spec 1 §8: the FAILED tooltip shows the last colon-separated part). */
export const UNION_PAY_ERRORS = {
  cancelled: 'geoswift:ORDER_CANCELLED:The payment was cancelled on the UnionPay page',
  expired: 'geoswift:ORDER_EXPIRED:The UnionPay order was not paid in time',
} as const;

/** POST /geoswift/create_order: the provider page's url and the total to pay there. */
export function createUnionPayOrder(ctx: AppContext, req: RedirectRequest): Promise<RedirectAnswer> {
  return createRedirectPayment(ctx, UNION_PAY, req);
}

/** The sandbox provider page's Pay (COMPLETE) or Cancel (CANCELLED, allocations given back). */
export async function settleUnionPayOrder(ctx: AppContext, pageId: string, outcome: 'pay' | 'cancel') {
  const row = await settleRedirectPayment(
    ctx,
    UNION_PAY,
    pageId,
    outcome === 'pay' ? { status: 'COMPLETE' } : { status: 'CANCELLED', error: UNION_PAY_ERRORS.cancelled },
    UNION_PAY_ERRORS.expired,
  );
  return toPaymentResult(row);
}

/** PENDING union pay orders older than a day → TIMEDOUT (run by the payment recovery timer). */
export function expireUnionPayOrders(ctx: Pick<AppContext, 'db' | 'now'>, now: Date = ctx.now()): Promise<string[]> {
  return expireRedirectPayments(ctx, UNION_PAY, now, UNION_PAY_ERRORS.expired);
}
