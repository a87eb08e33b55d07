// The console ledger's answer (issue 23 "Money", POST /ledger/search), one definition for the API that builds it and
// the web app that reads it.

/** What a ledger row is: an open charge (CHARGE, or CREDIT when negative), or a transaction's type (spec 1 §3). */
export const LEDGER_TYPES = [
  'CHARGE',
  'CREDIT',
  'PAYMENT',
  'REFUND',
  'RETURN',
  'NSF',
  'CHARGEBACK',
  'CHARGEBACK_REVERSAL',
  'FEE_PAYMENT',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export interface LedgerRow {
  id: string;
  leaseId: string;
  unit: string | null;
  date: string;
  type: string;
  status: string;
  /** The row's own amount (positive), in dollars. */
  amount: number;
  /** How it moved the balance: + charges, refunds and returns; − payments and credits; 0 when it does not stand. */
  signedAmount: number;
  /** The lease's balance after this row (every earlier row of the lease counted, whatever the filters). */
  runningBalance: number;
  description: string;
  code: string | null;
  confirmationId: string | null;
  parentTransactionId: string | null;
  paymentMethodType: string | null;
  /** What is still refundable (a COMPLETE card or bank PAYMENT: its amount less its standing refunds); else 0. */
  refundable: number;
}

export interface LedgerTotals {
  charged: number;
  paid: number;
  refunded: number;
  balance: number;
}

export interface LedgerPage {
  records: LedgerRow[];
  page: number;
  totalPages: number;
  totalRecords: number;
  currency: 'CAD' | 'USD';
  totals: LedgerTotals;
}
