import { describe, expect, it } from 'vitest';
import {
  checkInstalmentEligibility,
  checkPaysafeCashAmount,
  instalmentSchedule,
  isEligibleFundingCard,
  isInstalmentProvince,
  validateInstalmentAmount,
  validateLoadhubCashAmount,
} from './limits.ts';

const k = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('instalment amount 80..20000', () => {
  it.each([
    [7999, 'domain.payment.instalmentRange'],
    [8000, null],
    [2000000, null],
    [2000001, 'domain.payment.instalmentRange'],
  ])('%i → %s', (cents, key) => {
    expect(k(validateInstalmentAmount(cents))).toBe(key);
  });
  it('names the range', () => {
    const r = validateInstalmentAmount(1);
    expect(r.ok ? null : r.values).toEqual({ min: '$80.00', max: '$20,000.00' });
  });
});

describe('instalmentSchedule', () => {
  it('first = funded/n + fee, later monthly, sums exactly', () => {
    const s = instalmentSchedule({ fundedAmountCents: 100001, feeCents: 699, firstDate: '2025-01-31' });
    expect(s).toEqual([
      { number: 1, amountCents: 25001 + 699, dueDate: '2025-01-31' },
      { number: 2, amountCents: 25000, dueDate: '2025-02-28' },
      { number: 3, amountCents: 25000, dueDate: '2025-03-31' },
      { number: 4, amountCents: 25000, dueDate: '2025-04-30' },
    ]);
    expect(s.reduce((a, i) => a + i.amountCents, 0)).toBe(100001 + 699);
  });
  it('honours a given count', () => {
    expect(
      instalmentSchedule({ fundedAmountCents: 9000, installments: 3, feeCents: 0, firstDate: '2025-01-01' }).map(
        (i) => i.amountCents,
      ),
    ).toEqual([3000, 3000, 3000]);
    expect(instalmentSchedule({ fundedAmountCents: 9000, installments: 0, feeCents: 0, firstDate: '2025-01-01' })).toHaveLength(
      4,
    );
  });
});

describe('instalment eligibility', () => {
  const card = { type: 'TYPE_CREDIT_CARD', cardType: 'CREDIT', brand: 'VISA', expiryMonth: 6, expiryYear: 2025 };
  it.each([
    [card, '2025-06-30', true],
    [card, '2025-07-01', false],
    [{ ...card, expiryYear: 25 }, '2025-06-30', true],
    [{ ...card, expiryYear: '2026', expiryMonth: '1' }, '2025-06-30', true],
    [{ ...card, cardType: 'DEBIT' }, '2025-01-01', false],
    [{ ...card, brand: 'JCB' }, '2025-01-01', false],
    [{ ...card, brand: 'AMERICAN_EXPRESS' }, '2025-01-01', true],
    [{ ...card, brand: 'DISCOVER', type: undefined }, '2025-01-01', true],
    [{ ...card, type: 'TYPE_BANK_ACCOUNT' }, '2025-01-01', false],
    [{ ...card, expiryMonth: 13 }, '2025-01-01', false],
    [{ ...card, expiryMonth: null }, '2025-01-01', false],
    [null, '2025-01-01', false],
  ])('%j on %s → %s', (c, today, ok) => {
    expect(isEligibleFundingCard(c, today)).toBe(ok);
  });
  it.each([
    ['NB', false],
    ['ns', false],
    ['ON', true],
    [null, true],
  ])('province %s → %s', (p, ok) => {
    expect(isInstalmentProvince(p)).toBe(ok);
  });
  it.each([
    ['', [card], 'ON', 'domain.instalment.unsetPhone'],
    [null, [card], 'ON', 'domain.instalment.unsetPhone'],
    ['12345', [card], 'ON', 'domain.instalment.formatPhone'],
    ['6135550123', [card], 'NS', 'domain.instalment.invalidProvince'],
    ['6135550123', [], 'ON', 'domain.instalment.addCreditCard'],
    ['6135550123', [{ ...card, cardType: 'DEBIT' }, card], 'ON', null],
  ])('phone %s cards %j province %s → %s', (phone, cards, province, key) => {
    expect(k(checkInstalmentEligibility({ phone, fundingCards: cards, province, today: '2025-06-01' }))).toBe(key);
  });
});

const nbsp = (s: string | number | undefined) => String(s).replace(/[\u00a0\u202f]/g, ' ');

describe('paysafe cash', () => {
  it.each([
    [999, false, true, 'domain.payment.cashBelowMinimum', null],
    [1000, true, false, null, null],
    [50000, true, false, null, null],
    [50001, true, false, null, 'domain.payment.cashNoteOver500'],
    [99500, true, false, null, 'domain.payment.cashNoteOver500'],
    [99501, true, false, null, 'domain.payment.cashNoteOver995'],
    [149500, true, false, null, 'domain.payment.cashNoteOver995'],
    [149501, false, true, 'domain.payment.cashBlocked', null],
  ])('%i → ok=%s disabled=%s error=%s note=%s', (cents, ok, disabled, error, note) => {
    const r = checkPaysafeCashAmount(cents);
    expect(r.ok).toBe(ok);
    expect(r.continueDisabled).toBe(disabled);
    expect(r.error?.key ?? null).toBe(error);
    expect(r.note?.key ?? null).toBe(note);
  });
  it('names the amount below minimum', () => {
    expect(checkPaysafeCashAmount(950).error?.values).toEqual({ amount: '$9.50', min: '$10.00' });
  });
  // issue 20: "1 495,00 $ US", not "1495 $"
  it("names the cap and the note amounts with cents and currency, in the reader's language", () => {
    const fr = { currency: 'USD', locale: 'fr' } as const;
    expect(nbsp(checkPaysafeCashAmount(149501, fr).error?.values?.max)).toBe('1 495,00 $ US');
    expect(checkPaysafeCashAmount(149501).error?.values).toEqual({ max: '$1,495.00' });
    expect(nbsp(checkPaysafeCashAmount(99501, fr).note?.values?.amount)).toBe('995,00 $ US');
    expect(checkPaysafeCashAmount(50001).note?.values).toEqual({ amount: '$500.00' });
  });
});

describe('loadhub cash 10..1993', () => {
  it.each([
    [999, 'domain.payment.loadhubMin'],
    [1000, null],
    [199300, null],
    [199301, 'domain.payment.loadhubMax'],
  ])('%i → %s', (cents, key) => {
    expect(k(validateLoadhubCashAmount(cents))).toBe(key);
  });
});
