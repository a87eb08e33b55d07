import { getLeasePaymentButtons, type LeasePaymentButtons } from '@portal/domain/display';
import type { PropertyLease } from '../../../api/types';

/** spec 1 §4: payment buttons of a lease card (TERMINATED/SUSPENDED disable all; PENDING disables them on the lease-only card). */
export function getLeaseCardPaymentState(lease: Pick<PropertyLease, 'status'>): LeasePaymentButtons {
  return getLeasePaymentButtons(lease.status, { leaseOnlyCard: true });
}

/**
 * Slot for the lease card's footer actions (auto-pay / edit auto-pay, one-time payment, pay later; spec 1 §2).
 * Issue 2: "the payment buttons arrive with the payments issue. Until then they are absent, not dead" — so this
 * renders nothing. The payments issue plugs its buttons in here and disables them with `state.disabled`.
 */
export function LeasePaymentActions({ lease }: { lease: PropertyLease }) {
  const state = getLeaseCardPaymentState(lease);
  void state; // computed now so the payments issue only has to render its buttons
  return null;
}
