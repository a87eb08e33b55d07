// Loaded only when the rotate rule matches (a Modal brings ScrollArea and more into the route otherwise).
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

export function LandscapePrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onDismiss}
      title={t('shell.landscape.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{t('shell.landscape.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onDismiss} data-autofocus>
          {t('shell.landscape.dismiss')}
        </Button>
      </Group>
    </Modal>
  );
}
