// issue 24 "Access for Google accounts" (spec 2 §7 /authorizeoauth): the sign-in page's way in through Google. The button
// is a plain link to the API, which sends the browser to the issuer; the issuer's answer comes back to /signin with
// the session's token in the URL fragment (never sent to a server) or ?oauthError=<reason>.
import { Alert, Button, Divider } from '@mantine/core';
import appI18n, { toLang, useTranslation } from '../../../lib/i18n';

const REASONS = new Set(['state', 'expired', 'denied', 'unverified', 'corporate', 'failed', 'unavailable']);

/** The token the callback put in the fragment (#access_token=…), or null. */
export function tokenFromFragment(hash: string): string | null {
  const m = /^#access_token=([^&]+)$/.exec(hash);
  return m ? decodeURIComponent(m[1]) : null;
}

export function GoogleSignInButton({ next }: { next: string }) {
  const { t } = useTranslation();
  const href = `/api/authorizeoauth?lang=${toLang(appI18n.language)}&next=${encodeURIComponent(next)}`;
  return (
    <>
      <Divider label={t('auth.google.or')} labelPosition="center" />
      <Button component="a" href={href} variant="default" fullWidth leftSection={<GoogleMark />}>
        {t('auth.google.button')}
      </Button>
    </>
  );
}

/** Why the issuer's answer did not sign the person in, in their language (unknown reasons: the general message). */
export function GoogleSignInFailure({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const key = REASONS.has(reason) ? reason : 'failed';
  return (
    <Alert color="red" role="alert" variant="light">
      {t(`auth.google.errors.${key}`)}
    </Alert>
  );
}

function GoogleMark() {
  // The four-colour G: decoration only, the button's text names it.
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.9-6.2z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.1 1.4-4.9 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
