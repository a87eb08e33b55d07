// spec 1 §4 / §5 "Payment amounts": the entry step. The amount defaults to the open balances (payable now shown), or
// charge-code rows (displayChargeCodes, or the tenant's choice); the overpayment option only where the company allows
// it; the amount rules of packages/domain with their alerts (partial-payment block, overpayment, minimum); the method
// selector. Errors show after a submit attempt; Continue is disabled while the form is invalid after one.
import { Alert, Button, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { formatMoney, type MoneyDisplay } from '@portal/domain/money';
import { defaultPaymentAmountCents, isOverpaymentOptionEnabled } from '@portal/domain/payment-amounts';
import type { MessageRef } from '@portal/domain/rule';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PropertyLease } from '../../../../api/types';
import { AmountInput } from '../../../../components/amount-input';
import { BalanceBreakdown } from '../../../../components/balance-breakdown';
import { PendingPayments } from '../../../../components/pending-payments';
import { useTranslation } from '../../../../lib/i18n';
import {
  defaultChargeRows,
  enteredCents,
  type PaymentFormCheck,
  type PaymentFormValues,
  type PaymentPolicy,
} from '../../forms/payment-form';
import type { PayOption } from '../../forms/payment-options';
import { ChargeRows } from './charge-rows';
import { MethodSelector } from './method-selector';
import { useLeaseName } from './use-lease-name';

/** Where a refused submit moves focus when no field is in error (the flow's useForm applies the one focus rule). */
export const ENTRY_REFUSAL_FOCUS = ['[data-invalid-alert]', 'input[type="radio"]'];

interface PaymentEntryStepProps {
  lease: PropertyLease;
  policy: PaymentPolicy;
  today: string;
  display: MoneyDisplay;
  values: PaymentFormValues;
  onChange: (update: (values: PaymentFormValues) => PaymentFormValues) => void;
  check: PaymentFormCheck;
  submitted: boolean;
  methods: PaymentMethodRecord[];
  /** The options after the saved methods (forms/payment-options.ts). */
  options: readonly PayOption[];
  /** spec 1 §5: the add-payment option (hidden for PAY_LATER or onlyPMPaymentAllowed YES). */
  canAdd: boolean;
  methodsQuery: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'refetch'>;
  /** spec 1 §8: no accepted payment types → 'merchant account not configured'. */
  notConfigured: MessageRef | null;
  /** A refusal that sent the tenant back here (a declined card). */
  alert: string | null;
  /** The form's submit (the flow's useForm: the refusal's focus rule runs there). */
  onContinue: (event: React.FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
}

export function PaymentEntryStep(props: PaymentEntryStepProps) {
  const { lease, policy, today, display, values, onChange, check, submitted, methods, notConfigured } = props;
  const { t } = useTranslation();
  const leaseName = useLeaseName(lease);
  const money = (cents: number) => formatMoney(cents, display.currency, display.locale);
  const errors = submitted ? check.errors : {};
  const overpayEnabled = isOverpaymentOptionEnabled(policy.overpaymentAllowed);

  if (notConfigured) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {t(notConfigured.key, notConfigured.values)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const policyMessage = errors.policy
    ? t(errors.policy.key, errors.policy.values)
    : errors.overpayNotChosen
      ? t('payments.flow.entry.overpayNotChosen', { amount: money(defaultPaymentAmountCents(policy.openCharges)) })
      : null;

  return (
    <form noValidate onSubmit={props.onContinue}>
      <Stack gap="md">
        <Text size="sm">
          <Text span fw={600}>
            {t('payments.flow.entry.lease')}
          </Text>{' '}
          {leaseName}
        </Text>
        {props.alert && (
          <Alert color="red" variant="light" role="alert" title={t('payments.flow.entry.declinedTitle')}>
            {props.alert}
          </Alert>
        )}
        {/* issue 20: overdue apart from what is coming due, in a tenant's words (was "Open balance · Payable now") */}
        <BalanceBreakdown
          openCharges={policy.openCharges}
          today={today}
          currency={display.currency}
          withTotal
          testId="payable-now"
        />
        {/* issue 21 §1: a payment waiting at the provider is shown apart; the amount rules already count it */}
        <PendingPayments lease={lease} currency={display.currency} counted testId="entry-pending" />
        {!policy.displayChargeCodes && (
          <Switch
            label={t('payments.flow.entry.byCharge')}
            checked={values.byCharge}
            onChange={(e) => {
              const byCharge = e.currentTarget.checked;
              onChange((v) => ({ ...v, byCharge, rows: byCharge ? defaultChargeRows(policy, display.locale) : v.rows }));
            }}
          />
        )}
        {values.byCharge ? (
          <ChargeRows values={values} onChange={onChange} codes={policy.chargeCodes} errors={errors.rows} display={display} />
        ) : (
          <AmountInput
            label={t('payments.flow.entry.amount', { currency: display.currency })}
            value={values.amount}
            onChange={(amount) => onChange((v) => ({ ...v, amount }))}
            // an amount rule's message (minimum, overpayment, partial payment) is the field's alert
            error={errors.amount ? t(errors.amount.key, errors.amount.values) : policyMessage}
            errorProps={policyMessage && !errors.amount ? { role: 'alert' } : undefined}
          />
        )}
        <Checkbox
          label={t('payments.flow.entry.overpay')}
          description={overpayEnabled ? undefined : t('payments.flow.entry.overpayDisabled')}
          disabled={!overpayEnabled}
          checked={overpayEnabled && values.overpay}
          onChange={(e) => {
            const overpay = e.currentTarget.checked;
            onChange((v) => ({ ...v, overpay }));
          }}
        />
        {policyMessage && values.byCharge && (
          <Alert color="red" variant="light" role="alert" tabIndex={-1} data-invalid-alert>
            {policyMessage}
          </Alert>
        )}
        <MethodSelector
          lease={lease}
          methods={methods}
          options={props.options}
          currency={display.currency}
          methodsQuery={props.methodsQuery}
          selectedId={values.paymentMethodId}
          onSelect={(id) => onChange((v) => ({ ...v, paymentMethodId: id }))}
          amountCents={enteredCents(values, display.locale) ?? 0}
          canAdd={props.canAdd}
          error={errors.method}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={submitted && !check.valid}>
            {t('payments.flow.entry.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
