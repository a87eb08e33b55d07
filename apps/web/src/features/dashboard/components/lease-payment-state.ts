// The payment state of a lease card, shared by its footer actions and the billing-details modal (a lazy chunk), kept
// apart from the buttons so the modal does not pull them in.
import { getLeasePaymentButtons, type LeasePaymentButtons } from '@portal/domain/display';
import { MSG } from '@portal/domain/message-keys';
import type { PropertyLease } from '../../../api/types';

/** spec 1 §4: payment buttons of a lease card (TERMINATED/SUSPENDED disable all; PENDING disables them on the lease-only card). */
export function getLeaseCardPaymentState(lease: Pick<PropertyLease, 'status'>): LeasePaymentButtons {
  return getLeasePaymentButtons(lease.status, { leaseOnlyCard: true });
}

export interface LeasePaymentAvailability {
  disabled: boolean;
  /** Why the payment buttons are disabled (a message key), or null. */
  reasonKey: string | null;
  /** The card already shows it (the status marker, the PENDING warning): the reason is for screen readers only. */
  reasonShown: boolean;
}

const STATUS_REASON_KEYS: Record<string, string> = {
  TERMINATED: 'dashboard.payActions.disabledTerminated',
  SUSPENDED: 'dashboard.payActions.disabledSuspended',
  PENDING: MSG.leasePendingWarning,
};

/** spec 1 §4 "Lease" / §5: payments are disabled by the lease status, or when only the property manager takes them. */
export function getLeasePaymentAvailability(lease: Pick<PropertyLease, 'status' | 'joins'>): LeasePaymentAvailability {
  if (getLeaseCardPaymentState(lease).disabled) {
    return { disabled: true, reasonKey: STATUS_REASON_KEYS[lease.status] ?? null, reasonShown: true };
  }
  if (lease.joins.company?.onlyPMPaymentAllowed === 'YES') {
    return { disabled: true, reasonKey: 'dashboard.payActions.disabledManagerOnly', reasonShown: false };
  }
  return { disabled: false, reasonKey: null, reasonShown: false };
}

// The billing-details modal's make-payment button opens the payment modal of its lease (spec 1 §2). That modal lives
// with the lease card's actions, so it stays open while billing details closes (and once a payment clears the balance).
const paymentRequests = new EventTarget();
const PAY_REQUEST = 'pay-lease';

export function requestLeasePayment(leaseId: string): void {
  paymentRequests.dispatchEvent(new CustomEvent<string>(PAY_REQUEST, { detail: leaseId }));
}

/** Calls `onRequest` when the make-payment button of this lease is pressed; returns the unsubscribe function. */
export function onLeasePaymentRequest(leaseId: string, onRequest: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<string>).detail === leaseId) onRequest();
  };
  paymentRequests.addEventListener(PAY_REQUEST, listener);
  return () => paymentRequests.removeEventListener(PAY_REQUEST, listener);
}
