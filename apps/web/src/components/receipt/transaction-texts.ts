import { failedTransactionTooltip, transactionStatusKey, transactionTypeKey } from '@portal/domain/display';
import { transactionMethodLabel } from '@portal/domain/payment-method-label';
import type { PaymentTransaction } from '../../api/types';
import type { TFunction } from '../../lib/i18n';

// Texts of a payment transaction shared by the dashboard's past payments and every receipt (rules from @portal/domain).

/** spec 2 §4: status text (INPROCESS → IN PROCESS …), unknown statuses with '_' as spaces. */
export function statusText(t: TFunction, status: string): string {
  const key = transactionStatusKey(status);
  return key ? t(key) : status.replace(/_/g, ' ');
}

/** spec 2 §4: type text (PAYMENT, REFUND …). */
export function typeText(t: TFunction, type: string): string {
  const key = transactionTypeKey(type);
  return key ? t(key) : type.replace(/_/g, ' ');
}

/** spec 1 §9: payment method label (brand + last4, 'Bank Account' + last4, 'PayPal', 'Cash', 'Wallet'). */
export function methodText(t: TFunction, tx: Pick<PaymentTransaction, 'paymentMethodType' | 'cardBrand' | 'last4'>): string {
  const label = transactionMethodLabel(tx);
  return label ? t(label.key, label.values) : '';
}

/** spec 1 §8: the failed transaction tooltip, from the error text. */
export function failedTooltipText(t: TFunction, tx: Pick<PaymentTransaction, 'error' | 'paymentMethodType'>): string {
  const tip = failedTransactionTooltip(tx.error, tx.paymentMethodType);
  return 'text' in tip ? tip.text : t(tip.key, tip.values);
}
