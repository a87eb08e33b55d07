// The edit-autopayment form (spec 2 §2 "Autopayment edit modal", §5 "Autopayment"): values, the checks (packages/domain's
// validateAutopay, which the server applies too, and the charge-row rules of the one-time payment), and the bodies of
// POST /create (TYPE_RECURRING_SCHEDULE), PATCH /recurring_schedule/{id}/update and POST /savelist.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import {
  AUTOPAY_METHOD_TYPES,
  type AutopayCompanySettings,
  autopayStartDayOptions,
  isAutopaySaveDisabled,
  isAutopaySaveRefused,
  showAutopayCharges,
  validateAutopay,
} from '@portal/domain/autopay';
import type { CreateRecurringScheduleBody, SaveListBody, UpdateRecurringScheduleBody } from '@portal/domain/autopay-shapes';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, type MoneyDisplay, type MoneyLocale, toCents } from '@portal/domain/money';
import { amountInputCents, formatAmountInput } from '@portal/domain/money-input';
import { arePartialPaymentsBlocked, chargeRowsTotalCents, type PaymentAmountCheck } from '@portal/domain/payment-amounts';
import type { MessageRef } from '@portal/domain/rule';
import type { PropertyLease, RecurringSchedule } from '../../../api/types';
import {
  type ChargeRowValues,
  checkPaymentForm,
  emptyChargeRow,
  type PaymentFormErrors,
  type PaymentFormValues,
  type PaymentPolicy,
  payableMethods,
  paymentPolicy,
} from '../../payments';

/** The schedule as the lease record carries it (no charges), or the full record of the schedule search. */
export type ScheduleLike = NonNullable<PropertyLease['recurringSchedule']> & { charges?: RecurringSchedule['charges'] };

export interface AutopayFormValues {
  /** The day of the month the payment is taken (spec 2 §9: 1..31), as chosen in the start-day select. */
  startDay: number | null;
  paymentMethodId: string | null;
  /** spec 2 §2: the custom monthly amount checkbox; unchecked, each payment is the balance then due. */
  customAmountChecked: boolean;
  customAmount: string;
  /** spec 2 §2: the add-charges section (manageBalance NO), held as the one-time form's charge rows. */
  charges: PaymentFormValues;
}

/** The saved methods an autopay of this lease may use: accepted, not blocked (spec 2 §5), card or bank account. */
export function autopayMethods(
  records: readonly PaymentMethodRecord[],
  lease: PropertyLease,
  env: { isWindows: boolean; now: Date },
): PaymentMethodRecord[] {
  return payableMethods(records, lease, env).filter((m) => AUTOPAY_METHOD_TYPES.has(m.type));
}

/** The company's settings the autopay rules read, with the lease's own partial-payment block. */
export function autopaySettings(lease: PropertyLease): AutopayCompanySettings {
  const company = lease.joins.company;
  return {
    enforceCustomAmount: company?.enforceCustomAmount ?? false,
    blockPartialPayments: arePartialPaymentsBlocked(lease, company),
    onlyPMPaymentAllowed: company?.onlyPMPaymentAllowed ?? 'NO',
    manageBalance: company?.manageBalance ?? 'YES',
  };
}

/** The day of a 'YYYY-MM-DD' date. */
const dayOf = (date: string | null | undefined): number | null => {
  const day = Number(date?.slice(8, 10));
  return Number.isInteger(day) && day >= 1 && day <= 31 ? day : null;
};

/** spec 2 §2: the charge rows start as the schedule's charges, else the lease's, else one empty row. */
function initialChargeRows(
  lease: PropertyLease,
  schedule: ScheduleLike | null,
  policy: PaymentPolicy,
  locale: MoneyLocale,
): ChargeRowValues[] {
  const source = schedule?.charges?.length ? schedule.charges : lease.charges;
  const rows = source
    .filter((c) => c.amount > 0)
    .map((c, i) => ({ id: `autopay-charge-${i}`, code: c.code ?? c.name, amount: formatAmountInput(toCents(c.amount), locale) }));
  return rows.length > 0 ? rows : [emptyChargeRow(policy.chargeCodes)];
}

/**
 * The form as it opens: the active schedule's values, else an empty setup (the custom amount ticked if enforced).
 * Amounts are written the language's way (issue 20 §1: "12,50" in French).
 */
export function initialAutopayForm(lease: PropertyLease, schedule: ScheduleLike | null, locale: MoneyLocale): AutopayFormValues {
  const current = schedule?.active ? schedule : null;
  const custom = current?.customAmount ?? 0;
  const policy = paymentPolicy(lease);
  return {
    startDay: dayOf(current?.startDate),
    paymentMethodId: current?.paymentMethodId ?? null,
    customAmountChecked: custom > 0 || !!lease.joins.company?.enforceCustomAmount,
    customAmount: custom > 0 ? formatAmountInput(toCents(custom), locale) : '',
    charges: {
      amount: '',
      byCharge: true,
      rows: initialChargeRows(lease, current, policy, locale),
      overpay: false,
      paymentMethodId: null,
    },
  };
}

export interface AutopayFormErrors {
  startDay?: MessageRef;
  paymentMethodId?: MessageRef;
  customAmount?: MessageRef;
  charges?: PaymentFormErrors['rows'];
  /** The form cannot be saved at all (enforce-custom-amount with blocked partials; manager-only payments). */
  form?: MessageRef;
}

export interface AutopayFormCheck {
  valid: boolean;
  errors: AutopayFormErrors;
  /** The custom amount's check (soft maximum included), when a custom amount is set. */
  amount: PaymentAmountCheck | undefined;
  /** spec 2 §5: above the company's soft maximum: Save asks to confirm. */
  softMaximum: MessageRef | null;
}

/** spec 2 §5: every check of the form (the server answers the same rules). */
export function checkAutopayForm(
  values: AutopayFormValues,
  lease: PropertyLease,
  ctx: { today: string; display: MoneyDisplay; offeredMethodIds: readonly string[] },
): AutopayFormCheck {
  const settings = autopaySettings(lease);
  const policy = paymentPolicy(lease);
  // a method no longer offered (blocked since, removed) has to be chosen again
  const methodId =
    values.paymentMethodId && ctx.offeredMethodIds.includes(values.paymentMethodId) ? values.paymentMethodId : null;
  const result = validateAutopay(
    {
      customAmountChecked: values.customAmountChecked,
      customAmount: values.customAmount,
      paymentMethodId: methodId,
      startDay: values.startDay,
    },
    settings,
    {
      openCharges: policy.openCharges,
      today: ctx.today,
      overpaymentAllowed: policy.overpaymentAllowed,
      blockPartialPayments: policy.blockPartialPayments,
      softMaximumPaymentAmount: policy.softMaximumPaymentAmount,
      display: ctx.display,
    },
  );
  const errors: AutopayFormErrors = {};
  for (const field of ['startDay', 'paymentMethodId', 'customAmount', 'form'] as const) {
    const error = result.errors[field];
    if (error) errors[field] = { key: error.key, values: error.values };
  }
  if (showAutopayCharges(settings)) {
    // the one-time form's row rules: a code and an amount above 0 on every row, at least one row
    const rows = checkPaymentForm({ ...values.charges, byCharge: true, paymentMethodId: 'rows-only' }, policy, ctx).errors.rows;
    if (rows) errors.charges = rows;
  }
  const softMaximum = result.amount?.softMaximumExceeded ? (result.amount.softMaximum ?? null) : null;
  return { valid: Object.keys(errors).length === 0, errors, amount: result.amount, softMaximum };
}

/** spec 2 §5: saving is refused (enforce-custom-amount with blocked partials) or disabled (manager-only payments). */
export function autopaySaveBlock(lease: PropertyLease): MessageRef | null {
  const settings = autopaySettings(lease);
  if (isAutopaySaveRefused(settings)) return { key: MSG.autopayEnforceCustomAmountBlocked };
  if (isAutopaySaveDisabled(settings)) return { key: MSG.autopayOnlyManagerPayments };
  return null;
}

/** spec 2 §5: the start-day options, from the day after the lease's due day. */
export const startDayOptions = (lease: PropertyLease): number[] => autopayStartDayOptions(lease.monthlyPaymentDueDay);

/**
 * The custom amount sent: the entered amount when ticked (read in the tenant's language, sent as a JSON decimal),
 * else 0 (each payment is the balance then due).
 */
export function customAmountOf(values: AutopayFormValues, locale: MoneyLocale): number {
  if (!values.customAmountChecked) return 0;
  return fromCents(amountInputCents(values.customAmount, locale) ?? 0);
}

/** The schedule's charges (the add-charges section), as the API carries them. */
export function chargesOf(
  values: AutopayFormValues,
  lease: PropertyLease,
  locale: MoneyLocale,
): { code: string; name: string; amount: number }[] {
  const names = new Map(paymentPolicy(lease).chargeCodes.map((c) => [c.code, c.name]));
  return values.charges.rows.map((r) => ({
    code: r.code,
    name: names.get(r.code) ?? r.code,
    amount: fromCents(chargeRowsTotalCents([r], locale)),
  }));
}

/** spec 2 §7: POST /savelist: the lease's charges the autopay pays, requireAutoPay false. */
export function saveListBody(values: AutopayFormValues, lease: PropertyLease, locale: MoneyLocale): SaveListBody {
  return {
    billingAccounts: [
      { id: lease.id, type: 'TYPE_PROPERTY_LEASE', charges: chargesOf(values, lease, locale), requireAutoPay: false },
    ],
  };
}

/** The chosen method (the form is valid: it is one of the offered methods). */
function methodOf(values: AutopayFormValues, methods: readonly PaymentMethodRecord[]): PaymentMethodRecord {
  const method = methods.find((m) => m.id === values.paymentMethodId);
  if (!method) throw new Error('autopay: no offered method chosen');
  return method;
}

/** spec 2 §7: POST /create with type TYPE_RECURRING_SCHEDULE (the server sets startDate and padSchedule). */
export function createScheduleBody(
  values: AutopayFormValues,
  lease: PropertyLease,
  methods: readonly PaymentMethodRecord[],
  opts: { confirmSoftMaximum: boolean; locale: MoneyLocale },
): CreateRecurringScheduleBody {
  const method = methodOf(values, methods);
  const charges = showAutopayCharges(autopaySettings(lease)) ? { charges: chargesOf(values, lease, opts.locale) } : {};
  return {
    type: 'TYPE_RECURRING_SCHEDULE',
    userType: 'TYPE_CUSTOMER',
    recurrenceType: 'MONTHLY',
    billingAccountId: lease.id,
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    paymentMethodId: method.id,
    paymentMethodType: method.type as CreateRecurringScheduleBody['paymentMethodType'],
    startDay: values.startDay ?? undefined,
    customAmount: customAmountOf(values, opts.locale),
    ...charges,
    ...(opts.confirmSoftMaximum ? { confirmSoftMaximum: true } : {}),
  };
}

/** spec 2 §7: PATCH /recurring_schedule/{id}/update: an update keeps the schedule active (spec 2 §4). */
export function updateScheduleBody(
  values: AutopayFormValues,
  lease: PropertyLease,
  methods: readonly PaymentMethodRecord[],
  opts: { confirmSoftMaximum: boolean; locale: MoneyLocale },
): UpdateRecurringScheduleBody {
  const method = methodOf(values, methods);
  const charges = showAutopayCharges(autopaySettings(lease)) ? { charges: chargesOf(values, lease, opts.locale) } : {};
  return {
    active: true,
    startDay: values.startDay ?? undefined,
    paymentMethodId: method.id,
    paymentMethodType: method.type as UpdateRecurringScheduleBody['paymentMethodType'],
    customAmount: customAmountOf(values, opts.locale),
    ...charges,
    ...(opts.confirmSoftMaximum ? { confirmSoftMaximum: true } : {}),
  };
}
