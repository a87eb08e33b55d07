// The online wallet provider (PayPal-style, spec 1 §7): a billing agreement the tenant approves on the provider's page
// links their account; orders are then created and captured against it (the one-time payment issue uses those).
import { createSignedTokens, randomId } from '../signed-token.ts';

export type Currency = 'CAD' | 'USD';

export interface AgreementClaims {
  agreementId: string;
  customerId: string;
  email: string;
  currency: Currency;
}

export interface Agreement {
  merchantId: string;
  currency: Currency;
  /** The agreement's id at the provider. */
  orderId: string;
  token: string;
  /** The approval page (same origin): ?token=…&lang=en|fr. */
  approvalUrl: string;
  expiresAt: Date;
}

export interface OnlineWalletOrder {
  orderId: string;
  merchantId: string;
  currency: Currency;
  amountCents: number;
  status: 'CREATED' | 'COMPLETED' | 'CANCELLED';
  /** The merchant's own reference for the order (the portal: tenant and lease), or null. */
  reference: string | null;
}

export interface OnlineWalletCapture {
  orderId: string;
  captureId: string;
  amountCents: number;
  currency: Currency;
  status: 'COMPLETED';
}

export interface OnlineWalletProvider {
  createAgreement(input: { customerId: string; email: string; currency: Currency }): Promise<Agreement>;
  /** The agreement behind a genuine, unexpired token, else null. */
  verifyAgreement(token: string): AgreementClaims | null;
  /** An order to pay (the provider's buttons approve it); one per idempotency key. */
  createOrder(input: {
    amountCents: number;
    currency: Currency;
    idempotencyKey: string;
    reference?: string;
  }): Promise<OnlineWalletOrder>;
  /** Captures an approved order; capturing twice answers the first capture; a cancelled or unknown order throws. */
  captureOrder(input: { orderId: string }): Promise<OnlineWalletCapture>;
  /** The order as the provider has it, or null (unknown id). */
  getOrder(orderId: string): Promise<OnlineWalletOrder | null>;
  /** The buyer cancelled on the provider's buttons: the order can no longer be captured (a captured one stays). */
  cancelOrder(orderId: string): Promise<OnlineWalletOrder | null>;
  /** The capture of an order, or null: crash recovery asks whether an interrupted capture went through. */
  getCapture(orderId: string): Promise<OnlineWalletCapture | null>;
}

const AGREEMENT_TTL_SECONDS = 30 * 60;
export const sandboxMerchantId = (currency: Currency) => `SANDBOX-MERCHANT-${currency === 'USD' ? 'US' : 'CA'}`;

export function createSandboxOnlineWallet(opts: { secret: string; now: () => Date }): OnlineWalletProvider {
  const agreements = createSignedTokens<Omit<AgreementClaims, never>>(opts.secret, 'online-wallet:agreement', opts.now);
  // Orders live in memory: the sandbox's order book (the payment issue may make it durable like the processor's log).
  const orders = new Map<string, OnlineWalletOrder>();
  const ordersByKey = new Map<string, string>();
  const captures = new Map<string, OnlineWalletCapture>();
  return {
    async createAgreement({ customerId, email, currency }) {
      const agreementId = randomId('AGR-SBX-');
      const { token, expiresAt } = agreements.sign({ agreementId, customerId, email, currency }, AGREEMENT_TTL_SECONDS);
      return {
        merchantId: sandboxMerchantId(currency),
        currency,
        orderId: agreementId,
        token,
        approvalUrl: `/sandbox/paypal/approve?token=${encodeURIComponent(token)}`,
        expiresAt,
      };
    },
    verifyAgreement(token) {
      const claims = agreements.verify(token);
      if (!claims) return null;
      const { agreementId, customerId, email, currency } = claims;
      return { agreementId, customerId, email, currency };
    },
    async createOrder({ amountCents, currency, idempotencyKey, reference }) {
      const existing = ordersByKey.get(idempotencyKey);
      if (existing) return { ...(orders.get(existing) as OnlineWalletOrder) };
      const order: OnlineWalletOrder = {
        orderId: randomId('ORD-SBX-'),
        merchantId: sandboxMerchantId(currency),
        currency,
        amountCents,
        status: 'CREATED',
        reference: reference ?? null,
      };
      orders.set(order.orderId, order);
      ordersByKey.set(idempotencyKey, order.orderId);
      return { ...order };
    },
    async captureOrder({ orderId }) {
      const done = captures.get(orderId);
      if (done) return { ...done };
      const order = orders.get(orderId);
      if (!order) throw new Error(`No such order: ${orderId}`);
      if (order.status === 'CANCELLED') throw new Error(`Order ${orderId} was cancelled`);
      order.status = 'COMPLETED';
      const capture: OnlineWalletCapture = {
        orderId,
        captureId: randomId('CAP-SBX-'),
        amountCents: order.amountCents,
        currency: order.currency,
        status: 'COMPLETED',
      };
      captures.set(orderId, capture);
      return { ...capture };
    },
    async getOrder(orderId) {
      const order = orders.get(orderId);
      return order ? { ...order } : null;
    },
    async cancelOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) return null;
      if (order.status === 'CREATED') order.status = 'CANCELLED';
      return { ...order };
    },
    async getCapture(orderId) {
      const done = captures.get(orderId);
      return done ? { ...done } : null;
    },
  };
}
