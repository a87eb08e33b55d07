import { describe, expect, it } from 'vitest';
import {
  creditGrade,
  creditGradeKey,
  creditReportAction,
  creditReportStartDate,
  creditReportStartNotice,
  creditReportStatusMessage,
  hasMinimumLeaseRemaining,
  isCreditReportingAvailable,
  validateCreditReportSignup,
} from './credit-reporting.ts';

describe('creditReportStartDate', () => {
  const today = '2025-06-15';
  it.each([
    ['2025-06-01', '2025-07-01', '01-Jul-2025', true],
    ['2025-06-30', '2025-07-01', '01-Jul-2025', true],
    ['2025-07-01', '2025-06-15', '15-Jun-2025', false],
    ['2025-07-31', '2025-06-15', '15-Jun-2025', false],
    ['2025-08-01', '2025-07-01', '01-Jul-2025', true],
    ['2025-05-31', '2025-06-15', '15-Jun-2025', false],
    ['2020-01-01', '2025-06-15', '15-Jun-2025', false],
  ])('lease start %s → %s (%s) notice=%s', (lease, start, display, notice) => {
    const r = creditReportStartDate(lease, today);
    expect(r).toEqual({ startDate: start, display, showNotice: notice });
    expect(creditReportStartNotice(r)).toEqual(
      notice ? { key: 'domain.creditReport.startNotice', values: { date: display } } : null,
    );
  });
  it('crosses the year', () => {
    expect(creditReportStartDate('2025-12-05', '2025-12-20').startDate).toBe('2026-01-01');
  });
});

describe('lease remaining and availability', () => {
  it.each([
    ['2026-06-15', true],
    ['2026-06-14', false],
    [null, true],
  ])('end %s → %s', (end, ok) => {
    expect(hasMinimumLeaseRemaining(end, '2025-06-15')).toBe(ok);
  });
  it.each([
    ['ON', 'RESIDENTIAL', null, true],
    ['bc', 'RESIDENTIAL', ['RESIDENTIAL'], true],
    ['AB', 'COMMERCIAL', ['RESIDENTIAL'], false],
    ['MB', null, ['RESIDENTIAL'], false],
    ['QC', 'RESIDENTIAL', null, false],
    ['SK', 'RESIDENTIAL', null, false],
    [null, null, null, false],
  ])('%s %s %j → %s', (province, propertyCategory, enabledCategories, ok) => {
    expect(isCreditReportingAvailable({ province, propertyCategory, enabledCategories })).toBe(ok);
  });
});

describe('validateCreditReportSignup', () => {
  const base = {
    feeCents: 2999,
    paymentMethod: { type: 'TYPE_CREDIT_CARD' },
    birthDate: '1990-01-01',
    leaseStartDate: '2025-01-01',
    leaseEndDate: '2027-01-01',
    today: '2025-06-15',
  };
  it.each([
    [{}, null],
    [{ paymentMethod: null }, 'domain.paymentMethod.selectValid'],
    [{ paymentMethod: { type: 'TYPE_BANK_ACCOUNT' } }, 'errors.bankNotSupported'],
    [{ paymentMethod: { type: 'TYPE_PAY_PAL' } }, 'domain.paymentMethod.selectValid'],
    [{ feeCents: 0, paymentMethod: null }, null],
    [{ birthDate: '' }, 'errors.birthDateMissing'],
    [{ birthDate: '1990-02-30' }, 'errors.birthDateMissing'],
    [{ leaseStartDate: null }, 'errors.leaseStartMissing'],
    [{ leaseEndDate: '2026-06-14' }, 'domain.creditReport.leaseTooShort'],
  ])('%j → %s', (patch, key) => {
    const r = validateCreditReportSignup({ ...base, ...patch });
    expect(r.ok ? null : r.key).toBe(key);
  });
});

describe('creditGrade (inclusive lower bounds)', () => {
  it.each([
    [900, 'A+'],
    [800, 'A+'],
    [799.99, 'A'],
    [799, 'A'],
    [750, 'A'],
    [749, 'B+'],
    [700, 'B+'],
    [699, 'B'],
    [650, 'B'],
    [649, 'C+'],
    [600, 'C+'],
    [599, 'C'],
    [550, 'C'],
    [549, 'D'],
    [500, 'D'],
    [499, 'F'],
    [0, 'F'],
    ['720', 'B+'],
    [null, null],
    ['', null],
    ['n/a', null],
  ])('%s → %s', (score, grade) => {
    expect(creditGrade(score)).toBe(grade);
  });
  it('no score text', () => {
    expect(creditGradeKey(null)).toBe('domain.creditGrade.noScore');
    expect(creditGradeKey(700)).toBeNull();
  });
});

describe('subscription display', () => {
  it('status word lower-cased; edit or resubscribe', () => {
    expect(creditReportStatusMessage('CANCELLED')).toEqual({
      key: 'domain.creditReport.subscriptionStatus',
      values: { status: 'cancelled' },
    });
    expect(creditReportStatusMessage(null).values.status).toBe('');
    expect(creditReportAction('ACTIVE')).toBe('edit');
    expect(creditReportAction('INACTIVE')).toBe('resubscribe');
  });
});
