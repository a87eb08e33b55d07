// spec 1 §2 Shell / §4 Mimic mode: the mimicked tenant's name with a stop button.
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

// Two lines on a phone so the tenant's name always shows.
export const MIMIC_BANNER_HEIGHT = { base: 56, sm: 44 } as const;

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
      <Text size="sm" fw={500} lineClamp={2} lh={1.3}>
        {t('shell.mimic.viewingAs', { name })}
      </Text>
      <Button
        size="compact-sm"
        color="orange"
        onClick={onStop}
        loading={stopping}
        style={{ flexShrink: 0 }}
        aria-label={t('shell.mimic.stop')}
      >
        {t('shell.mimic.stopShort')}
      </Button>
    </Group>
  );
}
