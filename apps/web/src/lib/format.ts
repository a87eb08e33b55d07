// Display formats: money in the user's locale (Intl via @portal/domain/money), dates DD-MMM-YYYY (spec 2 §4).
import { ddMmmYyyy } from '@portal/domain/dates';
import { type Currency, formatMoney } from '@portal/domain/money';
import type { Lang } from './i18n';

/** 'YYYY-MM-DD' or an ISO timestamp → 'DD-MMM-YYYY' (22-Nov-2026 / 22-nov-2026). Timestamps use local time. */
export function formatDate(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  let y: number;
  let m: number;
  let d: number;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    [y, m, d] = value.split('-').map(Number);
  } else {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return value;
    y = date.getFullYear();
    m = date.getMonth() + 1;
    d = date.getDate();
  }
  return ddMmmYyyy(y, m, d, lang);
}

/** Decimal dollars from the API → localized currency text. */
export function formatAmount(amount: number | null | undefined, currency: Currency, lang: Lang): string {
  return formatMoney(Math.round((amount ?? 0) * 100), currency, lang);
}

/**
 * spec 2 §5 Date picker: dates are typed as yyyy-mm-dd. Keeps the digits (at most 8) and puts the hyphens in, so
 * 19900412, 1990-04-12 and a pasted 1990/04/12 all read 1990-04-12 (a phone's number pad has no hyphen).
 */
export function formatIsoDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}
