import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import { CUSTOMER_ID, caLease, card, keyOf, paymentResult, renderMode, wallet } from './test/harness';
import { WalletPayButton } from './wallet-pay-button';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const session = { walletToken: 'wt-1', walletValidationUrl: '/sandbox/wallet/validate', currency: 'CAD' as const };
const created = wallet({ id: 'pm-wallet-new', walletType: 'GOOGLE_PAY' });

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: [card()] };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  post.mockImplementation(async (path: string) => {
    if (path === '/sandbox/wallet/session') return session;
    if (path === '/create') return created;
    if (path === '/processpayment') return paymentResult({ paymentMethodType: 'TYPE_WALLET' });
    throw new Error(`unexpected POST ${path}`);
  });
});

const lease = caLease(['TYPE_CREDIT_CARD', 'TYPE_WALLET']);

describe('WalletPayButton (spec 1 §4 Wallet)', () => {
  it('reuses an unexpired wallet method: no new session, pays with it', async () => {
    const onPaid = vi.fn();
    await renderMode(<WalletPayButton lease={lease} amountCents={192_500} onPaid={onPaid} savedMethods={[wallet()]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    expect(await screen.findByRole('heading', { name: 'Confirm with Apple Pay' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: /^Pay .*1,925\.00/ }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      '/processpayment',
      {
        billingAccountId: 'lease-1',
        billingAccountType: 'TYPE_PROPERTY_LEASE',
        paymentMethodId: 'pm-wallet',
        paymentMethodType: 'TYPE_WALLET',
        amount: 1925,
      },
      expect.anything(),
    );
    expect(keyOf(post.mock.calls[0][2])).toBeTruthy();
  });

  it('an expired wallet is not reused: the sandbox sheet and POST /create TYPE_WALLET, then the payment', async () => {
    const onPaid = vi.fn();
    const expired = wallet({ walletType: 'GOOGLE_PAY', expireIn: new Date(Date.now() - 1000).toISOString() });
    await renderMode(<WalletPayButton lease={lease} amountCents={192_500} onPaid={onPaid} savedMethods={[expired]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    await screen.findByRole('heading', { name: 'Confirm with Google Pay' });
    expect(post).toHaveBeenCalledWith('/sandbox/wallet/session', { walletType: 'GOOGLE_PAY', companyId: 'co-1' });
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/create',
      {
        type: 'TYPE_WALLET',
        walletType: 'GOOGLE_PAY',
        walletToken: 'wt-1',
        walletValidationUrl: '/sandbox/wallet/validate',
        companyId: 'co-1',
      },
      undefined,
    );
    expect(post.mock.calls.find((c) => c[0] === '/processpayment')?.[1]).toMatchObject({ paymentMethodId: 'pm-wallet-new' });
  });

  it('fetches the saved methods when not given', async () => {
    await renderMode(<WalletPayButton lease={lease} amountCents={192_500} onPaid={vi.fn()} />);
    await waitFor(() => expect(get).toHaveBeenCalledWith(`/customer/${CUSTOMER_ID}/paymentmethods`));
  });

  it("a failed wallet session shows 'generic-add-wallet'", async () => {
    post.mockRejectedValueOnce(new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', ''));
    await renderMode(<WalletPayButton lease={lease} amountCents={192_500} onPaid={vi.fn()} savedMethods={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not add your wallet. Please try again.');
  });

  it('a wallet with no linked payment method says so', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/processpayment')
        throw new ApiError(400, 'RM_ERROR_PAYMENT_DECLINED', 'No payment method is linked to this wallet.');
      throw new Error(`unexpected POST ${path}`);
    });
    const onPaid = vi.fn();
    await renderMode(<WalletPayButton lease={lease} amountCents={192_500} onPaid={onPaid} savedMethods={[wallet()]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot make payment because no payment method is linked to Wallet. Please login to wallet and add payment method.',
    );
    expect(onPaid).not.toHaveBeenCalled();
  });
});
