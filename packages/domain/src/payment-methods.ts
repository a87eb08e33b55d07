import {
  BLOCKABLE_PAYMENT_TYPES,
  type BlockablePaymentType,
  CASH_PAYMENT_METHOD_TYPES,
  type PaymentMethodType,
  type YesNo,
} from './entities.ts';
import { normalizeAcceptedTypes } from './lease-payment-options.ts';
import { MSG } from './message-keys.ts';
import { paymentMethodTypeKey } from './payment-method-label.ts';
import type { MessageRef } from './rule.ts';

// Moved to lease-payment-options.ts (the dashboard uses them without the rest of this module).
export { normalizeAcceptedTypes, showPayLater } from './lease-payment-options.ts';

// Payment method list rules of spec 1 §5 (and spec 2 §5).

export interface PaymentMethodLike {
  id?: string | null;
  type: string;
  walletType?: string | null;
  brand?: string | null;
  last4?: string | null;
  expiryMonth?: number | string | null;
  expiryYear?: number | string | null;
}

const isCashType = (type: string): boolean => (CASH_PAYMENT_METHOD_TYPES as readonly string[]).includes(type);

function fingerprint(m: PaymentMethodLike): string {
  return [m.type, m.walletType, m.brand, m.last4, m.expiryMonth, m.expiryYear].map((v) => v ?? '').join('|');
}

// spec 1 §5: cash types and Apple Pay on Windows are removed; duplicates removed (same id, or same method details)
export function cleanPaymentMethodList<M extends PaymentMethodLike>(methods: readonly M[], env: { isWindows: boolean }): M[] {
  const ids = new Set<string>();
  const prints = new Set<string>();
  const out: M[] = [];
  for (const m of methods) {
    if (isCashType(m.type)) continue;
    if (env.isWindows && m.type === 'TYPE_WALLET' && m.walletType === 'APPLE_PAY') continue;
    const print = fingerprint(m);
    if ((m.id && ids.has(m.id)) || prints.has(print)) continue;
    if (m.id) ids.add(m.id);
    prints.add(print);
    out.push(m);
  }
  return out;
}

const isYes = (v: YesNo | boolean | null | undefined): boolean => v === true || v === 'YES';

// spec 1 §5: the add-payment option is hidden for PAY_LATER or when onlyPMPaymentAllowed is YES
export function showAddPaymentOption(input: {
  paymentType?: string | null;
  onlyPMPaymentAllowed?: YesNo | boolean | null;
}): boolean {
  return input.paymentType !== 'PAY_LATER' && !isYes(input.onlyPMPaymentAllowed);
}

// spec 1 §5 / spec 2 §5: add and remove are disabled when every lease's company has onlyPMPaymentAllowed YES
export function arePaymentMethodChangesDisabled(
  leases: readonly { company?: { onlyPMPaymentAllowed?: YesNo | boolean | null } | null }[],
): boolean {
  return leases.length > 0 && leases.every((l) => isYes(l.company?.onlyPMPaymentAllowed));
}

// spec 1 §5: cash by country: the paysafe cash type in the US, the loadhub cash type in Canada
export function cashPaymentTypeForCountry(country: string | null | undefined): 'TYPE_PAYSAFE_CASH' | 'TYPE_LOADHUB_CASH' | null {
  if (country === 'US') return 'TYPE_PAYSAFE_CASH';
  if (country === 'CA') return 'TYPE_LOADHUB_CASH';
  return null;
}

const acceptsCash = (accepted: Set<string>): boolean => [...accepted].some(isCashType);

// spec 1 §5: extra options: cash when accepted (by country), split pay when accepted, union pay only in Canada when accepted
export function getExtraPaymentOptions(input: {
  country: string | null | undefined;
  acceptedPaymentTypes: readonly string[] | Record<string, unknown> | null | undefined;
  /** Province of the property, for the split-pay province rule (spec 1 §5). */
  province?: string | null;
}): PaymentMethodType[] {
  const accepted = normalizeAcceptedTypes(input.acceptedPaymentTypes);
  const out: PaymentMethodType[] = [];
  const cash = cashPaymentTypeForCountry(input.country);
  if (cash && acceptsCash(accepted)) out.push(cash);
  const province = (input.province ?? '').toUpperCase();
  if (accepted.has('TYPE_INSTALLMENT_PAY') && province !== 'NB' && province !== 'NS') out.push('TYPE_INSTALLMENT_PAY');
  if (input.country === 'CA' && accepted.has('TYPE_UNION_PAY')) out.push('TYPE_UNION_PAY');
  return out;
}

// spec 1 §2: add-method types: card, bank account, the online wallet provider (issue 7), and the Apple Pay / Google Pay
// wallet, which is excluded from the add options in some contexts (spec 2 §9)
export function getAddMethodTypes(options: { excludeWallets?: boolean } = {}): PaymentMethodType[] {
  return options.excludeWallets
    ? ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL']
    : ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL', 'TYPE_WALLET'];
}

// spec 1 §2: a bank account uses the bank-linking widget when the company has createBankAccountFromPlaidRequired
export function usesBankLinkingWidget(
  company: { createBankAccountFromPlaidRequired?: boolean | YesNo | null } | null | undefined,
): boolean {
  return isYes(company?.createBankAccountFromPlaidRequired ?? null);
}

export type BlockPayments = Partial<
  Record<BlockablePaymentType, { blocked?: boolean | null; blockedSplit?: boolean | null } | null>
>;

/** The blockPayments key that governs a method type (cash types → TYPE_CASH; instalment → card's blockedSplit). */
export function blockKeyForType(type: string): BlockablePaymentType | null {
  if (isCashType(type)) return 'TYPE_CASH';
  if (type === 'TYPE_INSTALLMENT_PAY') return 'TYPE_CREDIT_CARD';
  return (BLOCKABLE_PAYMENT_TYPES as readonly string[]).includes(type) ? (type as BlockablePaymentType) : null;
}

// spec 1 §5: methods are blocked per type by the block flags; split pay uses the card's blockedSplit
export function isPaymentTypeBlocked(type: string, blockPayments: BlockPayments | null | undefined): boolean {
  const key = blockKeyForType(type);
  if (!key || !blockPayments) return false;
  const flags = blockPayments[key];
  if (type === 'TYPE_INSTALLMENT_PAY') return !!flags?.blockedSplit;
  return !!flags?.blocked;
}

// spec 1 §5: the blocked types, for the warning that lists them (split pay listed when the card's blockedSplit is set)
export function blockedPaymentTypes(blockPayments: BlockPayments | null | undefined): PaymentMethodType[] {
  const out: PaymentMethodType[] = [];
  for (const type of BLOCKABLE_PAYMENT_TYPES) if (isPaymentTypeBlocked(type, blockPayments)) out.push(type);
  if (isPaymentTypeBlocked('TYPE_INSTALLMENT_PAY', blockPayments)) out.push('TYPE_INSTALLMENT_PAY');
  return out;
}

export interface BlockedMessage extends MessageRef {
  /** Values that are themselves message keys: translate them first (method → 'Bank Account'). */
  valueKeys: Record<string, string>;
}

// spec 1 §8 / spec 2 §5: '{method} payments have been blocked by your Property Manager. …' per blocked type
export function blockedMethodMessage(type: string): BlockedMessage {
  const methodKey =
    type === 'TYPE_INSTALLMENT_PAY' ? MSG.methodTypeSplitPay : (paymentMethodTypeKey(type) ?? MSG.methodTypeCreditCard);
  return { key: MSG.paymentMethodBlocked, values: { method: methodKey }, valueKeys: { method: methodKey } };
}

// spec 1 §5: the warning listing blocked methods
export function blockedMethodsWarning(blockPayments: BlockPayments | null | undefined): BlockedMessage[] {
  return blockedPaymentTypes(blockPayments).map(blockedMethodMessage);
}

// spec 1 §8: 'Your property manager hasn't enabled some of the payment methods!' for an undefined method
export function undefinedMethodMessage(): MessageRef {
  return { key: MSG.paymentMethodNotEnabled };
}

// spec 1 §8 / spec 2 §6: a blocked bank account shows an alert naming the property, once per lease
export function bankBlockedAlert(
  lease: { id: string; propertyName?: string | null; blockPayments?: BlockPayments | null },
  alreadyShownLeaseIds: ReadonlySet<string>,
): MessageRef | null {
  if (alreadyShownLeaseIds.has(lease.id) || !isPaymentTypeBlocked('TYPE_BANK_ACCOUNT', lease.blockPayments)) return null;
  return { key: MSG.paymentMethodBankBlockedForProperty, values: { property: lease.propertyName ?? '' } };
}

// spec 1 §8: no accepted methods → 'merchant account not configured'
export function merchantNotConfigured(
  accepted: readonly string[] | Record<string, unknown> | null | undefined,
): MessageRef | null {
  return normalizeAcceptedTypes(accepted).size === 0 ? { key: MSG.paymentMethodMerchantNotConfigured } : null;
}

/* ------------------------------------------------------------------ billing addresses */

export interface AddressLike {
  id?: string | null;
  suite?: string | null;
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  province?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

// spec 1 §5: billing address options for non-card use are limited to US and CA addresses
export function billingAddressOptions<A extends AddressLike>(addresses: readonly A[], use: 'card' | 'other'): A[] {
  return use === 'card' ? [...addresses] : addresses.filter((a) => a.country === 'US' || a.country === 'CA');
}

// spec 1 §5: a suite of N/A is omitted from address labels
export function addressLabel(a: AddressLike): string {
  const suite = a.suite && a.suite.trim() !== '' && a.suite.trim().toUpperCase() !== 'N/A' ? a.suite.trim() : null;
  const street = [suite, a.street1?.trim()].filter(Boolean).join('-');
  return [street, a.street2?.trim(), a.city?.trim(), a.province?.trim(), a.country?.trim(), a.postalCode?.trim()]
    .filter((p) => p && p !== '')
    .join(', ');
}

/**
 * The billing address a new card or bank account starts with: the tenant's most recently saved one, or null (then a
 * new address in the tenant's country with no province chosen). Issue 20: spec 1 §5's default of United States /
 * Alabama (and BC on choosing Canada) put Canadian tenants' cards in Alabama unless they noticed.
 */
export function defaultBillingAddress<A extends AddressLike & { createDate?: string | null }>(saved: readonly A[]): A | null {
  let latest: A | null = null;
  for (const a of saved) if (!latest || (a.createDate ?? '') > (latest.createDate ?? '')) latest = a;
  return latest;
}

// spec 1 §7: DELETE /{type}/{id}/delete_with_bluesnap_check sends the type without its TYPE_ prefix
export function deletePathType(type: string): string {
  return type.replace(/^TYPE_/, '');
}

/**
 * spec 1 §4 / §7 (POST /processpayment): the saved methods the card and bank processor charges by their token: a card, a
 * bank account, a device wallet. Other types pay through their own flow (PayPal order, cash slip, split pay, redirects).
 */
export const PROCESSOR_CHARGED_METHOD_TYPES: ReadonlySet<string> = new Set<PaymentMethodType>([
  'TYPE_CREDIT_CARD',
  'TYPE_BANK_ACCOUNT',
  'TYPE_WALLET',
]);

// spec 1 §4: a new wallet payment method is reused while its expireIn is in the future
export function isWalletReusable(
  method: { expireIn?: string | number | null } | null | undefined,
  now: string | number | Date,
): boolean {
  if (method?.expireIn == null) return false;
  const at = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  const exp = typeof method.expireIn === 'number' ? method.expireIn : Date.parse(method.expireIn);
  return Number.isFinite(exp) && exp > at;
}

// spec 1 §2 / spec 2 §2: the cash slip view is available only for country CA
export function isCashSlipViewable(country: string | null | undefined): boolean {
  return country === 'CA';
}
