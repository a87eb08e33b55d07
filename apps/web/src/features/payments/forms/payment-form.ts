// The one-time payment form (spec 1 §4 "Payment flow", §5 "Payment amounts"): values, what a keystroke becomes, the
// checks (packages/domain's checkPaymentAmount and charge-row rules, which the server applies too) and the
// POST /processpayment body. Amounts are typed as text, read in the tenant's language (issue 20 §1: money-input.ts)
// and counted in cents.

import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { leaseAcceptedPaymentTypes } from '@portal/domain/lease-payment-options';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, type MoneyDisplay, type MoneyLocale } from '@portal/domain/money';
import { formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import { chargeRowsSchema } from '@portal/domain/payment-amount-schemas';
import {
  arePartialPaymentsBlocked,
  type ChargeCode,
  canRemoveChargeRow,
  chargeRowsTotalCents,
  checkPaymentAmount,
  defaultPaymentAmountCents,
  getChargeCodes,
  isOverpaymentOptionEnabled,
  type PaymentAmountCheck,
} from '@portal/domain/payment-amounts';
import {
  type BlockPayments,
  cleanPaymentMethodList,
  getExtraPaymentOptions,
  isPaymentTypeBlocked,
  isWalletReusable,
} from '@portal/domain/payment-methods';
import type { ProcessPaymentBody } from '@portal/domain/payment-shapes';
import type { MessageRef } from '@portal/domain/rule';
import type { PropertyLease } from '../../../api/types';

export interface ChargeRowValues {
  /** A stable id for the list (rows are added and removed). */
  id: string;
  code: string;
  amount: string;
}

export interface PaymentFormValues {
  /** The amount to pay, as typed (when not paying by charge). */
  amount: string;
  /** Charge-code rows instead of one amount (spec 1 §5 "With charge codes"). */
  byCharge: boolean;
  rows: ChargeRowValues[];
  /** The tenant chose to pay more than the open balance (spec 1 §5: only when overpaymentAllowed is YES). */
  overpay: boolean;
  paymentMethodId: string | null;
}

/** The lease's payment settings the form reads (the company's, with the lease's partial-payment block). */
export interface PaymentPolicy {
  openCharges: PropertyLease['openCharges'];
  overpaymentAllowed: 'YES' | 'NO';
  /** spec 1 §5: blockPartialPayments on the lease or its company. */
  blockPartialPayments: boolean;
  softMaximumPaymentAmount: number | null;
  /** The company shows charge codes (then the rows are the form). */
  displayChargeCodes: boolean;
  chargeCodes: ChargeCode[];
}

export function paymentPolicy(lease: PropertyLease): PaymentPolicy {
  const company = lease.joins.company;
  return {
    openCharges: lease.openCharges,
    overpaymentAllowed: company?.overpaymentAllowed === 'YES' ? 'YES' : 'NO',
    blockPartialPayments: arePartialPaymentsBlocked(lease, company),
    softMaximumPaymentAmount: company?.softMaximumPaymentAmount ?? null,
    displayChargeCodes: !!company?.displayChargeCodes,
    chargeCodes: getChargeCodes(company),
  };
}

let rowSeq = 0;
const newRowId = () => `charge-${++rowSeq}`;

/** An empty charge row (the first code preselected when there is only one). */
export function emptyChargeRow(codes: readonly ChargeCode[]): ChargeRowValues {
  return { id: newRowId(), code: codes.length === 1 ? codes[0].code : '', amount: '' };
}

/** spec 1 §5: the rows start as the open balances per charge code (codes the company offers), else one empty row. */
export function defaultChargeRows(policy: PaymentPolicy, locale: MoneyLocale): ChargeRowValues[] {
  const offered = new Set(policy.chargeCodes.map((c) => c.code));
  const byCode = new Map<string, number>();
  for (const charge of policy.openCharges) {
    const code = charge.code ?? '';
    const cents = Math.round(charge.balance * 100);
    if (!offered.has(code) || cents <= 0) continue;
    byCode.set(code, (byCode.get(code) ?? 0) + cents);
  }
  const rows = [...byCode].map(([code, cents]) => ({ id: newRowId(), code, amount: formatAmountInput(cents, locale) }));
  return rows.length > 0 ? rows : [emptyChargeRow(policy.chargeCodes)];
}

/** spec 1 §5: the amount defaults to the sum of open charge balances, with 2 decimals, written the language's way. */
export function initialPaymentForm(policy: PaymentPolicy, locale: MoneyLocale): PaymentFormValues {
  const cents = defaultPaymentAmountCents(policy.openCharges);
  return {
    amount: cents > 0 ? formatAmountInput(cents, locale) : '',
    byCharge: policy.displayChargeCodes,
    rows: defaultChargeRows(policy, locale),
    overpay: false,
    paymentMethodId: null,
  };
}

/* ------------------------------------------------------------------ the methods offered */

/**
 * The saved-method types the selector lists: card and bank account (POST /processpayment), a wallet while its session
 * lasts (the summary's wallet button) and a linked PayPal account (the summary's provider button: its order flow, as
 * /processpayment refuses TYPE_PAY_PAL). Cash and instalments are options of their own (forms/payment-options.ts).
 */
export const SAVED_METHOD_PAYMENT_TYPES: ReadonlySet<string> = new Set([
  'TYPE_CREDIT_CARD',
  'TYPE_BANK_ACCOUNT',
  'TYPE_WALLET',
  'TYPE_PAY_PAL',
]);

/**
 * spec 1 §4 "Method selector" / §5 "Payment method lists": the tenant's saved methods (cash and Apple Pay on Windows
 * removed, duplicates removed) of a type the lease accepts and does not block; a wallet only while it is reusable.
 */
export function payableMethods(
  records: readonly PaymentMethodRecord[],
  lease: PropertyLease,
  env: { isWindows: boolean; now: Date },
): PaymentMethodRecord[] {
  const accepted = leaseAcceptedPaymentTypes(lease);
  const blocks = lease.blockPayments as BlockPayments;
  return cleanPaymentMethodList(records, { isWindows: env.isWindows }).filter(
    (m) =>
      SAVED_METHOD_PAYMENT_TYPES.has(m.type) &&
      accepted.has(m.type) &&
      !isPaymentTypeBlocked(m.type, blocks) &&
      (m.type !== 'TYPE_WALLET' || isWalletReusable(m, env.now)),
  );
}

/**
 * spec 1 §2 / spec 2 §4: the pay-later options of a lease: instalment pay where the lease accepts it and the province is
 * valid (spec 1 §5 "Instalment eligibility"), and the online wallet provider's pay later where the property has it.
 */
export function payLaterOptions(lease: PropertyLease): { instalment: boolean; payPalPayLater: boolean } {
  const property = lease.joins.property;
  const accepted = lease.acceptInstallmentPay || leaseAcceptedPaymentTypes(lease).has('TYPE_INSTALLMENT_PAY');
  const validProvince = getExtraPaymentOptions({
    country: property?.country,
    acceptedPaymentTypes: ['TYPE_INSTALLMENT_PAY'],
    province: property?.province,
  }).includes('TYPE_INSTALLMENT_PAY');
  return { instalment: accepted && validProvince, payPalPayLater: !!property?.paypalCreditIntegration?.enabled };
}

/* ------------------------------------------------------------------ rows */

export function setRow(values: PaymentFormValues, id: string, patch: Partial<Omit<ChargeRowValues, 'id'>>): PaymentFormValues {
  return { ...values, rows: values.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) };
}

export function addRow(values: PaymentFormValues, codes: readonly ChargeCode[]): PaymentFormValues {
  return { ...values, rows: [...values.rows, emptyChargeRow(codes)] };
}

/** spec 1 §5: a row is removed only when more than one is left. */
export function removeRow(values: PaymentFormValues, id: string): PaymentFormValues {
  if (!canRemoveChargeRow(values.rows)) return values;
  return { ...values, rows: values.rows.filter((r) => r.id !== id) };
}

/* ------------------------------------------------------------------ checks */

/** The amount the form pays, in cents (the rows' total when paying by charge); null when it is not an amount. */
export function enteredCents(values: PaymentFormValues, locale: MoneyLocale): number | null {
  if (values.byCharge) return chargeRowsTotalCents(values.rows, locale);
  const parsed = parseAmountInput(values.amount, locale);
  return parsed.ok ? parsed.cents : null;
}

export interface PaymentFormErrors {
  /** The amount field (required, not an amount). */
  amount?: MessageRef;
  /** Per charge row: its code and amount. */
  rows?: Record<string, { code?: MessageRef; amount?: MessageRef }>;
  /** The amount rules (minimum, limit, overpayment, partial payment): shown as an alert. */
  policy?: MessageRef;
  /** Above the open balance without the overpayment option ticked (the company allows overpayments). */
  overpayNotChosen?: true;
  method?: MessageRef;
}

export interface PaymentFormCheck {
  errors: PaymentFormErrors;
  valid: boolean;
  cents: number;
  /** checkPaymentAmount's answer (soft maximum included), when there is an amount. */
  amountCheck: PaymentAmountCheck | null;
}

function rowErrors(values: PaymentFormValues, locale: MoneyLocale): PaymentFormErrors['rows'] {
  const parsed = chargeRowsSchema(locale).safeParse(values.rows.map(({ code, amount }) => ({ code, amount })));
  if (parsed.success) return undefined;
  const out: NonNullable<PaymentFormErrors['rows']> = {};
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path;
    const row = typeof index === 'number' ? values.rows[index] : undefined;
    if (!row || (field !== 'code' && field !== 'amount') || out[row.id]?.[field]) continue;
    // the first message of a field (an empty amount is 'Required Field', not also 'not an amount')
    const params = 'params' in issue ? (issue.params as MessageRef['values']) : undefined;
    out[row.id] = { ...out[row.id], [field]: { key: issue.message as MessageRef['key'], values: params } };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * spec 1 §5: every check of the form. The amount rules are checkPaymentAmount's (the server answers the same ones);
 * the overpayment option only guards against paying more than the open balance by mistake.
 */
export function checkPaymentForm(
  values: PaymentFormValues,
  policy: PaymentPolicy,
  ctx: { today: string; display: MoneyDisplay },
): PaymentFormCheck {
  const errors: PaymentFormErrors = {};
  if (!values.paymentMethodId) errors.method = { key: MSG.paymentMethodSelectValid };
  let cents = 0;
  let amountCheck: PaymentAmountCheck | null = null;
  const locale = ctx.display.locale;
  const rows = values.byCharge ? rowErrors(values, locale) : undefined;
  if (rows) errors.rows = rows;
  const entered = enteredCents(values, locale);
  if (!values.byCharge) {
    // issue 20 §1: the parser's own refusal (required, ambiguous, decimals, digits), then spec 2 §5 "greater than 0"
    const parsed = parseAmountInput(values.amount, locale);
    if (!parsed.ok) errors.amount = { key: parsed.key, values: parsed.values };
    else if (parsed.cents <= 0) errors.amount = { key: MSG.currencyInvalid };
  }
  if (entered !== null && !errors.amount && !rows) {
    cents = entered;
    amountCheck = checkPaymentAmount(cents, {
      openCharges: policy.openCharges,
      today: ctx.today,
      overpaymentAllowed: policy.overpaymentAllowed,
      blockPartialPayments: policy.blockPartialPayments,
      softMaximumPaymentAmount: policy.softMaximumPaymentAmount,
      display: ctx.display,
    });
    if (amountCheck.error) errors.policy = amountCheck.error;
    else if (
      isOverpaymentOptionEnabled(policy.overpaymentAllowed) &&
      !values.overpay &&
      cents > defaultPaymentAmountCents(policy.openCharges)
    ) {
      errors.overpayNotChosen = true;
    }
  }
  return { errors, valid: Object.keys(errors).length === 0, cents, amountCheck };
}

/* ------------------------------------------------------------------ the body */

/** spec 1 §7: the POST /processpayment body of a valid form (an amount, or the charges by code). */
export function paymentBody(
  values: PaymentFormValues,
  leaseId: string,
  method: Pick<PaymentMethodRecord, 'id' | 'type'>,
  codes: readonly ChargeCode[],
  locale: MoneyLocale,
): ProcessPaymentBody {
  const base = {
    billingAccountId: leaseId,
    billingAccountType: 'TYPE_PROPERTY_LEASE' as const,
    paymentMethodId: method.id,
    paymentMethodType: method.type,
  };
  // the JSON carries a decimal number (12.5), whatever the language the amount was typed in
  if (!values.byCharge) return { ...base, amount: fromCents(enteredCents(values, locale) ?? 0) };
  const names = new Map(codes.map((c) => [c.code, c.name]));
  return {
    ...base,
    charges: values.rows.map((r) => ({
      code: r.code,
      name: names.get(r.code) ?? r.code,
      amount: fromCents(chargeRowsTotalCents([r], locale)),
    })),
  };
}

/** Two bodies are the same payment attempt when they are equal (the Idempotency-Key is reused only then). */
export function attemptSignature(body: ProcessPaymentBody): string {
  return JSON.stringify(body);
}
