// The inbox's lease applications (issue 11; issue 23: a manager's company's, the admin's all): PENDING applications
// with their screening reports, approved with the lease form (creates the lease) or declined with a comment. The rows,
// the buttons and the decline are the inbox's one PersonReviews (shared with the self sign-up leases).
import { Anchor, Stack, Text } from '@mantine/core';
import { currencyForCountry } from '@portal/domain/money';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useApproveApplication, useDeclineApplication } from '../api/decide-application';
import { type AdminReport, useDownloadReport } from '../api/download-report';
import { useAdminApplications } from '../api/get-admin-applications';
import type { AdminApplication } from '../api/types';
import { ApproveApplicationModal } from './approve-application-modal';
import { PersonReviews } from './person-reviews';

const RECORDS_PER_PAGE = 50;
type ReportName = 'credit' | 'background' | 'income';

function applicantName(a: AdminApplication): string {
  const first = a.customer?.firstName ?? a.firstName ?? '';
  const last = a.customer?.lastName ?? a.lastName ?? '';
  return `${first} ${last}`.trim() || (a.customer?.email ?? a.email ?? a.id);
}

// The provider has answered (a report exists) once a screening is PASS, FAIL or REVIEW.
const REPORTED = ['PASS', 'FAIL', 'REVIEW'];

function ReportStatuses({ application }: { application: AdminApplication }) {
  const { t } = useTranslation();
  const messageOf = useErrorMessage();
  const download = useDownloadReport();
  const lap = application.joins.lap;
  const income = application.joins.incomeVerification;
  const rows: [ReportName, boolean | undefined, string | undefined, AdminReport | null][] = [
    [
      'credit',
      lap?.creditReportEnabled,
      application.joins.screenings?.find((s) => s.type === 'CREDIT')?.status,
      { kind: 'credit', applicationId: application.id },
    ],
    [
      'background',
      lap?.backgroundCheckEnabled,
      application.joins.screenings?.find((s) => s.type === 'BASIC')?.status,
      { kind: 'background', applicationId: application.id },
    ],
    ['income', lap?.incomeVerificationEnabled, income?.status, income ? { kind: 'income', verificationId: income.id } : null],
  ];
  const name = applicantName(application);
  return (
    <Stack gap={0} align="flex-start">
      {rows.map(([report, enabled, status, target]) => {
        const line = t('admin.applications.reportLine', {
          report: t(`admin.applications.report.${report}`),
          status: !enabled ? t('admin.applications.na') : (status ?? t('admin.applications.none')),
        });
        if (!enabled || !status || !target || !REPORTED.includes(status))
          return (
            <Text size="xs" key={report} lh="24px">
              {line}
            </Text>
          );
        return (
          <Anchor
            key={report}
            component="button"
            type="button"
            size="xs"
            c="blue.8"
            // WCAG 2.5.8: a 24 px target
            style={{ minHeight: 24, display: 'inline-flex', alignItems: 'center' }}
            aria-label={t('admin.applications.downloadReport', { report: line, name })}
            onClick={() =>
              download.mutate(
                { report: target, name: `${report}-report-${application.id}.pdf` },
                { onError: (error) => notifyError(messageOf(error)) },
              )
            }
          >
            {line}
          </Anchor>
        );
      })}
    </Stack>
  );
}

export function ApplicationReviews() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useAdminApplications({ status: 'PENDING', page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const approve = useApproveApplication();
  const decline = useDeclineApplication();

  return (
    <PersonReviews<AdminApplication>
      id="admin-pending-applications"
      title={t('admin.applications.pendingTitle')}
      caption={t('admin.applications.pendingCaption')}
      emptyText={t('admin.applications.pendingEmpty')}
      query={query}
      personHeader={t('admin.applications.columns.applicant')}
      nameOf={applicantName}
      emailOf={(a) => a.customer?.email ?? a.email}
      propertyOf={(a) => ({
        name: a.joins.property?.propertyName ?? '—',
        place: [a.joins.property?.city, a.joins.property?.province].filter(Boolean).join(', '),
      })}
      columns={[
        {
          header: t('admin.applications.columns.submitted'),
          cell: (a) => <Text size="sm">{formatDate(a.submittedAt ?? a.createDate, lang)}</Text>,
        },
        {
          header: t('admin.applications.columns.fee'),
          cell: (a) => {
            const fee = a.feeAmount ?? a.applicationFeeAmount ?? 0;
            return (
              <Text size="sm">
                {fee > 0 ? formatAmount(fee, currencyForCountry(a.joins.property?.country), lang) : t('admin.applications.noFee')}
              </Text>
            );
          },
        },
        { header: t('admin.applications.columns.reports'), cell: (a) => <ReportStatuses application={a} /> },
      ]}
      approve={approve}
      // approving an application creates its lease: the lease's details are asked first
      renderApproval={(approving, close) =>
        approving && (
          <ApproveApplicationModal
            key={approving.id}
            opened
            applicantName={applicantName(approving)}
            propertyName={approving.joins.property?.propertyName ?? '—'}
            submitting={approve.isPending}
            error={approve.error}
            onClose={close}
            onSubmit={(body) =>
              approve.mutate(
                { id: approving.id, body },
                {
                  onSuccess: () => {
                    close();
                    notifySuccess(t('admin.applications.approved'));
                  },
                },
              )
            }
          />
        )
      }
      decline={decline}
      declineTitle={(name) => t('admin.applications.declineTitle', { name })}
      declineText={(a, name) => t('admin.applications.declineText', { name, property: a.joins.property?.propertyName ?? '—' })}
      declinedText={t('admin.applications.declined')}
    />
  );
}
