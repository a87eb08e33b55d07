// spec 2 §2 REMOVE mode, §4 "It can be cancelled (unsubscribe or stop)": unsubscribe = no renewal, reported until the
// expiry date; stop = reporting ends now. Each needs a confirmation that says what happens (spec 2 §5 Confirmations).
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useStopCreditReport, useUnsubscribeCreditReport } from '../api/credit-report-calls';
import { type CreditReportAlert, creditReportAlert } from '../lib/subscription-state';
import { CreditReportAlertView, useDatedText, useLeaseName } from './parts';

export type EndKind = 'unsubscribe' | 'stop';

interface RemoveViewProps {
  lease: PropertyLease;
  subscription: CreditReportSubscription;
  onChoose: (end: EndKind) => void;
  onClose: () => void;
}

export function RemoveView({ lease, subscription, onChoose, onClose }: RemoveViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const dated = useDatedText();
  const leaseName = useLeaseName();
  const expiry = formatDate(subscription.expiryDate, lang);
  // an unsubscribed subscription already does not renew: only stopping is left
  const canUnsubscribe = subscription.status === 'ACTIVE' && subscription.autoRenew;
  return (
    <Stack gap="md" data-testid="credit-reporting-remove">
      <Text>{t('creditReporting.remove.intro', { lease: leaseName(lease) })}</Text>
      {canUnsubscribe && (
        <Card withBorder padding="md" component="section" aria-labelledby="cr-unsubscribe-title">
          <Stack gap="xs">
            <Title order={3} size="h5" id="cr-unsubscribe-title">
              {t('creditReporting.remove.unsubscribe')}
            </Title>
            <Text size="sm" id="cr-unsubscribe-text">
              {dated('creditReporting.remove.unsubscribeText', { date: expiry })}
            </Text>
            <Group>
              <Button variant="outline" onClick={() => onChoose('unsubscribe')} aria-describedby="cr-unsubscribe-text">
                {t('creditReporting.remove.unsubscribe')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="cr-stop-title">
        <Stack gap="xs">
          <Title order={3} size="h5" id="cr-stop-title">
            {t('creditReporting.remove.stop')}
          </Title>
          <Text size="sm" id="cr-stop-text">
            {t('creditReporting.remove.stopText')}
          </Text>
          <Group>
            <Button variant="outline" color="red" onClick={() => onChoose('stop')} aria-describedby="cr-stop-text">
              {t('creditReporting.remove.stop')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('creditReporting.modal.close')}
        </Button>
      </Group>
    </Stack>
  );
}

interface ConfirmEndViewProps {
  end: EndKind;
  subscription: CreditReportSubscription;
  onEnded: (subscription: CreditReportSubscription) => void;
  onBack: () => void;
}

/** The confirmation: the consequence in one sentence, Back first (focus starts on the safe choice). */
export function ConfirmEndView({ end, subscription, onEnded, onBack }: ConfirmEndViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const dated = useDatedText();
  const unsubscribe = useUnsubscribeCreditReport();
  const stop = useStopCreditReport();
  const [alert, setAlert] = useState<CreditReportAlert | null>(null);
  const running = unsubscribe.isPending || stop.isPending;
  const expiry = formatDate(subscription.expiryDate, lang);
  const confirm = async () => {
    setAlert(null);
    try {
      onEnded(await (end === 'unsubscribe' ? unsubscribe : stop).mutateAsync(subscription.id));
    } catch (error) {
      setAlert(creditReportAlert(error));
    }
  };
  const titleKey = end === 'unsubscribe' ? 'confirmUnsubscribeTitle' : 'confirmStopTitle';
  return (
    <Stack gap="md" data-testid="credit-reporting-confirm">
      <Title order={3} size="h4" id="cr-confirm-title">
        {t(`creditReporting.remove.${titleKey}`)}
      </Title>
      <Text>
        {end === 'unsubscribe'
          ? dated('creditReporting.remove.confirmUnsubscribe', { date: expiry })
          : t('creditReporting.remove.confirmStop')}
      </Text>
      {alert && <CreditReportAlertView alert={alert} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={running} data-autofocus>
          {t('creditReporting.remove.back')}
        </Button>
        <Button color={end === 'stop' ? 'red' : undefined} onClick={confirm} loading={running}>
          {t(
            end === 'unsubscribe'
              ? 'creditReporting.remove.confirmUnsubscribeButton'
              : 'creditReporting.remove.confirmStopButton',
          )}
        </Button>
      </Group>
    </Stack>
  );
}

export function EndedView({
  end,
  subscription,
  onDone,
}: {
  end: EndKind;
  subscription: CreditReportSubscription;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const dated = useDatedText();
  return (
    <Stack gap="md" data-testid="credit-reporting-ended">
      <Alert
        color="green"
        variant="light"
        role="status"
        title={t(end === 'unsubscribe' ? 'creditReporting.remove.unsubscribedTitle' : 'creditReporting.remove.stoppedTitle')}
      >
        {end === 'unsubscribe'
          ? dated('creditReporting.remove.unsubscribedText', { date: formatDate(subscription.expiryDate, lang) })
          : t('creditReporting.remove.stoppedText')}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('creditReporting.remove.done')}
        </Button>
      </Group>
    </Stack>
  );
}
