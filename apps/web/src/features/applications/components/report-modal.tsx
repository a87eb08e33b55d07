// spec 2 §2: the credit, background and income report modals (opened only on PASS, spec 2 §4), with the missing-report
// alerts of spec 2 §8 and the report downloads.

import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { SCREEN_RESULT_SCANS } from '@portal/domain/applications';
import { creditGrade } from '@portal/domain/credit-reporting';
import { mapMissingReport } from '@portal/domain/errors';
import { currencyForCountry } from '@portal/domain/money';
import { Fragment, type ReactNode } from 'react';
import { notifyError } from '../../../components/notify';
import { ErrorState, LoadingState, useErrorMessage } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useDownloadFile } from '../api/download-file';
import { screeningReportPath, useIncomeVerification, useScreeningDetails } from '../api/screenings';
import type { ApplicationRecord } from '../api/types';
import type { ReportKind } from '../lib/application-display';

interface Props {
  application: ApplicationRecord;
  report: ReportKind;
  opened: boolean;
  onClose: () => void;
}

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.errorCode === 'RM_ERROR_REPORT_NOT_AVAILABLE' || error.status === 404);

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Fragment>
      ))}
    </SimpleGrid>
  );
}

export function ReportModal({ application, report, opened, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const screeningType = report === 'credit' ? 'CREDIT' : 'BASIC';
  const details = useScreeningDetails(application.id, screeningType, opened && report !== 'income');
  const income = useIncomeVerification(application.id, opened && report === 'income');
  const download = useDownloadFile();
  const missingText = t(mapMissingReport(report).key);
  const currency = currencyForCountry(application.joins.property?.country);

  // a value of the provider in words: booleans yes/no, codes in plain words, numbers as they are
  const plain = (v: unknown): string => {
    if (v == null || v === '') return '—';
    if (typeof v === 'boolean') return v ? t('dashboard.applicationView.yes') : t('dashboard.applicationView.no');
    if (typeof v === 'string') {
      const words = v.replace(/_/g, ' ').toLowerCase();
      return t(`applications.scanValues.${v}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
    }
    return String(v);
  };

  const onDownload = (path: string, name: string) =>
    download.mutate({ path, name }, { onError: (error) => notifyError(isMissing(error) ? missingText : messageOf(error)) });

  const missing = (
    <Alert color="yellow" variant="light" role="alert" data-testid="report-missing">
      {missingText}
    </Alert>
  );

  let body: ReactNode;
  if (report === 'income') {
    if (income.isPending) body = <LoadingState />;
    else if (income.isError)
      body = isMissing(income.error) ? missing : <ErrorState error={income.error} onRetry={() => void income.refetch()} />;
    else {
      const record = income.data.records[0];
      if (!record) body = missing;
      else {
        const money = (v: number | null) => (v == null ? '—' : formatAmount(v, currency, lang));
        body = (
          <Stack gap="md">
            <Facts
              rows={[
                [t('applications.income.currentBalance'), money(record.currentBalance)],
                [t('applications.income.monthlyPayrollIncome'), money(record.monthlyPayrollIncome)],
                [t('applications.income.monthlyIncome'), money(record.monthlyIncome)],
                [t('applications.income.monthlyIncomeTransfers'), money(record.monthlyIncomeTransfers)],
                [t('applications.income.overdraftDays'), plain(record.overdraftDays)],
                [t('applications.income.nsf'), plain(record.nsf)],
                [t('applications.income.debtTransactionsCount'), plain(record.debtTransactionsCount)],
              ]}
            />
            {record.pdfUrl && (
              <Group>
                <Button
                  variant="light"
                  loading={download.isPending}
                  onClick={() => onDownload(record.pdfUrl ?? '', `income-report-${application.id}.pdf`)}
                >
                  {t('applications.downloadReport')}
                </Button>
              </Group>
            )}
          </Stack>
        );
      }
    }
  } else if (details.isPending) body = <LoadingState />;
  else if (details.isError)
    body = isMissing(details.error) ? missing : <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  else {
    const result = details.data.screenResult;
    const common: [string, ReactNode][] = [
      [t('applications.reportFields.status'), plain(details.data.status)],
      [t('applications.reportFields.requestId'), details.data.requestId ?? '—'],
      [t('applications.reportFields.completedAt'), formatDate(details.data.completedAt, lang) || '—'],
    ];
    if (report === 'credit') {
      const score = result?.creditScore;
      const grade = creditGrade(score);
      body = (
        <Stack gap="md">
          {grade === null ? (
            <Alert color="gray" variant="light" data-testid="no-credit-score">
              {t('domain.creditGrade.noScore')}
            </Alert>
          ) : (
            <Group gap="lg" align="baseline">
              <div>
                <Text size="sm" c="dimmed">
                  {t('applications.reportFields.creditScore')}
                </Text>
                <Text fz={32} fw={700} lh={1.1} data-testid="credit-score">
                  {score}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  {t('applications.reportFields.grade')}
                </Text>
                <Badge size="xl" variant="light" data-testid="credit-grade">
                  {grade}
                </Badge>
              </div>
            </Group>
          )}
          <Facts rows={[[t('applications.reportFields.lateRentPotential'), plain(result?.lateRentPotential)], ...common]} />
        </Stack>
      );
    } else {
      body = (
        <Facts
          rows={[
            ...SCREEN_RESULT_SCANS.map((scan): [string, ReactNode] => [t(`applications.scans.${scan}`), plain(result?.[scan])]),
            ...common,
          ]}
        />
      );
    }
    body = (
      <Stack gap="md">
        {body}
        <Group>
          <Button
            variant="light"
            loading={download.isPending}
            onClick={() =>
              onDownload(screeningReportPath(application.id, screeningType), `${report}-report-${application.id}.pdf`)
            }
          >
            {t('applications.downloadReport')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`applications.reportTitles.${report}`)}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid={`report-modal-${report}`}>
        <Text size="sm" c="dimmed">
          {application.joins.property?.propertyName ?? t('applications.noProperty')}
        </Text>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
