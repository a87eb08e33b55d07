// spec 2 §9 tracking pixels, first-party (issue 22): what an admin sees of them: opens per event and day over a period,
// and the events themselves (user id, event, time: all that is kept), newest first.
import { Box, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../components/date-field';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { formatDate, formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { TRACKING_EVENTS, type TrackingEventName, useTrackingEvents } from './api/get-tracking-events';
import { AdminLayout } from './components/admin-layout';

const RECORDS_PER_PAGE = 50;

export function AdminTrackingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useState({ event: '' as TrackingEventName | '', from: '', to: '' });
  // the dates as typed (yyyy-mm-dd, issue 23 DateField); the filters take whole dates only
  const [typed, setTyped] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const query = useTrackingEvents({ ...filters, page, recordsPerPage: RECORDS_PER_PAGE });
  const change = (next: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const eventName = (event: string) => t(`admin.tracking.events.${event}`, { defaultValue: event });
  const data = query.data;
  const time = (iso: string) => formatDateTime(iso, lang);

  return (
    <AdminLayout>
      <PageContainer title={t('admin.tracking.title')}>
        <Text c="dimmed">{t('admin.tracking.intro')}</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('admin.tracking.event')}
            value={filters.event}
            onChange={(e) => change({ event: e.currentTarget.value as TrackingEventName | '' })}
            data={[
              { value: '', label: t('admin.tracking.allEvents') },
              ...TRACKING_EVENTS.map((e) => ({ value: e, label: eventName(e) })),
            ]}
          />
          <DateField
            checkOnBlur
            name="from"
            title={t('admin.tracking.from')}
            value={typed.from}
            onChange={(from) => setTyped((d) => ({ ...d, from }))}
            onDateChange={(from) => change({ from })}
          />
          <DateField
            checkOnBlur
            name="to"
            title={t('admin.tracking.to')}
            value={typed.to}
            min={filters.from || undefined}
            onChange={(to) => setTyped((d) => ({ ...d, to }))}
            // a "to" before "from" is refused on the field (min) and not asked for
            onDateChange={(to) => (to && filters.from && to < filters.from ? undefined : change({ to }))}
          />
        </Group>
        {query.isPending && <LoadingState />}
        {query.isError && (
          <ErrorState error={query.error} title={t('admin.tracking.loadError')} onRetry={() => void query.refetch()} />
        )}
        {data && data.totalRecords === 0 && (
          <Text c="dimmed" role="status">
            {t('admin.tracking.empty')}
          </Text>
        )}
        {data && data.totalRecords > 0 && (
          <Stack gap="xl">
            <div>
              <Title order={2} size="h3" id="tracking-counts" mb="sm">
                {t('admin.tracking.countsTitle')}
              </Title>
              {/* one landmark: the scrollable table, named by its heading */}
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="tracking-counts">
                <Table striped data-testid="tracking-counts">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('admin.tracking.day')}</Table.Th>
                      <Table.Th scope="col">{t('admin.tracking.event')}</Table.Th>
                      <Table.Th scope="col" ta="end">
                        {t('admin.tracking.count')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.counts.map((c) => (
                      <Table.Tr key={`${c.day}-${c.event}`}>
                        <Table.Td>{formatDate(c.day, lang)}</Table.Td>
                        <Table.Td>{eventName(c.event)}</Table.Td>
                        <Table.Td ta="end">{c.count.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            </div>
            <section aria-labelledby="tracking-events">
              <Title order={2} size="h3" id="tracking-events" mb="sm">
                {t('admin.tracking.eventsTitle', { count: data.totalRecords })}
              </Title>
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.tracking.eventsCaption')}>
                <Table striped miw={560} data-testid="tracking-events">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('admin.tracking.time')}</Table.Th>
                      <Table.Th scope="col">{t('admin.tracking.event')}</Table.Th>
                      <Table.Th scope="col">{t('admin.tracking.user')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.records.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>{time(r.createdAt)}</Table.Td>
                        <Table.Td>{eventName(r.event)}</Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {r.userId}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
              {data.totalPages > 1 && (
                <Group justify="space-between" mt="sm">
                  <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    {t('admin.tracking.previous')}
                  </Button>
                  <Text size="sm">{t('admin.tracking.pageOf', { page: data.page, pages: data.totalPages })}</Text>
                  <Button variant="default" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>
                    {t('admin.tracking.next')}
                  </Button>
                </Group>
              )}
            </section>
          </Stack>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
