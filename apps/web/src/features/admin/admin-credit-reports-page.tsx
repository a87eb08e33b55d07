// The monthly rent reporting, as the admin sees it (issue 22: "an admin sees each month's file and its answer"): the
// Metro 2 files by month with the bureau's counts, and one file's records with the answer for each and its text.
import { Alert, Box, Button, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { CreditReportFileSummary } from '@portal/domain/metro2-shapes';
import { useSearchParams } from 'wouter';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { useCreditReportFile } from './api/get-credit-report-file';
import { useCreditReportFiles } from './api/get-credit-report-files';
import { AdminLayout } from './components/admin-layout';

/** 'YYYY-MM' → "October 2026" / "octobre 2026". */
function formatPeriod(period: string, lang: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

function FileStatus({ file }: { file: CreditReportFileSummary }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`admin.creditReports.status.${file.status}`)}
      {file.fileStatus && (
        <Text size="xs" c="dimmed">
          {t(`admin.creditReports.fileStatus.${file.fileStatus}`)}
        </Text>
      )}
    </>
  );
}

function FileDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const file = useCreditReportFile(id);
  if (file.isPending) return <LoadingState />;
  if (file.isError) return <ErrorState error={file.error} onRetry={() => void file.refetch()} />;
  const f = file.data;
  const period = formatPeriod(f.period, lang);
  return (
    <Stack gap="sm" component="section" aria-labelledby="credit-report-file-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="credit-report-file-title">
          {t('admin.creditReports.fileTitle', { period })}
        </Title>
        <Button variant="default" size="xs" onClick={onClose}>
          {t('admin.creditReports.close')}
        </Button>
      </Group>
      <Text size="sm">
        <FileStatus file={f} />
      </Text>
      {f.submissionId && <Text size="sm">{t('admin.creditReports.submission', { id: f.submissionId })}</Text>}
      {f.fileErrors.length > 0 && (
        <Alert color="red" title={t('admin.creditReports.fileErrors')}>
          <List size="sm">
            {f.fileErrors.map((e) => (
              <List.Item key={`${e.code}-${e.message}`}>
                {e.code} — {e.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Box
        style={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t('admin.creditReports.recordsCaption', { period })}
      >
        <Table striped verticalSpacing="xs" miw={720}>
          <Table.Caption>{t('admin.creditReports.recordsCaption', { period })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.creditReports.recordColumns.sequence')}</Table.Th>
              <Table.Th scope="col">{t('admin.creditReports.recordColumns.tenant')}</Table.Th>
              <Table.Th scope="col">{t('admin.creditReports.recordColumns.account')}</Table.Th>
              <Table.Th scope="col">{t('admin.creditReports.recordColumns.accountStatus')}</Table.Th>
              <Table.Th scope="col">{t('admin.creditReports.recordColumns.result')}</Table.Th>
              <Table.Th scope="col">{t('admin.creditReports.recordColumns.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {f.records.map((r) => (
              <Table.Tr key={r.sequence}>
                <Table.Td>{r.sequence}</Table.Td>
                <Table.Td>{r.consumerName}</Table.Td>
                <Table.Td>
                  <Code>{r.accountNumber}</Code>
                </Table.Td>
                <Table.Td>{r.accountStatus}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} c={r.status === 'REJECTED' ? 'red.9' : undefined}>
                    {t(`admin.creditReports.result.${r.status}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{r.resultCode ? `${r.resultCode} — ${r.resultMessage ?? ''}` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Title order={3} size="h4">
        {t('admin.creditReports.contentTitle')}
      </Title>
      <Box
        component="pre"
        tabIndex={0}
        role="region"
        aria-label={t('admin.creditReports.contentLabel', { period })}
        style={{ overflowX: 'auto', fontSize: 12, margin: 0, padding: 8, border: '1px solid var(--mantine-color-gray-4)' }}
      >
        {f.content}
      </Box>
    </Stack>
  );
}

export function AdminCreditReportsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const selected = params.get('file');
  const files = useCreditReportFiles();
  const records = files.data?.records ?? [];

  return (
    <AdminLayout>
      <PageContainer title={t('admin.creditReports.title')}>
        <Text size="sm">{t('admin.creditReports.intro')}</Text>
        {files.isPending && <LoadingState />}
        {files.isError && <ErrorState error={files.error} onRetry={() => void files.refetch()} />}
        {files.data && records.length === 0 && (
          <Text c="dimmed" role="status">
            {t('admin.creditReports.empty')}
          </Text>
        )}
        {records.length > 0 && (
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.creditReports.caption')}>
            <Table striped highlightOnHover verticalSpacing="sm" miw={680}>
              <Table.Caption>{t('admin.creditReports.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.creditReports.columns.period')}</Table.Th>
                  <Table.Th scope="col">{t('admin.creditReports.columns.records')}</Table.Th>
                  <Table.Th scope="col">{t('admin.creditReports.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('admin.creditReports.columns.accepted')}</Table.Th>
                  <Table.Th scope="col">{t('admin.creditReports.columns.rejected')}</Table.Th>
                  <Table.Th scope="col">{t('admin.creditReports.columns.created')}</Table.Th>
                  <Table.Th scope="col">{t('admin.creditReports.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((file) => {
                  const period = formatPeriod(file.period, lang);
                  return (
                    <Table.Tr key={file.id}>
                      <Table.Th scope="row" fw={500}>
                        {period}
                      </Table.Th>
                      <Table.Td>{file.recordCount}</Table.Td>
                      <Table.Td>
                        <FileStatus file={file} />
                      </Table.Td>
                      <Table.Td>{file.acceptedCount}</Table.Td>
                      <Table.Td>{file.rejectedCount}</Table.Td>
                      <Table.Td>{formatDate(file.createdAt, lang)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant={selected === file.id ? 'filled' : 'light'}
                          aria-pressed={selected === file.id}
                          aria-label={t('admin.creditReports.viewNamed', { period })}
                          onClick={() => setParams({ file: file.id })}
                        >
                          {t('admin.creditReports.view')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {selected && <FileDetail id={selected} onClose={() => setParams({})} />}
      </PageContainer>
    </AdminLayout>
  );
}
