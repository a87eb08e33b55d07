// spec 2 §2 "Dashboard service cards" (insurance): per ACTIVE lease that offers insurance, its policies (the edit,
// terminate and provider-site actions) or the add-insurance action; the add-service modal loads on its first open.
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { insurance } from '@portal/i18n/locales/en.json?lazy';
import { useId, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useSessionUser } from '../../../lib/use-session-user';
import { type InsurancePolicy, useInsurancePolicies } from '../api/insurance-policies';
import { activeLeaseOffers, type OfferedLease, offersInsurance } from '../lib/offered-leases';
import { PolicyList } from './policy-list';

addEnglish({ insurance });

const AddInsuranceModal = lazyModal(() => import('./add-insurance-modal').then((m) => m.AddInsuranceModal));

export function InsuranceCards({ leases }: { leases: readonly PropertyLease[] }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const offered = activeLeaseOffers(leases, t).filter(offersInsurance);
  const policies = useInsurancePolicies(
    user?.id,
    offered.map((l) => l.id),
  );
  if (offered.length === 0) return null;
  return (
    <>
      {offered.map((lease) => (
        <InsuranceCard
          key={lease.id}
          lease={lease}
          offered={offered}
          loading={policies.isPending}
          failed={policies.isError}
          onRetry={() => void policies.refetch()}
          policies={(policies.data?.records ?? []).filter((p) => p.leaseId === lease.id)}
        />
      ))}
    </>
  );
}

function InsuranceCard({
  lease,
  offered,
  policies,
  loading,
  failed,
  onRetry,
}: {
  lease: OfferedLease;
  offered: OfferedLease[];
  policies: InsurancePolicy[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId} data-testid="insurance-card">
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={2} size="h4" id={titleId}>
            {t('insurance.card.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {lease.label}
          </Text>
        </Stack>
        {loading ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('insurance.card.loading')}</Text>
          </Group>
        ) : failed ? (
          <Alert color="red" role="alert" title={t('insurance.card.loadError')}>
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('insurance.card.retry')}
            </Button>
          </Alert>
        ) : (
          <PolicyList policies={policies} lease={lease} />
        )}
        <Group>
          <Button onClick={() => setAdding(true)} aria-describedby={titleId}>
            {t('insurance.card.add')}
          </Button>
        </Group>
      </Stack>
      <AddInsuranceModal opened={adding} onClose={() => setAdding(false)} lease={lease} leases={offered} />
    </Card>
  );
}
