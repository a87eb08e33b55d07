// spec 1 §2: the transaction fees modal: the tenant's fee profiles (GET /property_lease/{id}/fee_profile for each lease
// still open), one table per company, captioned with the company and its properties.
import { Modal, Stack, Text } from '@mantine/core';
import type { PropertyLease } from '../../../api/types';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { useFeeProfilesOfLeases } from '../api/get-lease-fee-profiles';
import { FeeTable } from './fee-table';
import { isOpenLease } from './method-display';

export interface TransactionFeesModalProps {
  opened: boolean;
  onClose: () => void;
  leases: readonly PropertyLease[];
}

interface CompanyGroup {
  companyId: string;
  companyName: string;
  properties: string[];
  /** One lease of the company: every lease of a company has the company's profiles. */
  leaseId: string;
}

/** spec 1 §3: fee profiles belong to the company, so leases of one company share one table. */
export function groupLeasesByCompany(leases: readonly PropertyLease[]): CompanyGroup[] {
  const groups = new Map<string, CompanyGroup>();
  for (const lease of leases.filter(isOpenLease)) {
    const property = lease.joins.property?.propertyName ?? lease.unit ?? lease.id;
    const group = groups.get(lease.companyId);
    if (group) {
      if (!group.properties.includes(property)) group.properties.push(property);
    } else {
      groups.set(lease.companyId, {
        companyId: lease.companyId,
        companyName: lease.joins.company?.name ?? '',
        properties: [property],
        leaseId: lease.id,
      });
    }
  }
  return [...groups.values()];
}

export function TransactionFeesModal({ opened, onClose, leases }: TransactionFeesModalProps) {
  const { t, i18n } = useTranslation();
  const groups = groupLeasesByCompany(leases);
  const results = useFeeProfilesOfLeases(
    groups.map((g) => g.leaseId),
    opened,
  );
  const list = new Intl.ListFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-CA', { type: 'conjunction' });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments.fees.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <Text size="sm">{t('payments.fees.intro')}</Text>
        {groups.length === 0 && <Text c="dimmed">{t('payments.fees.noLeases')}</Text>}
        {groups.map((group, i) => {
          const result = results[i];
          const caption = t('payments.fees.caption', {
            company: group.companyName,
            properties: list.format(group.properties),
          });
          if (!result || result.isPending) return <LoadingState key={group.companyId} />;
          if (result.isError)
            return (
              <ErrorState
                key={group.companyId}
                error={result.error}
                title={t('payments.fees.loadError', { company: group.companyName })}
                onRetry={() => result.refetch()}
              />
            );
          if (result.data.records.length === 0) return <Text key={group.companyId}>{t('payments.fees.none', { caption })}</Text>;
          return <FeeTable key={group.companyId} caption={caption} profiles={result.data.records} />;
        })}
      </Stack>
    </Modal>
  );
}
