// spec 1 §4 "Payment flow": the summary before Pay — lease, method, amount, fee (spec 1 §9: no fee row when the fee is
// subtracted from the amount or paid by the company; a fee of 0 shows 'Free'), total, charges. Back returns to the
// entry; above the company's soft maximum Cancel replaces Back and records the cancelled attempt. Refusals of the
// server show here in the UI's language (spec 1 §8). spec 1 §4: a wallet method shows the wallet button instead of Pay,
// TYPE_PAY_PAL the online wallet provider's button (its order flow; in pay-later mode with the jurisdiction note).
// issue 20: a PayPal or wallet option without a saved method shows its fee and total before the tenant confirms, as a
// card does (POST /calculatefeewithfeeprofile with the option's type; a wallet priced per wallet type offered).
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { FeeCalculation, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { isFeeFree } from '@portal/domain/fees';
import { MSG } from '@portal/domain/message-keys';
import { formatMoney, type MoneyDisplay, toCents } from '@portal/domain/money';
import type { ChargeCode } from '@portal/domain/payment-amounts';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { getReceiptAmounts } from '@portal/domain/receipt';
import type { MessageRef } from '@portal/domain/rule';
import { type ReactNode, useId } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { FieldTable } from '../../../../components/field-table';
import { chargeName } from '../../../../lib/charge-name';
import { useTranslation } from '../../../../lib/i18n';
import { type FeeQuestion, useFeeCalculations } from '../../api/calculate-fee';
import { useMethodLabel } from '../method-display';
import { PayPalOrderStep } from '../modes/paypal-order-step';
import { WalletPayButton } from '../modes/wallet-pay-button';
import type { PaymentAttempt } from './payment-flow';
import { useLeaseName } from './use-lease-name';
import { usePayOptionText } from './use-pay-option-text';

const WALLET_NAME = { APPLE_PAY: 'payments.wallet.applePay', GOOGLE_PAY: 'payments.wallet.googlePay' } as const;

interface PaymentSummaryStepProps {
  lease: PropertyLease;
  attempt: PaymentAttempt;
  chargeCodes: readonly ChargeCode[];
  /** spec 1 §4: the amount is above the company's soft maximum (its message), or null. */
  softMaximum: MessageRef | null;
  display: MoneyDisplay;
  error: string | null;
  paying: boolean;
  cancelling: boolean;
  onBack: () => void;
  onPay: () => void;
  onCancelAttempt: (note: string) => void;
  /** The wallet or the online wallet provider paid: show the receipt. */
  onPaid: (result: PaymentResult) => void;
  /** The tenant's saved methods (a wallet option reuses a reusable wallet among them). */
  savedMethods: readonly PaymentMethodRecord[];
}

export function PaymentSummaryStep(props: PaymentSummaryStepProps) {
  const { lease, attempt, display, softMaximum, error, paying, cancelling } = props;
  const { t } = useTranslation();
  const label = useMethodLabel();
  const optionText = usePayOptionText(display.currency);
  const leaseName = useLeaseName(lease);
  const chargesId = useId();
  const { method, choice, route } = attempt;
  // the fee of a saved method, or of the PayPal / wallet option as it will be charged (one per wallet type offered)
  const ask = { amountCents: attempt.cents, companyId: lease.companyId };
  const questions: FeeQuestion[] = method
    ? [{ ...ask, paymentMethodId: method.id }]
    : choice.kind !== 'option'
      ? []
      : route === 'payPal'
        ? [{ ...ask, paymentMethodId: 'TYPE_PAY_PAL' }]
        : route === 'wallet'
          ? (choice.option.walletTypes ?? []).map((walletType) => ({ ...ask, paymentMethodId: 'TYPE_WALLET', walletType }))
          : [];
  const fees = useFeeCalculations(questions);
  const priced = questions.length > 0;
  const fee = {
    isPending: fees.some((f) => f.isPending),
    isError: fees.some((f) => f.isError),
    refetch: () => Promise.all(fees.map((f) => f.refetch())),
  };
  const money = (cents: number) => formatMoney(cents, display.currency, display.locale);
  const calcs = fees.map((f) => f.data).filter((c): c is FeeCalculation => c !== undefined);
  // wallets priced alike read as one fee; otherwise each wallet's fee and total is named
  const sameFee = calcs.every((c) => c.feeAmount === calcs[0]?.feeAmount && c.total === calcs[0]?.total);
  const calc = priced && calcs.length === questions.length && sameFee ? calcs[0] : undefined;
  const perWallet = priced && calcs.length === questions.length && !sameFee;
  const busy = paying || cancelling;

  const loading = (
    <Text span size="sm" c="dimmed">
      {t('payments.flow.summary.calculating')}
    </Text>
  );
  let feeRow: ReactNode = null;
  let total: ReactNode = loading;
  let subtractedNote: string | null = null;
  if (calc) {
    const feeCents = toCents(calc.feeAmount);
    const paidByCompany = calc.feeProfile?.paidByCompany ?? false;
    const feeType = calc.feeProfile?.feeType ?? null;
    const { showFeeRow } = getReceiptAmounts({ amountCents: attempt.cents, feeCents, feeType, feePaidByCompany: paidByCompany });
    if (showFeeRow) feeRow = isFeeFree(feeCents, paidByCompany) ? t(MSG.feeFree) : money(feeCents);
    if (feeType === 'SUBTRACT' && !paidByCompany && feeCents > 0) {
      subtractedNote = t('payments.flow.summary.feeSubtracted', { fee: money(feeCents) });
    }
    total = money(toCents(calc.total));
  } else if (perWallet) {
    const each = (text: (c: FeeCalculation) => string) =>
      questions.map((q, i) => `${q.walletType ? t(WALLET_NAME[q.walletType]) : ''}: ${text(calcs[i])}`).join(' · ');
    feeRow = each((c) =>
      isFeeFree(toCents(c.feeAmount), c.feeProfile?.paidByCompany) ? t(MSG.feeFree) : money(toCents(c.feeAmount)),
    );
    total = each((c) => money(toCents(c.total)));
  } else if (priced && fee.isPending) {
    feeRow = loading;
  }

  const rows: [string, string, ReactNode][] = [
    ['lease', t('payments.flow.summary.lease'), leaseName],
    [
      'method',
      t('payments.flow.summary.method'),
      method ? label(method) : choice.kind === 'option' ? optionText.label(choice.option) : '',
    ],
    ['amount', t('payments.flow.summary.amount'), money(attempt.cents)],
    ...(feeRow !== null ? [['fee', t('payments.flow.summary.fee'), feeRow] as [string, string, ReactNode]] : []),
    ...(priced ? [['total', t('payments.flow.summary.total'), total] as [string, string, ReactNode]] : []),
  ];
  const charges = attempt.body.charges ?? [];
  const codeName = (code: string) => chargeName(t, props.chargeCodes.find((c) => c.code === code) ?? { code });
  const payCharges = charges.length > 0 ? charges : undefined;
  // spec 1 §4 "Wallet": the wallet or the provider's button pays instead of Pay
  const payButton =
    route === 'payPal' ? (
      <PayPalOrderStep
        lease={lease}
        amountCents={attempt.cents}
        charges={payCharges}
        paymentType={choice.kind === 'option' && choice.option.kind === 'PAY_PAL_PAY_LATER' ? 'PAY_LATER' : 'PAY_NOW'}
        onPaid={props.onPaid}
      />
    ) : route === 'wallet' ? (
      <WalletPayButton
        lease={lease}
        amountCents={attempt.cents}
        charges={payCharges}
        onPaid={props.onPaid}
        savedMethods={method ? [method] : props.savedMethods}
        walletTypes={
          method?.walletType === 'APPLE_PAY' || method?.walletType === 'GOOGLE_PAY'
            ? [method.walletType]
            : choice.kind === 'option'
              ? choice.option.walletTypes
              : undefined
        }
      />
    ) : null;

  return (
    <Stack gap="md">
      {softMaximum && (
        <Alert color="yellow" variant="light" role="note" title={t('payments.flow.summary.softMaximumTitle')}>
          {t(softMaximum.key, softMaximum.values)}
        </Alert>
      )}
      <FieldTable rows={rows} boldField="total" data-testid="payment-summary" />
      {subtractedNote && (
        <Text size="sm" c="dimmed">
          {subtractedNote}
        </Text>
      )}
      {charges.length > 0 && (
        <div>
          <Text fw={600} mb={4} id={chargesId}>
            {t('payments.flow.summary.charges')}
          </Text>
          <Table aria-labelledby={chargesId}>
            <Table.Tbody>
              {charges.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a charge code may repeat; the list is read-only
                <Table.Tr key={`${c.code}-${i}`}>
                  <Table.Td>{codeName(c.code)}</Table.Td>
                  <Table.Td ta="right">{money(toCents(c.amount))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {fee.isError && (
        <Alert color="red" variant="light" role="alert" title={t('payments.flow.summary.feeError')}>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void fee.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" title={t('payments.flow.summary.errorTitle')}>
          {error}
        </Alert>
      )}
      {payButton}
      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        {softMaximum ? (
          <Button
            variant="default"
            loading={cancelling}
            disabled={paying}
            onClick={() =>
              props.onCancelAttempt(t('payments.flow.summary.cancelNote', { amount: softMaximum.values?.amount ?? '' }))
            }
          >
            {t('payments.flow.summary.cancel')}
          </Button>
        ) : (
          <Button variant="default" disabled={busy} onClick={props.onBack}>
            {t('payments.flow.summary.back')}
          </Button>
        )}
        {route === 'process' && (
          <Button loading={paying} disabled={!calc || cancelling} onClick={props.onPay}>
            {calc ? t('payments.flow.summary.pay', { total: money(toCents(calc.total)) }) : t('payments.flow.summary.payPlain')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
