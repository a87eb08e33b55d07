import { Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import classes from '../dashboard.module.css';
import { orderLeases } from '../lib/lease-order';
import { localToday } from '../lib/locale';
import { LeaseCard } from './lease-card';
import { LoadError, LoadingBlocks } from './query-state';

/** spec 1 §2: one card per lease, ACTIVE first, then PENDING, then the others. */
export function LeaseCards({ query }: { query: UseQueryResult<SearchResult<PropertyLease>> }) {
  const { t } = useTranslation();
  const today = localToday();
  return (
    <section aria-labelledby="dashboard-leases">
      <Title order={2} size="h3" id="dashboard-leases" mb="sm">
        {t('dashboard.lease.sectionTitle')}
      </Title>
      {query.isPending ? (
        <div className={classes.leaseGrid}>
          <LoadingBlocks count={1} height={220} />
          <LoadingBlocks count={1} height={220} />
        </div>
      ) : query.isError ? (
        <LoadError title={t('dashboard.lease.loadError')} onRetry={() => void query.refetch()} />
      ) : query.data.records.length === 0 ? (
        <Text c="dimmed">{t('dashboard.lease.empty')}</Text>
      ) : (
        <div className={classes.leaseGrid}>
          {orderLeases(query.data.records).map((lease) => (
            <LeaseCard key={lease.id} lease={lease} today={today} />
          ))}
        </div>
      )}
    </section>
  );
}
