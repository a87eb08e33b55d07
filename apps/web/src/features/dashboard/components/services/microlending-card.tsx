import { Button, Text } from '@mantine/core';
import type { MicroloanPartner } from '@portal/domain/service-availability';
import { useState } from 'react';
import { lazyModal } from '../../../../components/lazy-modal';
import { useTranslation } from '../../../../lib/i18n';
import { ServiceCard } from './service-card';

// Loads on the first open (issue 22: the dashboard's first load does not grow).
const MicrolendingModal = lazyModal(() => import('./microlending-modal').then((m) => m.MicrolendingModal));

/** spec 2 §2 "Dashboard service cards": microlending, opening the add-service modal of type microlending. */
export function MicrolendingCard(props: { leaseId: string; partners: MicroloanPartner[]; propertyName: string | null }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <ServiceCard
      id={`microlending-${props.leaseId}`}
      testId="service-microlending"
      title={t('services.microlending.title')}
      propertyName={props.propertyName}
      actions={
        <Button variant="light" onClick={() => setOpened(true)}>
          {t('services.microlending.open')}
        </Button>
      }
    >
      <Text size="sm">{t('services.microlending.text')}</Text>
      <MicrolendingModal
        opened={opened}
        onClose={() => setOpened(false)}
        partners={props.partners}
        propertyName={props.propertyName}
      />
    </ServiceCard>
  );
}
