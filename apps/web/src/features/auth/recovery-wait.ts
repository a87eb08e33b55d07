// issue 25: how long a rate-limited link request must wait (Retry-After of the 429), in the recovery texts: under a
// minute in seconds, else in minutes with the clock time to come back at (the sign-in's throttled message's rule).
import type { Lang } from '../../lib/i18n';
import { waitText } from './throttled-message';

type T = (key: string, opts?: Record<string, unknown>) => string;

export function recoveryWait(
  retryAfterSeconds: number | null,
  t: T,
  lang: Lang,
  now: Date = new Date(),
  timeZone?: string,
): string | null {
  const keys = { seconds: 'recovery.forgot.waitSeconds', minutes: 'recovery.forgot.waitMinutes' };
  return waitText(retryAfterSeconds, t, lang, keys, now, timeZone);
}
