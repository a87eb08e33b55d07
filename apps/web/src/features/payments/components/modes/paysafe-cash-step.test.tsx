import { formatMoney } from '@portal/domain/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import { PaysafeCashStep } from './paysafe-cash-step';
import { IPHONE_SAFARI, keyOf, renderMode, usLease, withUserAgent } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const post = vi.mocked(api.post);
const answer = {
  url: '/api/sandbox/paysafecash/PAGE12345678?lang=en',
  transactionId: 'tx-cash',
  total: 305.5,
  currency: 'USD' as const,
  expiresAt: '2026-11-26T15:00:00.000Z',
};
let open: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue(answer);
  open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
});
afterEach(() => open.mockRestore());

async function renderStep(amountCents = 30_000) {
  const onDone = vi.fn();
  const onBack = vi.fn();
  await renderMode(<PaysafeCashStep lease={usLease()} amountCents={amountCents} onDone={onDone} onBack={onBack} />);
  return { onDone, onBack };
}

const amountInput = () => screen.getByRole('textbox', { name: /Amount/ });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
async function typeAmount(value: string) {
  await userEvent.clear(amountInput());
  await userEvent.type(amountInput(), value);
}

describe('PaysafeCashStep (spec 1 §4, §5 paysafe cash)', () => {
  it('posts the amount in USD / EN with an Idempotency-Key, opens the barcode page in a new tab and closes with the total', async () => {
    const { onDone } = await renderStep();
    expect(screen.getByRole('heading', { name: 'Pay cash at a store' })).toHaveFocus();
    expect(amountInput()).toHaveValue('300.00');
    await userEvent.click(continueButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/payment/paysafecash',
      { billingAccountId: 'lease-us', billingAccountType: 'TYPE_PROPERTY_LEASE', amount: 300, currency: 'USD', language: 'EN' },
      expect.anything(),
    );
    expect(keyOf(post.mock.calls[0][2])).toMatch(/^[0-9a-f-]{36}$/);
    expect(open).toHaveBeenCalledWith(answer.url, '_blank');
    const total = formatMoney(30_550, 'USD', 'en');
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        provider: 'TYPE_PAYSAFE_CASH',
        transactionId: 'tx-cash',
        total: 305.5,
        message: `Pay ${total} in cash at a participating store with your barcode. It expires in 7 days.`,
      }),
    );
  });

  it('below 10 shows an alert naming the amount and disables Continue; 10.00 is accepted', async () => {
    await renderStep();
    await typeAmount('9.99');
    expect(screen.getByRole('alert')).toHaveTextContent(
      `The amount ${formatMoney(999, 'USD', 'en')} is below the minimum of ${formatMoney(1000, 'USD', 'en')} for cash payments.`,
    );
    expect(continueButton()).toBeDisabled();
    await typeAmount('10.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('notes over 500 (store list) and over 995 (one retail chain); over 1495 Continue is disabled', async () => {
    await renderStep();
    const note = () => screen.queryByRole('note');
    await typeAmount('500.00');
    expect(note()).not.toBeInTheDocument();
    await typeAmount('500.01');
    expect(note()).toHaveTextContent('Cash payments over $500.00 can only be made at some locations');
    await typeAmount('995.00');
    expect(note()).toHaveTextContent('over $500.00');
    await typeAmount('995.01');
    expect(note()).toHaveTextContent('Cash payments over $995.00 can only be made at one retail chain.');
    await typeAmount('1495.00');
    expect(note()).toHaveTextContent('over $995.00');
    expect(continueButton()).toBeEnabled();
    await typeAmount('1495.01');
    expect(screen.getByRole('alert')).toHaveTextContent('Cash payments cannot exceed $1,495.00.');
    expect(continueButton()).toBeDisabled();
    await userEvent.click(continueButton());
    expect(post).not.toHaveBeenCalled();
  });

  it('on iOS Safari asks first: the page opens from the tap on the confirm modal', async () => {
    const restore = withUserAgent(IPHONE_SAFARI);
    try {
      const { onDone } = await renderStep();
      await userEvent.click(continueButton());
      const dialog = await screen.findByRole('dialog', { name: 'You will be redirected' });
      expect(within(dialog).getByRole('heading', { name: 'You will be redirected' })).toHaveFocus();
      expect(dialog).toHaveTextContent('You will be redirected to Paysafecash in a new tab');
      expect(open).not.toHaveBeenCalled();
      expect(onDone).not.toHaveBeenCalled();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(open).toHaveBeenCalledWith(answer.url, '_blank');
      expect(onDone).toHaveBeenCalledTimes(1);
    } finally {
      restore();
    }
  });

  it('a blocked tab falls back to the same confirm tap', async () => {
    open.mockReturnValueOnce(null);
    const { onDone } = await renderStep();
    await userEvent.click(continueButton());
    const dialog = await screen.findByRole('dialog', { name: 'You will be redirected' });
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a refusal shows the alert with the errorCode appended; a new try after an answer is a new attempt', async () => {
    post.mockRejectedValueOnce(new ApiError(422, 'RM_ERROR_LEASE_NOT_PAYABLE', 'Payments are disabled for this lease.'));
    const { onDone } = await renderStep();
    await userEvent.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment could not be started. Error code: RM_ERROR_LEASE_NOT_PAYABLE');
    expect(alert).toHaveTextContent('Payments are disabled for this lease.');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(continueButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(keyOf(post.mock.calls[1][2])).not.toBe(keyOf(post.mock.calls[0][2]));
  });

  it('a lost answer (server error) is retried with the same Idempotency-Key', async () => {
    post.mockRejectedValueOnce(new ApiError(503, 'RM_ERROR_SYSTEM', 'Service Unavailable'));
    const { onDone } = await renderStep();
    await userEvent.click(continueButton());
    await screen.findByRole('alert');
    await userEvent.click(continueButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(keyOf(post.mock.calls[1][2])).toBe(keyOf(post.mock.calls[0][2]));
  });

  it('Back returns to the flow', async () => {
    const { onBack } = await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });
});
