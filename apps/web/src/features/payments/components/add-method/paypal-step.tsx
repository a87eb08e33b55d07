// spec 1 §7 / issue 7: the online wallet provider (PayPal-style). GET /paypal_create_agreement: a method already linked
// is answered as is; otherwise the sandbox approval page is framed in the modal and, once approved, has created the
// TYPE_PAY_PAL method and says so ({source:'sandbox-paypal', event:'approved', paymentMethodId}); cancelled → back.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { MSG } from '@portal/domain/message-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { paymentMethodKeys } from '../../../../api/query-keys';
import { useTranslation } from '../../../../lib/i18n';
import { paymentMethodsQueryOptions } from '../../api/get-payment-methods';
import { usePayPalAgreement } from '../../api/get-paypal-agreement';
import { StepHeading } from './step-heading';
import { sandboxPageUrl, useSandboxMessage } from './use-sandbox-message';

/**
 * spec 1 §8 "Payment SDK failing to load": the provider's page says it is ready (its script ran); one that has not
 * within this time (a network error, a blocked or failed script) is told to the tenant with the contact-support text.
 */
export const PAYMENT_SDK_LOAD_MS = 15_000;

interface Props {
  userId: string;
  /** The new (or already linked) method; `alreadyLinked` when the tenant had linked this account before. */
  onAdded: (method: PaymentMethodRecord | null, alreadyLinked: boolean) => void;
  onBack: () => void;
}

export function PayPalStep({ userId, onAdded, onBack }: Props) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const agreement = usePayPalAgreement(userId, true);
  const [finishing, setFinishing] = useState(false);
  const [sdk, setSdk] = useState<'loading' | 'ready' | 'failed'>('loading');
  const done = useRef(onAdded);
  done.current = onAdded;

  const linked = agreement.data?.paymentMethod ?? null;
  useEffect(() => {
    if (linked) done.current(linked, true);
  }, [linked]);

  useSandboxMessage(
    'sandbox-paypal',
    async (message) => {
      if (message.event === 'ready') {
        setSdk('ready');
        return;
      }
      if (message.event === 'cancelled') {
        onBack();
        return;
      }
      if (message.event !== 'approved') return;
      setFinishing(true);
      // the approval page created the method: refresh the lists and hand the new record over
      await qc.invalidateQueries({ queryKey: paymentMethodKeys.lists() });
      const id = typeof message.paymentMethodId === 'string' ? message.paymentMethodId : null;
      let method: PaymentMethodRecord | null = null;
      try {
        const list = await qc.fetchQuery(paymentMethodsQueryOptions(userId));
        method = list.records.find((m) => m.id === id) ?? null;
      } catch {
        // the list will refresh on its own; the method exists either way
      }
      onAdded(method, false);
    },
    !finishing,
  );

  const page = agreement.data && !linked && !finishing && sdk !== 'failed' ? agreement.data : null;
  const framed = page !== null;
  useEffect(() => {
    if (!framed || sdk !== 'loading') return;
    // a 'ready' heard meanwhile wins (its render may come after this timer)
    const timer = setTimeout(() => setSdk((s) => (s === 'loading' ? 'failed' : s)), PAYMENT_SDK_LOAD_MS);
    return () => clearTimeout(timer);
  }, [framed, sdk]);

  return (
    <Stack gap="md">
      <StepHeading id="paypal-heading">{t('payments.paypal.title')}</StepHeading>
      {agreement.isError ? (
        <Alert color="red" role="alert">
          {t(MSG.genericTryAgain)}
        </Alert>
      ) : sdk === 'failed' ? (
        <Alert color="red" role="alert">
          {t(MSG.paymentSdkFailed)}
        </Alert>
      ) : page ? (
        <>
          <Text size="sm">{t('payments.paypal.intro')}</Text>
          <iframe
            title={t('payments.paypal.frameTitle')}
            src={sandboxPageUrl(page.approvalUrl, page.token, i18n.language)}
            style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          />
        </>
      ) : (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{finishing ? t('payments.paypal.finishing') : t('payments.paypal.opening')}</Text>
        </Group>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={finishing}>
          {t('payments.add.back')}
        </Button>
      </Group>
    </Stack>
  );
}
