// The profile form's values and the customer body it saves (spec 1 §3–§5). The rules themselves are in @portal/domain/profile.
import type { PreferredContactMethod } from '@portal/domain/entities';
import { muteFromUnmute, shouldClearPhoneStatus, unmuteFromMute } from '@portal/domain/profile-fields';
import type { Customer, CustomerUpdate } from '../../../api/types';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** 'YYYY-MM-DD' or '' (optional). */
  birthDate: string;
  phone: string;
  alternatePhone: string;
  preferredContactMethod: PreferredContactMethod | '';
  /** Form-only inverse of muteTextMessageNotification (spec 1 §3). */
  unmuteTextMessageNotification: boolean;
  languageCode: 'en' | 'fr';
}

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'birthDate',
  'phone',
  'alternatePhone',
  'preferredContactMethod',
  'unmuteTextMessageNotification',
  'languageCode',
] as const satisfies readonly (keyof ProfileFormValues)[];

export function profileValuesFromCustomer(c: Customer): ProfileFormValues {
  return {
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    email: c.email ?? '',
    birthDate: c.birthDate ?? '',
    phone: c.phone ?? '',
    alternatePhone: c.alternatePhone ?? '',
    preferredContactMethod: c.preferredContactMethod ?? '',
    unmuteTextMessageNotification: unmuteFromMute(c.muteTextMessageNotification),
    languageCode: c.languageCode === 'fr' ? 'fr' : 'en',
  };
}

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/**
 * The PATCH body of a valid form. The phone goes only when it differs from its value at load: the server then
 * clears phoneMetadata and phoneStatus (spec 1 §5), so the client never sends those two fields.
 */
export function profileUpdateBody(values: ProfileFormValues, initialPhone: string | null | undefined): CustomerUpdate {
  const body: CustomerUpdate = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    birthDate: orNull(values.birthDate),
    alternatePhone: orNull(values.alternatePhone),
    preferredContactMethod: values.preferredContactMethod === '' ? null : values.preferredContactMethod,
    // spec 1 §4: the mute flag is saved as the inverse of the unmute checkbox
    muteTextMessageNotification: muteFromUnmute(values.unmuteTextMessageNotification),
    languageCode: values.languageCode,
  };
  if (shouldClearPhoneStatus(initialPhone, values.phone)) body.phone = orNull(values.phone);
  return body;
}

/** True when the saved email differs from the one at load (the toast then asks to confirm it). */
export function emailChanged(initialEmail: string | null | undefined, email: string): boolean {
  return (initialEmail ?? '').trim().toLowerCase() !== email.trim().toLowerCase();
}

export type ProfileField = (typeof PROFILE_FIELDS)[number];

export function isProfileField(field: string): field is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(field);
}
