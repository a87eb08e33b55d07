// issue 25: how long a rate-limited link request must wait (Retry-After of the 429), in the recovery texts: under a
// minute in seconds, else in minutes with the clock time to come back at (as the sign-in's throttled message).
import type { Lang } from '../../lib/i18n';

type T = (key: string, opts?: Record<string, unknown>) => string;

export function recoveryWait(
  retryAfterSeconds: number | null,
  t: T,
  lang: Lang,
  now: Date = new Date(),
  timeZone?: string,
): string | null {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return null;
  if (retryAfterSeconds < 60) return t('recovery.forgot.waitSeconds', { count: retryAfterSeconds });
  const at = new Date(now.getTime() + retryAfterSeconds * 1000);
  const time = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
  return t('recovery.forgot.waitMinutes', { count: Math.ceil(retryAfterSeconds / 60), time });
}
