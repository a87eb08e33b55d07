import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import wrapping from '../../../components/wrapping-button.module.css';
import { useTranslation } from '../../../lib/i18n';

// Loads on the first open (bundle budget).
const ConciergeModal = lazyModal(() => import('./concierge-modal').then((m) => m.ConciergeModal));

/** spec 1 §2: welcome card with the first name; the concierge join button only when the concierge is enabled. */
export function WelcomeCard({ firstName, conciergeEnabled }: { firstName: string; conciergeEnabled: boolean }) {
  const { t } = useTranslation();
  const [conciergeOpen, setConciergeOpen] = useState(false);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="dashboard-welcome">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id="dashboard-welcome">
            {firstName ? t('dashboard.welcome.title', { name: firstName }) : t('dashboard.welcome.titleNoName')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('dashboard.welcome.text')}
          </Text>
        </div>
        {conciergeEnabled && (
          // Issue 21 §1: joining ends with "contact your manager"; the card says so before the tenant clicks.
          <Stack gap={4} align="flex-start" maw={320}>
            <Button
              variant="filled"
              onClick={() => setConciergeOpen(true)}
              classNames={{ root: wrapping.root, label: wrapping.label }}
              aria-describedby="concierge-by-manager"
            >
              {t('dashboard.concierge.join')}
            </Button>
            <Text size="sm" id="concierge-by-manager">
              {t('dashboard.concierge.byManager')}
            </Text>
          </Stack>
        )}
      </Group>
      {conciergeEnabled && <ConciergeModal opened={conciergeOpen} onClose={() => setConciergeOpen(false)} />}
    </Card>
  );
}
