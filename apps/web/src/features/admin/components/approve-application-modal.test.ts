// issue 20 §1: the approval's rent is read in the manager's language by the one amount parser (it was a NumberInput
// that dropped the French decimal comma).
import { MSG } from '@portal/domain/message-keys';
import { describe, expect, it } from 'vitest';
import { approveBody, rentAmountError } from './approve-application-modal';

const form = (rentAmount: string) => ({
  startDate: '2026-12-01',
  endDate: '',
  unit: '',
  rentAmount,
  monthlyPaymentDueDay: '',
  comment: '',
});

describe('the approval rent amount', () => {
  it.each<[string, 'en' | 'fr', number | undefined]>([
    ['1 925,50', 'fr', 1925.5],
    ['1925,5', 'fr', 1925.5],
    ['1,925.50', 'en', 1925.5],
    ['1,925', 'en', 1925],
    ['', 'fr', undefined],
  ])('%j in %s → rentAmount %j', (typed, locale, rent) => {
    expect(rentAmountError(typed, locale)).toBeNull();
    expect(approveBody(form(typed), locale).rentAmount).toBe(rent);
  });

  it('refuses an ambiguous, malformed or zero rent', () => {
    expect(rentAmountError('1,925', 'fr')?.key).toBe(MSG.amountAmbiguous);
    expect(rentAmountError('12,345.678', 'en')?.key).toBe(MSG.amountTooManyDecimals);
    expect(rentAmountError('abc', 'en')?.key).toBe(MSG.amountNotAnAmount);
    expect(rentAmountError('0', 'en')?.key).toBe('admin.applications.errors.rentAmount');
  });
});
