// A payment method or address row as the contract answers it (@portal/domain/api-shapes): never a token, never a
// full number; the label is spec 1 §9's, in the caller's language.
import type { AddressRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { toIsoInstant } from '@portal/domain/dates';
import { CARD_BRANDS, CARD_TYPES, PAYMENT_METHOD_TYPES, WALLET_TYPES } from '@portal/domain/entities';
import { paymentMethodLabel } from '@portal/domain/payment-method-label';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { type addresses, paymentMethods } from '../../db/schema.ts';
import { type Lang, translate } from '../../lib/i18n.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

/** The WHERE of every lookup of a tenant's live (not removed) methods of one type, narrowed by `more`. */
export function liveMethodsOf(customerId: string, type: string, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(eq(paymentMethods.userId, customerId), eq(paymentMethods.type, type), isNull(paymentMethods.deletedAt), ...more);
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** spec 1 §9 label ('VISA 4242' → 'Visa 4242', 'Bank Account 6789', 'PayPal', 'Wallet') in `lang`. */
export function methodLabel(row: Pick<PaymentMethodRow, 'type' | 'brand' | 'last4'>, lang: Lang): string {
  const ref = paymentMethodLabel({ type: row.type, brand: row.brand, last4: row.last4 });
  return ref ? translate(lang, ref.key, ref.values) : row.type;
}

export function toPaymentMethodRecord(row: PaymentMethodRow, lang: Lang): PaymentMethodRecord {
  return {
    id: row.id,
    userId: row.userId,
    type: oneOf(PAYMENT_METHOD_TYPES, row.type) ?? 'TYPE_CREDIT_CARD',
    label: methodLabel(row, lang),
    country: row.country,
    brand: oneOf(CARD_BRANDS, row.brand),
    cardType: oneOf(CARD_TYPES, row.cardType),
    last4: row.last4,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    nameOnCard: row.nameOnCard,
    billingAddressId: row.billingAddressId,
    accountHolder: row.accountHolder,
    bankName: row.bankName,
    routingNumber: row.routingNumber,
    institutionNumber: row.institutionNumber,
    transitNumber: row.transitNumber,
    walletType: oneOf(WALLET_TYPES, row.walletType),
    expireIn: row.expireIn ? toIsoInstant(row.expireIn) : null,
    email: row.email,
    createDate: toIsoInstant(row.createdAt),
  };
}

export function toAddressRecord(row: AddressRow): AddressRecord {
  return {
    id: row.id,
    userId: row.userId,
    userType: row.userType,
    addressType: 'BILLING',
    suite: row.suite,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    country: row.country,
    createDate: toIsoInstant(row.createdAt),
  };
}

/** What an audit event keeps of a method: its description, never a token or a number beyond the last four. */
export function methodAuditFields(row: PaymentMethodRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    type: row.type,
    country: row.country,
    brand: row.brand,
    cardType: row.cardType,
    last4: row.last4,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    billingAddressId: row.billingAddressId,
    bankName: row.bankName,
    institutionNumber: row.institutionNumber,
    transitNumber: row.transitNumber,
    walletType: row.walletType,
    email: row.email,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
}
