// issue 23 "Money": the refund modal: what is refundable, the amount read as the user's language writes it, the written
// reason required (spec 2 §6), the server's refusal shown, and the REFUND's confirmation once done.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import type { LedgerRow } from './api/ledger';
import { RefundModal } from './refund-modal';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const post = vi.mocked(api.post);

const payment: LedgerRow = {
  id: 'tx-1',
  leaseId: 'l1',
  unit: '804',
  date: '2026-11-20T15:00:00.000Z',
  type: 'PAYMENT',
  status: 'COMPLETE',
  amount: 150,
  signedAmount: -150,
  runningBalance: 1775,
  description: '',
  code: null,
  confirmationId: 'RL-ABC234',
  parentTransactionId: null,
  paymentMethodType: 'TYPE_CREDIT_CARD',
  refundable: 110,
};

beforeEach(() => {
  post.mockReset();
});

describe('RefundModal', () => {
  it('shows what is refundable and refuses more, or no reason, before calling the server', async () => {
    await renderWithProviders(<RefundModal payment={payment} currency="CAD" onClose={() => undefined} />);
    expect(await screen.findByTestId('refundable')).toHaveTextContent('$110.00');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Amount to refund/), '120');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The refund cannot exceed $110.00.')).toBeInTheDocument();
    expect(screen.getByText('Enter the reason for the refund.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('refunds the amount in cents with the reason and an Idempotency-Key, then shows the confirmation', async () => {
    post.mockResolvedValue({ id: 'r1', amount: 40, confirmationId: 'RL-REF999', transactionType: 'REFUND', status: 'COMPLETE' });
    await renderWithProviders(<RefundModal payment={payment} currency="CAD" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Amount to refund/), '40.5');
    await user.type(screen.getByLabelText(/Reason/), 'Parking charged twice');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [path, body, opts] = post.mock.calls[0];
    expect(path).toBe('/payment_transaction/tx-1/refund');
    expect(body).toEqual({ amount: 4050, reason: 'Parking charged twice' });
    expect((opts as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('status')).toHaveTextContent('$40.00 was refunded (confirmation RL-REF999)');
  });

  it('reads a French amount and shows the server refusal in the user language', async () => {
    post.mockRejectedValue(
      new ApiError(400, 'RM_ERROR_INVALID_AMOUNT', 'Le remboursement ne peut pas dépasser ce qui reste remboursable', [
        { field: 'amount', message: 'Le remboursement ne peut pas dépasser ce qui reste remboursable : 10,00 $' },
      ]),
    );
    await renderWithProviders(<RefundModal payment={payment} currency="CAD" onClose={() => undefined} />, { lang: 'fr' });
    expect(await screen.findByTestId('refundable')).toHaveTextContent('110,00');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Montant à rembourser/), '12,50');
    await user.type(screen.getByLabelText(/Motif/), 'Double facturation');
    await user.click(screen.getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toEqual({ amount: 1250, reason: 'Double facturation' });
    expect(await screen.findByRole('alert')).toHaveTextContent('10,00 $');
  });
});
