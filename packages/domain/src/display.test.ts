import { describe, expect, it } from 'vitest';
import {
  documentDownloadUrl,
  documentNameFromUrl,
  failedTransactionTooltip,
  getLeasePaymentButtons,
  isChargeOverdue,
  isInLast7DaysDisclaimer,
  isLeaseOverdue,
  isUpcomingPayment,
  leaseNameMarker,
  leaseNameMarkerKey,
  pageLinks,
  receiptStatusNotice,
  showLast7DaysDisclaimer,
  transactionErrorProvider,
  transactionStatusIcon,
  transactionStatusKey,
  transactionStatusLabel,
  transactionTypeKey,
  upcomingStatusKey,
  upcomingStatusLabel,
} from './display.ts';

describe('overdue', () => {
  it.each([
    ['2025-05-31', 10, '2025-06-01', true],
    ['2025-06-01', 10, '2025-06-01', false],
    ['2025-06-02', 10, '2025-06-01', false],
    ['2025-05-31', 0, '2025-06-01', false],
    ['2025-05-31', 0.01, '2025-06-01', true],
    ['2025-05-31', -5, '2025-06-01', false],
    ['2025-05-31T12:00:00Z', 1, '2025-06-01', true],
  ])('due %s amount %d today %s → %s', (dueDate, amount, today, overdue) => {
    expect(isChargeOverdue({ dueDate, amount }, today)).toBe(overdue);
  });
  it('a lease is overdue when any charge is', () => {
    expect(
      isLeaseOverdue(
        [
          { dueDate: '2025-07-01', amount: 5 },
          { dueDate: '2025-05-01', amount: 5 },
        ],
        '2025-06-01',
      ),
    ).toBe(true);
    expect(isLeaseOverdue([{ dueDate: '2025-07-01', amount: 5 }], '2025-06-01')).toBe(false);
    expect(isLeaseOverdue(null, '2025-06-01')).toBe(false);
  });
});

describe('lease buttons and marker', () => {
  it.each([
    ['ACTIVE', false, { disabled: false, showPendingWarning: false }],
    ['ACTIVE', true, { disabled: false, showPendingWarning: false }],
    ['TERMINATED', false, { disabled: true, showPendingWarning: false }],
    ['SUSPENDED', true, { disabled: true, showPendingWarning: false }],
    ['PENDING', true, { disabled: true, showPendingWarning: true }],
    ['PENDING', false, { disabled: false, showPendingWarning: true }],
    [null, false, { disabled: false, showPendingWarning: false }],
  ])('%s leaseOnlyCard=%s', (status, leaseOnlyCard, expected) => {
    expect(getLeasePaymentButtons(status, { leaseOnlyCard })).toEqual(expected);
  });
  it.each([
    ['TERMINATED', 'terminated', 'domain.lease.terminated'],
    ['SUSPENDED', 'suspended', 'domain.lease.suspended'],
    ['ACTIVE', null, null],
    [undefined, null, null],
  ])('%s → %s', (status, marker, key) => {
    expect(leaseNameMarker(status)).toBe(marker);
    expect(leaseNameMarkerKey(status)).toBe(key);
  });
});

describe('transaction status display', () => {
  it.each([
    ['COMPLETE', 'COMPLETE', 'domain.transactionStatus.complete', 'check'],
    ['FAILED', 'FAILED', 'domain.transactionStatus.failed', 'clock'],
    ['PENDING', 'PENDING', 'domain.transactionStatus.pending', 'clock'],
    ['INPROCESS', 'IN PROCESS', 'domain.transactionStatus.inProcess', 'clock'],
    ['ONHOLD', 'ON HOLD', 'domain.transactionStatus.onHold', 'clock'],
    ['TIMEDOUT', 'TIMED OUT', 'domain.transactionStatus.timedOut', 'clock'],
    ['AUTHORIZED', 'AUTHORIZED', 'domain.transactionStatus.authorized', null],
    ['CHARGEBACK_REVERSAL', 'CHARGEBACK REVERSAL', 'domain.transactionStatus.chargebackReversal', null],
    ['NSF', 'NSF', 'domain.transactionStatus.nsf', null],
    ['SOMETHING_ELSE', 'SOMETHING ELSE', null, null],
    [null, '', null, null],
  ])('%s', (status, label, key, icon) => {
    expect(transactionStatusLabel(status)).toBe(label);
    expect(transactionStatusKey(status)).toBe(key);
    expect(transactionStatusIcon(status)).toBe(icon);
  });
  it.each([
    ['PAYMENT', 'domain.transactionType.payment'],
    ['REFUND', 'domain.transactionType.refund'],
    ['FEE_PAYMENT', 'domain.transactionType.feePayment'],
    // issue 23: a manager's credit on the lease
    ['CREDIT', 'domain.transactionType.credit'],
    ['RETURN', 'domain.transactionStatus.return'],
    ['CHARGEBACK', 'domain.transactionStatus.chargeback'],
    ['X', null],
    [undefined, null],
  ])('type %s → %s', (type, key) => {
    expect(transactionTypeKey(type)).toBe(key);
  });
  it.each([
    ['FAILED', { key: 'domain.transaction.failedPending', tooltip: 'error' }],
    ['ONHOLD', { key: 'domain.transaction.onHoldTooltip', tooltip: 'onHold' }],
    ['COMPLETE', { key: 'domain.transaction.complete', tooltip: null }],
    ['PENDING', null],
  ])('receipt notice %s', (status, notice) => {
    expect(receiptStatusNotice(status)).toEqual(notice);
  });
});

describe('last-7-days disclaimer', () => {
  const now = '2025-06-10T12:00:00Z';
  it.each([
    ['COMPLETE', '2025-06-03T12:00:00Z', true],
    ['COMPLETE', '2025-06-03T11:59:59Z', false],
    ['INPROCESS', '2025-06-09T00:00:00Z', true],
    ['PENDING', '2025-06-09T00:00:00Z', false],
    ['FAILED', '2025-06-09T00:00:00Z', false],
    ['COMPLETE', '2025-06-11T00:00:00Z', true],
    ['COMPLETE', '2025-06-04', true],
    ['COMPLETE', null, false],
    ['COMPLETE', 'garbage', false],
  ])('%s at %s → %s', (status, createDate, shown) => {
    expect(isInLast7DaysDisclaimer({ status, createDate }, now)).toBe(shown);
  });
  it("a manager's credit (issue 23) is not a payment the tenant made: no disclaimer", () => {
    expect(isInLast7DaysDisclaimer({ status: 'COMPLETE', createDate: now, transactionType: 'CREDIT' }, now)).toBe(false);
    expect(isInLast7DaysDisclaimer({ status: 'COMPLETE', createDate: now, transactionType: 'PAYMENT' }, now)).toBe(true);
  });
  it('accepts epoch ms and Date', () => {
    const at = Date.parse(now);
    expect(isInLast7DaysDisclaimer({ status: 'COMPLETE', createDate: at - 1000 }, new Date(at))).toBe(true);
    expect(
      showLast7DaysDisclaimer(
        [
          { status: 'FAILED', createDate: at },
          { status: 'COMPLETE', createDate: at },
        ],
        at,
      ),
    ).toBe(true);
    expect(showLast7DaysDisclaimer([], at)).toBe(false);
  });
});

describe('documentNameFromUrl (sixth non-empty path segment)', () => {
  it.each([
    ['/api/document/d1/download/c1/lease%20scan.pdf', 'lease scan.pdf'],
    ['https://host/a/b/c/d/e/name', 'name'],
    ['https://host/a/b/c/d/e/name.png?token=1#x', 'name.png'],
    ['https://host/a/b/c/d/e/name/extra', 'name'],
    ['https://host:8080//a/b/c/d/e/caf%C3%A9.pdf', 'café.pdf'],
    ['/short/path/file.csv', 'file.csv'],
    ['/api/document/d1/download/c1/bad%E0%A4%A', 'bad%E0%A4%A'],
    ['', ''],
    [null, ''],
    ['https://host', ''],
  ])('%s → %s', (url, name) => {
    expect(documentNameFromUrl(url)).toBe(name);
  });
  it('builds URLs whose sixth segment is the file name', () => {
    const url = documentDownloadUrl('d 1', 'c/1', 'my lease #2.pdf');
    expect(url).toBe('/api/document/d%201/download/c%2F1/my%20lease%20%232.pdf');
    expect(documentNameFromUrl(url)).toBe('my lease #2.pdf');
  });
});

describe('pageLinks', () => {
  it.each([
    [1, 10, [1, 2, 3]],
    [9, 10, [9, 10]],
    [10, 10, [10]],
    [1, 1, [1]],
    [1, 0, []],
    [0, 5, [1, 2, 3]],
    [12, 5, [5]],
    [2, 3, [2, 3]],
  ])('current %i of %i → %j', (current, total, links) => {
    expect(pageLinks(current, total)).toEqual(links);
  });
});

describe('upcoming status', () => {
  it.each([
    ['PENDING', 'PENDING', null],
    ['', 'No Status', 'domain.upcomingStatus.noStatus'],
    [null, 'No Status', 'domain.upcomingStatus.noStatus'],
  ])('%s', (status, label, key) => {
    expect(upcomingStatusLabel(status)).toBe(label);
    expect(upcomingStatusKey(status)).toBe(key);
  });
  it('PENDING entries are upcoming', () => {
    expect(isUpcomingPayment({ status: 'PENDING' })).toBe(true);
    expect(isUpcomingPayment({ status: 'COMPLETE' })).toBe(false);
  });
});

describe('failedTransactionTooltip', () => {
  it.each([
    ['SPLITIT:402:Card declined by the issuing bank', null, { text: 'Card declined by the issuing bank' }],
    ['SPLITIT:402:Declined', null, { text: 'SPLITIT:402:Declined' }],
    ['SPLITIT:402:0123456789', null, { text: 'SPLITIT:402:0123456789' }],
    ['SPLITIT:402:01234567890', null, { text: '01234567890' }],
    ['code:500:Card declined by issuer', 'TYPE_INSTALLMENT_PAY', { text: 'Card declined by issuer' }],
    [
      'PAYPAL:INSTRUMENT_DECLINED: The instrument was declined',
      null,
      { key: 'domain.transaction.errorPrefix', values: { detail: 'The instrument was declined' } },
    ],
    ['x: y', 'TYPE_PAY_PAL', { key: 'domain.transaction.errorPrefix', values: { detail: 'y' } }],
    ['GEOSWIFT:E01:Order expired', null, { text: 'Order expired' }],
    ['Insufficient funds', null, { text: 'Insufficient funds' }],
    ['bank:51:Insufficient funds', 'PAYSAFE', { text: 'bank:51:Insufficient funds' }],
    [null, null, { text: '' }],
  ])('%s (%s)', (error, provider, tooltip) => {
    expect(failedTransactionTooltip(error, provider)).toEqual(tooltip);
  });
  it('detects providers', () => {
    expect(transactionErrorProvider('a:b', 'GEO')).toBe('GEO');
    expect(transactionErrorProvider('a:b')).toBe('OTHER');
  });
});
