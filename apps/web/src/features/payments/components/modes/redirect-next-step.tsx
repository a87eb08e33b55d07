// issue 21 §1 (spec 1 §4 "Paysafe cash and union pay"): once the provider's page has opened in a new tab, the flow
// does not close without a word: it says what happens next (pay there, it shows as pending until then, how long it
// stays valid), can open the page again, and shows the outcome the provider's tab reports (paid, or cancelled: the
// balance the tenant sees is the same as before, the leases being read again).
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, toCents } from '@portal/domain/money';
import { useState } from 'react';
import { type ProviderEvent, useProviderReturn } from '../../../../api/provider-return';
import { formatDateTime } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../../../../lib/locale';
import { StepHeading } from '../add-method/step-heading';
import type { RedirectDoneInfo } from './redirect-payment-step';

/** The redirect payment the next step speaks of (what redirect-payment-step.tsx hands over, without its message). */
export type RedirectNextInfo = Omit<RedirectDoneInfo, 'message'>;

export function RedirectNextStep({ info, onClose }: { info: RedirectNextInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [outcome, setOutcome] = useState<ProviderEvent['event'] | null>(null);
  const kind = info.provider === 'TYPE_PAYSAFE_CASH' ? 'paysafe' : 'unionPay';
  const total = formatMoney(toCents(info.total), info.currency, lang);
  // The leases and payments are read again when the provider's tab reports or the tenant comes back to this one.
  useProviderReturn(true, (event) => {
    if (event.transactionId === info.transactionId) setOutcome(event.event);
  });
  return (
    <Stack gap="md" data-testid="redirect-next">
      <StepHeading id={`${kind}-next-heading`}>{t(`payments.modes.${kind}.nextTitle`)}</StepHeading>
      {outcome ? (
        <Alert color={outcome === 'paid' ? 'green' : 'blue'} variant="light" role="status">
          {t(`payments.modes.${kind}.${outcome}`, { total })}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            {t(`payments.modes.${kind}.next`, { total, date: info.expiresAt ? formatDateTime(info.expiresAt, lang) : '' })}
          </Text>
          <Text size="sm">{t(`payments.modes.${kind}.nextPending`)}</Text>
          <Anchor href={info.url} target="_blank" size="sm">
            {t(`payments.modes.${kind}.reopen`)} ({t('common.opensInNewTab')})
          </Anchor>
        </>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Stack>
  );
}
