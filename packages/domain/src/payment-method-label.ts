import type { CardBrand, PaymentMethodType } from './entities.ts';
import { type MessageKey, MSG } from './message-keys.ts';
import type { MessageRef } from './rule.ts';

// Payment method labels of spec 1 §9.

// spec 1 §9: card logos and names cover nine brands
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  VISA: 'Visa',
  VISA_ELECTRON: 'Visa Electron',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  DINERS_CLUB: 'Diners Club',
  UNION_PAY: 'UnionPay',
  MAESTRO: 'Maestro',
  DISCOVER: 'Discover',
  JCB: 'JCB',
};

export function cardBrandName(brand: string | null | undefined): string {
  return (CARD_BRAND_NAMES as Record<string, string>)[brand ?? ''] ?? (brand ?? '').replace(/_/g, ' ');
}

// spec 1 §9: the split (instalment) product name that prefixes instalment cards
export const DEFAULT_SPLIT_PRODUCT_NAME = 'Split Pay';

const TYPE_KEYS: Partial<Record<PaymentMethodType, MessageKey>> = {
  TYPE_BANK_ACCOUNT: MSG.methodTypeBankAccount,
  TYPE_CREDIT_CARD: MSG.methodTypeCreditCard,
  TYPE_PAY_PAL: MSG.methodTypePayPal,
  TYPE_WALLET: MSG.methodTypeWallet,
  TYPE_CASH: MSG.methodTypeCash,
  TYPE_CASH_MONEYGRAM: MSG.methodTypeCash,
  TYPE_PAYSAFE_CASH: MSG.methodTypeCash,
  TYPE_LOADHUB_CASH: MSG.methodTypeCash,
  TYPE_UNION_PAY: MSG.methodTypeUnionPay,
  TYPE_INSTALLMENT_PAY: MSG.methodTypeInstalmentPay,
  TYPE_DEFERRED: MSG.methodTypeDeferred,
  TYPE_CREDIT_REPORT: MSG.methodTypeCreditReport,
};

/** The translated name of a payment method type ('Bank Account', 'Credit Card' …), e.g. for the blocked message. */
export function paymentMethodTypeKey(type: string | null | undefined): MessageKey | null {
  return (TYPE_KEYS as Record<string, MessageKey>)[type ?? ''] ?? null;
}

export interface LabelledMethod {
  type?: string | null;
  paymentMethodType?: string | null;
  brand?: string | null;
  cardBrand?: string | null;
  last4?: string | null;
}

// spec 1 §9: cards show brand + last four; instalment cards prefixed with the split product; 'PayPal', 'Cash', 'Bank Account' + last four, 'Wallet'
export function paymentMethodLabel(method: LabelledMethod, options: { splitProductName?: string } = {}): MessageRef | null {
  const type = method.type ?? method.paymentMethodType ?? '';
  const brand = cardBrandName(method.brand ?? method.cardBrand);
  const last4 = method.last4 ?? '';
  switch (type) {
    case 'TYPE_CREDIT_CARD':
      return { key: MSG.methodLabelCard, values: { brand, last4 } };
    case 'TYPE_INSTALLMENT_PAY':
      return {
        key: MSG.methodLabelInstalmentCard,
        values: { product: options.splitProductName ?? DEFAULT_SPLIT_PRODUCT_NAME, brand, last4 },
      };
    case 'TYPE_BANK_ACCOUNT':
      return { key: MSG.methodLabelBankAccount, values: { last4 } };
    case 'TYPE_PAY_PAL':
      return { key: MSG.methodLabelPayPal };
    case 'TYPE_CASH':
    case 'TYPE_CASH_MONEYGRAM':
    case 'TYPE_PAYSAFE_CASH':
    case 'TYPE_LOADHUB_CASH':
      return { key: MSG.methodLabelCash };
    case 'TYPE_WALLET':
      return { key: MSG.methodLabelWallet };
    case 'TYPE_UNION_PAY':
      return { key: MSG.methodLabelUnionPay };
    default:
      return null;
  }
}

// spec 1 §9: a transaction's method label (paymentMethodType, cardBrand, last4)
export function transactionMethodLabel(
  tx: { paymentMethodType?: string | null; cardBrand?: string | null; last4?: string | null },
  options: { splitProductName?: string } = {},
): MessageRef | null {
  return paymentMethodLabel({ type: tx.paymentMethodType, brand: tx.cardBrand, last4: tx.last4 }, options);
}
