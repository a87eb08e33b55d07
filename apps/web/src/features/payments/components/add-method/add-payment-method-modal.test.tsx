import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, search } from '../../../../lib/api-client';
import { company, lease, methodRecord, property, renderModal } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original),
);

const post = vi.mocked(api.post);
const searchMock = vi.mocked(search);

// typing is the slow part of these tests: no delay between keys
let user: UserEvent;
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  post.mockReset();
  searchMock.mockReset();
  searchMock.mockResolvedValue({ records: [], totalPages: 0, totalRecords: 0, page: 1 });
});

const dialog = () => screen.getByRole('dialog', { name: 'Add payment method' });
const typeNames = () =>
  within(dialog())
    .getAllByRole('radio')
    .map((r) => r.textContent);

describe('AddPaymentMethodModal: the type choice (spec 1 §2, spec 2 §9)', () => {
  it('offers card, bank account and PayPal on the payment page, without the wallets', async () => {
    await renderModal({ context: 'payment-page' });
    expect(typeNames()).toEqual([
      expect.stringContaining('Credit or debit card'),
      expect.stringContaining('Bank account'),
      expect.stringContaining('PayPal'),
    ]);
    expect(within(dialog()).queryByText('Apple Pay or Google Pay')).not.toBeInTheDocument();
  });

  it('offers the Apple Pay / Google Pay wallet in the payment flow', async () => {
    await renderModal({ context: 'payment-flow' });
    expect(typeNames()).toHaveLength(4);
    expect(within(dialog()).getByRole('radio', { name: /Apple Pay or Google Pay/ })).toBeInTheDocument();
  });

  it('offers only what a non-terminated lease accepts (the property list wins over the company list)', async () => {
    await renderModal({
      leases: [
        lease(company({ id: 'co-1' }), { id: 'l1', status: 'TERMINATED' }),
        lease(company({ id: 'co-2' }), { id: 'l2' }, property({ acceptedPaymentTypes: ['TYPE_BANK_ACCOUNT'] })),
      ],
    });
    expect(typeNames()).toEqual([expect.stringContaining('Bank account')]);
  });

  it('shows the merchant-not-configured alert when no lease accepts anything', async () => {
    const { onClose } = await renderModal({ leases: [lease(company({ acceptedPaymentTypes: [] }))] });
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'The merchant account is not configured. Please contact your property manager.',
    );
    expect(within(dialog()).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { onClose } = await renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('AddPaymentMethodModal: wallet (payment flow)', () => {
  it('opens the sandbox sheet for the chosen wallet and creates a TYPE_WALLET method', async () => {
    const wallet = methodRecord({ id: 'pm-w', type: 'TYPE_WALLET', label: 'Wallet', walletType: 'GOOGLE_PAY', brand: null });
    post.mockImplementation(async (path: string) => {
      if (path === '/sandbox/wallet/session')
        return { walletToken: 'wt-1', walletValidationUrl: 'https://sandbox.test/validate', currency: 'CAD' };
      if (path === '/create') return wallet;
      throw new Error(path);
    });
    const { onAdded, onClose } = await renderModal({ context: 'payment-flow' });
    await user.click(screen.getByRole('radio', { name: /Apple Pay or Google Pay/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Apple Pay or Google Pay' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Google Pay' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm with Google Pay' })).toBeInTheDocument();
    expect(screen.getByText('Currency: CAD')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/sandbox/wallet/session', { walletType: 'GOOGLE_PAY', companyId: 'co-1' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(wallet));
    expect(post).toHaveBeenCalledWith(
      '/create',
      {
        type: 'TYPE_WALLET',
        walletType: 'GOOGLE_PAY',
        walletToken: 'wt-1',
        walletValidationUrl: 'https://sandbox.test/validate',
        companyId: 'co-1',
      },
      undefined,
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('does not offer Apple Pay on Windows (spec 1 §5)', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64)');
    try {
      await renderModal({ context: 'payment-flow' });
      await user.click(screen.getByRole('radio', { name: /Apple Pay or Google Pay/ }));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('radio', { name: 'Google Pay' })).toBeChecked();
      expect(screen.queryByRole('radio', { name: 'Apple Pay' })).not.toBeInTheDocument();
    } finally {
      ua.mockRestore();
    }
  });

  it('shows the wallet error of spec 1 §8 inside the modal', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/sandbox/wallet/session')
        return { walletToken: 'wt-1', walletValidationUrl: 'https://sandbox.test/validate', currency: 'USD' };
      throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Cannot add', []);
    });
    const { onAdded } = await renderModal({ context: 'payment-flow' });
    await user.click(screen.getByRole('radio', { name: /Apple Pay or Google Pay/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('We could not add your wallet. Please try again.');
    expect(onAdded).not.toHaveBeenCalled();
  });
});

describe('AddPaymentMethodModal: keyboard', () => {
  it('goes back to the type choice with focus on the chosen type', async () => {
    await renderModal();
    await user.click(screen.getByRole('radio', { name: /Bank account/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Bank account details' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await act(async () => {});
    expect(screen.getByRole('radio', { name: /Bank account/ })).toHaveFocus();
  });
});
