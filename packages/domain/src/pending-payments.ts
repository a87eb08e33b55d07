// issue 21 §1: a union pay or paysafe cash payment waiting for the tenant at the provider is not money received. The
// ledger counts its allocations against the charges (so the amount rules refuse paying the same charges twice at once),
// and the balance the tenant sees adds them back, with the payment shown apart as pending.
import { toCents } from './money.ts';

export interface PendingRedirectPayment {
  id: string;
  paymentMethodType: string;
  /** The payment's amount (decimal dollars). */
  amount: number;
  /** The part already counted against the charges (decimal dollars). */
  allocated: number;
  expiresAt: string;
}

interface LeaseWithPending {
  /** The open charges' sum, net of every standing allocation (decimal dollars). */
  balance: number;
  pendingPayments?: readonly PendingRedirectPayment[] | null;
}

/** The pending redirect payments of a lease (none when the record has no such field). */
export function pendingPaymentsOf(lease: LeaseWithPending): readonly PendingRedirectPayment[] {
  return lease.pendingPayments ?? [];
}

/** What the pending payments hold of the balance, in cents. */
export function pendingAllocatedCents(lease: LeaseWithPending): number {
  return pendingPaymentsOf(lease).reduce((sum, p) => sum + toCents(p.allocated), 0);
}

/** The balance the tenant sees, in cents: money not yet paid is not taken off it. */
export function shownBalanceCents(lease: LeaseWithPending): number {
  return toCents(lease.balance) + pendingAllocatedCents(lease);
}
