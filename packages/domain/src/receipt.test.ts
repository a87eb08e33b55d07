import { describe, expect, it } from 'vitest';
import { getReceiptAmounts, isCancelledAttempt, pastPaymentConditions, RECEIPT_FIELDS } from './receipt.ts';

describe('getReceiptAmounts', () => {
  it.each([
    [
      { amount: 1000, feeAmount: 29, feeType: 'ADD', feePaidByCompany: false },
      { showFeeRow: true, amountCents: 100000, feeCents: 2900, totalCents: 102900 },
    ],
    [
      { amount: 1000, feeAmount: 29, feePaidByCompany: true },
      { showFeeRow: false, amountCents: 100000, feeCents: 2900, totalCents: 100000 },
    ],
    [
      { amount: 1000, feeAmount: 29, feePaidByCompany: 'YES' },
      { showFeeRow: false, amountCents: 100000, feeCents: 2900, totalCents: 100000 },
    ],
    [
      { amount: 1000, feeAmount: 29, feeType: 'SUBTRACT' },
      { showFeeRow: false, amountCents: 100000, feeCents: 2900, totalCents: 102900 },
    ],
    [
      { amount: '10.10', feeAmount: '0.50' },
      { showFeeRow: true, amountCents: 1010, feeCents: 50, totalCents: 1060 },
    ],
    [
      { amount: 10, feeAmount: null },
      { showFeeRow: true, amountCents: 1000, feeCents: 0, totalCents: 1000 },
    ],
    [
      { amountCents: 1000, feeCents: 7, feeAmount: '' },
      { showFeeRow: true, amountCents: 1000, feeCents: 7, totalCents: 1007 },
    ],
    [{}, { showFeeRow: true, amountCents: 0, feeCents: 0, totalCents: 0 }],
  ])('%j', (tx, expected) => {
    expect(getReceiptAmounts(tx)).toEqual(expected);
  });
  it('lists the twelve receipt fields', () => {
    expect(RECEIPT_FIELDS).toEqual([
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
    ]);
  });
});

describe('cancelled attempts (issue 20: not a receipt)', () => {
  it.each([
    ['CANCELLED', true],
    ['COMPLETE', false],
    ['FAILED', false],
    ['PENDING', false],
    [null, false],
  ])('%s → %s', (status, cancelled) => {
    expect(isCancelledAttempt(status)).toBe(cancelled);
  });
  it('keeps them out of the past payments search', () => {
    expect(pastPaymentConditions()).toEqual([
      { field: 'status', operator: 'NOT_EQUALS', value: 'CANCELLED' },
      { field: 'billingAccountType', operator: 'NOT_EQUALS', value: 'TYPE_INSTALLMENT_PAY' },
    ]);
  });
});
