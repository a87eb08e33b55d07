// Sign-in form rules, as plain functions for the one form hook (components/form/use-form.ts): no zod on this
// first-paint route (~23 KB brotli for two trivial checks; the server judges the credentials). The email shape is the domain's own (zod-free module).
import { hasEmailShape } from '@portal/domain/email-shape';

export interface SignInValues {
  email: string;
  password: string;
}

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** Field → i18n key of its message (auth namespace); empty when the form may be sent. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'auth.errors.passwordRequired';
  return errors;
}

/** The e-mail rule of the sign-in form (issue 25: the forgot-password form's too): i18n key of its message, or null. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return 'auth.errors.emailRequired';
  if (!hasEmailShape(email)) return 'auth.errors.emailInvalid';
  return null;
}

/** `?next=` is followed only to a path of this site (no other origin, no protocol-relative //host). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return '/';
    if (url.pathname === '/signin' || url.pathname === '/logout') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
