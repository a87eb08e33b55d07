// issue 20 §2: an admin viewing the portal as a tenant moves the tenant's money only after saying so. The server
// refuses such a call until it is confirmed (428); this dialog asks, names the tenant and what will be recorded, and
// lets the API client send the same call again, confirmed. Focus starts on Cancel (ConfirmDialog).
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { setActingAsTenantConfirmer } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';

export function ActingAsTenantConfirm({ name }: { name: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  useEffect(() => {
    setActingAsTenantConfirmer(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current?.(false); // one question at a time: an older one is declined
          answer.current = resolve;
          setOpened(true);
        }),
    );
    return () => {
      setActingAsTenantConfirmer(null);
      answer.current?.(false);
      answer.current = null;
    };
  }, []);
  const close = (ok: boolean) => {
    setOpened(false);
    answer.current?.(ok);
    answer.current = null;
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={t('shell.mimic.confirmTitle')}
      confirmLabel={t('shell.mimic.confirmButton')}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
      // asked over the payment dialog that sent the call (Mantine's modals sit at 200)
      zIndex={400}
    >
      <Text>{t('shell.mimic.confirmText', { name })}</Text>
    </ConfirmDialog>
  );
}
