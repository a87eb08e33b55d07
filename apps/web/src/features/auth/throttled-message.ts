// The sign-in page's words for a throttled attempt (issue 21 §1: the server answers 429 with Retry-After in seconds
// while a growing delay runs): under a minute in seconds, else in minutes with the clock time to come back at.
import type { Lang } from '../../lib/i18n';

type T = (key: string, opts?: Record<string, unknown>) => string;

export function throttledMessage(
  retryAfterSeconds: number | null,
  t: T,
  lang: Lang,
  now: Date = new Date(),
  timeZone?: string,
): string {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return t('auth.errors.tooManyAttempts');
  if (retryAfterSeconds < 60) return t('auth.errors.tooManyAttemptsIn', { count: retryAfterSeconds });
  const at = new Date(now.getTime() + retryAfterSeconds * 1000);
  const time = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
  return t('auth.errors.tooManyAttemptsMinutes', { count: Math.ceil(retryAfterSeconds / 60), time });
}
