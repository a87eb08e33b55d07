// Our own sign-in page (issue 2): email and password against GET /authorize, then on to ?next= or home.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import appI18n, { toLang, useTranslation } from '../../lib/i18n';
import { Link, Navigate, useNavigate, useSearchParams } from '../../lib/router';
import { clearSession, decodeToken, setToken } from '../../lib/session';
import { useSessionUser } from '../../lib/use-session-user';
import { saveCustomerLanguage } from './api/save-language';
import { useSignIn } from './api/sign-in';
import { AuthCard } from './components/auth-card';
import { type SignInErrors, type SignInValues, safeNextPath, validateSignIn } from './forms/sign-in-schema';

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signupPath = signupPathOf(next, params.get('signup'));
  const user = useSessionUser();
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // issue 9: a language chosen here wins at sign-in (saved to the customer before the portal opens).
  const languageChosen = useRef(false);
  const [savingLanguage, setSavingLanguage] = useState(false);
  useDocumentTitle(t('auth.signIn.title'));

  useEffect(() => {
    return appI18n.onLanguageChanged(() => {
      languageChosen.current = true;
    });
  }, []);

  const update = (field: keyof SignInValues, value: string) => {
    const nextValues = { ...values, [field]: value };
    setValues(nextValues);
    // Errors show after a submit attempt, then follow the typing.
    if (submitted) setErrors(validateSignIn(nextValues));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = validateSignIn(values);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: async ({ access_token }) => {
          const signedIn = decodeToken(access_token);
          const saveLanguage = languageChosen.current && signedIn?.type === 'TYPE_CUSTOMER';
          if (saveLanguage) setSavingLanguage(true);
          clearSession();
          qc.clear();
          setToken(access_token);
          if (saveLanguage && signedIn) await saveCustomerLanguage(signedIn.id, toLang(appI18n.language));
          navigate(next, { replace: true });
        },
        onError: (error) => {
          setFailure(failureMessage(error, t));
          setValues((v) => ({ ...v, password: '' }));
          passwordRef.current?.focus();
        },
      },
    );
  };

  if (user && !signIn.isPending && !savingLanguage) return <Navigate to={next} replace />;

  return (
    <AuthCard heading={t('auth.signIn.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {failure}
            </Alert>
          )}
          <TextInput
            ref={emailRef}
            name="email"
            label={t('auth.signIn.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            withAsterisk={false}
            value={values.email}
            onChange={(e) => update('email', e.currentTarget.value)}
            error={errors.email ? t(errors.email) : undefined}
          />
          <PasswordInput
            ref={passwordRef}
            name="password"
            label={t('auth.signIn.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={values.password}
            onChange={(e) => update('password', e.currentTarget.value)}
            error={errors.password ? t(errors.password) : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.signIn.togglePassword') }}
          />
          <Button type="submit" loading={signIn.isPending || savingLanguage} fullWidth>
            {t('auth.signIn.submit')}
          </Button>
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
    if (error.status === 429) {
      return error.retryAfter
        ? t('auth.errors.tooManyAttemptsIn', { count: error.retryAfter })
        : t('auth.errors.tooManyAttempts');
    }
    if (error.status === 400) return t('auth.errors.invalidInput');
    return t('auth.errors.serverError');
  }
  // fetch rejects with a TypeError when the server cannot be reached.
  return t('auth.errors.network');
}
