// Loading and error states shared by every screen (one look, announced to screen readers).
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { mapRequiredFieldError } from '@portal/domain/errors';
import { ApiError } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

/** The message to show for a failed call: the server's message for refused input, a generic text otherwise. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) {
      if (error.status === 429) return t('errors.tooManyRequests');
      if (error.status === 404) return t('errors.notFound');
      if (error.status === 403) return t('errors.forbidden');
      // spec 2 §8: a missing birth date → update it in Account; "start date is missing" → the manager; else the message
      if (error.errorCode === 'RM_ERROR_REQUIRED_FIELD') {
        const ref = mapRequiredFieldError({ errorCode: error.errorCode, message: error.message });
        return t(ref.key, ref.values);
      }
      if (error.status < 500 && error.message) return error.message;
      return t('errors.systemError');
    }
    if (error instanceof TypeError) return t('common.networkError');
    return t('errors.systemError');
  };
}

export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const messageOf = useErrorMessage();
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t('common.errorTitle')}>
      <Text size="sm">{messageOf(error)}</Text>
      {onRetry && (
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
