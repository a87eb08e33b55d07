// spec 2 §5 Input-field rules as the public sign-up form applies them (the server checks the same rules).
import {
  normalizePhoneInput,
  toE164Phone,
  validateEmail,
  validateName,
  validatePassword,
  validatePhone,
} from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export type SignupField = keyof SignupValues;
/** A message key (and its values) per invalid field. */
export type SignupErrors = Partial<Record<SignupField, { key: string; values?: Record<string, unknown> }>>;

export const SIGNUP_FIELDS: SignupField[] = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'];

export const emptySignupValues = (): SignupValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
});

const asError = (r: { ok: true } | { ok: false; key: string; values?: Record<string, unknown> }) =>
  r.ok ? undefined : { key: r.key, values: r.values };

/** Every field's rule; `emailTaken` marks the e-mail invalid (spec 2 §5: an existing e-mail is invalid). */
export function validateSignup(values: SignupValues, emailTaken = false): SignupErrors {
  const errors: SignupErrors = {
    firstName: asError(validateName(values.firstName)),
    lastName: asError(validateName(values.lastName)),
    email: asError(validateEmail(values.email)) ?? (emailTaken ? { key: 'signup.form.emailTaken' } : undefined),
    phone: asError(validatePhone(values.phone)),
    password: asError(validatePassword(values.password)),
    confirmPassword:
      values.confirmPassword === ''
        ? { key: MSG.requiredField }
        : values.confirmPassword !== values.password
          ? { key: MSG.passwordMismatch }
          : undefined,
  };
  for (const f of SIGNUP_FIELDS) if (!errors[f]) delete errors[f];
  return errors;
}

/** The phone as the user types it: digits only (a leading + kept). */
export const phoneInput = normalizePhoneInput;

/** The phone as sent: E.164 when valid (+16135550123), else what was typed. */
export const phoneToSend = (phone: string) => toE164Phone(phone) ?? phone.trim();
