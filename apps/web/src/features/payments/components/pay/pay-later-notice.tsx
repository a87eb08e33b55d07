// spec 2 §4 "Payment (pay-later part)": what the pay-later flow says above its entry — that these are the lease's ways
// to pay later (split pay, the online wallet provider's pay later, listed by the method selector), with the provider's
// jurisdiction note (spec 1 §8) — or, with no option left for the lease (e.g. split pay in NB or NS), that there is none.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import { useTranslation } from '../../../../lib/i18n';
import type { PayOption } from '../../forms/payment-options';

export function PayLaterNotice({ options, onClose }: { options: readonly PayOption[]; onClose?: () => void }) {
  const { t } = useTranslation();
  if (options.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm">{t('payments.flow.payLater.none')}</Text>
        {onClose && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" mb="md">
      <Text size="sm">{t('payments.flow.payLater.intro')}</Text>
      {options.some((o) => o.kind === 'PAY_PAL_PAY_LATER') && (
        <Alert color="blue" variant="light" role="note">
          {t(MSG.paypalPayLater)}
        </Alert>
      )}
    </Stack>
  );
}
