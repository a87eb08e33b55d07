// spec 2 §2: the application flow at /apply/{signupPage}?applicationId={id}. Without an id, a new (or the tenant's
// waiting NOT_STARTED) application is asked for and the address takes its id; the first fetch of an application waits
// 500 ms (spec 2 §4). An open application (NOT_STARTED / IN_PROGRESS) is the multi-step form; any other opens read-only.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { applicationResumeUrl } from '@portal/domain/applications';
import { applicationForm } from '@portal/i18n/locales/en.json?lazy';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { useApplicationPage } from '../../api/applications/get-application-page';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { addEnglish, useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../lib/navigation';
import { useLeaseApplication } from './api/get-lease-application';
import { useNewLeaseApplication } from './api/new-lease-application';
import type { LeaseApplication } from './api/types';
import { ApplicationWizard } from './components/application-wizard';
import { ReadOnlyView } from './components/read-only-view';

addEnglish({ applicationForm });

const isOpen = (app: Pick<LeaseApplication, 'status'>) => app.status === 'NOT_STARTED' || app.status === 'IN_PROGRESS';
const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="alert">
      <Text>{t('applicationForm.notFound')}</Text>
      <Group gap="md">
        <Anchor component={Link} to="/customer/application">
          {t('applicationForm.toApplications')}
        </Anchor>
        <Anchor component={Link} to="/customer/dashboard">
          {t('applicationForm.toDashboard')}
        </Anchor>
      </Group>
    </Stack>
  );
}

export function ApplicationFormPage({ fetchDelayMs }: { /** Tests: the initial fetch's wait. */ fetchDelayMs?: number } = {}) {
  const { t } = useTranslation();
  const { signupPage = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applicationId = params.get('applicationId');
  const page = useApplicationPage(signupPage);
  const application = useLeaseApplication(applicationId, fetchDelayMs);
  const create = useNewLeaseApplication();
  const [submitted, setSubmitted] = useState<LeaseApplication | null>(null);

  // no id: ask for the tenant's new application once, then put its id in the address (replacing this one)
  const asked = useRef(false);
  useEffect(() => {
    if (applicationId || asked.current || !signupPage) return;
    asked.current = true;
    create.mutate(
      { pageName: signupPage, propertyId: params.get('propertyId') ?? undefined },
      {
        onSuccess: (app) => navigate(applicationResumeUrl(signupPage, app.id), { replace: true }),
      },
    );
  }, [applicationId, signupPage, params, create, navigate]);

  // an application always shows with its own page's template: a link naming another page is corrected
  const ownPage = application.data?.pageName;
  useEffect(() => {
    if (ownPage && applicationId && ownPage !== signupPage)
      navigate(applicationResumeUrl(ownPage, applicationId), { replace: true });
  }, [ownPage, applicationId, signupPage, navigate]);

  const title = page.data ? t('applicationForm.titleAt', { company: page.data.companyName }) : t('applicationForm.title');

  let body: React.ReactNode;
  if (page.isError || application.isError || create.isError) {
    const error = page.error ?? application.error ?? create.error;
    body = isNotFound(error) ? (
      <NotFound />
    ) : (
      <ErrorState
        error={error}
        title={t('applicationForm.loadError')}
        onRetry={
          create.isError
            ? undefined
            : () => {
                void page.refetch();
                void application.refetch();
              }
        }
      />
    );
  } else if (!page.data || !application.data || (!!ownPage && ownPage !== signupPage)) {
    body = <LoadingState />;
  } else if (submitted || !isOpen(application.data)) {
    body = <ReadOnlyView page={page.data} application={submitted ?? application.data} justSubmitted={!!submitted} />;
  } else {
    body = (
      <ApplicationWizard
        key={application.data.id}
        page={page.data}
        application={application.data}
        onSubmitted={(app) => {
          setSubmitted(app);
          window.scrollTo?.({ top: 0 });
        }}
      />
    );
  }

  return (
    <PageContainer title={title} size="lg">
      {body}
    </PageContainer>
  );
}
