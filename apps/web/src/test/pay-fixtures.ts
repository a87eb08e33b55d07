// Fixtures of the payment-flow tests: a lease with open charges due last month, this month and next month (so the
// payable-now and payable-through-next-month amounts differ), the answers of the fee and payment calls.
import type { FeeCalculation, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { toIsoDate } from '@portal/domain/dates';
import { fromCents, toCents } from '@portal/domain/money';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import type { CompanyJoin, PropertyLease } from '../api/types';
import { paymentResult as basePaymentResult, lease as leaseRecord } from './payment-fixtures';

/** The first day of the month `offset` months from now, as 'YYYY-MM-DD'. */
export function monthStart(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return toIsoDate({ year: d.getFullYear(), month: d.getMonth() + 1, day: 1 });
}

/** Balances: 3775.00 in all, 1925.00 payable now (rent last month + parking this month), rent 1850.00 next month. */
export function payLease(over: Partial<PropertyLease> = {}, companyOver: Partial<CompanyJoin> = {}): PropertyLease {
  return leaseRecord(
    'lease-1',
    'Harbourview Residences',
    {
      openCharges: [
        { id: 'oc1', name: 'Rent', code: 'Rent', dueDate: monthStart(-1), balance: 1850, amount: 1850, postMonth: null },
        { id: 'oc2', name: 'Parking', code: 'parking', dueDate: monthStart(0), balance: 75, amount: 75, postMonth: null },
        { id: 'oc3', name: 'Rent', code: 'Rent', dueDate: monthStart(1), balance: 1850, amount: 1850, postMonth: null },
      ],
      balance: 3775,
      ...over,
    },
    companyOver,
  );
}

/** POST /calculatefeewithfeeprofile as the server answers it: cards 2.90% (rounded down), bank accounts free. */
export function feeAnswer(body: { amount: number; paymentMethod: string }, methods: PaymentMethodRecord[]): FeeCalculation {
  const method = methods.find((m) => m.id === body.paymentMethod);
  const cents = toCents(body.amount);
  const feeCents = method?.type === 'TYPE_CREDIT_CARD' ? Math.floor((cents * 290) / 10_000) : 0;
  return {
    amount: body.amount,
    feeAmount: fromCents(feeCents),
    total: fromCents(cents + feeCents),
    currency: 'CAD',
    feeProfile: null,
  };
}

/** The payment of the whole balance by card: 3775.00 + 109.47 fee. */
export function paymentResult(over: Partial<PaymentResult> = {}): PaymentResult {
  return basePaymentResult({ amount: 3775, feeAmount: 109.47, total: 3884.47, ...over });
}
