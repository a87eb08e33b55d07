import type { YesNo } from './entities.ts';

// The autopay modal's show/hide rules (spec 1 §2, spec 2 §2, §4, §5): no input rules and no schema library here, so the
// dashboard's lease card can read them without loading the form's rules (autopay.ts re-exports them).

const isYes = (v: YesNo | boolean | null | undefined): boolean => v === true || v === 'YES';

export interface AutopayCompanySettings {
  enforceCustomAmount?: YesNo | boolean | null;
  blockPartialPayments?: YesNo | boolean | null;
  onlyPMPaymentAllowed?: YesNo | boolean | null;
  manageBalance?: YesNo | string | null;
}

// spec 2 §5: enforce-custom-amount together with blocked partial payments refuses the save (and hides the field)
export function isAutopaySaveRefused(settings: AutopayCompanySettings): boolean {
  return isYes(settings.enforceCustomAmount) && isYes(settings.blockPartialPayments);
}

// spec 2 §5: saving is disabled when the company allows only manager payments
export function isAutopaySaveDisabled(settings: AutopayCompanySettings): boolean {
  return isYes(settings.onlyPMPaymentAllowed);
}

// spec 2 §2: the disable-autopayment button shows for an active schedule unless only manager payments are allowed
export function showDisableAutopay(scheduleActive: boolean | null | undefined, settings: AutopayCompanySettings): boolean {
  return !!scheduleActive && !isYes(settings.onlyPMPaymentAllowed);
}

// spec 2 §2: the close button is hidden if autopay is required
export function showAutopayCloseButton(requireAutoPay: boolean | YesNo | null | undefined): boolean {
  return !isYes(requireAutoPay);
}

// spec 2 §2: the add-charges section shows when the company has manageBalance = NO
export function showAutopayCharges(settings: AutopayCompanySettings): boolean {
  return settings.manageBalance === 'NO';
}

// spec 2 §2: the custom amount field is hidden when enforce-custom-amount meets blocked partial payments
export function showAutopayCustomAmount(settings: AutopayCompanySettings): boolean {
  return !isAutopaySaveRefused(settings);
}

// spec 1 §2 / spec 2 §4: auto-pay shows edit when the schedule is active
export function autopayButtonMode(schedule: { active?: boolean | null } | null | undefined): 'edit' | 'setup' {
  return schedule?.active ? 'edit' : 'setup';
}

// spec 2 §4: disabling sets active to false and customAmount to 0
export function disableAutopayPatch(): { active: false; customAmount: 0 } {
  return { active: false, customAmount: 0 };
}
