// spec 1 §4 "Payment flow": entry, then summary (Continue), then receipt on success; Back returns from summary to entry.
// Above the company's softMaximumPaymentAmount, Cancel replaces Back and records a cancelled attempt (with a note)
// whose receipt shows. One Idempotency-Key per payment attempt, made when the summary opens and reused by every retry
// of that attempt (a double click, a lost answer), so a tenant is never charged twice; an attempt whose answer came
// back, or a changed amount or method, gets a new key.
import { Modal } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { mapPaymentError } from '@portal/domain/errors';
import { leaseAcceptedPaymentTypes } from '@portal/domain/lease-payment-options';
import { currencyForCountry, type MoneyDisplay } from '@portal/domain/money';
import { payableNowCents } from '@portal/domain/payment-amounts';
import { merchantNotConfigured } from '@portal/domain/payment-methods';
import type { PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyLease } from '../../../../api/types';
import { useSessionUser } from '../../../../app/require-auth';
import { ApiError } from '../../../../lib/api-client';
import { useAddPaymentAttempt } from '../../api/add-payment-attempt';
import { usePaymentMethods } from '../../api/get-payment-methods';
import { useProcessPayment } from '../../api/process-payment';
import {
  attemptSignature,
  checkPaymentForm,
  initialPaymentForm,
  type PaymentFormValues,
  payableMethods,
  paymentBody,
  paymentPolicy,
} from '../../forms/payment-form';
import { isWindowsPlatform, localToday, useLang } from '../method-display';
import { PaymentEntryStep } from './payment-entry-step';
import { PaymentReceiptStep } from './payment-receipt-step';
import { PaymentSummaryStep } from './payment-summary-step';

type Step = 'entry' | 'summary' | 'receipt';

/** One payment attempt: what the summary shows and Pay sends, under its own Idempotency-Key. */
export interface PaymentAttempt {
  body: ProcessPaymentBody;
  signature: string;
  cents: number;
  method: PaymentMethodRecord;
  key: string;
  /** The soft-maximum Cancel's own key (another call, another body). */
  cancelKey: string;
  /** The server answered this attempt: a new Pay is a new attempt. */
  answered: boolean;
}

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The processor refused the card or account: the tenant goes back to choose another method (spec 1 §8). */
const isDecline = (err: unknown) =>
  err instanceof ApiError && (err.errorCode === 'RM_ERROR_PAYMENT_DECLINED' || err.errorCode === 'RM_ERROR_INSUFFICIENT_FUNDS');

/** Whether the server's answer to this attempt is final (kept under its key), so a retry would only repeat it. */
const isAnswered = (err: unknown) => err instanceof ApiError && err.status < 500 && err.status !== 409;

export function PaymentFlow({
  lease,
  onClose,
  closeDisabled,
}: {
  lease: PropertyLease;
  onClose: () => void;
  closeDisabled: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSessionUser();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [today] = useState(localToday);
  const policy = useMemo(() => paymentPolicy(lease), [lease]);
  const display: MoneyDisplay = { currency: currencyForCountry(lease.joins.company?.country), locale: lang };

  const [step, setStep] = useState<Step>('entry');
  const [values, setValues] = useState<PaymentFormValues>(() => initialPaymentForm(paymentPolicy(lease)));
  const [submitted, setSubmitted] = useState(false);
  const [entryAlert, setEntryAlert] = useState<string | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const attempt = useRef<PaymentAttempt | null>(null);

  const methodsQuery = usePaymentMethods(user?.id);
  const methods = useMemo(
    () => payableMethods(methodsQuery.data?.records ?? [], lease, { isWindows: isWindowsPlatform(), now: new Date() }),
    [methodsQuery.data, lease],
  );
  const method = methods.find((m) => m.id === values.paymentMethodId) ?? null;
  const check = checkPaymentForm({ ...values, paymentMethodId: method?.id ?? null }, policy, { today, display });
  const notConfigured = merchantNotConfigured([...leaseAcceptedPaymentTypes(lease)]);

  const pay = useProcessPayment();
  const cancel = useAddPaymentAttempt();

  // Focus moves to each step's heading (the first one too: the modal's focus trap starts there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on each change of step
  useEffect(() => {
    titleRef.current?.focus();
  }, [step]);

  const errorText = (err: unknown, cents: number): string => {
    if (!(err instanceof ApiError)) return t('common.networkError');
    const ref = mapPaymentError(err, {
      hasOpenCharges: policy.openCharges.length > 0,
      overpaymentAllowed: policy.overpaymentAllowed,
      payableNowCents: payableNowCents(policy.openCharges, today),
      enteredCents: cents,
      display,
    });
    return t(ref.key, ref.values);
  };

  const onContinue = () => {
    setSubmitted(true);
    if (!check.valid || !method) return;
    const body = paymentBody(values, lease.id, method, policy.chargeCodes);
    const signature = attemptSignature(body);
    const previous = attempt.current;
    // the same attempt (Back without a change, a retry after a lost answer) keeps its key
    if (!previous || previous.signature !== signature || previous.answered) {
      attempt.current = {
        body,
        signature,
        cents: check.cents,
        method,
        key: newIdempotencyKey(),
        cancelKey: newIdempotencyKey(),
        answered: false,
      };
    }
    setEntryAlert(null);
    setSummaryError(null);
    setStep('summary');
  };

  const onPay = () => {
    const current = attempt.current;
    if (!current || pay.isPending || cancel.isPending) return;
    setSummaryError(null);
    pay.mutate(
      { body: current.body, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          current.answered = true;
          setResult(answer);
          setStep('receipt');
        },
        onError: (err) => {
          if (isAnswered(err)) current.answered = true;
          const message = errorText(err, current.cents);
          if (isDecline(err)) {
            // spec 1 §8: declined → the message, and back to choose another method
            setEntryAlert(message);
            setValues((v) => ({ ...v, paymentMethodId: null }));
            setSubmitted(false);
            setStep('entry');
          } else {
            setSummaryError(message);
          }
        },
      },
    );
  };

  const onCancelAttempt = (note: string) => {
    const current = attempt.current;
    if (!current || pay.isPending || cancel.isPending) return;
    setSummaryError(null);
    cancel.mutate(
      { body: { ...current.body, note }, idempotencyKey: current.cancelKey },
      {
        onSuccess: (answer) => {
          current.answered = true;
          setResult(answer);
          setStep('receipt');
        },
        onError: (err) => setSummaryError(errorText(err, current.cents)),
      },
    );
  };

  const title =
    step === 'entry'
      ? t('payments.flow.entry.title')
      : step === 'summary'
        ? t('payments.flow.summary.title')
        : t('receipt.title');

  return (
    <>
      <Modal.Header>
        <Modal.Title ref={titleRef} tabIndex={-1} data-autofocus>
          {title}
        </Modal.Title>
        <Modal.CloseButton aria-label={t('common.close')} disabled={closeDisabled} />
      </Modal.Header>
      <Modal.Body>
        {step === 'entry' && (
          <PaymentEntryStep
            lease={lease}
            policy={policy}
            today={today}
            display={display}
            values={values}
            onChange={setValues}
            check={check}
            submitted={submitted}
            methods={methods}
            methodsQuery={methodsQuery}
            notConfigured={notConfigured}
            alert={entryAlert}
            onContinue={onContinue}
            onClose={onClose}
          />
        )}
        {step === 'summary' && attempt.current && (
          <PaymentSummaryStep
            lease={lease}
            attempt={attempt.current}
            chargeCodes={policy.chargeCodes}
            softMaximum={check.amountCheck?.softMaximumExceeded ? (check.amountCheck.softMaximum ?? null) : null}
            display={display}
            error={summaryError}
            paying={pay.isPending}
            cancelling={cancel.isPending}
            onBack={() => {
              setSummaryError(null);
              setStep('entry');
            }}
            onPay={onPay}
            onCancelAttempt={onCancelAttempt}
          />
        )}
        {step === 'receipt' && result && <PaymentReceiptStep lease={lease} result={result} onClose={onClose} />}
      </Modal.Body>
    </>
  );
}
