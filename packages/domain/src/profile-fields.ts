// The profile form's field rules that need no schema library (spec 1 §3–§5): which fields are required, the mute flag,
// the phone as typed. profile.ts re-exports them; the web's profile card imports them from here, so its first render
// loads none of the validation code (zod, libphonenumber-js) that only a save needs (issue 9: a fast first load).
import type { PreferredContactMethod } from './entities.ts';

export interface ProfileRequirementInput {
  /** Pay-by-text (serviceEnabled) is on for any of the customer's properties. */
  payByTextEnabled: boolean;
  preferredContactMethod: PreferredContactMethod | '' | null | undefined;
  /** The text-notification (unmute) checkbox is on. */
  textNotificationsOn: boolean;
}

export interface ProfileRequirements {
  mobilePhoneRequired: boolean;
  alternatePhoneRequired: boolean;
  preferredContactRequired: boolean;
}

// spec 1 §5: mobile phone required with pay-by-text, preferred MOBILE_PHONE or text notifications; alternate with ALTERNATE_PHONE; preferred contact with pay-by-text
export function getProfileRequirements(input: ProfileRequirementInput): ProfileRequirements {
  return {
    mobilePhoneRequired: input.payByTextEnabled || input.preferredContactMethod === 'MOBILE_PHONE' || input.textNotificationsOn,
    alternatePhoneRequired: input.preferredContactMethod === 'ALTERNATE_PHONE',
    preferredContactRequired: input.payByTextEnabled,
  };
}

// spec 1 §4: the mute flag is saved as the inverse of the unmute checkbox
export function muteFromUnmute(unmute: boolean): boolean {
  return !unmute;
}

// spec 1 §3: unmuteTextMessageNotification is the form-only inverse of muteTextMessageNotification
export function unmuteFromMute(mute: boolean | null | undefined): boolean {
  return !mute;
}

// spec 1 §4: a STOP reply (textMessageNotificationMutedBy CUSTOMER) shows how to re-enable by texting START
export function isMutedByCustomerStop(mutedBy: string | null | undefined): boolean {
  return mutedBy === 'CUSTOMER';
}

// spec 2 §5: phone input is digits only (a leading + is kept for international notation)
export function normalizePhoneInput(raw: string): string {
  const plus = raw.trim().startsWith('+') ? '+' : '';
  return plus + raw.replace(/\D/g, '');
}

// spec 1 §5: when the phone changes from its value at load, phoneMetadata and phoneStatus are cleared
export function shouldClearPhoneStatus(initialPhone: string | null | undefined, phone: string | null | undefined): boolean {
  return normalizePhoneInput(initialPhone ?? '') !== normalizePhoneInput(phone ?? '');
}

/** Returns the customer body to save with phoneMetadata/phoneStatus cleared when the phone changed (spec 1 §5). */
export function applyPhoneChange<T extends { phone?: string | null; phoneMetadata?: unknown; phoneStatus?: unknown }>(
  body: T,
  initialPhone: string | null | undefined,
): T {
  return shouldClearPhoneStatus(initialPhone, body.phone) ? { ...body, phoneMetadata: null, phoneStatus: null } : body;
}
