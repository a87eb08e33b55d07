// What the server checks before it saves a recurring schedule (issue 10; spec 2 §4, §5, §8, §9): the same
// packages/domain rules the autopay form uses (autopay.ts validateAutopay and the show/refuse rules), answered with the
// specification's error codes. Shared by create and update (schedules.ts).
import {
  AUTOPAY_METHOD_TYPES,
  isAutopaySaveRefused,
  nextMonthlyOccurrence,
  padScheduleDate,
  validateAutopay,
} from '@portal/domain/autopay';
import { canChangeRecurringPayment, type IsHoliday, lastRecurringChangeDay } from '@portal/domain/business-days';
import { isCardExpired } from '@portal/domain/card-expiry';
import { addMonths, formatDisplayDate } from '@portal/domain/dates';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, type MoneyDisplay, toCents } from '@portal/domain/money';
import { arePartialPaymentsBlocked, getChargeCodes, type OpenChargeLike } from '@portal/domain/payment-amounts';
import { isPaymentTypeBlocked } from '@portal/domain/payment-methods';
import type { PaymentCharge } from '@portal/domain/payment-shapes';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ChargeLine, companies, openCharges, propertyLeases, type YesNo } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import { loadPaymentLease, loadPaymentMethod, type PaymentLease, type PaymentMethodRow } from '../payments/payment-context.ts';
import { requirePayableLease, requireUsableMethodType } from '../payments/payment-rules.ts';

/** The payment lease plus what the autopay form reads (spec 2 §2, §5). */
export interface AutopayLease extends PaymentLease {
  monthlyPaymentDueDay: number;
  requireAutoPay: boolean;
  charges: ChargeLine[];
  manageBalance: YesNo;
  enforceCustomAmount: boolean;
  chargeCodes: { code: string; name: string }[];
  openCharges: OpenChargeLike[];
}

/** The caller's lease (404 for another tenant's) with the autopay settings and its open charges' balances. */
export async function loadAutopayLease(db: Executor, customerId: string, leaseId: string): Promise<AutopayLease> {
  const lease = await loadPaymentLease(db, customerId, leaseId);
  const [extra] = await db
    .select({
      monthlyPaymentDueDay: propertyLeases.monthlyPaymentDueDay,
      requireAutoPay: propertyLeases.requireAutoPay,
      charges: propertyLeases.charges,
      manageBalance: companies.manageBalance,
      enforceCustomAmount: companies.enforceCustomAmount,
      chargeCodes: companies.chargeCodes,
    })
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(eq(propertyLeases.id, lease.id))
    .limit(1);
  if (!extra) throw AppError.notFound('Lease');
  const open = await db
    .select({ dueDate: openCharges.dueDate, balance: openCharges.balance })
    .from(openCharges)
    .where(and(eq(openCharges.billingAccountId, lease.id), gt(openCharges.balance, 0)));
  return { ...lease, ...extra, openCharges: open.map((c) => ({ dueDate: c.dueDate, balance: fromCents(c.balance) })) };
}

const settingsOf = (lease: AutopayLease) => ({
  enforceCustomAmount: lease.enforceCustomAmount,
  blockPartialPayments: arePartialPaymentsBlocked(lease, lease.company),
  onlyPMPaymentAllowed: lease.company.onlyPMPaymentAllowed,
  manageBalance: lease.manageBalance,
});

/**
 * spec 1 §4 / spec 2 §5: an autopay can be saved on a payable lease (ACTIVE, no pending application, not manager-only)
 * unless the company enforces a custom amount while partial payments are blocked.
 */
export function requireAutopaySavable(lease: AutopayLease): void {
  requirePayableLease(lease);
  if (isAutopaySaveRefused(settingsOf(lease)))
    throw new AppError('RM_ERROR_LEASE_NOT_PAYABLE', MSG.autopayEnforceCustomAmountBlocked);
}

/**
 * The method an autopay charges: the caller's live saved card or bank account (404 otherwise; 400 on a type mismatch),
 * of a type the lease accepts and the manager has not blocked (spec 2 §8: a blocked bank account is refused with the
 * "autopay with a bank account will not be processed" message), a card not expired today.
 */
export async function loadAutopayMethod(
  db: Executor,
  lease: AutopayLease,
  input: { customerId: string; methodId: string; methodType: string; today: string },
): Promise<PaymentMethodRow> {
  const method = await loadPaymentMethod(db, input.customerId, input.methodId, input.methodType);
  if (!AUTOPAY_METHOD_TYPES.has(method.type) || !method.processorToken)
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.autopay.methodNotSupported', {
      fieldErrors: [
        {
          field: 'paymentMethodId',
          errorCode: 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
          message: 'server.autopay.methodNotSupported',
        },
      ],
    });
  if (method.type === 'TYPE_BANK_ACCOUNT' && isPaymentTypeBlocked(method.type, lease.blockPayments))
    throw new AppError('RM_ERROR_PAYMENT_METHOD_BLOCKED', 'server.autopay.bankBlocked');
  requireUsableMethodType(lease, lease.acceptedTypes, method.type);
  if (
    method.type === 'TYPE_CREDIT_CARD' &&
    method.expiryMonth != null &&
    method.expiryYear != null &&
    isCardExpired(method.expiryMonth, method.expiryYear, input.today)
  )
    throw AppError.onField('paymentMethodId', 'server.paymentMethods.cardExpired');
  return method;
}

/** spec 2 §9: the latest first payment a start date may ask for. */
const START_DATE_HORIZON_MONTHS = 12;

/**
 * spec 2 §5 / §9: the schedule's start date for a start day: the next occurrence of the day on or after today (or the
 * asked start date when later); for a bank account (pre-authorised debit) moved by the PAD rule, never before today.
 */
export function scheduleStartDate(day: number, input: { today: string; from?: string; pad: boolean }): string {
  if (input.from && input.from > addMonths(input.today, START_DATE_HORIZON_MONTHS))
    throw AppError.onField('startDate', 'server.autopay.startDateTooFar', { values: { months: START_DATE_HORIZON_MONTHS } });
  const from = input.from && input.from > input.today ? input.from : input.today;
  let date = nextMonthlyOccurrence(day, from);
  if (!input.pad) return date;
  // A PAD day before the 10th moves back to the 1st of its month: take the month after while that is before `from`.
  for (;;) {
    const moved = padScheduleDate(date);
    if (moved >= from) return moved;
    date = nextMonthlyOccurrence(day, addMonths(`${date.slice(0, 8)}01`, 1));
  }
}

/**
 * spec 2 §5: a custom amount (cents; 0 = each occurrence pays the balance then due) passes the autopay form's amount
 * rules (at least 1, the overpayment limit or charges up to next month, at least the balance with partial payments
 * blocked); over the company's soft maximum it needs the tenant's confirmation.
 */
export function requireValidCustomAmount(
  lease: AutopayLease,
  input: {
    customAmountCents: number;
    day: number;
    methodId: string;
    today: string;
    display: MoneyDisplay;
    confirmSoftMaximum?: boolean;
  },
): void {
  const checked = input.customAmountCents > 0;
  const result = validateAutopay(
    {
      customAmountChecked: checked,
      customAmount: checked ? fromCents(input.customAmountCents).toFixed(2) : null,
      paymentMethodId: input.methodId,
      startDay: input.day,
    },
    settingsOf(lease),
    {
      openCharges: lease.openCharges,
      today: input.today,
      overpaymentAllowed: lease.company.overpaymentAllowed,
      blockPartialPayments: arePartialPaymentsBlocked(lease, lease.company),
      softMaximumPaymentAmount:
        lease.company.softMaximumPaymentAmountCents == null ? null : fromCents(lease.company.softMaximumPaymentAmountCents),
      display: input.display,
    },
  );
  const error = result.errors.customAmount;
  if (error) {
    const values = error.values;
    const onAmount = (code: string) =>
      new AppError(code, error.key, {
        values,
        fieldErrors: [{ field: 'customAmount', errorCode: code, message: error.key, values }],
      });
    switch (error.key) {
      case MSG.paymentOverpayFutureCharges:
      case MSG.paymentOverpayNotAllowed:
      case MSG.paymentAboveLimit:
        throw onAmount('RM_ERROR_OVER_PAYMENT_NOT_ALLOWED');
      case MSG.paymentDisabledPartialPayments:
      case MSG.paymentDisabledPartialPaymentsOverpayments:
        throw onAmount('RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED');
      default:
        throw onAmount('RM_ERROR_INVALID_AMOUNT');
    }
  }
  const soft = result.amount?.softMaximum;
  if (result.amount?.softMaximumExceeded && soft && !input.confirmSoftMaximum)
    throw new AppError('RM_ERROR_INVALID_AMOUNT', soft.key, {
      values: soft.values,
      fieldErrors: [
        { field: 'confirmSoftMaximum', errorCode: 'SOFT_MAXIMUM_CONFIRMATION', message: soft.key, values: soft.values },
      ],
    });
}

/**
 * spec 2 §2 add-charges section: the charges an autopay pays are the tenant's choice only when the company does not
 * manage balances (manageBalance NO); each code is one of the company's charge codes. Answers the lines in cents.
 */
export function requireAutopayCharges(lease: AutopayLease, charges: readonly PaymentCharge[], field = 'charges'): ChargeLine[] {
  if (lease.manageBalance !== 'NO') throw AppError.onField(field, 'server.autopay.chargesManagedByCompany');
  const codes = new Map(getChargeCodes({ chargeCodes: lease.chargeCodes }).map((c) => [c.code, c.name]));
  const lines: ChargeLine[] = [];
  for (const c of charges) {
    const name = codes.get(c.code);
    if (name === undefined)
      throw AppError.onField(field, 'server.autopay.chargeCodeUnknown', { values: { code: c.code }, fieldValue: c.code });
    lines.push({ code: c.code, name: c.name?.trim() || name, amount: toCents(c.amount) });
  }
  return lines;
}

/**
 * spec 2 §9 (terms of use): the upcoming payment may be changed or disabled only with at least 2 full business days
 * before its date (bank holidays of the company's country): otherwise 409 RM_ERROR_RECURRING_PAYMENT_LOCKED naming the
 * date and the last day a change was accepted.
 */
export function requireChangeable(scheduledDate: string, today: string, isHoliday: IsHoliday, lang: Lang): void {
  if (canChangeRecurringPayment(today, scheduledDate, isHoliday)) return;
  const lastChangeDate = lastRecurringChangeDay(scheduledDate, isHoliday);
  // spec 2 §4: dates as the portal shows them (DD-MMM-YYYY), in the tenant's language
  const fmt = (d: string) => formatDisplayDate(d, lang);
  const values = { date: fmt(scheduledDate), lastChangeDate: fmt(lastChangeDate) };
  // The field values carry the dates as YYYY-MM-DD for the client.
  throw new AppError('RM_ERROR_RECURRING_PAYMENT_LOCKED', 'server.autopay.paymentLocked', {
    values,
    fieldErrors: [
      { field: 'scheduledDate', message: 'server.autopay.paymentLocked', values, fieldValue: scheduledDate },
      { field: 'lastChangeDate', message: 'server.autopay.paymentLocked', values, fieldValue: lastChangeDate },
    ],
  });
}
