// issue 25 (spec 2 §8 "an e-mail verification note when the e-mail changed"): a new address waits for its link to be
// followed before it replaces the current one; the tenant can have the link sent again or withdraw the change.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCancelEmailChange, useResendEmailLink } from '../../../api/customer/email-link';
import type { Customer } from '../../../api/types';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

export function PendingEmail({
  customerId,
  pendingEmail,
  onCancelled,
}: {
  customerId: string;
  pendingEmail: string;
  /** The change is withdrawn: the customer as the server now has it. */
  onCancelled: (customer: Customer) => void;
}) {
  const { t } = useTranslation();
  const resend = useResendEmailLink(customerId);
  const cancel = useCancelEmailChange(customerId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const failureText = (error: unknown) =>
    error instanceof ApiError && error.status < 500 && error.message ? error.message : t('account.email.failed');

  const onResend = async () => {
    setSentTo(null);
    setFailure(null);
    try {
      const answer = await resend.mutateAsync();
      setSentTo(answer?.email || pendingEmail);
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  const onCancel = async () => {
    setSentTo(null);
    setFailure(null);
    try {
      onCancelled(await cancel.mutateAsync());
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm">{t('account.email.pending', { pendingEmail })}</Text>
      <Group gap="xs">
        <Button type="button" size="compact-sm" variant="default" loading={resend.isPending} onClick={() => void onResend()}>
          {t('account.email.resend')}
        </Button>
        <Button type="button" size="compact-sm" variant="default" loading={cancel.isPending} onClick={() => void onCancel()}>
          {t('account.email.cancel')}
        </Button>
      </Group>
      <Text size="sm" role="status">
        {sentTo ? t('account.email.resent', { email: sentTo }) : ''}
      </Text>
      {failure && (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
