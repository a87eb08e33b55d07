// issue 21 §1: a union pay or paysafe cash payment waiting for the tenant at the provider is not money received. The
// ledger counts its allocations against the charges (so the amount rules refuse paying the same charges twice at once),
// and the balance the tenant sees adds them back, with the payment shown apart as pending.
import type { BalanceCharge } from './balance-breakdown.ts';
import { fromCents, toCents } from './money.ts';

/** What a pending payment holds of one open charge. */
export interface PendingChargeAllocation {
  /** The open charge's id. */
  id: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** Decimal dollars. */
  allocated: number;
}

export interface PendingRedirectPayment {
  id: string;
  paymentMethodType: string;
  /** The payment's amount (decimal dollars). */
  amount: number;
  /** The part already counted against the charges (decimal dollars). */
  allocated: number;
  expiresAt: string;
  /** Where `allocated` sits, charge by charge (the lease record's answer carries it). */
  charges?: readonly PendingChargeAllocation[];
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

/**
 * The open charges as the tenant sees them (issue 21 §1): each pending payment's allocation given back to its charge, so
 * the balance breakdown totals the balance shown (shownBalanceCents) and the pending payments are shown apart. A charge
 * the pending payments cover in full (absent from the answer's open charges) comes back with their part.
 */
export function shownOpenCharges<C extends BalanceCharge & { id: string }>(
  lease: LeaseWithPending & { openCharges?: readonly C[] | null },
): (C | (BalanceCharge & { id: string }))[] {
  const charges: (C | (BalanceCharge & { id: string }))[] = [...(lease.openCharges ?? [])];
  for (const payment of pendingPaymentsOf(lease)) {
    // a record without the charge list: its allocation counts as overdue (the total still agrees)
    const parts = payment.charges ?? [{ id: `pending:${payment.id}`, dueDate: '0000-01-01', allocated: payment.allocated }];
    for (const part of parts) {
      const i = charges.findIndex((c) => c.id === part.id);
      const existing = charges[i];
      if (existing) charges[i] = { ...existing, balance: fromCents(toCents(existing.balance) + toCents(part.allocated)) };
      else charges.push({ id: part.id, dueDate: part.dueDate, balance: part.allocated });
    }
  }
  return charges;
}
