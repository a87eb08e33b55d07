// spec 2 §8 "Autopayment save failure": what a refused save or disable shows. The
// server words its refusals in the caller's language (Accept-Language, apps/api/src/plugins/errors.ts), so a refusal
// it explains (the 2-business-day lock, an amount rule, a blocked method) is shown as it says; a refusal of a field
// goes under that field; anything else is the generic save alert.
import { MSG } from '@portal/domain/message-keys';
import type { MessageRef } from '@portal/domain/rule';
import { ApiError } from '../../../lib/api-client';

export type AutopayField = 'startDay' | 'paymentMethodId' | 'customAmount';

/** A text to show: a locale key and its values (a domain message key, or one of the web app's). */
export interface TextRef {
  key: string;
  values?: Record<string, string | number>;
}

export interface AutopayRefusal {
  /** The alert of the form (or of the disable confirmation). */
  alert: TextRef | null;
  /** Refusals of one field, under that field. */
  fields: Partial<Record<AutopayField, MessageRef>>;
  /** The amount is above the company's soft maximum and was not confirmed: ask, then send again. */
  confirmSoftMaximum: boolean;
}

/** spec 2 §9: a change less than 2 full business days before the payment (the server's errorCode). */
export const RECURRING_PAYMENT_LOCKED = 'RM_ERROR_RECURRING_PAYMENT_LOCKED';

const FIELD_OF: Record<string, AutopayField> = {
  startDay: 'startDay',
  startDate: 'startDay',
  paymentMethodId: 'paymentMethodId',
  paymentMethodType: 'paymentMethodId',
  customAmount: 'customAmount',
};

const serverText = (message: string): MessageRef => ({ key: MSG.serverMessage, values: { message } });

export function autopayRefusal(err: unknown): AutopayRefusal {
  const none: AutopayRefusal = { alert: null, fields: {}, confirmSoftMaximum: false };
  if (!(err instanceof ApiError)) return { ...none, alert: { key: 'common.networkError' } };
  // spec 2 §5: the server asks for the soft-maximum confirmation on the field the body confirms it with
  if (err.fieldErrors.some((f) => f.field === 'confirmSoftMaximum')) return { ...none, confirmSoftMaximum: true };
  if (err.status >= 500 || err.status === 401) return { ...none, alert: { key: MSG.autopaySaveFailed } };
  // spec 2 §9: the lock names the payment's date and the last day a change was accepted, in the caller's language
  if (err.errorCode === RECURRING_PAYMENT_LOCKED) return { ...none, alert: serverText(err.message) };
  const fields: AutopayRefusal['fields'] = {};
  const others: string[] = [];
  for (const f of err.fieldErrors) {
    const field = FIELD_OF[f.field];
    if (field && !fields[field]) fields[field] = serverText(f.message);
    else if (!field) others.push(f.message);
  }
  const alert = others.length > 0 ? serverText(others.join(' ')) : null;
  if (Object.keys(fields).length > 0 || alert) return { ...none, fields, alert };
  // spec 2 §8: a refusal without words of its own gets the generic save alert
  if (!err.message || err.message === 'Validation failed') return { ...none, alert: { key: MSG.autopaySaveFailed } };
  return { ...none, alert: serverText(err.message) };
}
