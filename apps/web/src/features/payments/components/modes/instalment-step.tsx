// spec 1 §4 "Instalment mode" / §5 "Instalment eligibility" (spec 2 §4 pay later): instalment (split) pay.
//   1. Eligibility (checkInstalmentEligibility): a phone that is set and valid for CA/US (else alerts pointing to the
//      Account page), a non-expired VISA / MASTERCARD / AMERICAN_EXPRESS / DISCOVER credit card (else an alert asking
//      to add one), not in NB or NS (not offered there).
//   2. The funded amount (80..20000, validateInstalmentAmount) and the funding card → POST /installment_pay/initiate.
//      spec 1 §8: an initiate failure shows 'system-error'.
//   3. The plan: fee (6.99% per transaction, or 'Free'), first instalment (funded amount / n + fee, charged now), the
//      how-it-works and schedule modals, the terms (a link and a required checkbox) accepted with
//      PATCH /INSTALLMENT_PAY/{id}/update, then POST /processpayment TYPE_INSTALLMENT_PAY with the plan's id.
import { Alert, Anchor, Button, Checkbox, Group, Loader, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Customer, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { mapGenericError, mapInstalmentInitError } from '@portal/domain/errors';
import { formatRate, SPLIT_PAY_FEE_PERCENT, splitPayFeeDisplay } from '@portal/domain/fees';
import {
  checkInstalmentEligibility,
  DEFAULT_INSTALMENTS,
  INSTALMENT_MAX_CENTS,
  INSTALMENT_MIN_CENTS,
  instalmentSchedule,
  isEligibleFundingCard,
  validateInstalmentAmount,
} from '@portal/domain/limits';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, toCents } from '@portal/domain/money';
import { arePartialPaymentsBlocked, checkPaymentAmount } from '@portal/domain/payment-amounts';
import type { InstalmentPlan, PaymentResult } from '@portal/domain/payment-shapes';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { PropertyLease } from '../../../../api/types';
import { FieldTable } from '../../../../components/field-table';
import { ApiError, answerOf } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useInitiateInstalmentPay, useInstalmentAmount, useUpdateInstalmentPlan } from '../../api/instalment-pay';
import { useProcessPayment } from '../../api/process-payment';
import { StepHeading } from '../add-method/step-heading';
import { localToday, useMethodLabel } from '../method-display';
import { AmountField, amountCentsOf, amountRefusal, amountText } from './amount-field';
import { InstalmentHowItWorksModal, InstalmentScheduleModal } from './instalment-modals';
import { ModeStepFooter, type StepFailure } from './mode-step-footer';
import { paymentErrorRef, useAttemptKeys, useLeaseMoney } from './mode-support';

export interface InstalmentStepProps {
  lease: PropertyLease;
  /** The tenant, for the phone rule (spec 1 §5); undefined while it loads. */
  customer: Pick<Customer, 'phone'> | null | undefined;
  /** The tenant's saved payment methods: the funding card is one of their eligible credit cards. */
  savedMethods: readonly PaymentMethodRecord[];
  /** The amount the step starts with (the flow's amount), in cents; the tenant may change it here. */
  amountCents: number;
  /** The first instalment was charged: the payment (show its receipt). */
  onPaid: (result: PaymentResult) => void;
  /** Back to the flow's entry (no button when absent). */
  onBack?: () => void;
  /** Opens the add-payment-method flow (offered with the 'add a credit card' alert). */
  onAddCard?: () => void;
}

const ACCOUNT_PAGE = '/customer/account';

export function InstalmentStep(props: InstalmentStepProps) {
  const { lease, customer, savedMethods, onBack, onAddCard } = props;
  const { t } = useTranslation();
  const [today] = useState(localToday);
  const [plan, setPlan] = useState<InstalmentPlan | null>(null);

  if (customer === undefined) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  }
  const eligibility = checkInstalmentEligibility({
    phone: customer?.phone,
    fundingCards: savedMethods,
    province: lease.joins.property?.province,
    today,
  });
  if (!eligibility.ok) {
    const phoneProblem = eligibility.key === MSG.instalmentUnsetPhone || eligibility.key === MSG.instalmentFormatPhone;
    return (
      <Stack gap="md">
        <StepHeading id="instalment-heading">{t('payments.modes.instalment.title')}</StepHeading>
        <Alert color="yellow" variant="light" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t(eligibility.key, eligibility.values)}</Text>
            {phoneProblem && (
              <Anchor component={Link} to={ACCOUNT_PAGE} size="sm">
                {t('payments.modes.instalment.goToAccount')}
              </Anchor>
            )}
          </Stack>
        </Alert>
        <Group justify={onBack ? 'space-between' : 'flex-end'} gap="sm">
          {onBack && (
            <Button variant="default" onClick={onBack}>
              {t('payments.modes.back')}
            </Button>
          )}
          {eligibility.key === MSG.instalmentAddCreditCard && onAddCard && (
            <Button onClick={onAddCard}>{t('payments.modes.instalment.addCard')}</Button>
          )}
        </Group>
      </Stack>
    );
  }
  return plan ? (
    <InstalmentPlanReview {...props} plan={plan} onPlanChange={setPlan} onChangePlan={() => setPlan(null)} />
  ) : (
    <InstalmentForm {...props} today={today} onPlan={setPlan} />
  );
}

/** Step 2: the funded amount and the funding card, then the plan (POST /installment_pay/initiate). */
function InstalmentForm({
  lease,
  savedMethods,
  amountCents,
  onBack,
  today,
  onPlan,
}: InstalmentStepProps & { today: string; onPlan: (plan: InstalmentPlan) => void }) {
  const { t } = useTranslation();
  const { display, money, lang } = useLeaseMoney(lease);
  const label = useMethodLabel();
  const cards = savedMethods.filter((m) => isEligibleFundingCard(m, today));
  const [text, setText] = useState(() => amountText(amountCents, display.locale));
  const [cardId, setCardId] = useState<string>(() => cards[0]?.id ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<StepFailure | null>(null);
  const [howOpen, setHowOpen] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const initiate = useInitiateInstalmentPay();
  const keys = useAttemptKeys();

  const cents = amountCentsOf(text, display.locale);
  const company = lease.joins.company;
  // spec 1 §5: 80..20000 first, then the amount rules of every payment (the server applies both)
  const check: MessageRef | null =
    cents == null || cents <= 0
      ? amountRefusal(text, display.locale)
      : (() => {
          const range = validateInstalmentAmount(cents, display);
          if (!range.ok) return range;
          const general = checkPaymentAmount(cents, {
            openCharges: lease.openCharges ?? [],
            today,
            overpaymentAllowed: company?.overpaymentAllowed ?? 'NO',
            blockPartialPayments: arePartialPaymentsBlocked(lease, company),
            display,
          });
          return general.ok ? null : (general.error ?? null);
        })();
  const cardError = submitted && !cards.some((c) => c.id === cardId) ? t(MSG.requiredField) : undefined;
  const rateText = t(MSG.feeSplitPayRate, { rate: formatRate(SPLIT_PAY_FEE_PERCENT, 'PERCENT', display.currency, lang) });

  const onContinue = () => {
    setSubmitted(true);
    setFailure(null);
    if (check || cents == null || !cards.some((c) => c.id === cardId) || initiate.isPending) return;
    const idempotencyKey = keys.keyFor(`${lease.id}:${cents}:${cardId}`);
    initiate.mutate(
      { leaseId: lease.id, amount: fromCents(cents), fundingMethodId: cardId, idempotencyKey },
      {
        onSuccess: (plan) => {
          keys.settled();
          onPlan(plan);
        },
        onError: (err) => {
          keys.settled(err);
          // spec 1 §8: instalment init failure → 'system-error' (with the server's reason under it)
          const ref = mapInstalmentInitError(answerOf(err));
          setFailure({ title: t(ref.key, ref.values), detail: err instanceof ApiError ? err.message || null : null });
          setTimeout(() => failureRef.current?.focus());
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <StepHeading id="instalment-heading">{t('payments.modes.instalment.title')}</StepHeading>
      <Text size="sm">{t('payments.modes.instalment.intro', { n: DEFAULT_INSTALMENTS })}</Text>
      <div>
        <Button variant="subtle" size="compact-sm" onClick={() => setHowOpen(true)}>
          {t('payments.modes.instalment.howLink')}
        </Button>
      </div>
      <AmountField
        label={t('payments.modes.instalment.amount')}
        currency={display.currency}
        value={text}
        onChange={(v) => {
          setText(v);
          setFailure(null);
        }}
        description={t('payments.modes.instalment.amountRange', {
          min: money(INSTALMENT_MIN_CENTS),
          max: money(INSTALMENT_MAX_CENTS),
        })}
        error={submitted && check ? t(check.key, check.values) : undefined}
        disabled={initiate.isPending}
      />
      <Radio.Group
        label={t('payments.modes.instalment.fundingCard')}
        description={t('payments.modes.instalment.fundingCardHint')}
        value={cardId}
        onChange={setCardId}
        error={cardError}
        required
      >
        <Stack gap="xs" mt="xs">
          {cards.map((c) => (
            <Radio key={c.id} value={c.id} label={label(c)} disabled={initiate.isPending} />
          ))}
        </Stack>
      </Radio.Group>
      <ModeStepFooter
        failure={failure}
        failureRef={failureRef}
        pending={initiate.isPending}
        onContinue={onContinue}
        onBack={onBack}
      />
      <InstalmentHowItWorksModal
        opened={howOpen}
        onClose={() => setHowOpen(false)}
        installments={DEFAULT_INSTALMENTS}
        feeText={rateText}
      />
    </Stack>
  );
}

/** Step 3: the plan, its terms, and paying the first instalment. */
function InstalmentPlanReview({
  lease,
  savedMethods,
  onPaid,
  plan,
  onPlanChange,
  onChangePlan,
}: InstalmentStepProps & { plan: InstalmentPlan; onPlanChange: (plan: InstalmentPlan) => void; onChangePlan: () => void }) {
  const { t } = useTranslation();
  const { display, money, lang } = useLeaseMoney(lease);
  const label = useMethodLabel();
  const amounts = useInstalmentAmount(plan.id);
  const update = useUpdateInstalmentPlan();
  const pay = useProcessPayment();
  const keys = useAttemptKeys();
  const [today] = useState(localToday);
  const [accepted, setAccepted] = useState(plan.acceptedTermsAndConditions);
  const [submitted, setSubmitted] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [howOpen, setHowOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const busy = update.isPending || pay.isPending;

  const card = savedMethods.find((m) => m.id === plan.fundingMethodId) ?? null;
  const a = amounts.data;
  const fundedCents = toCents(a?.amount ?? plan.amount);
  const tenantFeeCents = a ? toCents(a.total) - toCents(a.amount) : 0;
  const n = a?.installments ?? plan.installments;
  const feeRef = a ? splitPayFeeDisplay({ feeCents: toCents(a.feeAmount), paidByCompany: a.feePaidByCompany }, lang) : null;
  const feeText = feeRef ? t(feeRef.key, feeRef.values) : '';
  const schedule = instalmentSchedule({
    fundedAmountCents: fundedCents,
    installments: n,
    feeCents: tenantFeeCents,
    firstDate: today,
  });
  const firstCents = a ? toCents(a.firstInstalmentAmount) : (schedule[0]?.amountCents ?? 0);

  const showError = (text: string) => {
    setPayError(text);
    setTimeout(() => errorRef.current?.focus());
  };

  const onPay = async () => {
    setSubmitted(true);
    setPayError(null);
    if (!accepted) {
      termsRef.current?.focus();
      return;
    }
    if (busy) return;
    let current = plan;
    // spec 1 §4: the terms are accepted (with the funding card) before paying
    if (!current.acceptedTermsAndConditions) {
      try {
        current = await update.mutateAsync({
          id: plan.id,
          acceptedTermsAndConditions: true,
          ...(plan.fundingMethodId ? { fundingMethodId: plan.fundingMethodId } : {}),
        });
        onPlanChange(current);
      } catch (err) {
        const ref = mapGenericError(answerOf(err));
        showError(err instanceof ApiError ? t(ref.key, ref.values) : t('common.networkError'));
        return;
      }
    }
    const idempotencyKey = keys.keyFor(`${current.id}:${current.amount}`);
    pay.mutate(
      {
        body: {
          billingAccountId: lease.id,
          billingAccountType: 'TYPE_PROPERTY_LEASE',
          paymentMethodId: current.id,
          paymentMethodType: 'TYPE_INSTALLMENT_PAY',
          amount: current.amount,
        },
        idempotencyKey,
      },
      {
        onSuccess: (result) => {
          keys.settled();
          onPaid(result);
        },
        onError: (err) => {
          keys.settled(err);
          const ref = paymentErrorRef(err, lease, toCents(current.amount), display);
          showError(ref ? t(ref.key, ref.values) : t('common.networkError'));
        },
      },
    );
  };

  const rows: [string, string, string][] = a
    ? [
        ['funded', t('payments.modes.instalment.funded'), money(fundedCents)],
        [
          'fee',
          t('payments.modes.instalment.fee'),
          tenantFeeCents > 0 ? t('payments.modes.instalment.feeValue', { rate: feeText, fee: money(tenantFeeCents) }) : feeText,
        ],
        ['first', t('payments.modes.instalment.first'), money(firstCents)],
        ...(n > 1
          ? [
              [
                'later',
                t('payments.modes.instalment.later'),
                t('payments.modes.instalment.laterValue', { rest: n - 1, amount: money(schedule[1]?.amountCents ?? 0) }),
              ] as [string, string, string],
            ]
          : []),
        ['total', t('payments.modes.instalment.total'), money(toCents(a.total))],
        ['card', t('payments.modes.instalment.fundingCard'), card ? label(card) : ''],
      ]
    : [];

  return (
    <Stack gap="md">
      <StepHeading id="instalment-plan-heading">{t('payments.modes.instalment.planTitle')}</StepHeading>
      {amounts.isPending ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      ) : amounts.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(MSG.systemError)}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void amounts.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <FieldTable rows={rows} boldField="first" nameWidth="45%" data-testid="instalment-plan" />
      )}
      <Group gap="xs" wrap="wrap">
        <Button variant="subtle" size="compact-sm" onClick={() => setHowOpen(true)}>
          {t('payments.modes.instalment.howLink')}
        </Button>
        <Button variant="subtle" size="compact-sm" onClick={() => setScheduleOpen(true)} disabled={!a}>
          {t('payments.modes.instalment.scheduleLink')}
        </Button>
      </Group>
      <Checkbox
        ref={termsRef}
        checked={accepted}
        onChange={(e) => setAccepted(e.currentTarget.checked)}
        disabled={busy}
        label={
          <>
            {t('payments.modes.instalment.termsBefore')}{' '}
            <Anchor href={plan.termsAndConditionsUrl} target="_blank" rel="noopener" inherit>
              {t('payments.modes.instalment.termsLink')}
              <VisuallyHidden> ({t('common.opensInNewTab')})</VisuallyHidden>
            </Anchor>
          </>
        }
        error={submitted && !accepted ? t(MSG.instalmentTermsRequired) : undefined}
      />
      {payError && (
        <Alert color="red" role="alert" ref={errorRef} tabIndex={-1}>
          {payError}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap-reverse">
        <Button variant="default" onClick={onChangePlan} disabled={busy}>
          {t('payments.modes.back')}
        </Button>
        <Button onClick={() => void onPay()} loading={busy} disabled={!a}>
          {t('payments.modes.instalment.pay', { amount: money(firstCents) })}
        </Button>
      </Group>
      <InstalmentHowItWorksModal opened={howOpen} onClose={() => setHowOpen(false)} installments={n} feeText={feeText} />
      <InstalmentScheduleModal
        opened={scheduleOpen}
        onClose={() => setScheduleOpen(false)}
        fundedCents={fundedCents}
        feeCents={tenantFeeCents}
        installments={n}
        firstDate={today}
        money={money}
      />
    </Stack>
  );
}
