import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { lazyModal } from '../../../../components/lazy-modal';
import wrapping from '../../../../components/wrapping-button.module.css';
import { useTranslation } from '../../../../lib/i18n';
import { ServiceCard } from './service-card';

// Loads on the first open (bundle budget).
const ConciergeModal = lazyModal(() => import('../concierge-modal').then((m) => m.ConciergeModal));

/**
 * spec 2 §2: the concierge card among the service cards (it was a button of the welcome card). Issue 21 §1: joining
 * ends with "contact your manager"; the card says so before the tenant clicks.
 */
export function ConciergeCard() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <ServiceCard
      id="concierge"
      testId="service-concierge"
      title={t('dashboard.concierge.title')}
      propertyName={null}
      actions={
        <Button
          variant="light"
          onClick={() => setOpened(true)}
          classNames={{ root: wrapping.root, label: wrapping.label }}
          aria-describedby="concierge-by-manager"
        >
          {t('dashboard.concierge.join')}
        </Button>
      }
    >
      <Text size="sm" id="concierge-by-manager">
        {t('dashboard.concierge.byManager')}
      </Text>
      <ConciergeModal opened={opened} onClose={() => setOpened(false)} />
    </ServiceCard>
  );
}
