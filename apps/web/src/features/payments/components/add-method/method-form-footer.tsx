// The end of the card and bank forms: the refusal alert (focused by useMethodForm) and the Back / submit buttons.
import { Alert, Button, Group } from '@mantine/core';
import type { MessageRef } from '@portal/domain/rule';
import type { RefObject } from 'react';
import { useTranslation } from '../../../../lib/i18n';

interface Props {
  alert: MessageRef | null;
  alertRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  submitLabel: string;
  onBack: () => void;
}

export function MethodFormFooter({ alert, alertRef, busy, submitLabel, onBack }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {alert && (
        <Alert color="red" role="alert" ref={alertRef} tabIndex={-1}>
          {t(alert.key, alert.values)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('payments.add.back')}
        </Button>
        <Button type="submit" loading={busy} disabled={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
