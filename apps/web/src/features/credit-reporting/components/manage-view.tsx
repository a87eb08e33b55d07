// spec 2 §4: manage leads to changing the payment method and then to an updated-success modal. Also shows the
// subscription (status, dates DD-MMM-YYYY, card, last month's rent as reported) and leads to cancelling it.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { formatDisplayDate } from '@portal/domain/dates';
import { MSG } from '@portal/domain/message-keys';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { Dropdown } from '../../../components/form/dropdown';
import { useForm } from '../../../components/form/use-form';
import { LoadingState } from '../../../components/query-state';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/use-session-user';
import { useMethodLabel, usePaymentMethods } from '../../payments';
import { useChangeCreditReportCard, useLastMonthAmountPaid } from '../api/credit-report-calls';
import { type CreditReportAlert, creditReportAlert, dateLine, isLive, STATUS_KEYS } from '../lib/subscription-state';
import { CreditReportAlertView, DetailList, Nowrap, useCardText, useDatedText, useFeeText, useLeaseName } from './parts';
import { ReportedMonths } from './reported-months';
import { selectableMethods, validateMethod } from './signup-view';

const BANK_ALERT_ID = 'credit-reporting-manage-bank-alert';

/** The subscription's rows: lease, status, fee, card, subscribed on, reported since, renewal or end. */
export function useSubscriptionRows(lease: PropertyLease, s: CreditReportSubscription): [string, string, ReactNode][] {
  const { t } = useTranslation();
  const lang = useLang();
  const leaseName = useLeaseName();
  const feeText = useFeeText();
  const cardText = useCardText();
  const dated = useDatedText();
  const line = dateLine(s);
  return [
    ['lease', t('creditReporting.modal.lease'), leaseName(lease)],
    ['status', t('creditReporting.manage.status'), t(STATUS_KEYS[s.status])],
    ['fee', t('creditReporting.modal.yearlyFee'), feeText(s.feeAmount)],
    ['card', t('creditReporting.manage.currentCard'), cardText(s)],
    ['subscribed', t('creditReporting.manage.subscribed'), <Nowrap key="d">{formatDate(s.subscriptionDate, lang)}</Nowrap>],
    ['start', t('creditReporting.manage.startDate'), <Nowrap key="d">{formatDate(s.startDate, lang)}</Nowrap>],
    ['next', t('creditReporting.list.next'), dated(`creditReporting.dates.${line.kind}`, { date: formatDate(line.date, lang) })],
  ];
}

interface ManageViewProps {
  lease: PropertyLease;
  subscription: CreditReportSubscription;
  onUpdated: (subscription: CreditReportSubscription) => void;
  onCancelSubscription: () => void;
  onClose: () => void;
}

export function ManageView({ lease, subscription, onUpdated, onCancelSubscription, onClose }: ManageViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSessionUser();
  const methodLabel = useMethodLabel();
  const methodsQuery = usePaymentMethods(user?.id);
  const lastMonth = useLastMonthAmountPaid(lease.id);
  const change = useChangeCreditReportCard();
  const [alert, setAlert] = useState<CreditReportAlert | null>(null);
  const rows = useSubscriptionRows(lease, subscription);

  const methods = useMemo(() => selectableMethods(methodsQuery.data?.records ?? []), [methodsQuery.data]);
  const form = useForm<{ methodId: string }>({
    initialValues: { methodId: subscription.paymentMethodId ?? '' },
    // a card is needed for the next yearly fee (spec 2 §5); the same card changes nothing
    validate: ({ methodId }) => {
      const errors = validateMethod(methodId, methods, Math.max(subscription.feeAmount, 0.01));
      if (!errors.methodId && methodId === subscription.paymentMethodId)
        return { methodId: { key: 'creditReporting.manage.sameCard' } };
      return errors;
    },
  });
  // the list loads after the form: the current card stays chosen
  const reset = useRef(false);
  useEffect(() => {
    if (!reset.current && methodsQuery.isSuccess) {
      reset.current = true;
      form.reset({ methodId: subscription.paymentMethodId ?? '' });
    }
  }, [methodsQuery.isSuccess, subscription.paymentMethodId, form.reset]);
  const selected = methods.find((m) => m.id === form.values.methodId);

  const onSubmit = form.handleSubmit(async ({ methodId }) => {
    const method = methods.find((m) => m.id === methodId);
    if (!method) return;
    setAlert(null);
    try {
      onUpdated(await change.mutateAsync({ id: subscription.id, methodType: method.type, methodId: method.id }));
    } catch (error) {
      setAlert(creditReportAlert(error));
    }
  });

  if (lastMonth.isSuccess) {
    const month = formatDisplayDate(`${lastMonth.data.month}-01`, lang).slice(3);
    rows.push([
      'lastMonth',
      t('creditReporting.manage.lastMonth', { month }),
      formatAmount(lastMonth.data.amount, lastMonth.data.currency, lang),
    ]);
  }

  return (
    <form onSubmit={onSubmit} noValidate ref={form.formRef}>
      <Stack gap="md">
        <DetailList rows={rows} testId="credit-reporting-subscription" />
        <ReportedMonths subscriptionId={subscription.id} />
        {subscription.status === 'SUSPENDED' && (
          <Text size="sm" c="orange.9">
            {t('creditReporting.card.suspendedHint')}
          </Text>
        )}
        {methodsQuery.isPending ? (
          <LoadingState />
        ) : (
          <Dropdown
            type="paymentMethod"
            title={t('creditReporting.manage.newCard')}
            required
            placeholder
            items={methods.map((m) => ({ value: m.id, label: methodLabel(m) }))}
            aria-describedby={selected?.type === 'TYPE_BANK_ACCOUNT' ? BANK_ALERT_ID : undefined}
            {...form.bind('methodId')}
          />
        )}
        {selected?.type === 'TYPE_BANK_ACCOUNT' && (
          <Alert color="orange" variant="light" role="alert" id={BANK_ALERT_ID}>
            {t(MSG.bankNotSupported)}
          </Alert>
        )}
        {alert && <CreditReportAlertView alert={alert} />}
        <Group justify="space-between" gap="sm">
          {isLive(subscription) ? (
            <Button variant="subtle" color="red" onClick={onCancelSubscription} disabled={form.submitting}>
              {t('creditReporting.manage.cancelSubscription')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              {t('creditReporting.modal.close')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('creditReporting.manage.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** spec 2 §4: after the card change, the updated-success modal. */
export function UpdatedView({ subscription, onDone }: { subscription: CreditReportSubscription; onDone: () => void }) {
  const { t } = useTranslation();
  const cardText = useCardText();
  return (
    <Stack gap="md" data-testid="credit-reporting-updated">
      <Alert color="green" variant="light" role="status" title={t('creditReporting.updated.title')}>
        {t('creditReporting.updated.text', { card: cardText(subscription) })}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('creditReporting.updated.done')}
        </Button>
      </Group>
    </Stack>
  );
}
