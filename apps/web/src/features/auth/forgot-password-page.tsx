// /forgot-password (issue 25): the e-mail of the account → POST /api/password/forgot, then always the same
// confirmation (no enumeration: the server answers 202 whether or not the account exists); a 429 says the wait.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { recovery } from '@portal/i18n/locales/en.json?lazy';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { FormInput } from '../../components/form/form-input';
import { useForm } from '../../components/form/use-form';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { addEnglish, toLang, useTranslation } from '../../lib/i18n';
import { useForgotPassword } from './api/recovery';
import { AuthCard } from './components/auth-card';
import { emailError } from './forms/sign-in-schema';
import { recoveryWait } from './recovery-wait';

addEnglish({ recovery });

interface ForgotValues {
  email: string;
}

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const forgot = useForgotPassword();
  const form = useForm<ForgotValues>({
    initialValues: { email: '' },
    validate: (v) => {
      const key = emailError(v.email);
      return key ? { email: { key } } : {};
    },
  });
  const [sent, setSent] = useState<{ email: string; sandboxInbox: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t(sent ? 'recovery.forgot.sentTitle' : 'recovery.forgot.title'));

  // The confirmation replaces the form: focus on its heading, so a screen reader reads it from there.
  useEffect(() => {
    if (sent) headingRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const address = email.trim();
    try {
      const answer = await forgot.mutateAsync(address);
      setSent({ email: address, sandboxInbox: answer?.sandboxInbox === true });
    } catch (error) {
      setFailure(failureText(error));
    }
  });

  const failureText = (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.status === 429) {
        // the server's message (in the UI's language) and when to come back (Retry-After)
        const wait = recoveryWait(error.retryAfter, t, toLang(i18n.language));
        return [error.message, wait].filter(Boolean).join(' ');
      }
      if (error.status === 400 && error.message) return error.message;
      return t('recovery.forgot.failed');
    }
    return t('auth.errors.network');
  };

  if (sent) {
    return (
      <AuthCard heading={t('recovery.forgot.sentTitle')} headingRef={headingRef}>
        <Text role="status">{t('recovery.forgot.sent', { email: sent.email })}</Text>
        {sent.sandboxInbox && (
          <Anchor component={Link} to={`/sandbox/mail?to=${encodeURIComponent(sent.email)}`}>
            {t('recovery.forgot.openInbox')}
          </Anchor>
        )}
        <Anchor component={Link} to="/signin">
          {t('recovery.forgot.backToSignIn')}
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard heading={t('recovery.forgot.title')} headingRef={headingRef}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('recovery.forgot.intro')}</Text>
          {failure && (
            <Alert color="red" role="alert" variant="light" ref={failureRef} tabIndex={-1}>
              {failure}
            </Alert>
          )}
          <FormInput
            type="email"
            title={t('recovery.forgot.email')}
            required
            withAsterisk={false}
            autoComplete="username"
            {...form.bind('email')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('recovery.forgot.submit')}
          </Button>
          <Anchor component={Link} to="/signin" size="sm" ta="center">
            {t('recovery.forgot.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
