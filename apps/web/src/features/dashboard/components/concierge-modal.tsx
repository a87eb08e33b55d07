import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

const CONCIERGE_BENEFITS = ['newsEvents', 'communityResources', 'marketplace', 'neighbourhoodShop'] as const;

/** spec 1 §2: the concierge benefits, opened from the welcome card's join button. */
export function ConciergeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
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
          <Button variant="default" onClick={onClose}>
            {t('dashboard.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
