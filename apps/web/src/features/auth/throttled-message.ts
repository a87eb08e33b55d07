// The sign-in page's words for a throttled attempt (issue 21 §1: the server answers 429 with Retry-After in seconds
// while a growing delay runs): under a minute in seconds, else in minutes with the clock time to come back at.
import type { Lang } from '../../lib/i18n';

type T = (key: string, opts?: Record<string, unknown>) => string;

/**
 * A wait as a person reads it, with the texts of `keys` (`seconds` takes {{count}}; `minutes` {{count}} and {{time}},
 * the clock time to come back at); null when there is no wait to tell.
 */
export function waitText(
  retryAfterSeconds: number | null,
  t: T,
  lang: Lang,
  keys: { seconds: string; minutes: string },
  now: Date = new Date(),
  timeZone?: string,
): string | null {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return null;
  if (retryAfterSeconds < 60) return t(keys.seconds, { count: retryAfterSeconds });
  const at = new Date(now.getTime() + retryAfterSeconds * 1000);
  const time = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
  return t(keys.minutes, { count: Math.ceil(retryAfterSeconds / 60), time });
}

export function throttledMessage(
  retryAfterSeconds: number | null,
  t: T,
  lang: Lang,
  now: Date = new Date(),
  timeZone?: string,
): string {
  const keys = { seconds: 'auth.errors.tooManyAttemptsIn', minutes: 'auth.errors.tooManyAttemptsMinutes' };
  return waitText(retryAfterSeconds, t, lang, keys, now, timeZone) ?? t('auth.errors.tooManyAttempts');
}
