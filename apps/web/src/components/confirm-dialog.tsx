// A confirmation dialog (e.g. delete a document, remove a payment method): titled, focus trapped, Escape cancels.
// Focus starts on the safe choice (Cancel), so Enter or a stray keypress never runs the destructive one.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question or explanation. */
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** While the confirmed action runs: the confirm button spins and nothing closes. */
  loading?: boolean;
  /** An error of the confirmed action, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Above other open dialogs (a question asked over the dialog that led to it). */
  zIndex?: number;
}

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  error,
  onConfirm,
  onCancel,
  zIndex,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={title}
      centered
      zIndex={zIndex}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
