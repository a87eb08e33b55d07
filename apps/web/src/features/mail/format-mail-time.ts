// A mail's time as the console shows dates (DD-MMM-YYYY, lib/format) with the hour and minute in the user's locale:
// mail arrives seconds apart, so the day alone would not tell two apart.
import { formatDate } from '../../lib/format';
import type { Lang } from '../../lib/i18n';

export function formatMailTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const time = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
  return `${formatDate(iso, lang)} ${time}`;
}
