// Manager decisions until the manager console exists (issue 11, docs/api-contract.md "Screenings (issue 11)"): the
// PENDING lease applications with Approve (creates the lease) and Decline, and the self sign-up leases waiting for
// approval.
import { Anchor, Box, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { currencyForCountry } from '@portal/domain/money';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState, useErrorMessage } from '../../components/query-state';
import { formatAmount, formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { useApproveApplication, useDeclineApplication } from './api/decide-application';
import { useApprovePendingLease, useDeclinePendingLease } from './api/decide-pending-lease';
import { type AdminReport, useDownloadReport } from './api/download-report';
import { useAdminApplications } from './api/get-admin-applications';
import { usePendingLeases } from './api/get-pending-leases';
import type { AdminApplication, AdminPendingLease } from './api/types';
import { AdminLayout } from './components/admin-layout';
import { ApproveApplicationModal } from './components/approve-application-modal';

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

function PendingApplications() {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const query = useAdminApplications({ status: 'PENDING', page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const approve = useApproveApplication();
  const decline = useDeclineApplication();
  const [approving, setApproving] = useState<AdminApplication | null>(null);
  const [declining, setDeclining] = useState<AdminApplication | null>(null);
  const [comment, setComment] = useState('');
  const records = query.data?.records ?? [];

  return (
    <section aria-labelledby="admin-pending-applications">
      <Title order={2} size="h3" id="admin-pending-applications" mb="sm">
        {t('admin.applications.pendingTitle')}
      </Title>
      {query.isPending && <LoadingState />}
      {query.isError && (
        <ErrorState error={query.error} title={t('admin.applications.loadError')} onRetry={() => void query.refetch()} />
      )}
      {query.data && records.length === 0 && (
        <Text c="dimmed" role="status">
          {t('admin.applications.pendingEmpty')}
        </Text>
      )}
      {records.length > 0 && (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.applications.pendingCaption')}>
          <Table striped verticalSpacing="sm" miw={820} data-testid="admin-pending-applications">
            <Table.Caption>{t('admin.applications.pendingCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.applications.columns.applicant')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.property')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.submitted')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.fee')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.reports')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((a) => {
                const name = applicantName(a);
                const fee = a.feeAmount ?? a.applicationFeeAmount ?? 0;
                return (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {a.customer?.email ?? a.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{a.joins.property?.propertyName ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {[a.joins.property?.city, a.joins.property?.province].filter(Boolean).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(a.submittedAt ?? a.createDate, lang)}</Table.Td>
                    <Table.Td>
                      {fee > 0
                        ? formatAmount(fee, currencyForCountry(a.joins.property?.country), lang)
                        : t('admin.applications.noFee')}
                    </Table.Td>
                    <Table.Td>
                      <ReportStatuses application={a} />
                    </Table.Td>
                    <Table.Td>
                      <DecisionButtons
                        name={name}
                        onApprove={() => {
                          approve.reset();
                          setApproving(a);
                        }}
                        onDecline={() => {
                          decline.reset();
                          setComment('');
                          setDeclining(a);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {approving && (
        <ApproveApplicationModal
          key={approving.id}
          opened
          applicantName={applicantName(approving)}
          propertyName={approving.joins.property?.propertyName ?? '—'}
          submitting={approve.isPending}
          error={approve.error}
          onClose={() => setApproving(null)}
          onSubmit={(body) =>
            approve.mutate(
              { id: approving.id, body },
              {
                onSuccess: () => {
                  setApproving(null);
                  notifySuccess(t('admin.applications.approved'));
                },
              },
            )
          }
        />
      )}
      <ConfirmDialog
        opened={declining !== null}
        title={t('admin.applications.declineTitle', { name: declining ? applicantName(declining) : '' })}
        confirmLabel={t('admin.applications.decline')}
        danger
        loading={decline.isPending}
        error={decline.error ? messageOf(decline.error) : null}
        onCancel={() => setDeclining(null)}
        onConfirm={() => {
          if (!declining) return;
          decline.mutate(
            { id: declining.id, comment: comment.trim() },
            {
              onSuccess: () => {
                setDeclining(null);
                notifySuccess(t('admin.applications.declined'));
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text>
            {t('admin.applications.declineText', {
              name: declining ? applicantName(declining) : '',
              property: declining?.joins.property?.propertyName ?? '—',
            })}
          </Text>
          <Textarea
            label={t('admin.applications.fields.comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={500}
            rows={3}
          />
        </Stack>
      </ConfirmDialog>
    </section>
  );
}

function PendingLeases() {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const query = usePendingLeases({ page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const approve = useApprovePendingLease();
  const decline = useDeclinePendingLease();
  const [approving, setApproving] = useState<AdminPendingLease | null>(null);
  const [declining, setDeclining] = useState<AdminPendingLease | null>(null);
  const [comment, setComment] = useState('');
  const records = query.data?.records ?? [];
  const nameOf = (l: AdminPendingLease) => `${l.customer.firstName} ${l.customer.lastName}`.trim() || l.customer.email;

  return (
    <section aria-labelledby="admin-pending-leases">
      <Title order={2} size="h3" id="admin-pending-leases" mb="sm">
        {t('admin.applications.leasesTitle')}
      </Title>
      {query.isPending && <LoadingState />}
      {query.isError && (
        <ErrorState error={query.error} title={t('admin.applications.loadError')} onRetry={() => void query.refetch()} />
      )}
      {query.data && records.length === 0 && (
        <Text c="dimmed" role="status">
          {t('admin.applications.leasesEmpty')}
        </Text>
      )}
      {records.length > 0 && (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.applications.leasesCaption')}>
          <Table striped verticalSpacing="sm" miw={820} data-testid="admin-pending-leases">
            <Table.Caption>{t('admin.applications.leasesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.applications.columns.tenant')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.property')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.unit')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.startDate')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.residencyType')}</Table.Th>
                <Table.Th scope="col">{t('admin.applications.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((l) => {
                const name = nameOf(l);
                return (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {l.customer.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{l.property.propertyName}</Text>
                      <Text size="xs" c="dimmed">
                        {[l.property.city, l.property.province, l.property.postalCode].filter(Boolean).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{l.unit ?? '—'}</Table.Td>
                    <Table.Td>{formatDate(l.startDate, lang) || '—'}</Table.Td>
                    <Table.Td>
                      {l.residencyType
                        ? t(`admin.applications.residency.${l.residencyType}`, { defaultValue: l.residencyType })
                        : '—'}
                    </Table.Td>
                    <Table.Td>
                      <DecisionButtons
                        name={name}
                        onApprove={() => {
                          approve.reset();
                          setApproving(l);
                        }}
                        onDecline={() => {
                          decline.reset();
                          setComment('');
                          setDeclining(l);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <ConfirmDialog
        opened={approving !== null}
        title={t('admin.applications.approveLeaseTitle', { name: approving ? nameOf(approving) : '' })}
        confirmLabel={t('admin.applications.approve')}
        loading={approve.isPending}
        error={approve.error ? messageOf(approve.error) : null}
        onCancel={() => setApproving(null)}
        onConfirm={() => {
          if (!approving) return;
          approve.mutate(approving.id, {
            onSuccess: () => {
              setApproving(null);
              notifySuccess(t('admin.applications.leaseApproved'));
            },
          });
        }}
      >
        {t('admin.applications.approveLeaseText', {
          name: approving ? nameOf(approving) : '',
          property: approving?.property.propertyName ?? '',
        })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={declining !== null}
        title={t('admin.applications.declineLeaseTitle', { name: declining ? nameOf(declining) : '' })}
        confirmLabel={t('admin.applications.decline')}
        danger
        loading={decline.isPending}
        error={decline.error ? messageOf(decline.error) : null}
        onCancel={() => setDeclining(null)}
        onConfirm={() => {
          if (!declining) return;
          decline.mutate(
            { id: declining.id, comment: comment.trim() },
            {
              onSuccess: () => {
                setDeclining(null);
                notifySuccess(t('admin.applications.leaseDeclined'));
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text>
            {t('admin.applications.declineLeaseText', {
              name: declining ? nameOf(declining) : '',
              property: declining?.property.propertyName ?? '',
            })}
          </Text>
          <Textarea
            label={t('admin.applications.fields.comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={500}
            rows={3}
          />
        </Stack>
      </ConfirmDialog>
    </section>
  );
}

/** A row's Approve and Decline buttons, named with the applicant for screen readers. */
function DecisionButtons({ name, onApprove, onDecline }: { name: string; onApprove: () => void; onDecline: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" onClick={onApprove} aria-label={t('admin.applications.approveNamed', { name })}>
        {t('admin.applications.approve')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={onDecline}
        aria-label={t('admin.applications.declineNamed', { name })}
      >
        {t('admin.applications.decline')}
      </Button>
    </Group>
  );
}

export function AdminApplicationsPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <PageContainer title={t('admin.applications.title')}>
        <Stack gap="xl">
          <PendingApplications />
          <PendingLeases />
        </Stack>
      </PageContainer>
    </AdminLayout>
  );
}
