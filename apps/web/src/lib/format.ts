// Display formats: money in the user's locale (Intl via @portal/domain/money), dates DD-MMM-YYYY (spec 2 §4).
import { formatDisplayDate } from '@portal/domain/dates';
import { type Currency, formatMoney } from '@portal/domain/money';
import type { Lang } from './i18n';

/** 'YYYY-MM-DD' or an ISO timestamp → 'DD-MMM-YYYY' (22-Nov-2026 / 22-nov-2026), the server's formatter too. Timestamps use local time. */
export function formatDate(value: string | null | undefined, lang: Lang): string {
  return value ? formatDisplayDate(value, lang) : '';
}

/**
 * An instant as DD-MMM-YYYY with the hour and minute in the user's locale (a union pay order's end, a mail's time, a
 * tracking event: the day alone would not tell them apart).
 */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const time = new Date(iso).toLocaleTimeString(lang === 'fr' ? 'fr-CA' : 'en-CA', { hour: '2-digit', minute: '2-digit' });
  return `${formatDate(iso, lang)} ${time}`;
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
