// issue 25: the tenant's address is not confirmed yet (self sign-up): a banner with the link sent again on demand.
// The portal stays usable meanwhile; receipts are not e-mailed until the address is confirmed. A lazy chunk of its
// own (app-shell.tsx): most tenants never see it.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { recovery } from '@portal/i18n/locales/en.json?lazy';
import { useState } from 'react';
import { useResendEmailLink } from '../../api/customer/email-link';
import { recoveryWait } from '../../features/auth/recovery-wait';
import { ApiError } from '../../lib/api-client';
import { addEnglish, toLang, useTranslation } from '../../lib/i18n';

addEnglish({ recovery });

export function EmailVerifyBanner({ customerId, email }: { customerId: string; email: string }) {
  const { t, i18n } = useTranslation();
  const resend = useResendEmailLink(customerId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onResend = async () => {
    setSentTo(null);
    setFailure(null);
    try {
      const answer = await resend.mutateAsync();
      setSentTo(answer?.email || email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        const wait = recoveryWait(error.retryAfter, t, toLang(i18n.language));
        setFailure([error.message, wait].filter(Boolean).join(' '));
      } else if (error instanceof ApiError && error.status < 500 && error.message) setFailure(error.message);
      else setFailure(t('recovery.banner.failed'));
    }
  };

  return (
    // a labelled region, not an alert: it is there from the first paint, nothing to interrupt the reader for
    <Alert color="yellow" variant="light" role="region" aria-label={t('recovery.banner.label')} mb="md">
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" style={{ flex: '1 1 16rem' }}>
            {t('recovery.banner.text', { email })}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void onResend()} loading={resend.isPending}>
            {t('recovery.banner.resend')}
          </Button>
        </Group>
        {/* always present, so the outcome is announced when it appears */}
        <Text size="sm" role="status" fw={500}>
          {sentTo ? t('recovery.banner.sent', { email: sentTo }) : ''}
        </Text>
        {failure && (
          <Text size="sm" role="alert" c="red.9">
            {failure}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
