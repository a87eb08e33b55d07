import { toIsoDate } from '@portal/domain/dates';
import { useTranslation } from 'react-i18next';
import { type Lang, toLang } from '../../../lib/i18n';

/** The active UI language as the formatters expect it ('en' | 'fr'). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return toLang(i18n.language);
}

/** Today's date in the tenant's own time zone, as 'YYYY-MM-DD' (the overdue rule compares due dates with it). */
export function localToday(now: Date = new Date()): string {
  return toIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** Country code → its name in the UI language (CA → Canada / Canada, US → United States / États-Unis). */
export function countryName(code: string | null | undefined, lang: Lang): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([lang === 'fr' ? 'fr-CA' : 'en-CA'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
