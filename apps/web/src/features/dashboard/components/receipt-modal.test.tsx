import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentTransaction } from '../../../api/types';
import { transaction } from '../../../test/dashboard-fixtures';
import { fieldValue, normalizeSpaces, RECEIPT_FIELD_LABELS } from '../../../test/field-table';
import { renderWithProviders } from '../test/render';
import { ReceiptModal } from './receipt-modal';

async function openReceipt(tx: PaymentTransaction, lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  await renderWithProviders(<ReceiptModal transaction={tx} onClose={onClose} />, { lang });
  const dialog = await screen.findByRole('dialog');
  const value = (field: string) => fieldValue(dialog, field);
  return { dialog, value, onClose };
}

afterEach(() => vi.restoreAllMocks());

describe('ReceiptModal (spec 1 §9)', () => {
  // issue 20: charge names stay English in French unless translated: the portal's own names are
  it("names the receipt's charges in the tenant's language, the manager's own names as written", async () => {
    const charges = [
      { code: 'Rent', name: 'Rent', amount: 450 },
      { code: 'KEY', name: 'KEY', amount: 25 },
      { code: 'gym', name: 'Gym pass', amount: 25 },
    ];
    const { dialog } = await openReceipt(transaction({ charges }), 'fr');
    const table = within(dialog).getByRole('table', { name: 'Frais' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(names).toEqual(['Loyer', 'Clé', 'Gym pass']);
  });

  it('shows every receipt field in order, the fee row and total = amount + fee', async () => {
    const { dialog, value } = await openReceipt(transaction());
    const labels = within(dialog)
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(labels).toEqual(RECEIPT_FIELD_LABELS);
    expect(value('confirmationId')).toBe('RL-7Q2M9X');
    expect(value('transactionId')).toBe('tx-1');
    expect(value('date')).toBe('19-Nov-2026');
    expect(value('property')).toBe('Harbourview Residences');
    expect(value('method')).toBe('Visa 4242');
    expect(value('type')).toBe('PAYMENT');
    expect(value('status')).toBe('COMPLETE');
    expect(value('source')).toBe('—');
    expect(value('note')).toBe('Partial rent payment');
    expect(value('paidTo')).toBe('Maple Leaf Property Management');
    expect(value('amount')).toBe('$500.00');
    expect(value('fees')).toBe('$14.50');
    expect(value('total')).toBe('$514.50');
    // COMPLETE shows a success message (spec 1 §4)
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your payment was successful.');
    // charges breakdown
    const charges = within(dialog).getByRole('table', { name: 'Charges' });
    expect(normalizeSpaces(charges.textContent)).toContain('Rent$500.00');
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('hides the fee row and totals the amount alone when the company pays the fee', async () => {
    const { value } = await openReceipt(transaction({ amount: 1925, feeAmount: 55.83, feePaidByCompany: true }));
    expect(value('fees')).toBeNull();
    expect(value('amount')).toBe('$1,925.00');
    expect(value('total')).toBe('$1,925.00');
  });

  it('hides the fee row for feeType SUBTRACT (total still adds the fee the tenant pays)', async () => {
    const { value } = await openReceipt(transaction({ amount: 300, feeAmount: 8.7, feeType: 'SUBTRACT' }));
    expect(value('fees')).toBeNull();
    expect(value('total')).toBe('$308.70');
  });

  it('FAILED shows "Payment pending" with the parsed error as a tooltip', async () => {
    const user = userEvent.setup();
    const { dialog, value } = await openReceipt(
      transaction({
        status: 'FAILED',
        paymentMethodType: 'TYPE_PAY_PAL',
        cardBrand: null,
        last4: null,
        error: 'paypal:INSTRUMENT_DECLINED:The instrument presented was declined',
      }),
    );
    expect(value('status')).toBe('Payment pending');
    expect(value('method')).toBe('PayPal');
    const tip = within(dialog).getByRole('button', { name: 'Error: The instrument presented was declined' });
    await user.hover(tip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Error: The instrument presented was declined');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('ONHOLD explains that funds are on their way; PAD source and a REFUND type are named', async () => {
    const { dialog, value } = await openReceipt(
      transaction({
        status: 'ONHOLD',
        source: 'PAD',
        transactionType: 'REFUND',
        paymentMethodType: 'TYPE_BANK_ACCOUNT',
        cardBrand: null,
        last4: '6789',
      }),
    );
    expect(value('status')).toBe('ON HOLD');
    expect(
      within(dialog).getByRole('button', { name: 'Funds are on their way to your landlord or property manager.' }),
    ).toBeInTheDocument();
    expect(value('source')).toBe('Pre-authorized debit');
    expect(value('type')).toBe('REFUND');
    expect(value('method')).toBe('Bank Account 6789');
  });

  it('prints only the receipt and closes', async () => {
    const user = userEvent.setup();
    const print = vi.fn(() => {
      expect(document.body).toHaveClass('printing-receipt');
    });
    vi.spyOn(window, 'print').mockImplementation(print);
    const { dialog, onClose } = await openReceipt(transaction());
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body).not.toHaveClass('printing-receipt');
    const close = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(close[close.length - 1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('is in French with French money', async () => {
    const { value } = await openReceipt(transaction(), 'fr');
    expect(value('total')).toBe('514,50 $');
    expect(value('date')).toBe('19-nov-2026');
    expect(screen.getByRole('dialog', { name: 'Reçu de paiement' })).toBeInTheDocument();
  });
});
