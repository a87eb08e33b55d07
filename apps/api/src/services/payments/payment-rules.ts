// What the server checks before any money moves (issue 8; spec 1 §4 "Lease", §5 "Payment amounts", §8 "Payments"): the
// same packages/domain rules the payment form uses, answered with the specification's error codes.
import { SERVER_MESSAGES } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, type MoneyDisplay } from '@portal/domain/money';
import {
  arePartialPaymentsBlocked,
  checkPaymentAmount,
  MIN_PAYMENT_CENTS,
  type OpenChargeLike,
} from '@portal/domain/payment-amounts';
import {
  blockedMethodMessage,
  getExtraPaymentOptions,
  isPaymentTypeBlocked,
  merchantNotConfigured,
} from '@portal/domain/payment-methods';
import type { BlockPayments, YesNo } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAcceptedType } from '../fees/accepted-payment-types.ts';

export interface PayableLease {
  id: string;
  status: string;
  blockPayments: BlockPayments;
  blockPartialPayments: boolean;
  company: {
    onlyPMPaymentAllowed: YesNo;
    overpaymentAllowed: YesNo;
    blockPartialPayments: boolean;
    softMaximumPaymentAmountCents: number | null;
  };
  /** A lease application of this tenant for the lease's property awaits the manager (spec 2 §4). */
  hasPendingApplication: boolean;
}

// spec 1 §4: TERMINATED or SUSPENDED (and PENDING) leases cannot be paid; payment setup is refused while the lease
// application is pending; onlyPMPaymentAllowed YES leaves payments to the manager.
export function requirePayableLease(lease: PayableLease): void {
  if (lease.status !== 'ACTIVE') {
    throw new AppError('RM_ERROR_LEASE_NOT_PAYABLE', 'server.payments.leaseNotPayable', { values: { status: lease.status } });
  }
  if (lease.hasPendingApplication) throw new AppError('RM_ERROR_LEASE_NOT_PAYABLE', MSG.leaseApplicationPending);
  if (lease.company.onlyPMPaymentAllowed === 'YES')
    throw new AppError('RM_ERROR_LEASE_NOT_PAYABLE', 'server.payments.onlyManagerPayments');
}

/** The extra payment modes of spec 1 §5 (cash by country, split pay, union pay): offered by getExtraPaymentOptions. */
const EXTRA_MODES = new Set(['TYPE_PAYSAFE_CASH', 'TYPE_LOADHUB_CASH', 'TYPE_INSTALLMENT_PAY', 'TYPE_UNION_PAY']);

// spec 1 §5 / §8: the method's type must be accepted (else 'merchant account not configured') and not blocked for the
// lease; cash, split pay and union pay follow the same rule as the method selector (getExtraPaymentOptions).
export function requireUsableMethodType(
  lease: Pick<PayableLease, 'blockPayments'> & { companyCountry: string; province: string | null },
  accepted: ReadonlySet<string>,
  methodType: string,
): void {
  if (EXTRA_MODES.has(methodType)) {
    const notConfigured = merchantNotConfigured([...accepted]);
    if (notConfigured) throw new AppError('RM_ERROR_MERCHANT_NOT_CONFIGURED', notConfigured.key);
    const offered = getExtraPaymentOptions({
      country: lease.companyCountry,
      acceptedPaymentTypes: [...accepted],
      province: lease.province,
    });
    if (!offered.includes(methodType as (typeof offered)[number]))
      throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.fees.methodNotAccepted');
  } else {
    requireAcceptedType(accepted, methodType);
  }
  if (isPaymentTypeBlocked(methodType, lease.blockPayments)) {
    const message = blockedMethodMessage(methodType);
    throw new AppError('RM_ERROR_PAYMENT_METHOD_BLOCKED', message.key, { values: { method: message.values?.method ?? '' } });
  }
}

/**
 * spec 1 §5 / §8: the amount rules (checkPaymentAmount) as the server answers them: below the minimum is
 * RM_ERROR_INVALID_AMOUNT with 'Negative amount on PAYMENT transaction' and a field value of (amount − minimum), from
 * which the client shows the minimum (entered amount + |field value|); overpayment and partial payment have their codes.
 */
export function requireValidAmount(
  amountCents: number,
  ctx: {
    openCharges: readonly OpenChargeLike[];
    today: string;
    lease: Pick<PayableLease, 'blockPartialPayments' | 'company'>;
    display: MoneyDisplay;
  },
): void {
  const check = checkPaymentAmount(amountCents, {
    openCharges: ctx.openCharges,
    today: ctx.today,
    overpaymentAllowed: ctx.lease.company.overpaymentAllowed,
    blockPartialPayments: arePartialPaymentsBlocked(ctx.lease, ctx.lease.company),
    softMaximumPaymentAmount:
      ctx.lease.company.softMaximumPaymentAmountCents == null ? null : fromCents(ctx.lease.company.softMaximumPaymentAmountCents),
    display: ctx.display,
  });
  if (check.ok || !check.error) return;
  const values = check.error.values;
  switch (check.error.key) {
    case MSG.paymentBelowMinimum:
      throw new AppError('RM_ERROR_INVALID_AMOUNT', SERVER_MESSAGES.negativeAmount, {
        fieldErrors: [
          {
            field: 'amount',
            errorCode: 'RM_ERROR_INVALID_AMOUNT',
            message: MSG.paymentBelowMinimum,
            values,
            fieldValue: fromCents(amountCents - MIN_PAYMENT_CENTS),
          },
        ],
      });
    case MSG.paymentOverpayFutureCharges:
    case MSG.paymentOverpayNotAllowed:
      throw new AppError('RM_ERROR_OVER_PAYMENT_NOT_ALLOWED', check.error.key, { values });
    case MSG.paymentDisabledPartialPayments:
    case MSG.paymentDisabledPartialPaymentsOverpayments:
      throw new AppError('RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED', check.error.key, { values });
    default:
      throw new AppError('RM_ERROR_INVALID_AMOUNT', check.error.key, { values });
  }
}
