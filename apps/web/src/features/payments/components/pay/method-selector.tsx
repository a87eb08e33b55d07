// spec 1 §4 "Method selector" / §5 "Payment method lists": the saved methods this lease accepts and does not block, each
// with its fee for the amount (spec 1 §9: a fee of 0 or paid by the company shows 'Free'), the warning listing blocked
// methods, and 'add payment method' (the add flow of the payment page, with wallets: spec 2 §9). After the saved methods,
// the options that are not one (forms/payment-options.ts: the online wallet provider, Apple Pay / Google Pay, cash, split
// pay, union pay, or the pay-later options), each with what it does.
import { Alert, Button, Group, List, Loader, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FeeCalculation, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { isFeeFree } from '@portal/domain/fees';
import { MSG } from '@portal/domain/message-keys';
import { type Currency, formatMoney, toCents } from '@portal/domain/money';
import { type BlockPayments, blockedMethodsWarning } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { lazyModal } from '../../../../components/lazy-modal';
import { useTranslation } from '../../../../lib/i18n';
import { type FeeQuestion, useFeeCalculations } from '../../api/calculate-fee';
import { optionMethodType, type PayOption } from '../../forms/payment-options';
import { BrandLogo } from '../brand-logo';
import { useLang, useMethodLabel } from '../method-display';
import { MethodTypeIcon } from '../method-type-icon';
import { usePayOptionText } from './use-pay-option-text';

// Loads on its first open (components/lazy-modal.tsx).
const AddPaymentMethodModal = lazyModal(() =>
  import('../add-method/add-payment-method-modal').then((m) => m.AddPaymentMethodModal),
);

/** How long typing pauses before the fees are asked for the new amount. */
const FEE_DEBOUNCE_MS = 300;

interface MethodSelectorProps {
  lease: PropertyLease;
  methods: PaymentMethodRecord[];
  /** The options listed after the saved methods (spec 1 §4: choosing cash or split pay switches mode). */
  options?: readonly PayOption[];
  /** The lease's currency (the split-pay rate's format). */
  currency: Currency;
  methodsQuery: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'refetch'>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The amount the fees are for (0: none yet). */
  amountCents: number;
  /** spec 1 §5: the add-payment option (hidden for PAY_LATER or onlyPMPaymentAllowed YES). */
  canAdd: boolean;
  error: MessageRef | undefined;
}

/** The fee of one method for the amount, as shown beside it. */
function useFeeText() {
  const { t } = useTranslation();
  const lang = useLang();
  return (calc: FeeCalculation | undefined, state: { isLoading: boolean; isError: boolean }): string | null => {
    if (calc) {
      const feeCents = toCents(calc.feeAmount);
      if (isFeeFree(feeCents, calc.feeProfile?.paidByCompany)) return t('payments.flow.method.fee', { fee: t(MSG.feeFree) });
      const fee = formatMoney(feeCents, calc.currency, lang);
      return calc.feeProfile?.feeType === 'SUBTRACT'
        ? t('payments.flow.method.feeSubtracted', { fee })
        : t('payments.flow.method.fee', { fee });
    }
    if (state.isLoading) return t('payments.flow.method.feeLoading');
    if (state.isError) return t('payments.flow.method.feeUnavailable');
    return null;
  };
}

/** What the fee call is asked for an option without a saved method: PayPal's type, or each wallet type offered. */
function optionFeeQuestions(option: PayOption, amountCents: number, companyId: string): FeeQuestion[] {
  const ask = { amountCents, companyId };
  if (option.kind === 'TYPE_PAY_PAL' || option.kind === 'PAY_PAL_PAY_LATER') return [{ ...ask, paymentMethodId: 'TYPE_PAY_PAL' }];
  if (option.kind === 'TYPE_WALLET')
    return (option.walletTypes ?? []).map((walletType) => ({ ...ask, paymentMethodId: 'TYPE_WALLET', walletType }));
  return [];
}

export function MethodSelector(props: MethodSelectorProps) {
  const { lease, methods, methodsQuery, selectedId, onSelect, amountCents, canAdd, error, options = [] } = props;
  const { t } = useTranslation();
  const label = useMethodLabel();
  const optionText = usePayOptionText(props.currency);
  const feeText = useFeeText();
  const [addOpen, setAddOpen] = useState(false);
  const [feeCents] = useDebouncedValue(amountCents, FEE_DEBOUNCE_MS);
  const fees = useFeeCalculations(
    methods.map((m) => ({ amountCents: feeCents, companyId: lease.companyId, paymentMethodId: m.id })),
  );
  // issue 20: PayPal and the wallets show their fee before confirming, as a saved method does (one ask per wallet type)
  const optionAsks = options.map((o) => optionFeeQuestions(o, feeCents, lease.companyId));
  const optionFees = useFeeCalculations(optionAsks.flat());
  const optionFeeText = (index: number): string | null => {
    const start = optionAsks.slice(0, index).reduce((n, q) => n + q.length, 0);
    const own = optionFees.slice(start, start + optionAsks[index].length);
    if (own.length === 0) return null;
    const first = own[0];
    // wallets priced differently are told apart on the summary
    if (own.some((f) => f.data && first.data && f.data.feeAmount !== first.data.feeAmount)) return null;
    return feeText(first.data, { isLoading: own.some((f) => f.isLoading), isError: own.some((f) => f.isError) });
  };
  const blocked = blockedMethodsWarning(lease.blockPayments as BlockPayments);

  return (
    <Stack gap="sm">
      {blocked.length > 0 && (
        <Alert color="yellow" variant="light" role="note" title={t('payments.flow.method.blockedTitle')}>
          <List size="sm" spacing={4}>
            {blocked.map((m) => (
              <List.Item key={m.valueKeys.method}>{t(m.key, { ...m.values, method: t(m.valueKeys.method) })}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {methodsQuery.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('common.loading')}
          </Text>
        </Group>
      ) : methodsQuery.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('payments.flow.method.loadError')}>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void methodsQuery.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <Radio.Group
          name="payment-method"
          label={t('payments.flow.method.legend')}
          value={selectedId ?? ''}
          onChange={onSelect}
          error={error && t(error.key, error.values)}
        >
          {methods.length === 0 && options.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('payments.flow.method.none')}
            </Text>
          ) : (
            <Stack gap="xs" mt="xs">
              {methods.map((m, i) => (
                <Group key={m.id} gap="sm" wrap="nowrap" align="center">
                  <Radio
                    value={m.id}
                    label={label(m)}
                    description={feeText(fees[i]?.data, fees[i] ?? { isLoading: false, isError: false })}
                    style={{ flex: 1 }}
                  />
                  {m.type === 'TYPE_CREDIT_CARD' ? (
                    <BrandLogo brand={m.brand} size={36} decorative />
                  ) : (
                    <span aria-hidden="true">
                      <MethodTypeIcon type={m.type} size={36} />
                    </span>
                  )}
                </Group>
              ))}
              {options.map((o, i) => (
                <Group key={o.id} gap="sm" wrap="nowrap" align="center">
                  <Radio
                    value={o.id}
                    label={optionText.label(o)}
                    // issue 21 §1: what cannot succeed is not offered: shown disabled with why
                    disabled={!!o.unavailable}
                    description={
                      o.unavailable
                        ? t(o.unavailable.key, o.unavailable.values)
                        : [optionText.hint(o), optionFeeText(i)].filter(Boolean).join(' ')
                    }
                    style={{ flex: 1 }}
                  />
                  <span aria-hidden="true">
                    <MethodTypeIcon type={optionMethodType(o.kind)} size={36} />
                  </span>
                </Group>
              ))}
            </Stack>
          )}
        </Radio.Group>
      )}
      {canAdd && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setAddOpen(true)}>
            {t('payments.flow.method.add')}
          </Button>
        </Group>
      )}
      <AddPaymentMethodModal
        opened={addOpen}
        onClose={() => setAddOpen(false)}
        onAdded={(method) => {
          setAddOpen(false);
          onSelect(method.id);
          void methodsQuery.refetch();
        }}
        context="payment-flow"
        leases={[lease]}
      />
    </Stack>
  );
}
