import { Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const CONCIERGE_BENEFITS = ['newsEvents', 'communityResources', 'marketplace', 'neighbourhoodShop'] as const;

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
          <Button variant="filled" onClick={() => setConciergeOpen(true)}>
            {t('dashboard.concierge.join')}
          </Button>
        )}
      </Group>
      {conciergeEnabled && (
        <Modal
          opened={conciergeOpen}
          onClose={() => setConciergeOpen(false)}
          title={t('dashboard.concierge.title')}
          closeButtonProps={{ 'aria-label': t('dashboard.close') }}
        >
          <Stack gap="sm">
            <Text>{t('dashboard.concierge.intro')}</Text>
            <List spacing="xs">
              {CONCIERGE_BENEFITS.map((benefit) => (
                <List.Item key={benefit}>
                  <Text span fw={600}>
                    {t(`dashboard.concierge.benefits.${benefit}.title`)}
                  </Text>
                  {' — '}
                  {t(`dashboard.concierge.benefits.${benefit}.text`)}
                </List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {t('dashboard.concierge.contact')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConciergeOpen(false)}>
                {t('dashboard.close')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
