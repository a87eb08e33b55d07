// /reset-password/:token (issue 25): the link of a forgot-password mail. The link is checked first (GET; a dead link
// → its own screen with a way to ask for a new one), then a new password with the spec 2 §5 rules → POST, and the
// tenant or manager is signed in as the sign-in page does it (the token stored, then the role's landing page, "/").
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { validatePassword } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import { recovery } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { FormInput } from '../../components/form/form-input';
import { type FormErrors, useForm } from '../../components/form/use-form';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { addEnglish, useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../lib/navigation';
import { clearSession, setToken } from '../../lib/session';
import { useResetLink, useResetPassword } from './api/recovery';
import { AuthCard } from './components/auth-card';

addEnglish({ recovery });

interface ResetValues {
  newPassword: string;
  confirmNewPassword: string;
}
type ResetField = keyof ResetValues;

/** spec 2 §5 (as the Account page's password form): a complex new password, and a confirmation that matches it. */
function resetErrors(v: ResetValues): FormErrors<ResetValues> {
  const errors: FormErrors<ResetValues> = {};
  const complexity = validatePassword(v.newPassword);
  if (!complexity.ok) errors.newPassword = { key: complexity.key };
  if (!v.confirmNewPassword) errors.confirmNewPassword = { key: MSG.requiredField };
  else if (v.confirmNewPassword !== v.newPassword) errors.confirmNewPassword = { key: MSG.passwordMismatch };
  return errors;
}

const isLinkGone = (error: unknown) => error instanceof ApiError && error.status === 410;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = useResetLink(token);
  const [gone, setGone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const expired = gone || isLinkGone(link.error);
  useDocumentTitle(t(expired ? 'recovery.reset.expiredTitle' : 'recovery.reset.title'));

  // The link's verdict replaces the loading state: focus on the heading that says it.
  useEffect(() => {
    if (expired || link.isSuccess) headingRef.current?.focus();
  }, [expired, link.isSuccess]);

  if (expired) {
    return (
      <AuthCard heading={t('recovery.reset.expiredTitle')} headingRef={headingRef}>
        <Text>{t('recovery.reset.expiredText')}</Text>
        <Button component={Link} to="/forgot-password">
          {t('recovery.reset.requestNew')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={t('recovery.reset.title')} headingRef={headingRef}>
      {link.isPending ? (
        <LoadingState label={t('recovery.reset.checking')} />
      ) : link.isError ? (
        <ErrorState error={link.error} onRetry={() => void link.refetch()} />
      ) : (
        <ResetForm token={token} email={link.data.email} onGone={() => setGone(true)} />
      )}
    </AuthCard>
  );
}

function ResetForm({ token, email, onGone }: { token: string; email: string; onGone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reset = useResetPassword();
  const form = useForm<ResetValues>({ initialValues: { newPassword: '', confirmNewPassword: '' }, validate: resetErrors });
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { access_token } = await reset.mutateAsync({ token, ...values });
      // as the sign-in page: nothing of a previous session stays, then the role's landing page (app/require-auth.tsx)
      clearSession();
      qc.clear();
      setToken(access_token);
      navigate('/', { replace: true });
    } catch (error) {
      if (isLinkGone(error)) return onGone();
      if (error instanceof ApiError && error.status === 400) {
        const isField = (f: string): f is ResetField => f === 'newPassword' || f === 'confirmNewPassword';
        const unplaced = form.showServerErrors(error.fieldErrors, (f) => (isField(f) ? f : null));
        if (error.fieldErrors.length === 0 || unplaced.length > 0) setFailure(unplaced[0] ?? error.message);
        return;
      }
      setFailure(error instanceof ApiError ? t('recovery.reset.failed') : t('auth.errors.network'));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate ref={form.formRef}>
      {/* no hidden username field: the address is masked, a password manager would save the mask as the account */}
      <Stack gap="md">
        <Text size="sm">{t('recovery.reset.account', { email })}</Text>
        {failure && (
          <Alert color="red" role="alert" variant="light" ref={failureRef} tabIndex={-1}>
            {failure}
          </Alert>
        )}
        <FormInput
          type="newPassword"
          title={t('recovery.reset.newPassword')}
          required
          description={t('recovery.reset.hint')}
          passwordToggleLabel={t('recovery.reset.toggleNew')}
          {...form.bind('newPassword')}
        />
        <FormInput
          type="newPassword"
          title={t('recovery.reset.confirmNewPassword')}
          required
          passwordToggleLabel={t('recovery.reset.toggleConfirm')}
          {...form.bind('confirmNewPassword')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('recovery.reset.submit')}
        </Button>
        <Anchor component={Link} to="/signin" size="sm" ta="center">
          {t('recovery.forgot.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
