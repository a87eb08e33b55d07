// The policies of a lease (spec 2 §2 "Insurance info modals", §4): carrier, number, period, the approval status, the
// proof document; an uploaded policy not terminated can be edited or terminated, a partner policy links to its
// provider's site (no terminate). The edit and terminate modals load on their first open (components/lazy-modal.tsx).
import { Anchor, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { canTerminateInsurance } from '@portal/domain/insurance';
import { useState } from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { InsurancePolicy } from '../api/insurance-policies';
import type { OfferedLease } from '../lib/offered-leases';
import classes from './insurance.module.css';
import { PolicyStatus } from './policy-status';

const EditInsuranceModal = lazyModal(() => import('./edit-insurance-modal').then((m) => m.EditInsuranceModal));
const TerminateInsuranceModal = lazyModal(() => import('./terminate-insurance-modal').then((m) => m.TerminateInsuranceModal));

const isUploaded = (p: InsurancePolicy) => p.policyProvider === 'TENANT_UPLOAD';

export function PolicyList({ policies, lease }: { policies: InsurancePolicy[]; lease: OfferedLease }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<InsurancePolicy | null>(null);
  const [terminating, setTerminating] = useState<InsurancePolicy | null>(null);
  if (policies.length === 0) return <Text size="sm">{t('insurance.card.none')}</Text>;
  return (
    <>
      <Stack gap="sm" component="ul" className={classes.list} aria-label={t('insurance.card.listLabel', { lease: lease.label })}>
        {policies.map((p) => (
          <li key={p.id} className={classes.policy}>
            <PolicyItem policy={p} onEdit={() => setEditing(p)} onTerminate={() => setTerminating(p)} />
          </li>
        ))}
      </Stack>
      <EditInsuranceModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        leases={[lease]}
        leaseId={lease.id}
        policy={editing}
      />
      <TerminateInsuranceModal opened={terminating !== null} onClose={() => setTerminating(null)} policy={terminating} />
    </>
  );
}

function PolicyItem({ policy, onEdit, onTerminate }: { policy: InsurancePolicy; onEdit: () => void; onTerminate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const uploaded = isUploaded(policy);
  const terminated = policy.status === 'CANCELLED' || policy.insuranceTerminated;
  const provider = uploaded ? policy.carrierName : t(`insurance.partners.names.${policy.policyProvider}`);
  return (
    <Stack gap={6}>
      <Stack gap={0}>
        <Text fw={600}>{provider || t('insurance.policy.unnamed')}</Text>
        <Text size="sm">{t('insurance.policy.number', { number: policy.policyIdentifier })}</Text>
        {policy.startDate && (
          <Text size="sm">
            {t('insurance.policy.period', {
              start: formatDate(policy.startDate, lang),
              end: policy.endDate ? formatDate(policy.endDate, lang) : '—',
            })}
          </Text>
        )}
      </Stack>
      {terminated ? (
        <Group>
          <Badge color="gray" variant="light" classNames={{ root: classes.statusBadge, label: classes.statusLabel }}>
            {policy.terminatedAt
              ? t('insurance.policy.terminatedOn', { date: formatDate(policy.terminatedAt, lang) })
              : t('insurance.policy.terminated')}
          </Badge>
        </Group>
      ) : (
        <PolicyStatus policy={policy} />
      )}
      {policy.documents.length > 0 && (
        <Text size="sm">{t('insurance.policy.proof', { name: policy.documents.map((d) => d.name).join(', ') })}</Text>
      )}
      <Group gap="xs" wrap="wrap">
        {uploaded && !terminated && (
          <Button size="xs" variant="light" onClick={onEdit}>
            {t('insurance.policy.edit')}
          </Button>
        )}
        {canTerminateInsurance(policy) && (
          <Button size="xs" variant="subtle" color="red" onClick={onTerminate}>
            {t('insurance.policy.terminate')}
          </Button>
        )}
        {!uploaded && policy.providerUrl && (
          <Anchor href={policy.providerUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {/* French elides before a vowel (d’Apollo): one text per partner */}
            {t(`insurance.policy.providerSite.${policy.policyProvider}`)}
            <VisuallyHidden> ({t('common.opensInNewTab')})</VisuallyHidden>
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
