// spec 2 §2 / §4 / §5: the NEW mode (sign-up, or resubscribe): the lease, the yearly fee (Free when 0), the start date
// DD-MMM-YYYY with its notice when it moved, the card select (bank accounts are not supported), the subscription's
// terms, subscribe with progress; then the success view.
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { CreditReportOffer, CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { creditReportStartNotice } from '@portal/domain/credit-reporting';
import { addDays, addMonths } from '@portal/domain/dates';
import { MSG } from '@portal/domain/message-keys';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { PropertyLease } from '../../../api/types';
import { Dropdown } from '../../../components/form/dropdown';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/use-session-user';
import { useMethodLabel, usePaymentMethods } from '../../payments';
import { useCreditReportOffer, useSubscribeCreditReport } from '../api/credit-report-calls';
import { type CreditReportAlert, creditReportAlert } from '../lib/subscription-state';
import { CreditReportAlertView, DetailList, Nowrap, useDatedText, useFeeText, useLeaseName } from './parts';

const METHOD_ERROR_ID = 'credit-reporting-bank-alert';
const CARD = 'TYPE_CREDIT_CARD';
const BANK = 'TYPE_BANK_ACCOUNT';

/** spec 2 §5: the methods the select lists: cards, and bank accounts so that choosing one says why it cannot be used. */
export const selectableMethods = (methods: readonly PaymentMethodRecord[]) =>
  methods.filter((m) => m.type === CARD || m.type === BANK);

// spec 2 §5: a card is required when the fee is above 0 ("Please select a valid payment method"); a bank account is
// refused with its alert (the field says to pick a card)
export function validateMethod(
  methodId: string,
  methods: readonly PaymentMethodRecord[],
  feeAmount: number,
): FormErrors<{ methodId: string }> {
  const method = methods.find((m) => m.id === methodId);
  if (method?.type === BANK) return { methodId: { key: 'creditReporting.modal.cardRequired' } };
  if (feeAmount > 0 && method?.type !== CARD) return { methodId: { key: MSG.paymentMethodSelectValid } };
  return {};
}

interface SignupViewProps {
  lease: PropertyLease;
  /** The lease's earlier subscription (resubscribe): its card is chosen first. */
  previous: CreditReportSubscription | null;
  /** renewed: an unsubscribed subscription switched back on (no charge), not a new one. */
  onSubscribed: (subscription: CreditReportSubscription, renewed: boolean) => void;
  /** Already subscribed and active: go to manage. */
  onManage: (subscription: CreditReportSubscription) => void;
  onCancel: () => void;
}

export function SignupView({ lease, previous, onSubscribed, onManage, onCancel }: SignupViewProps) {
  const { t } = useTranslation();
  const offer = useCreditReportOffer(lease.id);
  if (offer.isPending) return <LoadingState />;
  if (offer.isError) {
    return (
      <Stack gap="md">
        <CreditReportAlertView alert={creditReportAlert(offer.error)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('creditReporting.modal.close')}
          </Button>
          <Button onClick={() => offer.refetch()}>{t('common.retry')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <OfferForm
      lease={lease}
      offer={offer.data}
      previous={previous}
      onSubscribed={onSubscribed}
      onManage={onManage}
      onCancel={onCancel}
    />
  );
}

/** Why the offer is not available, as the tenant reads it (spec 2 §5, §8). */
function reasonAlert(offer: CreditReportOffer): CreditReportAlert | null {
  switch (offer.reason) {
    case null:
      return null;
    case 'BIRTH_DATE_MISSING':
      return { message: { key: MSG.birthDateMissing }, accountLink: true };
    case 'LEASE_START_MISSING':
      return { message: { key: MSG.leaseStartMissing }, accountLink: false };
    case 'LEASE_TOO_SHORT':
      return { message: { key: MSG.creditReportLeaseTooShort }, accountLink: false };
    case 'ALREADY_SUBSCRIBED':
      return { message: { key: 'creditReporting.modal.alreadySubscribed' }, accountLink: false };
    default:
      return { message: { key: 'creditReporting.modal.notOffered' }, accountLink: false };
  }
}

function OfferForm({ lease, offer, previous, onSubscribed, onManage, onCancel }: SignupViewProps & { offer: CreditReportOffer }) {
  const { t } = useTranslation();
  const lang = useLang();
  const dated = useDatedText();
  const user = useSessionUser();
  const leaseName = useLeaseName();
  const feeText = useFeeText();
  const methodLabel = useMethodLabel();
  const methodsQuery = usePaymentMethods(user?.id);
  const subscribe = useSubscribeCreditReport();
  const [alert, setAlert] = useState<CreditReportAlert | null>(null);
  const idempotency = useRef<{ key: string; body: string } | null>(null);

  const methods = useMemo(() => selectableMethods(methodsQuery.data?.records ?? []), [methodsQuery.data]);
  const cards = methods.filter((m) => m.type === CARD);
  const form = useForm<{ methodId: string }>({
    initialValues: { methodId: '' },
    validate: ({ methodId }) => validateMethod(methodId, methods, offer.feeAmount),
  });
  // the earlier subscription's card when it is still saved, else the first card
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current || cards.length === 0) return;
    chosen.current = true;
    const again = cards.find((c) => c.id === previous?.paymentMethodId);
    form.reset({ methodId: (again ?? cards[0]).id });
  }, [cards, previous, form.reset]);

  // an active subscription is managed, not bought again; a live one that is not active (unsubscribed, suspended) may be
  // taken again: the server decides
  const live = offer.subscription;
  const blocked = offer.reason === 'ALREADY_SUBSCRIBED' ? live?.status === 'ACTIVE' || !live : !offer.available;
  const reason = blocked ? reasonAlert(offer) : null;
  // an unsubscribed subscription still in its paid year is switched back on, nothing charged now (the server's rule)
  const renewAgain = !blocked && live?.status === 'UNSUBSCRIBED' ? live : null;
  const start = formatDate(offer.startDate, lang);
  const notice = renewAgain
    ? null
    : creditReportStartNotice({ startDate: offer.startDate, display: start, showNotice: offer.showStartNotice });
  // the first renewal: one term after the start (expiry is the day before)
  const renewal = formatDate(addMonths(offer.startDate, offer.termMonths), lang);
  const fee = feeText(offer.feeAmount, offer.currency);
  const selected = methods.find((m) => m.id === form.values.methodId);

  const onSubmit = form.handleSubmit(async ({ methodId }) => {
    const method = methods.find((m) => m.id === methodId);
    const body = `${lease.id}|${method?.type ?? ''}|${method?.id ?? ''}`;
    // one key per attempt, kept across retries of the same attempt (the fee is charged once); a new choice is a new attempt
    if (idempotency.current?.body !== body) idempotency.current = { key: crypto.randomUUID(), body };
    setAlert(null);
    try {
      const subscription = await subscribe.mutateAsync({
        leaseId: lease.id,
        payMethodType: method?.type,
        payMethodId: method?.id,
        idempotencyKey: idempotency.current.key,
      });
      idempotency.current = null;
      onSubscribed(subscription, !!renewAgain);
    } catch (error) {
      // a refusal was answered: trying again is a new attempt; a lost answer (network, 5xx) keeps its key
      if (error instanceof ApiError && error.status < 500) idempotency.current = null;
      setAlert(creditReportAlert(error));
    }
  });

  const rows: [string, string, ReactNode][] = [
    ['lease', t('creditReporting.modal.lease'), leaseName(lease)],
    ['fee', t('creditReporting.modal.yearlyFee'), fee],
    renewAgain
      ? ['paidUntil', t('creditReporting.manage.paidUntil'), <Nowrap key="d">{formatDate(renewAgain.expiryDate, lang)}</Nowrap>]
      : ['start', t('creditReporting.modal.startDate'), <Nowrap key="d">{start}</Nowrap>],
  ];

  return (
    <form onSubmit={onSubmit} noValidate ref={form.formRef}>
      <Stack gap="md">
        <DetailList rows={rows} testId="credit-reporting-offer" />
        {renewAgain && (
          <Alert color="blue" variant="light" role="note" data-testid="credit-reporting-renew-notice">
            {dated('creditReporting.modal.renewAgainNotice', { date: formatDate(renewAgain.expiryDate, lang) })}
          </Alert>
        )}
        {notice && (
          <Alert color="blue" variant="light" role="note" data-testid="credit-reporting-start-notice">
            {dated(notice.key, notice.values)}
          </Alert>
        )}
        {reason && <CreditReportAlertView alert={reason} />}
        {reason && live?.status === 'ACTIVE' && (
          <Group>
            <Button variant="light" onClick={() => onManage(live)}>
              {t('creditReporting.modal.manageInstead')}
            </Button>
          </Group>
        )}
        {!blocked && (
          <>
            {methodsQuery.isError && (
              <Alert color="red" variant="light" role="alert">
                {t('creditReporting.modal.methodsLoadError')}
              </Alert>
            )}
            {methodsQuery.isPending ? (
              <LoadingState />
            ) : (
              <Dropdown
                type="paymentMethod"
                title={t('creditReporting.modal.card')}
                required={offer.feeAmount > 0}
                optional={offer.feeAmount === 0}
                placeholder
                items={methods.map((m) => ({ value: m.id, label: methodLabel(m) }))}
                aria-describedby={selected?.type === BANK ? METHOD_ERROR_ID : undefined}
                {...form.bind('methodId')}
              />
            )}
            {selected?.type === BANK && (
              <Alert color="orange" variant="light" role="alert" id={METHOD_ERROR_ID}>
                {t(MSG.bankNotSupported)}
              </Alert>
            )}
            {methodsQuery.isSuccess && cards.length === 0 && (
              <Text size="sm">
                {t('creditReporting.modal.noCards')}{' '}
                <Anchor component={Link} href="/customer/payment" fw={600}>
                  {t('creditReporting.modal.addCard')}
                </Anchor>
              </Text>
            )}
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('creditReporting.modal.termsTitle')}
              </Title>
              <List size="sm" spacing={4}>
                {renewAgain ? (
                  <List.Item>
                    {dated('creditReporting.modal.renewAgainTerm', {
                      date: formatDate(addDays(renewAgain.expiryDate, 1), lang),
                      fee,
                    })}
                  </List.Item>
                ) : (
                  <>
                    <List.Item>
                      {offer.feeAmount > 0
                        ? t('creditReporting.modal.termYearly', { fee })
                        : t('creditReporting.modal.termYearlyFree')}
                    </List.Item>
                    <List.Item>{dated('creditReporting.modal.termRenews', { date: renewal })}</List.Item>
                  </>
                )}
                <List.Item>{t('creditReporting.modal.termCancel')}</List.Item>
                <List.Item>{t('creditReporting.modal.termConsent')}</List.Item>
              </List>
            </Stack>
            {alert && <CreditReportAlertView alert={alert} />}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            {t(blocked ? 'creditReporting.modal.close' : 'creditReporting.modal.cancel')}
          </Button>
          {!blocked && (
            <Button type="submit" loading={form.submitting} disabled={methodsQuery.isPending}>
              {renewAgain
                ? t('creditReporting.modal.resubscribe')
                : offer.feeAmount > 0
                  ? t('creditReporting.modal.subscribeWithFee', { fee })
                  : t('creditReporting.modal.subscribe')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** spec 2 §4: new subscribe leads to a success modal. */
export function SuccessView({
  lease,
  subscription,
  renewed = false,
  onDone,
}: {
  lease: PropertyLease;
  subscription: CreditReportSubscription;
  /** The subscription's renewal was switched back on (resubscribe of an unsubscribed one). */
  renewed?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const dated = useDatedText();
  const leaseName = useLeaseName();
  return (
    <Stack gap="md" data-testid="credit-reporting-success">
      <Alert color="green" variant="light" role="status" title={t('creditReporting.success.title')}>
        <Stack gap={4}>
          <Text size="sm">
            {renewed
              ? t('creditReporting.modal.renewedText', { lease: leaseName(lease) })
              : dated('creditReporting.success.text', {
                  lease: leaseName(lease),
                  date: formatDate(subscription.startDate, lang),
                })}
          </Text>
          {subscription.autoRenew && (
            <Text size="sm">
              {dated('creditReporting.success.renewal', { date: formatDate(addDays(subscription.expiryDate, 1), lang) })}
            </Text>
          )}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('creditReporting.success.done')}
        </Button>
      </Group>
    </Stack>
  );
}
