import { type AutopayCompanySettings, isAutopaySaveDisabled, isAutopaySaveRefused } from './autopay-display.ts';
import { endOfMonth, firstOfMonth, firstOfNextMonth, parseIsoDate } from './dates.ts';
import type { PaymentMethodType } from './entities.ts';
import { MSG } from './message-keys.ts';
import { DEFAULT_MONEY_DISPLAY, formatWithDisplay, type MoneyDisplay } from './money.ts';
import { amountInputCents, parseAmountInput } from './money-input.ts';
import { checkPaymentAmount, type PaymentAmountCheck, type PaymentAmountContext } from './payment-amounts.ts';
import { fail, OK, type RuleResult } from './rule.ts';

export {
  type AutopayCompanySettings,
  autopayButtonMode,
  disableAutopayPatch,
  isAutopaySaveDisabled,
  isAutopaySaveRefused,
  showAutopayCharges,
  showAutopayCloseButton,
  showAutopayCustomAmount,
  showDisableAutopay,
} from './autopay-display.ts';

// Autopay (recurring schedule) rules of spec 2 §4, §5 and §9.

/**
 * spec 2 §9 (service fees: pre-authorised debit autopay, cards): an autopay charges a saved card or bank account every
 * month; the schedule form offers, the server saves and the autopay job charges only these.
 */
export const AUTOPAY_METHOD_TYPES: ReadonlySet<string> = new Set<PaymentMethodType>(['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT']);

// spec 2 §9: day options for recurrence 1 to 31
export const AUTOPAY_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
// spec 2 §9: minimum custom autopayment amount 1
export const AUTOPAY_CUSTOM_AMOUNT_MIN_CENTS = 100;
// spec 2 §9: pre-authorised debit moves to the 1st when the day is after 20 or before 10
export const PAD_LATEST_DAY = 20;
export const PAD_EARLIEST_DAY = 10;

/**
 * spec 2 §5: start-day options run from the day after the due day for up to 31 days: a 31-day
 * window in the 1..31 cycle (due day 5 → 6, 7, …, 31, 1, …, 5). Without a due day: 1..31.
 */
export function autopayStartDayOptions(monthlyPaymentDueDay: number | null | undefined): number[] {
  const due = Number(monthlyPaymentDueDay);
  if (!Number.isInteger(due) || due < 1 || due > 31) return [...AUTOPAY_DAYS];
  return Array.from({ length: 31 }, (_, i) => ((due + i) % 31) + 1);
}

// spec 2 §9: a pre-authorised debit day after the 20th or before the 10th moves to the 1st
export function padDayOfMonth(day: number): number {
  return day > PAD_LATEST_DAY || day < PAD_EARLIEST_DAY ? 1 : day;
}

/**
 * spec 1 §9 / spec 2 §9: an autopay is priced by the pre-authorised debit (PAD) fee profile only when it is a bank
 * account's and is taken on the 1st; a bank autopay on the 10th..20th pays the bank fee. One rule for the autopay job
 * and the autopay modal's fee notice (issue 20: the modal called the 15th free while the job charged $0.50).
 */
export function isPadPricedAutopay(padSchedule: boolean, day: number): boolean {
  return padSchedule && padDayOfMonth(day) === 1;
}

/**
 * spec 2 §9: a pre-authorised debit date moves to the 1st of the month when its day is after the 20th
 * (the 1st of the next month, so it is never earlier than asked) or before the 10th (the 1st of its month).
 */
export function padScheduleDate(date: string): string {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  if (p.day > PAD_LATEST_DAY) return firstOfNextMonth(date);
  if (p.day < PAD_EARLIEST_DAY) return firstOfMonth(date);
  return date;
}

/** The next occurrence of a monthly schedule on `day` on or after `today` (short months clamp to their last day). */
export function nextMonthlyOccurrence(day: number, today: string): string {
  const onDay = (monthStart: string) => {
    const last = Number(endOfMonth(monthStart).slice(8, 10));
    return `${monthStart.slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
  };
  const c = onDay(firstOfMonth(today));
  return c >= today ? c : onDay(firstOfNextMonth(today));
}

// spec 2 §5: a checked custom amount must be given and be a number of at least 1 (min-amount alert); issue 20 §1: read
// in the reader's locale (display.locale), an ambiguous or malformed amount answers the parser's own message
export function validateAutopayCustomAmount(
  checked: boolean,
  value: string | null | undefined,
  display: MoneyDisplay = DEFAULT_MONEY_DISPLAY,
): RuleResult {
  if (!checked) return OK;
  const parsed = parseAmountInput(value ?? '', display.locale);
  if (!parsed.ok) return fail(parsed.key, parsed.values);
  if (parsed.cents < AUTOPAY_CUSTOM_AMOUNT_MIN_CENTS) {
    return fail(MSG.autopayCustomAmountMin, { min: formatWithDisplay(AUTOPAY_CUSTOM_AMOUNT_MIN_CENTS, display) });
  }
  return OK;
}

export interface AutopayDraft {
  customAmountChecked: boolean;
  customAmount?: string | null;
  paymentMethodId?: string | null;
  paymentMethodType?: string | null;
  startDay?: number | null;
}

export interface AutopayValidation {
  ok: boolean;
  errors: Partial<Record<'customAmount' | 'paymentMethodId' | 'startDay' | 'form', RuleResult & { ok: false }>>;
  amount?: PaymentAmountCheck;
}

/**
 * spec 2 §5: the autopay form: refused with enforce-custom-amount + blocked partials; disabled for
 * manager-only payments; a payment method and a start day (1..31) are required; a checked custom
 * amount ≥ 1 also passes the payment-amount rules (limit 100000 when overpayment is allowed,
 * at least the current balance with partial payments disabled); the soft maximum asks to confirm.
 */
export function validateAutopay(
  draft: AutopayDraft,
  settings: AutopayCompanySettings,
  amountCtx: PaymentAmountContext,
): AutopayValidation {
  const errors: AutopayValidation['errors'] = {};
  if (isAutopaySaveRefused(settings)) errors.form = { ok: false, key: MSG.autopayEnforceCustomAmountBlocked };
  else if (isAutopaySaveDisabled(settings)) errors.form = { ok: false, key: MSG.autopayOnlyManagerPayments };
  if (!draft.paymentMethodId) errors.paymentMethodId = { ok: false, key: MSG.paymentMethodSelectValid };
  if (!draft.startDay || !AUTOPAY_DAYS.includes(draft.startDay)) errors.startDay = { ok: false, key: MSG.requiredField };
  const custom = validateAutopayCustomAmount(draft.customAmountChecked, draft.customAmount, amountCtx.display);
  let amount: PaymentAmountCheck | undefined;
  if (!custom.ok) errors.customAmount = custom;
  else if (draft.customAmountChecked) {
    // the autopay minimum is 1.00 (spec 2 §9), not the one-time 10.00
    amount = checkPaymentAmount(
      amountInputCents(draft.customAmount ?? '', (amountCtx.display ?? DEFAULT_MONEY_DISPLAY).locale) ?? 0,
      {
        ...amountCtx,
        minCents: AUTOPAY_CUSTOM_AMOUNT_MIN_CENTS,
      },
    );
    if (!amount.ok && amount.error) errors.customAmount = { ok: false, ...amount.error };
  }
  return { ok: Object.keys(errors).length === 0, errors, amount };
}
