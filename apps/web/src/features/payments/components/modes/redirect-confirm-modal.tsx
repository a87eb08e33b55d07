// spec 1 §2 "Payment flow modals": the iOS redirect confirm. iOS Safari opens a new tab only from a direct tap, so after
// the payment page is prepared the tenant taps Continue here, and that tap opens it.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n';
import { ModeDialog } from './mode-dialog';

interface RedirectConfirmModalProps {
  opened: boolean;
  /** The provider's name as shown ('Paysafecash', 'UnionPay'). */
  provider: string;
  /** The tap that opens the page (it must call window.open itself). */
  onConfirm: () => void;
  onCancel: () => void;
}

export function RedirectConfirmModal({ opened, provider, onConfirm, onCancel }: RedirectConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <ModeDialog opened={opened} onClose={onCancel} title={t('payments.modes.redirect.confirmTitle')}>
      <Stack gap="md">
        <Text>{t('payments.modes.redirect.confirmText', { provider })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('payments.modes.redirect.confirmContinue')}</Button>
        </Group>
      </Stack>
    </ModeDialog>
  );
}
