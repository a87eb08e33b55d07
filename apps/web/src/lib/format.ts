// Display formats: money in the user's locale (Intl via @portal/domain/money), dates DD-MMM-YYYY (spec 2 §4).
import { type Currency, formatMoney } from '@portal/domain/money';
import type { Lang } from './i18n';

const MONTHS: Record<Lang, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'],
};

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
  return `${String(d).padStart(2, '0')}-${MONTHS[lang][m - 1]}-${y}`;
}

/** Decimal dollars from the API → localized currency text. */
export function formatAmount(amount: number | null | undefined, currency: Currency, lang: Lang): string {
  return formatMoney(Math.round((amount ?? 0) * 100), currency, lang);
}
