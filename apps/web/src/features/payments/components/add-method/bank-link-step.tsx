// spec 1 §2 "Add payment method" / §7 / §9: when a lease's company has createBankAccountFromPlaidRequired, a bank
// account is linked through the bank-linking widget: a link token for that company's country, the sandbox widget
// page framed in the modal after 800 ms, and POST /bank_account/createfromplaid with the picked account. If the widget
// is closed or lost (exit, no token, the frame failing to load) the tenant enters the account by hand.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { BANK_LINKING_WIDGET_DELAY_MS } from '@portal/domain/constants';
import type { Country } from '@portal/domain/entities';
import { mapAddBankAccountError } from '@portal/domain/errors';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useRef, useState } from 'react';
import { answerOf } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useCreateBankAccountFromPlaid } from '../../api/create-bank-account-from-plaid';
import { useBankLinkToken } from '../../api/get-bank-link-token';
import { StepHeading } from './step-heading';
import { sandboxPageUrl, useSandboxMessage } from './use-sandbox-message';

interface Props {
  userId: string;
  /** The country of the company that requires the widget (its default country, spec 1 §2). */
  country: Country;
  onAdded: (method: PaymentMethodRecord) => void;
  /** The widget was closed or lost: continue with the manual bank form. */
  onManual: () => void;
  onBack: () => void;
}

const asCountry = (c: unknown, fallback: Country): Country => (c === 'CA' || c === 'US' ? c : fallback);

export function BankLinkStep({ userId, country, onAdded, onManual, onBack }: Props) {
  const { t, i18n } = useTranslation();
  const token = useBankLinkToken(userId, country, true);
  const create = useCreateBankAccountFromPlaid();
  const [delayElapsed, setDelayElapsed] = useState(false);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const manual = useRef(onManual);
  manual.current = onManual;

  // spec 1 §9: the widget opens after 800 ms
  useEffect(() => {
    const id = setTimeout(() => setDelayElapsed(true), BANK_LINKING_WIDGET_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  // no link token: the widget cannot open, so the account is entered by hand
  useEffect(() => {
    if (token.isError) manual.current();
  }, [token.isError]);

  useSandboxMessage(
    'sandbox-bank-link',
    async (message) => {
      if (message.event === 'exit') {
        onManual();
        return;
      }
      if (message.event !== 'success' || typeof message.loginId !== 'string' || typeof message.accountId !== 'string') return;
      setAlert(null);
      try {
        const method = await create.mutateAsync({
          userType: 'TYPE_CUSTOMER',
          userId,
          country: asCountry(message.country, country),
          loginId: message.loginId,
          accountId: message.accountId,
        });
        onAdded(method);
      } catch (err) {
        setAlert(mapAddBankAccountError(answerOf(err)));
        setTimeout(() => alertRef.current?.focus());
      }
    },
    !create.isPending,
  );

  const widget = delayElapsed && token.data && !create.isPending ? token.data : null;

  return (
    <Stack gap="md">
      <StepHeading id="bank-link-heading">{t('payments.bankLink.title')}</StepHeading>
      <Text size="sm">{t('payments.bankLink.intro')}</Text>
      {widget ? (
        <iframe
          title={t('payments.bankLink.frameTitle')}
          src={sandboxPageUrl(widget.widgetUrl, widget.token, i18n.language)}
          onError={onManual}
          style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        />
      ) : (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{create.isPending ? t('payments.bankLink.saving') : t('payments.bankLink.opening')}</Text>
        </Group>
      )}
      {alert && (
        <Alert color="red" role="alert" ref={alertRef} tabIndex={-1}>
          {t(alert.key, alert.values)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={create.isPending}>
          {t('payments.add.back')}
        </Button>
        <Button variant="subtle" onClick={onManual} disabled={create.isPending}>
          {t('payments.bankLink.enterManually')}
        </Button>
      </Group>
    </Stack>
  );
}
