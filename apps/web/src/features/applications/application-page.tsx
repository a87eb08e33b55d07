// spec 2 §2 "Application page" (/customer/application): the tenant's applications and screenings with resume, view,
// download (a PDF made here) and delete, and the credit / background / income report modals.
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { mapErrorCodeAlert } from '@portal/domain/errors';
import { applications } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { applicationPageQueryOptions } from '../../api/applications/get-application-page';
import { useApplicationFetchDelay } from '../../api/applications/search-applications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { lazyModal } from '../../components/lazy-modal';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageContainer } from '../../components/page-container';
import { ErrorState } from '../../components/query-state';
import { ApiError, answerOf } from '../../lib/api-client';
import { addEnglish, useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { useSessionUser } from '../../lib/use-session-user';
import { useDeleteApplication } from './api/delete-application';
import { useCustomerApplications } from './api/get-customer-applications';
import type { ApplicationRecord } from './api/types';
import { ApplicationsTable } from './components/applications-table';
import type { ReportKind } from './lib/application-display';
import { statusLabel } from './lib/application-display';
import { downloadApplicationPdf } from './lib/download-application-pdf';

addEnglish({ applications });

// Load on the first open (bundle budget).
const ApplicationViewModal = lazyModal(() => import('./components/application-view-modal').then((m) => m.ApplicationViewModal));
const ReportModal = lazyModal(() => import('./components/report-modal').then((m) => m.ReportModal));

export function ApplicationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  // spec 2 §4: the initial application fetch waits 500 ms
  const query = useCustomerApplications(user?.id, { enabled: useApplicationFetchDelay() });

  const [viewing, setViewing] = useState<ApplicationRecord | null>(null);
  const [viewOpen, setViewOpen] = useState(false);
  const [reporting, setReporting] = useState<{ application: ApplicationRecord; report: ReportKind } | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [deleting, setDeleting] = useState<ApplicationRecord | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const remove = useDeleteApplication();

  const onDownload = async (application: ApplicationRecord) => {
    setDownloadingId(application.id);
    try {
      const needsPage = Object.keys(application.customFields ?? {}).length > 0 && !!application.pageName;
      const page = needsPage
        ? await queryClient.fetchQuery(applicationPageQueryOptions(application.pageName ?? '')).catch(() => null)
        : null;
      await downloadApplicationPdf(application, { t, lang, customFields: page?.customFields ?? null });
    } catch {
      notifyError(t('applications.downloadFailed'));
    } finally {
      setDownloadingId(null);
    }
  };

  // spec 2 §8: a delete application error shows the errorCode, with the server's reason (in the user's language)
  const deleteError = (() => {
    const error = remove.error;
    if (!error) return null;
    const answer = answerOf(error);
    const ref = mapErrorCodeAlert({ errorCode: answer.errorCode ?? 'RM_ERROR_SYSTEM' });
    const code = t(ref.key, ref.values);
    return error instanceof ApiError && error.status < 500 && error.message ? `${code}. ${error.message}` : code;
  })();

  const records = query.data?.records ?? [];
  return (
    <PageContainer title={t('applications.title')} size="xl">
      {!query.isSuccess && !query.isError ? (
        <Stack gap="xs" aria-busy="true" role="status" aria-label={t('applications.loading')} data-testid="applications-loading">
          <Skeleton height={40} radius="sm" />
          <Skeleton height={64} radius="sm" />
          <Skeleton height={64} radius="sm" />
        </Stack>
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('applications.loadError')} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <Alert variant="light" color="blue" title={t('applications.emptyTitle')} data-testid="applications-empty">
          <Text size="sm">{t('applications.emptyText')}</Text>
        </Alert>
      ) : (
        <ApplicationsTable
          applications={records}
          downloadingId={downloadingId}
          onView={(application) => {
            setViewing(application);
            setViewOpen(true);
          }}
          onDownload={(application) => void onDownload(application)}
          onDelete={(application) => {
            remove.reset();
            setDeleting(application);
          }}
          onOpenReport={(application, report) => {
            setReporting({ application, report });
            setReportOpen(true);
          }}
        />
      )}
      {viewing && (
        <ApplicationViewModal
          application={viewing}
          status={statusLabel(viewing.status, t)}
          opened={viewOpen}
          onClose={() => setViewOpen(false)}
        />
      )}
      {reporting && (
        <ReportModal
          application={reporting.application}
          report={reporting.report}
          opened={reportOpen}
          onClose={() => setReportOpen(false)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('applications.deleteTitle')}
        confirmLabel={t('applications.delete')}
        danger
        loading={remove.isPending}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              // spec 2 §8 info messages: application deleted
              notifySuccess(t('applications.deleted'));
            },
          });
        }}
      >
        {t('applications.deleteText', {
          property: deleting?.joins.property?.propertyName ?? t('applications.noProperty'),
        })}
      </ConfirmDialog>
    </PageContainer>
  );
}
