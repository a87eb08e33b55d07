// Our own sign-in page (issue 2): email and password against GET /authorize, then on to ?next= or home.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Redirect, useSearchParams } from 'wouter';
import { FormInput } from '../../components/form/form-input';
import { useForm } from '../../components/form/use-form';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import appI18n, { toLang, useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../lib/navigation';
import { clearSession, decodeToken, setToken } from '../../lib/session';
import { useSessionUser } from '../../lib/use-session-user';
import { saveCorporateUserLanguage, saveCustomerLanguage } from './api/save-language';
import { useSignIn } from './api/sign-in';
import { AuthCard } from './components/auth-card';
import { GoogleSignInButton, GoogleSignInFailure, tokenFromFragment } from './components/google-sign-in';
import { type SignInValues, safeNextPath, validateSignIn } from './forms/sign-in-schema';
import { throttledMessage } from './throttled-message';

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signupPath = signupPathOf(next, params.get('signup'));
  const user = useSessionUser();
  const signIn = useSignIn();
  // issue 21 §3: the portal's one form state and focus rule (errors after a submit attempt, then following the typing)
  const form = useForm<SignInValues>({ initialValues: { email: '', password: '' }, validate: signInErrors });
  const [failure, setFailure] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // issue 9: a language chosen here wins at sign-in (saved to the customer before the portal opens).
  const languageChosen = useRef(false);
  const [savingLanguage, setSavingLanguage] = useState(false);
  useDocumentTitle(t('auth.signIn.title'));

  // issue 24: back from Google (GET /api/authorizeoauth/callback) with the session's token in the fragment.
  const oauthError = params.get('oauthError');
  const [fromGoogle] = useState(() => tokenFromFragment(window.location.hash));
  useEffect(() => {
    if (!fromGoogle) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    clearSession();
    qc.clear();
    setToken(fromGoogle);
    navigate(next, { replace: true });
  }, [fromGoogle, next, navigate, qc]);

  useEffect(() => {
    return appI18n.onLanguageChanged(() => {
      languageChosen.current = true;
    });
  }, []);

  const onSubmit = form.handleSubmit(
    (values) => {
      setFailure(null);
      send(values);
    },
    () => setFailure(null),
  );

  const send = (values: SignInValues) => {
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: async ({ access_token }) => {
          const signedIn = decodeToken(access_token);
          // issue 23: a corporate user's console language too (before the console reads it back)
          const saveLanguage = languageChosen.current && !!signedIn;
          if (saveLanguage) setSavingLanguage(true);
          clearSession();
          qc.clear();
          setToken(access_token);
          if (saveLanguage && signedIn) {
            const save = signedIn.type === 'TYPE_CUSTOMER' ? saveCustomerLanguage : saveCorporateUserLanguage;
            await save(signedIn.id, toLang(appI18n.language));
          }
          navigate(next, { replace: true });
        },
        onError: (error) => {
          setFailure(failureMessage(error, t));
          // the password is typed again; no 'required' error until the next attempt
          form.reset({ ...values, password: '' });
          passwordRef.current?.focus();
        },
      },
    );
  };

  // Back from Google with another session still stored: the new token replaces it first (the effect above).
  if (user && !fromGoogle && !signIn.isPending && !savingLanguage) return <Redirect to={next} replace />;

  return (
    <AuthCard heading={t('auth.signIn.title')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          {oauthError && !failure && <GoogleSignInFailure reason={oauthError} />}
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {failure}
            </Alert>
          )}
          <FormInput
            type="email"
            title={t('auth.signIn.email')}
            required
            withAsterisk={false}
            autoComplete="username"
            {...form.bind('email')}
          />
          <FormInput
            type="password"
            inputRef={passwordRef}
            title={t('auth.signIn.password')}
            required
            withAsterisk={false}
            {...form.bind('password')}
            passwordToggleLabel={t('auth.signIn.togglePassword')}
          />
          {/* issue 25: a forgotten password gets a link by e-mail */}
          <Anchor component={Link} to="/forgot-password" size="sm" mt={-8} w="fit-content">
            {t('auth.signIn.forgotPassword')}
          </Anchor>
          <Button type="submit" loading={signIn.isPending || savingLanguage} fullWidth>
            {t('auth.signIn.submit')}
          </Button>
          <GoogleSignInButton next={next} />
          {signupPath && (
            <Text size="sm" ta="center">
              {t('auth.signIn.noAccount')}{' '}
              <Anchor component={Link} to={signupPath}>
                {t('auth.signIn.createAccount')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The sign-in rules as the form's messages (auth namespace keys). */
function signInErrors(values: SignInValues) {
  const found = validateSignIn(values);
  return {
    ...(found.email ? { email: { key: found.email } } : {}),
    ...(found.password ? { password: { key: found.password } } : {}),
  };
}

/** issue 11: reached from a sign-up or application link (next=/signup/…, next=/apply/{name} or ?signup={name}). */
function signupPathOf(next: string, signupPage: string | null): string | null {
  if (/^\/signup\/[^/?#]+/.test(next)) return next;
  const apply = /^\/apply\/([^/?#]+)/.exec(next)?.[1];
  if (apply) return `/signup/${apply}?origin=application`;
  if (signupPage && /^[\w-]+$/.test(signupPage)) return `/signup/${signupPage}`;
  return null;
}

function failureMessage(error: unknown, t: (key: string, opts?: Record<string, unknown>) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.errorCode === 'RM_ERROR_INVALID_CREDENTIALS') return t('auth.errors.invalidCredentials');
    // issue 21 §1: a throttled attempt says when to come back (Retry-After)
    if (error.status === 429) return throttledMessage(error.retryAfter, t, toLang(appI18n.language));
    if (error.status === 400) return t('auth.errors.invalidInput');
    return t('auth.errors.serverError');
  }
  // fetch rejects with a TypeError when the server cannot be reached.
  return t('auth.errors.network');
}
