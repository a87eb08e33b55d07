// spec 2 §2 "Payment and services page (add-on parts)": the tenant's insurance policies, per lease, with the same
// actions as the dashboard card (edit, terminate, the provider's site).
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { serviceAvailability } from '@portal/domain/service-availability';
import { insurance } from '@portal/i18n/locales/en.json?lazy';
import { useId } from 'react';
import type { PropertyLease } from '../../../api/types';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useSessionUser } from '../../../lib/use-session-user';
import { useInsurancePolicies } from '../api/insurance-policies';
import { leaseLabel, type OfferedLease } from '../lib/offered-leases';
import { PolicyList } from './policy-list';

addEnglish({ insurance });

export function InsurancePoliciesSection({ leases }: { leases: readonly PropertyLease[] }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const titleId = useId();
  const policies = useInsurancePolicies(
    user?.id,
    leases.map((l) => l.id),
  );
  const records = policies.data?.records ?? [];
  if (policies.isPending || (policies.isSuccess && records.length === 0)) return null;
  const withPolicies = leases.filter((l) => records.some((p) => p.leaseId === l.id));
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('insurance.section.title')}
        </Title>
        {policies.isError ? (
          <Alert color="red" role="alert" title={t('insurance.card.loadError')}>
            <Button size="xs" variant="light" onClick={() => void policies.refetch()}>
              {t('insurance.card.retry')}
            </Button>
          </Alert>
        ) : (
          withPolicies.map((l) => {
            const a = serviceAvailability(l);
            const lease: OfferedLease = {
              id: l.id,
              label: leaseLabel(l, t),
              partners: a.insurancePartners,
              upload: a.insuranceUpload,
            };
            return (
              <Stack key={l.id} gap="xs">
                <Text fw={600}>{lease.label}</Text>
                <PolicyList policies={records.filter((p) => p.leaseId === l.id)} lease={lease} />
              </Stack>
            );
          })
        )}
      </Stack>
    </Card>
  );
}
