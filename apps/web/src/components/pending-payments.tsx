// issue 21 §1: union pay / paysafe cash payments waiting for the tenant at the provider, shown apart from the balance
// (money not yet paid is not taken off it), with how long each stays valid. Shared by the lease card and the payment
// modal.
import { List, Text } from '@mantine/core';
import type { Currency } from '@portal/domain/money';
import { type PendingRedirectPayment, pendingPaymentsOf } from '@portal/domain/pending-payments';
import { formatAmount, formatDateTime } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { useLang } from '../lib/locale';

/** The provider's name as the tenant knows it. */
export function providerKey(paymentMethodType: string): string {
  return paymentMethodType === 'TYPE_PAYSAFE_CASH' ? 'payments.modes.paysafe.provider' : 'payments.modes.unionPay.provider';
}

interface PendingPaymentsProps {
  lease: { balance: number; pendingPayments?: readonly PendingRedirectPayment[] | null };
  currency: Currency;
  /** The payment modal adds that the amount is already set aside (the amount to pay below excludes it). */
  counted?: boolean;
  testId?: string;
}

export function PendingPayments({ lease, currency, counted = false, testId }: PendingPaymentsProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const pending = pendingPaymentsOf(lease);
  if (pending.length === 0) return null;
  return (
    <div data-testid={testId}>
      <List size="sm" spacing={2} listStyleType="none">
        {pending.map((p) => (
          <List.Item key={p.id} data-pending-id={p.id}>
            <Text span size="sm" fw={600}>
              {t('common.pending.line', {
                amount: formatAmount(p.amount, currency, lang),
                provider: t(providerKey(p.paymentMethodType)),
              })}
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              {t('common.pending.validUntil', { date: formatDateTime(p.expiresAt, lang) })}
            </Text>
          </List.Item>
        ))}
      </List>
      {counted && (
        <Text size="sm" c="dimmed">
          {t('common.pending.counted')}
        </Text>
      )}
    </div>
  );
}
