// spec 1 §4 "Payment flow": entry, then summary (Continue), then receipt on success; Back returns from summary to entry.
// Above the company's softMaximumPaymentAmount, Cancel replaces Back and records a cancelled attempt (with a note)
// whose receipt shows. One Idempotency-Key per payment attempt, made when the summary opens and reused by every retry
// of that attempt (a double click, a lost answer), so a tenant is never charged twice; an attempt whose answer came
// back, or a changed amount or method, gets a new key.
// spec 1 §4 "Method selector": choosing paysafe cash, union pay or split pay switches to that mode (its own step, whose
// Back returns here; a redirect closes the flow with the info message of the total, a paid instalment shows the
// receipt); loadhub cash opens the cash slip (a side modal, spec 1 §2); a wallet or the online wallet provider pays from
// the summary's button. Pay later (spec 2 §4) is the same flow offering the pay-later options, without 'add'.

import { Modal } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { mapPaymentError } from '@portal/domain/errors';
import { leaseAcceptedPaymentTypes } from '@portal/domain/lease-payment-options';
import { MSG } from '@portal/domain/message-keys';
import { currencyForCountry, type MoneyDisplay } from '@portal/domain/money';
import { payableNowCents } from '@portal/domain/payment-amounts';
import { merchantNotConfigured, showAddPaymentOption } from '@portal/domain/payment-methods';
import type { PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import { isPaymentRefusal } from '@portal/domain/processor-refusals';
import { isCancelledAttempt } from '@portal/domain/receipt';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { type FormErrors, useForm } from '../../../../components/form/use-form';
import { lazyModal } from '../../../../components/lazy-modal';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useSessionUser } from '../../../../lib/use-session-user';
import { useAddPaymentAttempt } from '../../api/add-payment-attempt';
import { usePaymentMethods } from '../../api/get-payment-methods';
import { useProcessPayment } from '../../api/process-payment';
import {
  attemptSignature,
  checkPaymentForm,
  enteredCents,
  initialPaymentForm,
  type PaymentFormValues,
  payableMethods,
  paymentBody,
  paymentPolicy,
} from '../../forms/payment-form';
import {
  choiceRoute,
  isModeRoute,
  type ModeRoute,
  optionMethodType,
  type PaymentChoice,
  type PayRoute,
  payLaterPayOptions,
  payNowOptions,
  resolveChoice,
} from '../../forms/payment-options';
import { isWindowsPlatform, localToday, useLang } from '../method-display';
import { type RedirectNextInfo, RedirectNextStep } from '../modes/redirect-next-step';
import { PayLaterNotice } from './pay-later-notice';
import { ENTRY_REFUSAL_FOCUS, PaymentEntryStep } from './payment-entry-step';
import { PaymentModeStep } from './payment-mode-step';
import { PaymentReceiptStep } from './payment-receipt-step';
import { PaymentSummaryStep } from './payment-summary-step';

// Side modals (spec 1 §2), loaded on their first open (components/lazy-modal.tsx).
const CashSlipModal = lazyModal(() => import('../modes/cash-slip-modal').then((m) => m.CashSlipModal));
const AddPaymentMethodModal = lazyModal(() =>
  import('../add-method/add-payment-method-modal').then((m) => m.AddPaymentMethodModal),
);

type Step = 'entry' | 'summary' | 'mode' | 'redirected' | 'receipt';

/** One payment attempt: what the summary shows and Pay sends, under its own Idempotency-Key. */
export interface PaymentAttempt {
  body: ProcessPaymentBody;
  signature: string;
  cents: number;
  /** The saved method paid with (null: an option that is not one, e.g. the online wallet provider). */
  method: PaymentMethodRecord | null;
  choice: PaymentChoice;
  /** How the summary pays: Pay (POST /processpayment), or the wallet or provider button. */
  route: PayRoute;
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
const isDecline = (err: unknown) => err instanceof ApiError && isPaymentRefusal(err.errorCode);

/** Whether the server's answer to this attempt is final (kept under its key), so a retry would only repeat it. */
const isAnswered = (err: unknown) => err instanceof ApiError && err.status < 500 && err.status !== 409;

export function PaymentFlow({
  lease,
  onClose,
  closeDisabled,
  paymentType = 'PAY_NOW',
}: {
  lease: PropertyLease;
  onClose: () => void;
  closeDisabled: boolean;
  /** spec 2 §4: pay now (every method) or pay later (split pay, the online wallet provider's pay later). */
  paymentType?: 'PAY_NOW' | 'PAY_LATER';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSessionUser();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [today] = useState(localToday);
  const policy = useMemo(() => paymentPolicy(lease), [lease]);
  const display: MoneyDisplay = { currency: currencyForCountry(lease.joins.company?.country), locale: lang };

  const [step, setStep] = useState<Step>('entry');
  // issue 21 §3: the portal's one form state and focus rule for the entry step (its rules: checkPaymentForm below)
  const form = useForm<PaymentFormValues>({
    initialValues: () => initialPaymentForm(paymentPolicy(lease), lang),
    validate: (v) => entryErrors(v),
    focusFallbacks: ENTRY_REFUSAL_FOCUS,
  });
  const { values, submitted, setValues } = form;
  const [entryAlert, setEntryAlert] = useState<string | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const attempt = useRef<PaymentAttempt | null>(null);
  const [mode, setMode] = useState<{ route: ModeRoute; cents: number } | null>(null);
  const [redirected, setRedirected] = useState<RedirectNextInfo | null>(null);
  const [slipOpen, setSlipOpen] = useState(false);
  // issue 20 §1: the amount typed before choosing cash is the slip's (null: nothing that reads as an amount)
  const [slipCents, setSlipCents] = useState<number | null>(null);
  const [addCardOpen, setAddCardOpen] = useState(false);
  const payLater = paymentType === 'PAY_LATER';

  const methodsQuery = usePaymentMethods(user?.id);
  const records = methodsQuery.data?.records ?? [];
  // spec 1 §5: pay later lists only its options (no saved method, no 'add')
  const methods = useMemo(
    () =>
      payLater
        ? []
        : payableMethods(methodsQuery.data?.records ?? [], lease, { isWindows: isWindowsPlatform(), now: new Date() }),
    [methodsQuery.data, lease, payLater],
  );
  const options = useMemo(
    () =>
      payLater
        ? payLaterPayOptions(lease)
        : payNowOptions(lease, methods, { isWindows: isWindowsPlatform(), today, locale: lang }),
    [lease, methods, payLater, today, lang],
  );
  const checkOf = (v: PaymentFormValues) => {
    const chosen = resolveChoice(v.paymentMethodId, methods, options);
    return {
      chosen,
      check: checkPaymentForm({ ...v, paymentMethodId: chosen ? v.paymentMethodId : null }, policy, { today, display }),
    };
  };
  /** The entry's refusal as the form sees it: the check's messages, and one mark when it is invalid without any. */
  const entryErrors = (v: PaymentFormValues): FormErrors<PaymentFormValues> => {
    const { chosen, check: c } = checkOf(v);
    if (c.valid && chosen) return {};
    return { ...c.errors, paymentMethodId: { key: MSG.requiredField } } as FormErrors<PaymentFormValues>;
  };
  const { chosen: choice, check } = checkOf(values);
  const route = choice ? choiceRoute(choice) : null;
  // the cash slip has its own amount (10..1993): the entry's amount rules do not hold it back
  const entryCheck = route === 'cashSlip' ? { ...check, valid: true, errors: {} } : check;
  const notConfigured = merchantNotConfigured([...leaseAcceptedPaymentTypes(lease)]);
  const canAddCard = showAddPaymentOption({ paymentType, onlyPMPaymentAllowed: lease.joins.company?.onlyPMPaymentAllowed });

  const pay = useProcessPayment();
  const cancel = useAddPaymentAttempt();

  // Focus moves to each step's heading (the first one too: the modal's focus trap starts there); a mode's own step
  // heading takes it instead (its StepHeading).
  useEffect(() => {
    if (step !== 'mode' && step !== 'redirected') titleRef.current?.focus();
  }, [step]);

  const errorText = (err: unknown, cents: number): string => {
    if (!(err instanceof ApiError)) return t('common.networkError');
    // spec 1 §8 "Payment receipt failure": the server failed while processing (503 says to retry, as it is)
    if (err.status >= 500 && err.status !== 503) return t(MSG.receiptFailure);
    const ref = mapPaymentError(err, {
      hasOpenCharges: policy.openCharges.length > 0,
      overpaymentAllowed: policy.overpaymentAllowed,
      payableNowCents: payableNowCents(policy.openCharges, today),
      enteredCents: cents,
      display,
    });
    return t(ref.key, ref.values);
  };

  const onContinue = (e: FormEvent<HTMLFormElement>) => {
    // spec 1 §4: loadhub cash opens the cash slip (its amount is the slip's own, 10..1993)
    if (route === 'cashSlip') {
      e.preventDefault();
      setSlipCents(enteredCents(values, display.locale));
      setSlipOpen(true);
      return;
    }
    void continueValid(e);
  };

  const continueValid = form.handleSubmit(() => {
    if (!check.valid || !choice || !route) return;
    setEntryAlert(null);
    if (isModeRoute(route)) {
      // spec 1 §4: paysafe cash, union pay and split pay switch mode, starting from the amount entered
      setMode({ route, cents: check.cents });
      setStep('mode');
      return;
    }
    const method = choice.kind === 'method' ? choice.method : null;
    // an option that is not a saved method is paid by its type (the provider's or the wallet's button)
    const paid = choice.kind === 'method' ? choice.method : { id: '', type: optionMethodType(choice.option.kind) };
    const body = paymentBody(values, lease.id, paid, policy.chargeCodes, display.locale);
    const signature = attemptSignature(body);
    const previous = attempt.current;
    // the same attempt (Back without a change, a retry after a lost answer) keeps its key
    if (!previous || previous.signature !== signature || previous.answered) {
      attempt.current = {
        body,
        signature,
        cents: check.cents,
        method,
        choice,
        route,
        key: newIdempotencyKey(),
        cancelKey: newIdempotencyKey(),
        answered: false,
      };
    }
    setSummaryError(null);
    setStep('summary');
  });

  const showReceipt = (answer: PaymentResult) => {
    setResult(answer);
    setStep('receipt');
  };

  const backToEntry = () => {
    setSummaryError(null);
    setStep('entry');
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
            // no message shown until the next attempt
            form.reset({ ...values, paymentMethodId: null });
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
    // an option that is not a saved method is recorded by its type alone
    const { paymentMethodId, ...rest } = current.body;
    cancel.mutate(
      { body: { ...rest, ...(paymentMethodId ? { paymentMethodId } : {}), note }, idempotencyKey: current.cancelKey },
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
    step === 'entry' || step === 'mode' || step === 'redirected'
      ? payLater
        ? t('payments.flow.payLater.title')
        : t('payments.flow.entry.title')
      : step === 'summary'
        ? t('payments.flow.summary.title')
        : result && isCancelledAttempt(result.status)
          ? t('payments.cancelled.title') // issue 20: a cancelled attempt is not a receipt
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
        {step === 'entry' && payLater && (
          <PayLaterNotice options={options} onClose={options.length === 0 ? onClose : undefined} />
        )}
        {step === 'entry' && (!payLater || options.length > 0) && (
          <PaymentEntryStep
            lease={lease}
            policy={policy}
            today={today}
            display={display}
            values={values}
            onChange={setValues}
            check={entryCheck}
            submitted={submitted}
            methods={methods}
            options={options}
            canAdd={canAddCard}
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
            onBack={backToEntry}
            onPay={onPay}
            onCancelAttempt={onCancelAttempt}
            onPaid={showReceipt}
            savedMethods={records}
          />
        )}
        {step === 'mode' && mode && (
          <PaymentModeStep
            route={mode.route}
            lease={lease}
            amountCents={mode.cents}
            savedMethods={records}
            onBack={backToEntry}
            onPaid={showReceipt}
            onRedirected={(info) => {
              // spec 1 §4: the page opened in a new tab; issue 21 §1: the flow says what happens next, not closing
              setRedirected(info);
              setStep('redirected');
            }}
            onAddCard={canAddCard ? () => setAddCardOpen(true) : undefined}
          />
        )}
        {step === 'redirected' && redirected && <RedirectNextStep info={redirected} onClose={onClose} />}
        {step === 'receipt' && result && <PaymentReceiptStep lease={lease} result={result} onClose={onClose} />}
      </Modal.Body>
      <CashSlipModal opened={slipOpen} onClose={() => setSlipOpen(false)} lease={lease} amountCents={slipCents} />
      <AddPaymentMethodModal
        opened={addCardOpen}
        onClose={() => setAddCardOpen(false)}
        onAdded={() => {
          setAddCardOpen(false);
          void methodsQuery.refetch();
        }}
        context="payment-flow"
        leases={[lease]}
      />
    </>
  );
}
