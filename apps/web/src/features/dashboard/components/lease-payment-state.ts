// The payment state of a lease card, shared by its footer actions and the billing-details modal (a lazy chunk), kept
// apart from the buttons so the modal does not pull them in.
import { getLeasePaymentButtons, type LeasePaymentButtons } from '@portal/domain/display';
import { type LeaseNotPayableReason, leasePayability } from '@portal/domain/lease-payability';
import { MSG } from '@portal/domain/message-keys';
import { arePartialPaymentsBlocked } from '@portal/domain/payment-amounts';
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
  /** An autopay cannot be saved on this lease (issue 21 §1: the auto-pay button does not open a form that cannot be saved). */
  autopayDisabled: boolean;
  /** Why, when the payment buttons are enabled (else reasonKey says it), or null. */
  autopayReasonKey: string | null;
}

const REASON_KEYS: Record<LeaseNotPayableReason, string> = {
  TERMINATED: 'dashboard.payActions.disabledTerminated',
  SUSPENDED: 'dashboard.payActions.disabledSuspended',
  PENDING: MSG.leasePendingWarning,
  MANAGER_ONLY: 'dashboard.payActions.disabledManagerOnly',
  AUTOPAY_REFUSED: MSG.autopayEnforceCustomAmountBlocked,
};

/**
 * spec 1 §4 "Lease" / §5, spec 2 §5: payments and autopay as the domain's leasePayability decides (the lease-approved
 * notice reads the same rule).
 */
export function getLeasePaymentAvailability(
  lease: Pick<PropertyLease, 'status' | 'joins'> & Partial<Pick<PropertyLease, 'blockPartialPayments'>>,
): LeasePaymentAvailability {
  const company = lease.joins.company;
  const rule = leasePayability({
    status: lease.status,
    onlyPMPaymentAllowed: company?.onlyPMPaymentAllowed,
    enforceCustomAmount: company?.enforceCustomAmount,
    blockPartialPayments: arePartialPaymentsBlocked(lease, company),
  });
  return {
    disabled: !rule.pay,
    reasonKey: rule.payReason ? REASON_KEYS[rule.payReason] : null,
    reasonShown: rule.payReason !== null && rule.payReason !== 'MANAGER_ONLY',
    autopayDisabled: !rule.autopay,
    autopayReasonKey: rule.pay && rule.autopayReason ? REASON_KEYS[rule.autopayReason] : null,
  };
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
