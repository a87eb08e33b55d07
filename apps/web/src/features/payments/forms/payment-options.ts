// spec 1 §4 "Method selector" / §5 "Payment method lists" (spec 2 §4 pay later): what the payment flow offers besides
// the saved methods, and how each choice is paid.
//   - Cash only when the company accepts it (US: paysafe cash, Canada: loadhub cash), split pay when accepted (not in
//     NB or NS), union pay only in Canada when accepted: packages/domain's getExtraPaymentOptions, minus blocked types.
//   - The online wallet provider (PayPal) and Apple Pay / Google Pay when accepted and not blocked, unless a saved
//     method already stands for them (a saved PayPal account; a reusable wallet of that kind).
//   - Pay later: split pay and the online wallet provider's pay later (the property's paypalCreditIntegration).
// Choosing paysafe cash, union pay or split pay switches the flow to that mode; loadhub cash opens the cash slip; the
// provider and wallet choices pay from the summary (spec 1 §4 "Wallet": POST /processpayment refuses TYPE_PAY_PAL).
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { WALLET_TYPES, type WalletType } from '@portal/domain/entities';
import { leaseAcceptedPaymentTypes } from '@portal/domain/lease-payment-options';
import { paysafeCashUnavailable } from '@portal/domain/limits';
import type { MoneyLocale } from '@portal/domain/money';
import { arePartialPaymentsBlocked, payableNowCents } from '@portal/domain/payment-amounts';
import { type BlockPayments, getExtraPaymentOptions, isPaymentTypeBlocked } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import type { PropertyLease } from '../../../api/types';
import { localToday } from '../../../lib/locale';

/** The kinds of option that are not a saved method. */
export type PayOptionKind =
  | 'TYPE_PAY_PAL'
  | 'PAY_PAL_PAY_LATER'
  | 'TYPE_WALLET'
  | 'TYPE_PAYSAFE_CASH'
  | 'TYPE_LOADHUB_CASH'
  | 'TYPE_INSTALLMENT_PAY'
  | 'TYPE_UNION_PAY';

export interface PayOption {
  /** The selector's value (never a saved method's id). */
  id: string;
  kind: PayOptionKind;
  /** The wallets a wallet option offers. */
  walletTypes?: WalletType[];
  /** Why it cannot succeed on this lease (issue 21 §1): shown disabled with this reason; the server refuses the same. */
  unavailable?: MessageRef;
}

/** A choice of the selector: a saved method, or one of the options. */
export type PaymentChoice = { kind: 'method'; method: PaymentMethodRecord } | { kind: 'option'; option: PayOption };

/**
 * How a choice pays: POST /processpayment from the summary's Pay button; the wallet or provider button on the summary;
 * a mode of its own (paysafe cash, union pay, instalments); the cash slip (a side modal).
 */
export type PayRoute = 'process' | 'wallet' | 'payPal' | 'paysafe' | 'unionPay' | 'instalment' | 'cashSlip';

const OPTION_PREFIX = 'option:';

export const optionId = (kind: PayOptionKind): string => `${OPTION_PREFIX}${kind}`;

/** The method type a payment by this option is recorded with. */
export function optionMethodType(kind: PayOptionKind): Exclude<PayOptionKind, 'PAY_PAL_PAY_LATER'> {
  return kind === 'PAY_PAL_PAY_LATER' ? 'TYPE_PAY_PAL' : kind;
}

interface LeaseRules {
  accepted: Set<string>;
  blocked: (type: string) => boolean;
}

function leaseRules(lease: PropertyLease): LeaseRules {
  const accepted = leaseAcceptedPaymentTypes(lease);
  const blocks = lease.blockPayments as BlockPayments;
  return { accepted, blocked: (type) => isPaymentTypeBlocked(type, blocks) };
}

const EXTRA_KINDS: readonly string[] = ['TYPE_PAYSAFE_CASH', 'TYPE_LOADHUB_CASH', 'TYPE_INSTALLMENT_PAY', 'TYPE_UNION_PAY'];
const isExtraKind = (type: string): type is PayOptionKind => EXTRA_KINDS.includes(type);

/** spec 1 §5: cash by country, split pay (valid provinces), union pay (Canada) — accepted and not blocked. */
function extraOptions(lease: PropertyLease, rules: LeaseRules): PayOptionKind[] {
  return getExtraPaymentOptions({
    country: lease.joins.company?.country,
    acceptedPaymentTypes: [...rules.accepted],
    province: lease.joins.property?.province,
  }).flatMap((type) => (isExtraKind(type) && !rules.blocked(type) ? [type] : []));
}

/** issue 21 §1: why paysafe cash cannot succeed on the lease (partial payments blocked, more due than the cash cap). */
function paysafeCashReason(lease: PropertyLease, today: string, locale: MoneyLocale): MessageRef | null {
  return paysafeCashUnavailable({
    blockPartialPayments: arePartialPaymentsBlocked(lease, lease.joins.company),
    payableNowCents: payableNowCents(lease.openCharges, today),
    // spec 1 §9: paysafe cash is in USD
    display: { currency: 'USD', locale },
  });
}

/**
 * spec 1 §4 / §5: the options of the pay-now selector, after the saved methods it lists (`saved`: payableMethods'
 * answer). Apple Pay is never offered on Windows. An option that cannot succeed carries its reason (`unavailable`).
 */
export function payNowOptions(
  lease: PropertyLease,
  saved: readonly PaymentMethodRecord[],
  env: { isWindows: boolean; today?: string; locale?: MoneyLocale },
): PayOption[] {
  const rules = leaseRules(lease);
  const out: PayOption[] = [];
  const usable = (type: string) => rules.accepted.has(type) && !rules.blocked(type);
  if (usable('TYPE_PAY_PAL') && !saved.some((m) => m.type === 'TYPE_PAY_PAL')) {
    out.push({ id: optionId('TYPE_PAY_PAL'), kind: 'TYPE_PAY_PAL' });
  }
  if (usable('TYPE_WALLET')) {
    const walletTypes = WALLET_TYPES.filter(
      (w) => !(w === 'APPLE_PAY' && env.isWindows) && !saved.some((m) => m.type === 'TYPE_WALLET' && m.walletType === w),
    );
    if (walletTypes.length > 0) out.push({ id: optionId('TYPE_WALLET'), kind: 'TYPE_WALLET', walletTypes });
  }
  for (const kind of extraOptions(lease, rules)) {
    const unavailable =
      kind === 'TYPE_PAYSAFE_CASH' ? paysafeCashReason(lease, env.today ?? localToday(), env.locale ?? 'en') : null;
    out.push({ id: optionId(kind), kind, ...(unavailable ? { unavailable } : {}) });
  }
  return out;
}

/**
 * spec 2 §4 "Payment (pay-later part)" / spec 1 §2: the pay-later options: split pay where it is accepted, offered in
 * the province and not blocked; the online wallet provider's pay later where the property has it and the provider is
 * accepted and not blocked.
 */
export function payLaterPayOptions(lease: PropertyLease): PayOption[] {
  const rules = leaseRules(lease);
  const out: PayOption[] = [];
  if (extraOptions(lease, rules).includes('TYPE_INSTALLMENT_PAY')) {
    out.push({ id: optionId('TYPE_INSTALLMENT_PAY'), kind: 'TYPE_INSTALLMENT_PAY' });
  }
  if (
    lease.joins.property?.paypalCreditIntegration?.enabled &&
    rules.accepted.has('TYPE_PAY_PAL') &&
    !rules.blocked('TYPE_PAY_PAL')
  ) {
    out.push({ id: optionId('PAY_PAL_PAY_LATER'), kind: 'PAY_PAL_PAY_LATER' });
  }
  return out;
}

/** The choice a selector value stands for (null: nothing chosen, or a method no longer offered). */
export function resolveChoice(
  id: string | null,
  saved: readonly PaymentMethodRecord[],
  options: readonly PayOption[],
): PaymentChoice | null {
  if (!id) return null;
  const method = saved.find((m) => m.id === id);
  if (method) return { kind: 'method', method };
  // an option that cannot succeed (issue 21 §1) is never a choice
  const option = options.find((o) => o.id === id && !o.unavailable);
  return option ? { kind: 'option', option } : null;
}

const OPTION_ROUTES: Record<PayOptionKind, PayRoute> = {
  TYPE_PAY_PAL: 'payPal',
  PAY_PAL_PAY_LATER: 'payPal',
  TYPE_WALLET: 'wallet',
  TYPE_PAYSAFE_CASH: 'paysafe',
  TYPE_LOADHUB_CASH: 'cashSlip',
  TYPE_INSTALLMENT_PAY: 'instalment',
  TYPE_UNION_PAY: 'unionPay',
};

/** spec 1 §4: how a choice is paid (a saved wallet or PayPal account pays from the summary's button). */
export function choiceRoute(choice: PaymentChoice): PayRoute {
  if (choice.kind === 'option') return OPTION_ROUTES[choice.option.kind];
  if (choice.method.type === 'TYPE_WALLET') return 'wallet';
  if (choice.method.type === 'TYPE_PAY_PAL') return 'payPal';
  return 'process';
}

/** The routes that leave the entry for a mode of their own (not the summary). */
export const MODE_ROUTES = ['paysafe', 'unionPay', 'instalment'] as const;
export type ModeRoute = (typeof MODE_ROUTES)[number];
export const isModeRoute = (route: PayRoute): route is ModeRoute => (MODE_ROUTES as readonly string[]).includes(route);
