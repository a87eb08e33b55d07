import { Alert, Text, Title } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import classes from '../dashboard.module.css';
import { leasesOfCompanyFirst, orderLeases } from '../lib/lease-order';
import { localToday } from '../lib/locale';
import { LeaseCard } from './lease-card';
import { LoadError, LoadingBlocks } from './query-state';

/**
 * spec 1 §2: one card per lease, ACTIVE first, then PENDING, then the others; the leases of the company the address
 * asked for (companyId, spec 1 §4) before the others, and a company none of them belongs to is said not found.
 */
export function LeaseCards({
  query,
  companyId = null,
}: {
  query: UseQueryResult<SearchResult<PropertyLease>>;
  companyId?: string | null;
}) {
  const { t } = useTranslation();
  const today = localToday();
  const records = query.data?.records;
  // spec 2 §8: a failed company lookup says to contact the property manager or click Support
  const companyUnknown = companyId !== null && records !== undefined && !records.some((l) => l.companyId === companyId);
  return (
    <section aria-labelledby="dashboard-leases">
      <Title order={2} size="h3" id="dashboard-leases" mb="sm">
        {t('dashboard.lease.sectionTitle')}
      </Title>
      {companyUnknown && (
        <Alert color="yellow" variant="light" role="alert" mb="sm">
          {t(MSG.companyNotFound)}
        </Alert>
      )}
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
          {leasesOfCompanyFirst(orderLeases(query.data.records), companyId).map((lease) => (
            <LeaseCard key={lease.id} lease={lease} today={today} />
          ))}
        </div>
      )}
    </section>
  );
}
