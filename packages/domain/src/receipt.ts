import { toCents } from './money.ts';

// Receipt rules of spec 1 §9.

// spec 1 §9: receipt fields, in display order
export const RECEIPT_FIELDS = [
  'confirmationId',
  'transactionId',
  'date',
  'property',
  'method',
  'type',
  'status',
  'source',
  'note',
  'paidTo',
  'fees',
  'total',
] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

export interface ReceiptTransaction {
  /** Decimal amount as carried by the API (or use amountCents). */
  amount?: number | string | null;
  amountCents?: number | null;
  feeAmount?: number | string | null;
  feeCents?: number | null;
  feeType?: string | null;
  feePaidByCompany?: boolean | string | null;
}

export interface ReceiptAmounts {
  showFeeRow: boolean;
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

const truthy = (v: boolean | string | null | undefined): boolean => v === true || v === 'YES' || v === 'true';

function centsOf(cents: number | null | undefined, decimal: number | string | null | undefined): number {
  if (cents != null) return cents;
  if (decimal == null || decimal === '') return 0;
  return toCents(decimal);
}

// spec 1 §9: fee row unless paid by the company or feeType SUBTRACT; total = amount + fee unless the company pays
export function getReceiptAmounts(tx: ReceiptTransaction): ReceiptAmounts {
  const amountCents = centsOf(tx.amountCents, tx.amount);
  const feeCents = centsOf(tx.feeCents, tx.feeAmount);
  const paidByCompany = truthy(tx.feePaidByCompany);
  return {
    showFeeRow: !paidByCompany && tx.feeType !== 'SUBTRACT',
    amountCents,
    feeCents,
    totalCents: paidByCompany ? amountCents : amountCents + feeCents,
  };
}

// issue 20: a cancelled attempt (the soft-maximum Cancel, a cancelled redirect, an attempt never charged) moved no money:
// it is not a receipt. The tenant sees a short "cancelled, nothing was charged" view, and past payments list payments.
export function isCancelledAttempt(status: string | null | undefined): boolean {
  return status === 'CANCELLED';
}

/**
 * The past-payments search's conditions (POST /payment_transaction/search): the tenant's payments, without cancelled
 * attempts (nothing charged) nor later split-pay instalments (issue 20: on the ledger under their plan, shown in the
 * plan's schedule; the plan's payment is the lease's).
 */
export function pastPaymentConditions(): {
  field: 'status' | 'billingAccountType';
  operator: 'NOT_EQUALS';
  value: 'CANCELLED' | 'TYPE_INSTALLMENT_PAY';
}[] {
  return [
    { field: 'status', operator: 'NOT_EQUALS', value: 'CANCELLED' },
    { field: 'billingAccountType', operator: 'NOT_EQUALS', value: 'TYPE_INSTALLMENT_PAY' },
  ];
}
