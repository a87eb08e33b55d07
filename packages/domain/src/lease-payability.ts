import { type AutopayCompanySettings, isAutopaySaveDisabled, isAutopaySaveRefused } from './autopay-display.ts';
import { getLeasePaymentButtons } from './display.ts';

// One rule for "can this lease be paid in the portal, can it have an autopay" (issue 21 §1), read by the lease card's
// buttons, the autopay button and the lease-approved notice, so none of them promises what another refuses.
// spec 1 §4: TERMINATED / SUSPENDED (and PENDING on the lease card) disable payments; spec 1 §5 / spec 2 §5: with
// manager-only payments the tenant pays through the manager and an autopay cannot be saved; spec 2 §5:
// enforce-custom-amount with blocked partial payments refuses an autopay's save.

export type LeaseNotPayableReason = 'TERMINATED' | 'SUSPENDED' | 'PENDING' | 'MANAGER_ONLY' | 'AUTOPAY_REFUSED';

export interface LeasePayabilityInput extends AutopayCompanySettings {
  status: string | null | undefined;
}

export interface LeasePayability {
  /** One-time payments in the portal. */
  pay: boolean;
  payReason: LeaseNotPayableReason | null;
  /** An autopay can be saved. */
  autopay: boolean;
  autopayReason: LeaseNotPayableReason | null;
}

function statusReason(status: string | null | undefined): LeaseNotPayableReason | null {
  if (!getLeasePaymentButtons(status, { leaseOnlyCard: true }).disabled) return null;
  return status === 'TERMINATED' || status === 'SUSPENDED' || status === 'PENDING' ? status : 'PENDING';
}

export function leasePayability(input: LeasePayabilityInput): LeasePayability {
  const payReason = statusReason(input.status) ?? (isAutopaySaveDisabled(input) ? 'MANAGER_ONLY' : null);
  const autopayReason = payReason ?? (isAutopaySaveRefused(input) ? 'AUTOPAY_REFUSED' : null);
  return { pay: payReason === null, payReason, autopay: autopayReason === null, autopayReason };
}
