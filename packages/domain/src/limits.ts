import { addMonths } from './dates.ts';
import type { CardBrand } from './entities.ts';
import { isCardExpired, isValidNorthAmericanPhone } from './input-fields.ts';
import { MSG } from './message-keys.ts';
import { allocateCents, DEFAULT_MONEY_DISPLAY, formatWithDisplay, type MoneyDisplay } from './money.ts';
import type { MessageRef } from './rule.ts';
import { fail, OK, type RuleResult } from './rule.ts';

// Limits of spec 1 §5 and §9 (instalment, paysafe cash, loadhub cash). Amounts in cents.

// spec 1 §5: instalment amount 80..20000
export const INSTALMENT_MIN_CENTS = 8_000;
export const INSTALMENT_MAX_CENTS = 2_000_000;
// spec 1 §4: default 4 instalments when none given
export const DEFAULT_INSTALMENTS = 4;
// spec 1 §5: instalment pay is not offered in NB and NS
export const INSTALMENT_EXCLUDED_PROVINCES = ['NB', 'NS'] as const;
// spec 1 §5: funding card brands for instalments
export const INSTALMENT_CARD_BRANDS = [
  'DISCOVER',
  'VISA',
  'MASTERCARD',
  'AMERICAN_EXPRESS',
] as const satisfies readonly CardBrand[];

// spec 1 §5: instalment amount 80..20000
export function validateInstalmentAmount(amountCents: number, display: MoneyDisplay = DEFAULT_MONEY_DISPLAY): RuleResult {
  if (amountCents < INSTALMENT_MIN_CENTS || amountCents > INSTALMENT_MAX_CENTS) {
    return fail(MSG.paymentInstalmentRange, {
      min: formatWithDisplay(INSTALMENT_MIN_CENTS, display),
      max: formatWithDisplay(INSTALMENT_MAX_CENTS, display),
    });
  }
  return OK;
}

export interface Instalment {
  number: number;
  amountCents: number;
  dueDate: string;
}

// spec 1 §4: first instalment = funded amount / n + fee, collected now; later instalments monthly
export function instalmentSchedule(input: {
  fundedAmountCents: number;
  installments?: number | null;
  feeCents: number;
  firstDate: string;
}): Instalment[] {
  const n = input.installments && input.installments > 0 ? Math.trunc(input.installments) : DEFAULT_INSTALMENTS;
  const parts = allocateCents(
    input.fundedAmountCents,
    Array.from({ length: n }, () => 1),
  ); // remainder cents go first
  return parts.map((cents, i) => ({
    number: i + 1,
    amountCents: i === 0 ? cents + input.feeCents : cents,
    dueDate: addMonths(input.firstDate, i),
  }));
}

// spec 1 §5: instalment pay is offered only in valid provinces (not NB or NS)
export function isInstalmentProvince(province: string | null | undefined): boolean {
  return !(INSTALMENT_EXCLUDED_PROVINCES as readonly string[]).includes((province ?? '').toUpperCase());
}

export interface FundingCardLike {
  type?: string | null;
  cardType?: string | null;
  brand?: string | null;
  expiryMonth?: number | string | null;
  expiryYear?: number | string | null;
}

// spec 1 §5: funding card is a non-expired credit card (not debit) of DISCOVER/VISA/MASTERCARD/AMERICAN_EXPRESS
export function isEligibleFundingCard(card: FundingCardLike | null | undefined, today: string): boolean {
  if (!card || (card.type != null && card.type !== 'TYPE_CREDIT_CARD')) return false;
  if (card.cardType !== 'CREDIT') return false;
  if (!(INSTALMENT_CARD_BRANDS as readonly string[]).includes(card.brand ?? '')) return false;
  const month = Number(card.expiryMonth);
  let year = Number(card.expiryYear);
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return false;
  if (year < 100) year += 2000; // spec 1 §9: card expiry year is two digits after 20
  return !isCardExpired(month, year, today);
}

// spec 1 §5: instalment eligibility: phone set ('unset-phone-number') and valid ('format-phone-number'), eligible card, province
export function checkInstalmentEligibility(input: {
  phone: string | null | undefined;
  fundingCards: readonly FundingCardLike[];
  province: string | null | undefined;
  today: string;
}): RuleResult {
  if (!input.phone || input.phone.trim() === '') return fail(MSG.instalmentUnsetPhone);
  if (!isValidNorthAmericanPhone(input.phone)) return fail(MSG.instalmentFormatPhone);
  if (!isInstalmentProvince(input.province)) return fail(MSG.instalmentInvalidProvince);
  if (!input.fundingCards.some((c) => isEligibleFundingCard(c, input.today))) return fail(MSG.instalmentAddCreditCard);
  return OK;
}

/* ------------------------------------------------------------------ paysafe cash */

// spec 1 §9: paysafe cash min 10; notes over 500 and over 995; cap 1495; pending expires in 7 days; USD, EN
export const PAYSAFE_CASH_MIN_CENTS = 1_000;
export const PAYSAFE_CASH_NOTE_500_CENTS = 50_000;
export const PAYSAFE_CASH_NOTE_995_CENTS = 99_500;
export const PAYSAFE_CASH_MAX_CENTS = 149_500;
export const PAYSAFE_CASH_PENDING_DAYS = 7;

// Not in the spec: an order abandoned on the UnionPay page must not hold the lease's balance for ever (provider orders live a day).
export const UNION_PAY_ORDER_HOURS = 24;
export const PAYSAFE_CASH_CURRENCY = 'USD';
export const PAYSAFE_CASH_LANGUAGE = 'EN';

export interface CashAmountCheck {
  ok: boolean;
  /** Continue is disabled (below minimum or over the cap). */
  continueDisabled: boolean;
  error?: MessageRef;
  /** Store-list note: over 500 (some locations) or over 995 (one retail chain). */
  note?: MessageRef;
}

// spec 1 §5: paysafe cash: <10 rejected naming the amount; >500..995 note; >995..1495 note; >1495 blocked
export function checkPaysafeCashAmount(
  amountCents: number,
  display: MoneyDisplay = { currency: 'USD', locale: 'en' },
): CashAmountCheck {
  if (amountCents < PAYSAFE_CASH_MIN_CENTS) {
    return {
      ok: false,
      continueDisabled: true,
      error: {
        key: MSG.paymentCashBelowMinimum,
        values: { amount: formatWithDisplay(amountCents, display), min: formatWithDisplay(PAYSAFE_CASH_MIN_CENTS, display) },
      },
    };
  }
  // issue 20: the limits are shown with their cents and currency ("1 495,00 $ US", not "1495 $")
  const at = (cents: number) => formatWithDisplay(cents, display);
  if (amountCents > PAYSAFE_CASH_MAX_CENTS)
    return {
      ok: false,
      continueDisabled: true,
      error: { key: MSG.paymentCashBlocked, values: { max: at(PAYSAFE_CASH_MAX_CENTS) } },
    };
  if (amountCents > PAYSAFE_CASH_NOTE_995_CENTS)
    return {
      ok: true,
      continueDisabled: false,
      note: { key: MSG.paymentCashNoteOver995, values: { amount: at(PAYSAFE_CASH_NOTE_995_CENTS) } },
    };
  if (amountCents > PAYSAFE_CASH_NOTE_500_CENTS)
    return {
      ok: true,
      continueDisabled: false,
      note: { key: MSG.paymentCashNoteOver500, values: { amount: at(PAYSAFE_CASH_NOTE_500_CENTS) } },
    };
  return { ok: true, continueDisabled: false };
}

/**
 * issue 21 §1: paysafe cash can never succeed when partial payments are blocked (spec 1 §5: at least the charges due
 * this month or earlier must be paid at once) and that amount is above the cash cap (spec 1 §5: over 1495 blocked).
 * The reason the selector shows the option disabled with, and the server refuses it with; null when it may succeed.
 */
export function paysafeCashUnavailable(input: {
  blockPartialPayments: boolean;
  /** What must be paid at once with partial payments blocked (payableNowCents), in cents. */
  payableNowCents: number;
  display?: MoneyDisplay;
}): MessageRef | null {
  if (!input.blockPartialPayments || input.payableNowCents <= PAYSAFE_CASH_MAX_CENTS) return null;
  const display = input.display ?? { currency: 'USD', locale: 'en' };
  return {
    key: MSG.paymentCashUnavailablePartial,
    values: {
      amount: formatWithDisplay(input.payableNowCents, display),
      max: formatWithDisplay(PAYSAFE_CASH_MAX_CENTS, display),
    },
  };
}

/* ------------------------------------------------------------------ loadhub cash */

// spec 1 §9: loadhub cash min 10, max 1993
export const LOADHUB_CASH_MIN_CENTS = 1_000;
export const LOADHUB_CASH_MAX_CENTS = 199_300;

// spec 1 §5: loadhub cash 10..1993 ('Cannot exceed $1993 for Cash payments.': the spec's exact text, kept)
export function validateLoadhubCashAmount(amountCents: number): RuleResult {
  if (amountCents < LOADHUB_CASH_MIN_CENTS) return fail(MSG.paymentLoadhubMin);
  if (amountCents > LOADHUB_CASH_MAX_CENTS) return fail(MSG.paymentLoadhubMax);
  return OK;
}
