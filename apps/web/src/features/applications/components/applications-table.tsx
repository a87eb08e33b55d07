// spec 2 §2 "Application page": the table of applications and screenings (cards on a phone) with resume, view,
// download and delete, and the credit / background / income report cells.
import { Box, Button, Card, Group, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { applicationAction, applicationResumeUrl } from '@portal/domain/applications';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApplicationRecord } from '../api/types';
import { applicationProgress, REPORT_KINDS, type ReportKind, reportCell, statusLabel } from '../lib/application-display';

export interface RowActions {
  onView: (application: ApplicationRecord) => void;
  onDownload: (application: ApplicationRecord) => void;
  onDelete: (application: ApplicationRecord) => void;
  onOpenReport: (application: ApplicationRecord, report: ReportKind) => void;
  /** The application whose PDF is being made. */
  downloadingId: string | null;
}

interface Props extends RowActions {
  applications: ApplicationRecord[];
}

function propertyNameOf(application: ApplicationRecord, fallback: string): string {
  return application.joins.property?.propertyName ?? fallback;
}

function PropertyCell({ application }: { application: ApplicationRecord }) {
  const { t } = useTranslation();
  const property = application.joins.property;
  return (
    <div>
      <Text fw={600} size="sm">
        {propertyNameOf(application, t('applications.noProperty'))}
      </Text>
      {property && (
        <Text size="xs" c="dimmed">
          {[property.street1, property.city, property.province, property.postalCode].filter(Boolean).join(', ')}
        </Text>
      )}
    </div>
  );
}

function ReportStatus({
  application,
  report,
  onOpen,
}: {
  application: ApplicationRecord;
  report: ReportKind;
  onOpen: RowActions['onOpenReport'];
}) {
  const { t } = useTranslation();
  const cell = reportCell(application, report);
  const reportName = t(`applications.reports.${report}`);
  if (cell.kind === 'hidden') return null;
  if (cell.kind === 'na')
    return (
      <Text size="sm" data-testid={`report-${report}`}>
        <span aria-hidden="true">{t('applications.na')}</span>
        <VisuallyHidden>{t('applications.naLong')}</VisuallyHidden>
      </Text>
    );
  if (cell.kind === 'none')
    return (
      <Text size="sm" c="dimmed" data-testid={`report-${report}`}>
        {t('applications.reportNone')}
      </Text>
    );
  const plain = cell.status.replace(/_/g, ' ').toLowerCase();
  const statusText = t(`applications.screeningStatus.${cell.status}`, {
    defaultValue: plain.charAt(0).toUpperCase() + plain.slice(1),
  });
  return (
    <Group gap={6} wrap="nowrap" data-testid={`report-${report}`}>
      <Text size="sm">{statusText}</Text>
      {/* issue 21 §1: every answered screening (PASS, FAIL, REVIEW) has its report */}
      {cell.canOpen && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpen(application, report)}
          aria-label={t('applications.viewReport', {
            report: reportName,
            property: propertyNameOf(application, t('applications.noProperty')),
          })}
        >
          {t('applications.view')}
        </Button>
      )}
    </Group>
  );
}

function Actions({ application, ...actions }: RowActions & { application: ApplicationRecord }) {
  const { t } = useTranslation();
  const property = propertyNameOf(application, t('applications.noProperty'));
  const resume = applicationAction(application.status) === 'resume';
  return (
    <Group gap={6} wrap="wrap" justify="flex-start">
      {resume && application.pageName && (
        <Button
          size="compact-sm"
          component={Link}
          to={applicationResumeUrl(application.pageName, application.id)}
          aria-label={t('applications.resumeNamed', { property })}
        >
          {t('applications.resume')}
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => actions.onView(application)}
        aria-label={t('applications.viewNamed', { property })}
      >
        {t('applications.view')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => actions.onDownload(application)}
        loading={actions.downloadingId === application.id}
        aria-label={t('applications.downloadNamed', { property })}
      >
        {t('applications.download')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => actions.onDelete(application)}
        aria-label={t('applications.deleteNamed', { property })}
      >
        {t('applications.delete')}
      </Button>
    </Group>
  );
}

function ProgressCell({ application }: { application: ApplicationRecord }) {
  const { t } = useTranslation();
  const progress = applicationProgress(application);
  return (
    <Stack gap={2} miw={90}>
      <Text size="sm">{t('applications.percent', { percent: progress })}</Text>
      <Progress
        value={progress}
        size="sm"
        aria-label={t('applications.progressOf', { property: propertyNameOf(application, t('applications.noProperty')) })}
      />
    </Stack>
  );
}

export function ApplicationsTable({ applications, ...actions }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  // One layout at a time (no duplicate controls for assistive technology); read at once, no layout jump.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  // spec 2 §2: the report columns appear once a status is neither NOT_STARTED nor IN_PROGRESS
  const showReports = applications.some((a) => reportCell(a, 'credit').kind !== 'hidden');

  if (phone) {
    return (
      <Stack gap="sm" data-testid="applications-cards">
        {applications.map((application) => {
          const items: [string, ReactNode][] = [
            [t('applications.columns.status'), statusLabel(application.status, t)],
            [t('applications.columns.progress'), <ProgressCell key="p" application={application} />],
            [t('applications.columns.submitted'), formatDate(application.submittedAt, lang) || '—'],
          ];
          if (reportCell(application, 'credit').kind !== 'hidden')
            for (const report of REPORT_KINDS)
              items.push([
                t(`applications.columns.${report}`),
                <ReportStatus key={report} application={application} report={report} onOpen={actions.onOpenReport} />,
              ]);
          return (
            <Card key={application.id} withBorder padding="md" component="article" data-testid="application-row">
              <Stack gap="sm">
                <PropertyCell application={application} />
                <Stack gap={6} component="dl" m={0}>
                  {items.map(([label, value]) => (
                    <Group key={label} justify="space-between" wrap="nowrap" gap="sm">
                      <Text component="dt" size="sm" c="dimmed">
                        {label}
                      </Text>
                      <Text component="dd" size="sm" m={0} ta="right">
                        {value}
                      </Text>
                    </Group>
                  ))}
                </Stack>
                <Actions application={application} {...actions} />
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    // Plain overflow box: Table.ScrollContainer brings ScrollArea (and floating-ui) along.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('applications.caption')}>
      <Table verticalSpacing="sm" striped highlightOnHover miw={showReports ? 980 : 720} data-testid="applications-table">
        <Table.Caption>{t('applications.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('applications.columns.property')}</Table.Th>
            <Table.Th scope="col">{t('applications.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('applications.columns.progress')}</Table.Th>
            <Table.Th scope="col">{t('applications.columns.submitted')}</Table.Th>
            {showReports &&
              REPORT_KINDS.map((report) => (
                <Table.Th scope="col" key={report}>
                  {t(`applications.columns.${report}`)}
                </Table.Th>
              ))}
            <Table.Th scope="col">{t('applications.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {applications.map((application) => (
            <Table.Tr key={application.id} data-testid="application-row">
              <Table.Td>
                <PropertyCell application={application} />
              </Table.Td>
              <Table.Td data-testid="application-status">{statusLabel(application.status, t)}</Table.Td>
              <Table.Td>
                <ProgressCell application={application} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(application.submittedAt, lang)}</Table.Td>
              {showReports &&
                REPORT_KINDS.map((report) => (
                  <Table.Td key={report}>
                    <ReportStatus application={application} report={report} onOpen={actions.onOpenReport} />
                  </Table.Td>
                ))}
              <Table.Td>
                <Actions application={application} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
