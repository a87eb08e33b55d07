// /verify-email/:token (issue 25): the link of a verification mail, confirmed once on arrival (POST /api/email/verify),
// then where to go next; a dead link (410) says how to get a new one, a taken address (409) says so.
import { Alert, Button } from '@mantine/core';
import { recovery } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { customerKeys } from '../../api/query-keys';
import { LoadingState } from '../../components/query-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { addEnglish, useTranslation } from '../../lib/i18n';
import { useSessionUser } from '../../lib/use-session-user';
import { useVerifyEmail } from './api/recovery';
import { AuthCard } from './components/auth-card';

addEnglish({ recovery });

type Outcome = 'checking' | 'done' | 'expired' | 'taken' | 'failed';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);
  const user = useSessionUser();
  const qc = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const status = verification.error instanceof ApiError ? verification.error.status : null;
  const outcome: Outcome = verification.isSuccess
    ? 'done'
    : verification.isPending || verification.isFetching
      ? 'checking'
      : status === 410
        ? 'expired'
        : status === 409
          ? 'taken'
          : 'failed';
  const heading = {
    checking: t('recovery.verify.title'),
    done: t('recovery.verify.doneTitle'),
    expired: t('recovery.verify.expiredTitle'),
    taken: t('recovery.verify.takenTitle'),
    failed: t('recovery.verify.title'),
  }[outcome];
  useDocumentTitle(heading);

  // The verdict replaces the loading state: focus on the heading that says it.
  useEffect(() => {
    if (outcome !== 'checking') headingRef.current?.focus();
  }, [outcome]);
  // A signed-in tenant's record now says verified (the shell's banner goes, the Account page shows the new address).
  useEffect(() => {
    if (verification.isSuccess) void qc.invalidateQueries({ queryKey: customerKeys.all });
  }, [verification.isSuccess, qc]);

  const portal =
    user?.type === 'TYPE_CUSTOMER' ? (
      <Button component={Link} to="/customer/dashboard">
        {t('recovery.verify.toDashboard')}
      </Button>
    ) : user ? (
      <Button component={Link} to="/">
        {t('recovery.verify.toDashboard')}
      </Button>
    ) : (
      <Button component={Link} to="/signin">
        {t('recovery.verify.toSignIn')}
      </Button>
    );

  return (
    <AuthCard heading={heading} headingRef={headingRef}>
      {outcome === 'checking' && <LoadingState label={t('recovery.verify.checking')} />}
      {outcome === 'done' && (
        <Alert color="green" variant="light" role="status">
          {t('recovery.verify.done', { email: verification.data?.email ?? '' })}
        </Alert>
      )}
      {outcome === 'expired' && (
        <Alert color="yellow" variant="light" role="alert">
          {t('recovery.verify.expiredText')}
        </Alert>
      )}
      {outcome === 'taken' && (
        <Alert color="red" variant="light" role="alert">
          {t('recovery.verify.takenText')}
        </Alert>
      )}
      {outcome === 'failed' && (
        <>
          <Alert color="red" variant="light" role="alert">
            {verification.error instanceof TypeError ? t('auth.errors.network') : t('recovery.verify.failed')}
          </Alert>
          <Button variant="default" onClick={() => void verification.refetch()}>
            {t('recovery.verify.retry')}
          </Button>
        </>
      )}
      {outcome !== 'checking' && portal}
    </AuthCard>
  );
}
