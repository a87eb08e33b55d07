// issue 24 "Statistics and KPIs": the provider admin's figures as numbers and as pictures (/admin/stats, admin only):
// the platform's totals, the payments of a period by method type (success rate, amounts, settlement time, autopay
// share) and the revenue of a year by month, filtered by company and period; each chart has its figures as a table
// beside it (what a screen reader and a spreadsheet user read), and the revenue downloads as CSV. The sections are no
// landmarks: each table's scrolling region is named by its heading (one name, one landmark).
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Alert, Box, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState, useErrorMessage } from '../../../components/query-state';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { AdminLayout } from '../../admin';
import { useConsoleCompanies } from '../company/api/company-settings';
import {
  downloadRevenueCsv,
  type KpiFilter,
  STAT_TYPES,
  type StatType,
  useCompanyDetails,
  useProcessingKpi,
  useRecordStats,
  useRevenueKpi,
  useTotals,
} from './api/stats';

type Currency = 'CAD' | 'USD';
const asCurrency = (c: string | undefined): Currency => (c === 'USD' ? 'USD' : 'CAD');

/** A rate 0..1 as a percentage in the user's locale (null: no outcome yet). */
function percent(rate: number | null, lang: string): string {
  if (rate == null) return '—';
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function StatsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const errorMessage = useErrorMessage();
  const thisYear = new Date().getUTCFullYear();
  const [companyId, setCompanyId] = useState('');
  // the dates as typed, and the period applied (whole dates only)
  const [typed, setTyped] = useState({ from: '', to: '' });
  const [period, setPeriod] = useState({ from: '', to: '' });
  const [year, setYear] = useState(thisYear);
  const [currency, setCurrency] = useState<Currency | ''>('');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [recordType, setRecordType] = useState<StatType>('leases');
  const companies = useConsoleCompanies();
  const filter: KpiFilter = {
    companyId: companyId || undefined,
    from: period.from || undefined,
    to: period.to || undefined,
  };
  const totals = useTotals();
  const processing = useProcessingKpi(filter);
  const revenue = useRevenueKpi(year, companyId || undefined);
  const records = useRecordStats(recordType, filter);
  const details = useCompanyDetails(filter);

  const currencies = [
    ...new Set([
      ...(processing.data?.totals ?? []).map((x) => x.currency),
      ...(revenue.data?.monthly ?? []).map((m) => m.currency),
    ]),
  ].sort();
  const shown: Currency = asCurrency(currency || currencies[0]);
  const money = (amount: number) => formatAmount(amount, shown, lang);
  const methodName = (type: string) => t(`admin.stats.methods.${type}`, { defaultValue: type });
  const monthName = (month: string) =>
    new Date(`${month}-15T00:00:00Z`).toLocaleDateString(lang === 'fr' ? 'fr-CA' : 'en-CA', {
      month: 'short',
      timeZone: 'UTC',
    });
  const byMethod = (processing.data?.byMethod ?? []).filter((m) => m.currency === shown);
  const monthly = (revenue.data?.monthly ?? []).filter((m) => m.currency === shown);
  const methodChart = byMethod.map((m) => ({
    method: methodName(m.paymentMethodType),
    completed: m.completed,
    failed: m.failed,
  }));
  const revenueChart = monthly.map((m) => ({
    month: monthName(m.month),
    processingFees: m.processingFees,
    creditReporting: m.creditReporting,
    applicationFees: m.applicationFees,
  }));
  // the average settlement time in hours, as the locale writes a unit (1.5 hrs, 1,5 h)
  // the records' series as one row per month with a column per status (the chart stacks them)
  const statuses = records.data?.byStatus.map((b) => b.status) ?? [];
  const recordRows = [...new Set((records.data?.series ?? []).map((r) => r.period))].map((period) => ({
    period,
    ...Object.fromEntries(
      statuses.map((st) => [st, records.data?.series.find((r) => r.period === period && r.status === st)?.count ?? 0]),
    ),
  }));
  const STATUS_COLORS = ['teal.8', 'blue.8', 'orange.8', 'red.8', 'violet.8', 'gray.7', 'cyan.8', 'grape.8'];
  const statusName = (status: string) => t(`admin.stats.statuses.${status}`, { defaultValue: status });
  const number = (n: number) => n.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA');
  const settlement = (seconds: number | null) =>
    seconds == null
      ? '—'
      : new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
          style: 'unit',
          unit: 'hour',
          maximumFractionDigits: 1,
        }).format(seconds / 3600);

  return (
    <AdminLayout>
      <PageContainer title={t('admin.stats.title')}>
        <Text c="dimmed">{t('admin.stats.intro')}</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('admin.stats.company')}
            value={companyId}
            onChange={(e) => setCompanyId(e.currentTarget.value)}
            data={[
              { value: '', label: t('admin.stats.allCompanies') },
              ...(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <DateField
            name="from"
            title={t('admin.stats.from')}
            value={typed.from}
            onChange={(from) => setTyped((d) => ({ ...d, from }))}
            onDateChange={(from) => setPeriod((p) => ({ ...p, from }))}
          />
          <DateField
            name="to"
            title={t('admin.stats.to')}
            value={typed.to}
            min={period.from || undefined}
            onChange={(to) => setTyped((d) => ({ ...d, to }))}
            // a "to" before "from" is refused on the field (min) and not asked for
            onDateChange={(to) => (to && period.from && to < period.from ? undefined : setPeriod((p) => ({ ...p, to })))}
          />
          {currencies.length > 1 && (
            <NativeSelect
              label={t('admin.stats.currency')}
              value={shown}
              onChange={(e) => setCurrency(asCurrency(e.currentTarget.value))}
              data={currencies}
            />
          )}
        </Group>

        <div>
          <Title order={2} size="h3" id="stats-totals" mb="sm">
            {t('admin.stats.totalsTitle')}
          </Title>
          {totals.isPending && <LoadingState />}
          {totals.isError && <ErrorState error={totals.error} onRetry={() => void totals.refetch()} />}
          {totals.data && (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} data-testid="stats-totals">
              {(
                [
                  ['companies', totals.data.companies],
                  ['properties', totals.data.properties],
                  ['leases', totals.data.leases],
                  ['tenants', totals.data.tenants],
                  ['paymentMethods', totals.data.paymentMethods],
                  ['activeSubscriptions', totals.data.activeSubscriptions],
                ] as const
              ).map(([key, value]) => (
                <Paper key={key} withBorder p="sm">
                  <Text size="sm" c="dimmed">
                    {t(`admin.stats.totals.${key}`)}
                  </Text>
                  <Text fw={700} size="xl">
                    {value.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA')}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          )}
        </div>

        <div>
          <Title order={2} size="h3" id="stats-processing" mb="sm">
            {t('admin.stats.processingTitle')}
          </Title>
          {processing.isPending && <LoadingState />}
          {processing.isError && <ErrorState error={processing.error} onRetry={() => void processing.refetch()} />}
          {processing.data && byMethod.length === 0 && (
            <Text c="dimmed" role="status">
              {t('admin.stats.noPayments')}
            </Text>
          )}
          {byMethod.length > 0 && (
            <Stack>
              <Box component="figure" m={0} aria-label={t('admin.stats.processingChart')}>
                <BarChart
                  h={260}
                  data={methodChart}
                  dataKey="method"
                  type="stacked"
                  withLegend
                  series={[
                    { name: 'completed', label: t('admin.stats.completed'), color: 'teal.8' },
                    { name: 'failed', label: t('admin.stats.failed'), color: 'red.8' },
                  ]}
                />
              </Box>
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="stats-processing">
                <Table data-testid="stats-processing" striped miw={720}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.stats.method')}</Table.Th>
                      <Table.Th>{t('admin.stats.payments')}</Table.Th>
                      <Table.Th>{t('admin.stats.successRate')}</Table.Th>
                      <Table.Th>{t('admin.stats.processed')}</Table.Th>
                      <Table.Th>{t('admin.stats.fees')}</Table.Th>
                      <Table.Th>{t('admin.stats.refunded')}</Table.Th>
                      <Table.Th>{t('admin.stats.settlement')}</Table.Th>
                      <Table.Th>{t('admin.stats.autopayShare')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {byMethod.map((m) => (
                      <Table.Tr key={m.paymentMethodType}>
                        <Table.Td>{methodName(m.paymentMethodType)}</Table.Td>
                        <Table.Td>{m.payments.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA')}</Table.Td>
                        <Table.Td>{percent(m.successRate, lang)}</Table.Td>
                        <Table.Td>{money(m.processedAmount)}</Table.Td>
                        <Table.Td>{money(m.feeAmount)}</Table.Td>
                        <Table.Td>{money(m.refundedAmount)}</Table.Td>
                        <Table.Td>{settlement(m.averageSettlementSeconds)}</Table.Td>
                        <Table.Td>{percent(m.autopayShare, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            </Stack>
          )}
        </div>

        {companyId && (
          <div>
            <Title order={2} size="h3" id="stats-company" mb="sm">
              {details.data ? t('admin.stats.companyTitle', { name: details.data.entity.name }) : t('admin.stats.company')}
            </Title>
            {details.isPending && <LoadingState />}
            {details.isError && <ErrorState error={details.error} onRetry={() => void details.refetch()} />}
            {details.data && (
              <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="stats-company">
                {(
                  [
                    ['properties', number(details.data.properties)],
                    ['activeLeases', number(details.data.activeLeases)],
                    ['tenants', number(details.data.tenants)],
                    ['outstanding', formatAmount(details.data.outstanding, details.data.entity.currency, lang)],
                  ] as const
                ).map(([key, value]) => (
                  <Paper key={key} withBorder p="sm">
                    <Text size="sm" c="dimmed">
                      {t(`admin.stats.entity.${key}`)}
                    </Text>
                    <Text fw={700} size="xl">
                      {value}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
            )}
          </div>
        )}

        <div>
          <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
            <Title order={2} size="h3" id="stats-records">
              {t('admin.stats.recordsTitle')}
            </Title>
            <NativeSelect
              label={t('admin.stats.recordType')}
              value={recordType}
              onChange={(e) => setRecordType(e.currentTarget.value as StatType)}
              data={STAT_TYPES.map((type) => ({ value: type, label: t(`admin.stats.types.${type}`) }))}
            />
          </Group>
          {records.isPending && <LoadingState />}
          {records.isError && <ErrorState error={records.error} onRetry={() => void records.refetch()} />}
          {records.data && records.data.total === 0 && (
            <Text c="dimmed" role="status">
              {t('admin.stats.noRecords')}
            </Text>
          )}
          {records.data && records.data.total > 0 && (
            <Stack>
              <Box
                component="figure"
                m={0}
                aria-label={t('admin.stats.recordsChart', { type: t(`admin.stats.types.${recordType}`) })}
              >
                <BarChart
                  h={240}
                  data={recordRows}
                  dataKey="period"
                  type="stacked"
                  withLegend
                  series={statuses.map((st, i) => ({
                    name: st,
                    label: statusName(st),
                    color: STATUS_COLORS[i % STATUS_COLORS.length] ?? 'gray.7',
                  }))}
                />
              </Box>
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="stats-records">
                <Table data-testid="stats-records" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.stats.status')}</Table.Th>
                      <Table.Th>{t('admin.stats.count')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {records.data.byStatus.map((b) => (
                      <Table.Tr key={b.status}>
                        <Table.Td>{statusName(b.status)}</Table.Td>
                        <Table.Td>{number(b.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            </Stack>
          )}
        </div>

        <div>
          <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
            <Title order={2} size="h3" id="stats-revenue">
              {t('admin.stats.revenueTitle', { year })}
            </Title>
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('admin.stats.year')}
                value={String(year)}
                onChange={(e) => setYear(Number(e.currentTarget.value))}
                data={Array.from({ length: 5 }, (_, i) => String(thisYear - i))}
              />
              <Button
                variant="default"
                onClick={() => {
                  setDownloadError(null);
                  downloadRevenueCsv(year, companyId || undefined).catch((err) => setDownloadError(errorMessage(err)));
                }}
              >
                {t('admin.stats.download')}
              </Button>
            </Group>
          </Group>
          {downloadError && (
            <Alert color="red" role="alert" mb="sm">
              {downloadError}
            </Alert>
          )}
          {revenue.isPending && <LoadingState />}
          {revenue.isError && <ErrorState error={revenue.error} onRetry={() => void revenue.refetch()} />}
          {revenue.data && monthly.length === 0 && (
            <Text c="dimmed" role="status">
              {t('admin.stats.noRevenue')}
            </Text>
          )}
          {monthly.length > 0 && (
            <Stack>
              <Box component="figure" m={0} aria-label={t('admin.stats.revenueChart', { year })}>
                <BarChart
                  h={280}
                  data={revenueChart}
                  dataKey="month"
                  type="stacked"
                  withLegend
                  valueFormatter={money}
                  series={[
                    { name: 'processingFees', label: t('admin.stats.processingFees'), color: 'blue.8' },
                    { name: 'creditReporting', label: t('admin.stats.creditReporting'), color: 'violet.8' },
                    { name: 'applicationFees', label: t('admin.stats.applicationFees'), color: 'orange.8' },
                  ]}
                />
              </Box>
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="stats-revenue">
                <Table data-testid="stats-revenue" striped miw={600}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.stats.month')}</Table.Th>
                      <Table.Th>{t('admin.stats.processingFees')}</Table.Th>
                      <Table.Th>{t('admin.stats.creditReporting')}</Table.Th>
                      <Table.Th>{t('admin.stats.applicationFees')}</Table.Th>
                      <Table.Th>{t('admin.stats.total')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {monthly.map((m) => (
                      <Table.Tr key={m.month}>
                        <Table.Td>{m.month}</Table.Td>
                        <Table.Td>{money(m.processingFees)}</Table.Td>
                        <Table.Td>{money(m.creditReporting)}</Table.Td>
                        <Table.Td>{money(m.applicationFees)}</Table.Td>
                        <Table.Td>{money(m.total)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            </Stack>
          )}
        </div>
      </PageContainer>
    </AdminLayout>
  );
}
