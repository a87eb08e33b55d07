// The UI language and the tenant's own calendar, as the dashboard and the payment page display them.
import { toIsoDate } from '@portal/domain/dates';
import { countryName as domainCountryName } from '@portal/domain/geography';
import { type Lang, toLang, useTranslation } from './i18n';

/** The active UI language as the formatters expect it ('en' | 'fr'). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return toLang(i18n.language);
}

/** Today's date in the tenant's own time zone, as 'YYYY-MM-DD' (due dates and card expiry compare with it). */
export function localToday(now: Date = new Date()): string {
  return toIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** Country code → its name in the UI language (CA → Canada, US → United States / États-Unis); '' for none. */
export function countryName(code: string | null | undefined, lang: Lang): string {
  return code ? domainCountryName(code, lang) : '';
}
