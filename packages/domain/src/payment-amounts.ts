import { monthIndex } from './dates.ts';
import type { YesNo } from './entities.ts';
import { MSG } from './message-keys.ts';
import { DEFAULT_MONEY_DISPLAY, formatWithDisplay, type MoneyDisplay, type MoneyLocale, toCents } from './money.ts';
import { amountInputCents } from './money-input.ts';
import type { MessageRef } from './rule.ts';

// Payment amount rules of spec 1 §5 (and spec 2 §5 for autopay amounts). Amounts in cents.

// spec 1 §9 / spec 2 §9: overpayment limit 100000
export const OVERPAYMENT_LIMIT_CENTS = 10_000_000;
// spec 2 §5 / §9: minimum payment 10.00
export const MIN_PAYMENT_CENTS = 1_000;

// spec 1 §3: default charge codes, used when a company has none
export const DEFAULT_CHARGE_CODES = [
  'Rent',
  'parking',
  'storage',
  'bike-storage',
  'damage-deposit',
  'pet-damage-deposit',
  'security-deposit',
  'first-months-rent',
  'last-months-rent',
  'late-fee',
  'invoice',
  'utilities',
  'other',
  'landlord-signup-fee',
  'KEY',
] as const;

export interface ChargeCode {
  code: string;
  name: string;
}

// spec 1 §3 / spec 2 §9: the company's charge codes, or the default list when it has none
export function getChargeCodes(company: { chargeCodes?: readonly ChargeCode[] | null } | null | undefined): ChargeCode[] {
  const own = company?.chargeCodes ?? [];
  return own.length > 0 ? [...own] : DEFAULT_CHARGE_CODES.map((code) => ({ code, name: code }));
}

export interface OpenChargeLike {
  dueDate: string;
  /** Remaining balance, decimal as carried by the API. */
  balance: number | string;
}

const balanceCents = (c: OpenChargeLike): number => toCents(c.balance);

// spec 1 §5: the payment amount defaults to the sum of open charge balances
export function defaultPaymentAmountCents(openCharges: readonly OpenChargeLike[] | null | undefined): number {
  return (openCharges ?? []).reduce((sum, c) => sum + balanceCents(c), 0);
}

// spec 1 §5: payable now counts charges due in the current month or earlier
export function payableNowCents(openCharges: readonly OpenChargeLike[] | null | undefined, today: string): number {
  const now = monthIndex(today);
  return (openCharges ?? []).filter((c) => monthIndex(c.dueDate.slice(0, 10)) <= now).reduce((s, c) => s + balanceCents(c), 0);
}

// spec 2 §5: overpaying future charges is limited to charges up to next month
export function payableThroughNextMonthCents(openCharges: readonly OpenChargeLike[] | null | undefined, today: string): number {
  const next = monthIndex(today) + 1;
  return (openCharges ?? []).filter((c) => monthIndex(c.dueDate.slice(0, 10)) <= next).reduce((s, c) => s + balanceCents(c), 0);
}

const isYes = (v: YesNo | boolean | null | undefined): boolean => v === true || v === 'YES';

// spec 1 §5 / spec 2 §5: the overpayment option is disabled unless overpaymentAllowed is YES
export function isOverpaymentOptionEnabled(overpaymentAllowed: YesNo | boolean | null | undefined): boolean {
  return isYes(overpaymentAllowed);
}

/** Where blockPartialPayments is set (spec 1 §3 "Property lease", §6 company and lease settings). */
export interface PartialPaymentsSetting {
  blockPartialPayments?: boolean | YesNo | null;
}

// spec 1 §5 "Partial payments blocked" / spec 2 §5: the manager blocks partial payments on the lease or on its company;
// either one blocks them (server rules, the payment and autopay forms and the autopay job read this one rule)
export function arePartialPaymentsBlocked(
  lease: PartialPaymentsSetting,
  company: PartialPaymentsSetting | null | undefined,
): boolean {
  return isYes(lease.blockPartialPayments) || isYes(company?.blockPartialPayments);
}

export interface PaymentAmountContext {
  openCharges: readonly OpenChargeLike[];
  today: string;
  overpaymentAllowed: YesNo | boolean | null | undefined;
  blockPartialPayments?: boolean | YesNo | null;
  /** Company softMaximumPaymentAmount, decimal (absent or 0 = none). */
  softMaximumPaymentAmount?: number | string | null;
  /** Minimum in cents (default 10.00). */
  minCents?: number;
  display?: MoneyDisplay;
}

export interface PaymentAmountCheck {
  ok: boolean;
  error?: MessageRef;
  /** The highest amount accepted, in cents. */
  maxCents: number;
  /** Above the company's soft maximum: ask to confirm; Cancel replaces Back (spec 1 §4). */
  softMaximumExceeded: boolean;
  softMaximum?: MessageRef;
}

// spec 1 §4: the soft maximum is exceeded when the amount is above softMaximumPaymentAmount
export function isAboveSoftMaximum(amountCents: number, softMaximumPaymentAmount: number | string | null | undefined): boolean {
  if (softMaximumPaymentAmount == null || softMaximumPaymentAmount === '') return false;
  const soft = toCents(softMaximumPaymentAmount);
  return soft > 0 && amountCents > soft;
}

/**
 * spec 1 §5 / spec 2 §5: the amount a tenant may pay. In order:
 * minimum 10.00; with overpayment allowed at most 100000, otherwise at most the charges due up to
 * next month (none open → 'overpay-not-allowed'); with partial payments blocked at least the
 * current balance (charges due this month or earlier), with the -overpayments message when
 * overpayment is also off. The soft maximum is a confirmation, not an error.
 */
export function checkPaymentAmount(amountCents: number, ctx: PaymentAmountContext): PaymentAmountCheck {
  const display = ctx.display ?? DEFAULT_MONEY_DISPLAY;
  const fmt = (c: number) => formatWithDisplay(c, display);
  const overpay = isYes(ctx.overpaymentAllowed);
  const hasOpen = ctx.openCharges.length > 0;
  const payableNow = payableNowCents(ctx.openCharges, ctx.today);
  const maxCents = overpay ? OVERPAYMENT_LIMIT_CENTS : payableThroughNextMonthCents(ctx.openCharges, ctx.today);
  const softMaximumExceeded = isAboveSoftMaximum(amountCents, ctx.softMaximumPaymentAmount);
  const base = {
    maxCents,
    softMaximumExceeded,
    ...(softMaximumExceeded
      ? {
          softMaximum: {
            key: MSG.paymentSoftMaximum,
            values: { amount: fmt(toCents(ctx.softMaximumPaymentAmount as number | string)) },
          },
        }
      : {}),
  };
  const fail = (error: MessageRef): PaymentAmountCheck => ({ ok: false, error, ...base });
  const min = ctx.minCents ?? MIN_PAYMENT_CENTS;

  if (amountCents < min) return fail({ key: MSG.paymentBelowMinimum, values: { min: fmt(min) } });
  if (overpay && amountCents > OVERPAYMENT_LIMIT_CENTS)
    return fail({ key: MSG.paymentAboveLimit, values: { limit: fmt(OVERPAYMENT_LIMIT_CENTS) } });
  if (!overpay && amountCents > maxCents) {
    return fail(
      hasOpen
        ? { key: MSG.paymentOverpayFutureCharges, values: { amount: fmt(payableNow) } }
        : { key: MSG.paymentOverpayNotAllowed },
    );
  }
  if (isYes(ctx.blockPartialPayments) && payableNow > amountCents) {
    return fail(
      hasOpen && !overpay
        ? { key: MSG.paymentDisabledPartialPaymentsOverpayments, values: { amount: fmt(payableNow) } }
        : { key: MSG.paymentDisabledPartialPayments },
    );
  }
  return { ok: true, ...base };
}

/* ------------------------------------------------------------------ charge-code rows */

// The charge rows' zod schema is in payment-amount-schemas.ts (the dashboard's first load uses this module, not zod).

// spec 1 §5: rows are removable when there is more than one
export function canRemoveChargeRow(rows: readonly unknown[]): boolean {
  return rows.length > 1;
}

// spec 1 §5: the payment amount with charge codes is the sum of the rows
export function chargeRowsTotalCents(rows: readonly { amount: string }[], locale: MoneyLocale): number {
  return rows.reduce((s, r) => s + (amountInputCents(r.amount, locale) ?? 0), 0);
}

// spec 1 §2: the balance shows only when the company manages balances (manageBalance not NO)
export function showsBalance(manageBalance: YesNo | string | null | undefined): boolean {
  return manageBalance !== 'NO';
}
