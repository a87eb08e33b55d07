// issue 23 "Money": the console's ledger (/admin/ledger, managers and the admin): pick a property (?propertyId=) or a
// lease (?leaseId=), filter by type and dates, page through the rows with their running balance and the totals,
// download every row as CSV, refund a completed payment, and (sandbox) send a bank payment back as the bank would.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';
import { DateField, dateFieldState } from '../../../components/date-field';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { AdminLayout } from '../../admin';
import {
  downloadLedgerCsv,
  LEDGER_TYPES,
  type LedgerRow,
  type LedgerType,
  useLedger,
  useLedgerProperties,
  useSimulateReturn,
} from './api/ledger';
import { RefundModal } from './refund-modal';

const RECORDS_PER_PAGE = 50;
// The charges screen's modal (apps/web/src/features/console/charges), loaded when a manager opens it (its own chunk).
const PostChargeModal = lazy(() => import('../charges/post-charge-modal').then((m) => ({ default: m.PostChargeModal })));

export function LedgerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const propertyId = params.get('propertyId') ?? '';
  const leaseId = params.get('leaseId') ?? '';
  const [types, setTypes] = useState<LedgerType[]>([]);
  // the dates as typed, and the period applied (whole dates only: the list is not reread at every keystroke)
  const [typed, setTyped] = useState({ from: '', to: '' });
  const [dates, setDates] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<LedgerRow | null>(null);
  const [posting, setPosting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const properties = useLedgerProperties();
  const filter = { propertyId: leaseId ? undefined : propertyId || undefined, leaseId: leaseId || undefined, types, ...dates };
  const ledger = useLedger(filter, page, RECORDS_PER_PAGE);
  const simulateReturn = useSimulateReturn();
  const data = ledger.data;
  const money = (dollars: number) => formatAmount(dollars, data?.currency ?? 'CAD', lang);
  const typeLabel = (type: string) => t(`admin.ledger.types.${type}`, { defaultValue: type });
  const toBeforeFrom = (from: string, to: string) => !!from && !!to && to < from;
  const applyDates = (next: { from: string; to: string }) => {
    // a "to" before "from" is refused on its field and not sent (the API refuses such a period)
    setDates(toBeforeFrom(next.from, next.to) ? { ...next, to: '' } : next);
    setPage(1);
  };
  const toError =
    dateFieldState(typed.to) === 'date' && toBeforeFrom(dates.from, typed.to)
      ? t('common.dateField.beforeMin', { min: formatDate(dates.from, lang) })
      : undefined;
  const selectScope = (next: { propertyId?: string; leaseId?: string }) => {
    const p = new URLSearchParams();
    if (next.propertyId) p.set('propertyId', next.propertyId);
    if (next.leaseId) p.set('leaseId', next.leaseId);
    setParams(p);
    setPage(1);
  };

  const download = async () => {
    if (!data) return;
    setDownloadError(null);
    setProgress(0);
    try {
      await downloadLedgerCsv(filter, data.totalRecords, setProgress);
    } catch (err) {
      setDownloadError(err instanceof ApiError ? err.message : t('admin.ledger.downloadFailed'));
    } finally {
      setProgress(null);
    }
  };

  // The lease's company: the chosen property's (a manager has one company; the admin picks a property first).
  const leaseCompanyId =
    properties.data?.records.find((p) => p.id === propertyId)?.companyId ?? properties.data?.records[0]?.companyId ?? '';

  return (
    <AdminLayout>
      <PageContainer title={t('admin.ledger.title')}>
        <Text c="dimmed">{t('admin.ledger.intro')}</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('admin.ledger.property')}
            value={propertyId}
            onChange={(e) => selectScope({ propertyId: e.currentTarget.value })}
            data={[
              { value: '', label: t('admin.ledger.chooseProperty') },
              ...(properties.data?.records ?? []).map((p) => ({ value: p.id, label: `${p.propertyName} (${p.city})` })),
            ]}
            style={{ minWidth: 220 }}
          />
          <MultiSelect
            label={t('admin.ledger.types.label')}
            placeholder={types.length === 0 ? t('admin.ledger.types.all') : undefined}
            data={LEDGER_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
            value={types}
            onChange={(v) => {
              setTypes(v as LedgerType[]);
              setPage(1);
            }}
            clearable
            style={{ minWidth: 200 }}
          />
          <DateField
            checkOnBlur
            name="from"
            title={t('admin.ledger.from')}
            value={typed.from}
            onChange={(from) => setTyped((d) => ({ ...d, from }))}
            onDateChange={(from) => applyDates({ from, to: dateFieldState(typed.to) === 'date' ? typed.to : dates.to })}
          />
          <DateField
            checkOnBlur
            name="to"
            title={t('admin.ledger.to')}
            value={typed.to}
            min={dates.from || undefined}
            error={toError}
            onChange={(to) => setTyped((d) => ({ ...d, to }))}
            onDateChange={(to) => applyDates({ ...dates, to })}
          />
        </Group>
        {leaseId && (
          <Group gap="sm" wrap="wrap">
            <Text role="status">{t('admin.ledger.leaseOnly', { leaseId })}</Text>
            <Button variant="subtle" size="compact-sm" onClick={() => selectScope({ propertyId })}>
              {propertyId ? t('admin.ledger.wholeProperty') : t('admin.ledger.clearLease')}
            </Button>
            <Button size="compact-sm" variant="light" onClick={() => setPosting(true)}>
              {t('admin.ledger.postCharge')}
            </Button>
          </Group>
        )}
        {properties.isError && (
          <ErrorState error={properties.error} title={t('admin.ledger.loadError')} onRetry={() => void properties.refetch()} />
        )}
        {!propertyId && !leaseId && <Text c="dimmed">{t('admin.ledger.pickFirst')}</Text>}
        {(propertyId || leaseId) && ledger.isPending && <LoadingState />}
        {ledger.isError && (
          <ErrorState error={ledger.error} title={t('admin.ledger.loadError')} onRetry={() => void ledger.refetch()} />
        )}
        {data && (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={t('admin.ledger.totals')} role="group">
              {(['charged', 'paid', 'refunded', 'balance'] as const).map((k) => (
                <Box key={k} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
                  <Text size="sm" c="dimmed">
                    {t(`admin.ledger.total.${k}`)}
                  </Text>
                  <Text fw={700} data-testid={`ledger-total-${k}`}>
                    {money(data.totals[k])}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            <Group gap="sm" wrap="wrap">
              <Button
                variant="default"
                onClick={() => void download()}
                loading={progress != null}
                disabled={data.totalRecords === 0}
              >
                {t('admin.ledger.download')}
              </Button>
              {progress != null && (
                <Progress
                  value={Math.round(progress * 100)}
                  w={160}
                  aria-label={t('admin.ledger.downloadProgress')}
                  aria-valuetext={`${Math.round(progress * 100)} %`}
                />
              )}
            </Group>
            {downloadError && (
              <Alert color="red" role="alert">
                {downloadError}
              </Alert>
            )}
            {simulateReturn.isSuccess && (
              <Alert color="blue" role="status">
                {t('admin.ledger.returnMarked', { code: simulateReturn.data.returnCode })}
              </Alert>
            )}
            {simulateReturn.isError && (
              <Alert color="red" role="alert">
                {simulateReturn.error instanceof ApiError ? simulateReturn.error.message : t('admin.ledger.loadError')}
              </Alert>
            )}
            {data.totalRecords === 0 ? (
              <Text c="dimmed" role="status">
                {t('admin.ledger.empty')}
              </Text>
            ) : (
              <div>
                <Title order={2} size="h3" id="ledger-rows" mb="sm">
                  {t('admin.ledger.rows', { count: data.totalRecords })}
                </Title>
                <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="ledger-rows">
                  <Table striped miw={760} data-testid="ledger-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('admin.ledger.col.date')}</Table.Th>
                        <Table.Th scope="col">{t('admin.ledger.col.type')}</Table.Th>
                        <Table.Th scope="col">{t('admin.ledger.col.description')}</Table.Th>
                        <Table.Th scope="col">{t('admin.ledger.col.unit')}</Table.Th>
                        <Table.Th scope="col" ta="end">
                          {t('admin.ledger.col.amount')}
                        </Table.Th>
                        <Table.Th scope="col" ta="end">
                          {t('admin.ledger.col.balance')}
                        </Table.Th>
                        <Table.Th scope="col">{t('admin.ledger.col.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.records.map((r) => (
                        <Table.Tr key={r.id}>
                          <Table.Td>{formatDate(r.date, lang)}</Table.Td>
                          <Table.Td>
                            {typeLabel(r.type)}
                            {r.status !== 'POSTED' && r.status !== 'COMPLETE' && (
                              <Text size="xs" c="dimmed">
                                {t(`admin.ledger.status.${r.status}`, { defaultValue: r.status })}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {r.description || r.code || ''}
                            {r.confirmationId && (
                              <Text size="xs" c="dimmed">
                                {r.confirmationId}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {leaseId ? (
                              (r.unit ?? '')
                            ) : (
                              <Anchor
                                component="button"
                                type="button"
                                onClick={() => selectScope({ propertyId, leaseId: r.leaseId })}
                                aria-label={t('admin.ledger.showLease', { unit: r.unit ?? r.leaseId })}
                              >
                                {r.unit ?? t('admin.ledger.lease')}
                              </Anchor>
                            )}
                          </Table.Td>
                          <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                            {money(r.signedAmount)}
                          </Table.Td>
                          <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                            {money(r.runningBalance)}
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4} wrap="wrap">
                              {r.type === 'PAYMENT' && r.refundable > 0 && (
                                <Button
                                  size="compact-sm"
                                  variant="light"
                                  onClick={() => setRefunding(r)}
                                  aria-label={t('admin.ledger.refundRow', { confirmationId: r.confirmationId ?? '' })}
                                >
                                  {t('admin.ledger.refund.action')}
                                </Button>
                              )}
                              {r.type === 'PAYMENT' &&
                                r.status === 'COMPLETE' &&
                                r.paymentMethodType === 'TYPE_BANK_ACCOUNT' &&
                                r.refundable > 0 && (
                                  <Button
                                    size="compact-sm"
                                    variant="subtle"
                                    color="orange"
                                    loading={simulateReturn.isPending && simulateReturn.variables?.transactionId === r.id}
                                    onClick={() => simulateReturn.mutate({ transactionId: r.id, code: 'R01' })}
                                  >
                                    {t('admin.ledger.simulateReturn')}
                                  </Button>
                                )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Box>
                {data.totalPages > 1 && (
                  <Group justify="space-between" mt="sm">
                    <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                      {t('admin.ledger.previous')}
                    </Button>
                    <Text size="sm">{t('admin.ledger.pageOf', { page: data.page, pages: data.totalPages })}</Text>
                    <Button variant="default" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>
                      {t('admin.ledger.next')}
                    </Button>
                  </Group>
                )}
              </div>
            )}
          </Stack>
        )}
        <RefundModal payment={refunding} currency={data?.currency ?? 'CAD'} onClose={() => setRefunding(null)} />
        {posting && leaseId && (
          <Suspense fallback={null}>
            <PostChargeModal
              leaseId={leaseId}
              companyId={leaseCompanyId}
              opened={posting}
              onClose={() => setPosting(false)}
              onPosted={() => void ledger.refetch()}
            />
          </Suspense>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
