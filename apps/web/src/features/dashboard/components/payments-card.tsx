import { Card, Divider, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { PastPayments } from './past-payments';
import { LoadError, LoadingBlocks } from './query-state';
import { UpcomingPayments } from './upcoming-payments';

/** spec 1 §2: payments card — upcoming (from the lease records already loaded) and past payments (one paged call). */
export function PaymentsCard({ leasesQuery }: { leasesQuery: UseQueryResult<SearchResult<PropertyLease>> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="dashboard-payments">
      <Title order={2} size="h3" id="dashboard-payments" mb="sm">
        {t('dashboard.payments.title')}
      </Title>
      <Stack gap="md">
        {leasesQuery.isPending ? (
          <LoadingBlocks count={1} height={56} />
        ) : leasesQuery.isError ? (
          <LoadError title={t('dashboard.payments.upcomingLoadError')} onRetry={() => void leasesQuery.refetch()} />
        ) : (
          <UpcomingPayments leases={leasesQuery.data.records} />
        )}
        <Divider />
        <PastPayments />
      </Stack>
    </Card>
  );
}
