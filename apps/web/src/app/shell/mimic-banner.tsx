// spec 1 §2 Shell / §4 Mimic mode: the mimicked tenant's name with a stop button.
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const MIMIC_BANNER_HEIGHT = 44;

export function MimicBanner({ name, onStop, stopping }: { name: string; onStop: () => void; stopping: boolean }) {
  const { t } = useTranslation();
  return (
    <Group
      role="region"
      aria-label={t('shell.mimic.regionLabel')}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="md"
      h={MIMIC_BANNER_HEIGHT}
      bg="orange.1"
      style={{ borderBottom: '1px solid var(--mantine-color-orange-4)' }}
    >
      <Text size="sm" fw={500} truncate="end" title={t('shell.mimic.viewingAs', { name })}>
        {t('shell.mimic.viewingAs', { name })}
      </Text>
      <Button size="compact-sm" color="orange" onClick={onStop} loading={stopping} style={{ flexShrink: 0 }}>
        {t('shell.mimic.stop')}
      </Button>
    </Group>
  );
}
