import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** Loading placeholder of a card's list (announced as busy). */
export function LoadingBlocks({ count = 2, height = 120 }: { count?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('dashboard.loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load with a retry button. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
        {t('dashboard.retry')}
      </Button>
    </Alert>
  );
}
