// spec 1 §4 "Paysafe cash and union pay": the payment is prepared on the server (a PENDING transaction), its page opens
// in a new tab (through the iOS redirect confirm on iOS Safari, or when the browser blocked the tab), then the flow says
// what happens next with the total to pay (issue 21 §1: it no longer closes without a word). spec 1 §8: a failure shows an alert with the errorCode appended.
// paysafe-cash-step.tsx and union-pay-step.tsx are the two uses.
import { Alert, Stack, Text } from '@mantine/core';
import { mapRedirectError } from '@portal/domain/errors';
import { checkPaysafeCashAmount, PAYSAFE_CASH_PENDING_DAYS } from '@portal/domain/limits';
import { type Currency, fromCents, toCents } from '@portal/domain/money';
import { arePartialPaymentsBlocked, checkPaymentAmount } from '@portal/domain/payment-amounts';
import type { RedirectAnswer } from '@portal/domain/payment-shapes';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { ApiError, answerOf } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import type { RedirectPaymentInput } from '../../api/paysafe-cash';
import { StepHeading } from '../add-method/step-heading';
import { localToday } from '../method-display';
import { AmountField, amountCentsOf, amountRefusal, amountText } from './amount-field';
import { ModeStepFooter, type StepFailure } from './mode-step-footer';
import { isIosSafariBrowser, useAttemptKeys, useLeaseMoney } from './mode-support';
import { RedirectConfirmModal } from './redirect-confirm-modal';

/** What the flow needs once the page has opened: it says what happens next (redirect-next-step.tsx). */
export interface RedirectDoneInfo {
  provider: 'TYPE_PAYSAFE_CASH' | 'TYPE_UNION_PAY';
  transactionId: string;
  /** The provider's page (opened again from the next step). */
  url: string;
  /** What the tenant pays (amount + fee), decimal dollars. */
  total: number;
  currency: Currency;
  /** When the pending payment lapses (paysafe cash: 7 days), or null. */
  expiresAt: string | null;
  /** The translated info message: the total to pay at the store / on the page. */
  message: string;
}

export interface RedirectStepProps {
  lease: PropertyLease;
  /** The amount the step starts with (the flow's amount), in cents; the tenant may change it here. */
  amountCents: number;
  /** The page opened: close the flow and show info.message. */
  onDone: (info: RedirectDoneInfo) => void;
  /** Back to the flow's entry (no button when absent). */
  onBack?: () => void;
}

interface RedirectMutation {
  mutate: (
    input: RedirectPaymentInput,
    callbacks: { onSuccess: (answer: RedirectAnswer) => void; onError: (err: unknown) => void },
  ) => void;
  isPending: boolean;
}

type Kind = 'paysafe' | 'unionPay';

const PROVIDER: Record<Kind, RedirectDoneInfo['provider']> = { paysafe: 'TYPE_PAYSAFE_CASH', unionPay: 'TYPE_UNION_PAY' };

export function RedirectPaymentStep({
  kind,
  mutation,
  lease,
  amountCents,
  onDone,
  onBack,
}: RedirectStepProps & { kind: Kind; mutation: RedirectMutation }) {
  const { t } = useTranslation();
  // spec 1 §9: paysafe cash is in USD; union pay in the lease's currency
  const { display, money } = useLeaseMoney(lease, kind === 'paysafe' ? 'USD' : undefined);
  const [text, setText] = useState(() => amountText(amountCents, display.locale));
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<StepFailure | null>(null);
  const [waiting, setWaiting] = useState<RedirectAnswer | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const keys = useAttemptKeys();
  const provider = t(`payments.modes.${kind}.provider`);

  const cents = amountCentsOf(text, display.locale);
  // spec 1 §5: paysafe cash limits and notes (live: Continue is disabled below 10 and over 1495)
  const cash = kind === 'paysafe' && cents != null ? checkPaysafeCashAmount(cents, display) : null;
  const company = lease.joins.company;
  const general =
    cents != null
      ? checkPaymentAmount(cents, {
          openCharges: lease.openCharges ?? [],
          today: localToday(),
          overpaymentAllowed: company?.overpaymentAllowed ?? 'NO',
          blockPartialPayments: arePartialPaymentsBlocked(lease, company),
          display,
        })
      : null;
  const fieldError: MessageRef | null = !submitted
    ? null
    : cents == null || cents <= 0
      ? amountRefusal(text, display.locale)
      : cash && !cash.ok
        ? null // shown as the alert below
        : general && !general.ok
          ? (general.error ?? null)
          : null;

  const finish = (answer: RedirectAnswer) => {
    const total = money(toCents(answer.total));
    onDone({
      provider: PROVIDER[kind],
      transactionId: answer.transactionId,
      url: answer.url,
      total: answer.total,
      currency: answer.currency,
      expiresAt: answer.expiresAt,
      message: t(`payments.modes.${kind}.done`, { total, days: PAYSAFE_CASH_PENDING_DAYS }),
    });
  };

  const openPage = (answer: RedirectAnswer) => {
    // iOS Safari: only a direct tap opens a tab (the confirm); elsewhere a blocked tab falls back to the same tap
    if (isIosSafariBrowser()) {
      setWaiting(answer);
      return;
    }
    const tab = window.open(answer.url, '_blank');
    if (tab) finish(answer);
    else setWaiting(answer);
  };

  const onContinue = () => {
    setSubmitted(true);
    setFailure(null);
    if (cents == null || cents <= 0 || (cash && !cash.ok) || (general && !general.ok) || mutation.isPending) return;
    const idempotencyKey = keys.keyFor(`${kind}:${lease.id}:${cents}`);
    mutation.mutate(
      { leaseId: lease.id, amount: fromCents(cents), idempotencyKey },
      {
        onSuccess: (answer) => {
          keys.settled();
          openPage(answer);
        },
        onError: (err) => {
          keys.settled(err);
          if (err instanceof ApiError) {
            const ref = mapRedirectError(answerOf(err));
            setFailure({ title: t(ref.key, ref.values), detail: err.message || null });
          } else {
            setFailure({ title: t('common.networkError'), detail: null });
          }
          setTimeout(() => failureRef.current?.focus());
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <StepHeading id={`${kind}-heading`}>{t(`payments.modes.${kind}.title`)}</StepHeading>
      <Text size="sm">{t(`payments.modes.${kind}.intro`, { days: PAYSAFE_CASH_PENDING_DAYS })}</Text>
      <AmountField
        label={t('payments.modes.amount')}
        currency={display.currency}
        value={text}
        onChange={(v) => {
          setText(v);
          setFailure(null);
        }}
        error={fieldError ? t(fieldError.key, fieldError.values) : undefined}
        disabled={mutation.isPending}
      />
      {cash?.error && (
        <Alert color="red" variant="light" role="alert">
          {t(cash.error.key, cash.error.values)}
        </Alert>
      )}
      {cash?.note && (
        <Alert color="blue" variant="light" role="note">
          {t(cash.note.key, cash.note.values)}
        </Alert>
      )}
      <ModeStepFooter
        failure={failure}
        failureRef={failureRef}
        pending={mutation.isPending}
        onContinue={onContinue}
        continueDisabled={cash?.continueDisabled === true}
        onBack={onBack}
      />
      <RedirectConfirmModal
        opened={waiting !== null}
        provider={provider}
        onCancel={() => setWaiting(null)}
        onConfirm={() => {
          if (!waiting) return;
          window.open(waiting.url, '_blank');
          const answer = waiting;
          setWaiting(null);
          finish(answer);
        }}
      />
    </Stack>
  );
}
