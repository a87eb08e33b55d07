import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, search } from '../../../../lib/api-client';
import { PAYMENT_SDK_LOAD_MS } from './paypal-step';
import { CUSTOMER_ID, company, lease, methodRecord, postFromSandbox, renderModal } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original),
);

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const searchMock = vi.mocked(search);

let user: UserEvent;
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  get.mockReset();
  post.mockReset();
  searchMock.mockReset();
  searchMock.mockResolvedValue({ records: [], totalPages: 0, totalRecords: 0, page: 1 });
});

const linkToken = {
  clientName: 'RentLedger',
  env: 'sandbox',
  publicKey: 'pk-sandbox',
  product: ['auth'],
  selectAccount: true,
  token: 'link-sandbox-123',
  webhook: 'https://example.test/webhook',
  country: 'US',
  widgetUrl: '/sandbox/bank-link/',
};

async function openBankLinking() {
  get.mockResolvedValue(linkToken);
  const view = await renderModal({
    leases: [lease(company({ country: 'US', createBankAccountFromPlaidRequired: true }))],
  });
  await user.click(screen.getByRole('radio', { name: /Bank account/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return view;
}

describe('Bank-linking widget (spec 1 §2, §7, §9)', () => {
  it('opens the widget after 800 ms for the company country and creates the account from its answer', async () => {
    const created = methodRecord({ id: 'pm-link', type: 'TYPE_BANK_ACCOUNT', label: 'Bank Account 1111', brand: null });
    post.mockResolvedValue(created);
    const { onAdded } = await openBankLinking();
    expect(await screen.findByRole('heading', { name: 'Link your bank account' })).toHaveFocus();
    expect(get).toHaveBeenCalledWith(`/bank_account/createfromplaid/${CUSTOMER_ID}`, { query: { country: 'US' } });
    // a progress indicator until the widget opens
    expect(screen.getByRole('status')).toHaveTextContent('Opening the secure bank-linking window…');
    expect(screen.queryByTitle('Bank account linking')).not.toBeInTheDocument();
    const frame = (await screen.findByTitle('Bank account linking', undefined, { timeout: 10_000 })) as HTMLIFrameElement;
    const src = new URL(frame.src);
    expect(src.origin).toBe(window.location.origin);
    expect(src.pathname).toBe('/sandbox/bank-link/');
    expect(src.searchParams.get('token')).toBe('link-sandbox-123');
    expect(src.searchParams.get('lang')).toBe('en');

    // a message from another origin is ignored
    postFromSandbox({ source: 'sandbox-bank-link', event: 'success', loginId: 'x', accountId: 'y' }, 'https://evil.test');
    await new Promise((r) => setTimeout(r, 20));
    expect(post).not.toHaveBeenCalled();

    postFromSandbox({
      source: 'sandbox-bank-link',
      event: 'success',
      loginId: 'public-sandbox-9',
      accountId: 'acc-2',
      country: 'US',
    });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/bank_account/createfromplaid', {
        userType: 'TYPE_CUSTOMER',
        userId: CUSTOMER_ID,
        country: 'US',
        loginId: 'public-sandbox-9',
        accountId: 'acc-2',
      }),
    );
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
  });

  it('falls back to the manual bank form with a note when the widget exits', async () => {
    await openBankLinking();
    await screen.findByTitle('Bank account linking', undefined, { timeout: 10_000 });
    postFromSandbox({ source: 'sandbox-bank-link', event: 'exit' });
    expect(await screen.findByRole('heading', { name: 'Bank account details' })).toHaveFocus();
    expect(
      screen.getByText('The bank-linking window was closed. You can enter your bank account details by hand instead.'),
    ).toBeInTheDocument();
    // the manual form starts in the country of the company that required the widget
    expect(screen.getByLabelText(/^Bank country/)).toHaveValue('US');
    expect(screen.getByLabelText(/^Routing number/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('lets the tenant close the widget and enter the account by hand', async () => {
    await openBankLinking();
    await user.click(await screen.findByRole('button', { name: 'Enter my account by hand' }));
    expect(await screen.findByRole('heading', { name: 'Bank account details' })).toBeInTheDocument();
  });
});

describe('Online wallet provider (PayPal-style)', () => {
  const agreement = {
    merchantId: 'm-1',
    currency: 'CAD',
    orderId: 'o-1',
    token: 'EC-123',
    approvalUrl: '/sandbox/paypal/approve',
    paymentMethod: null,
  };

  it('frames the approval page and, once approved, hands over the new method', async () => {
    const payPal = methodRecord({ id: 'pm-pp', type: 'TYPE_PAY_PAL', label: 'PayPal', brand: null, last4: null });
    get.mockImplementation(async (path: string) => {
      if (path === '/paypal_create_agreement') return agreement;
      if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: [methodRecord(), payPal] };
      throw new Error(path);
    });
    const { onAdded, onClose } = await renderModal();
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const frame = (await screen.findByTitle('PayPal approval')) as HTMLIFrameElement;
    expect(get).toHaveBeenCalledWith('/paypal_create_agreement', { query: { userType: 'TYPE_CUSTOMER', userId: CUSTOMER_ID } });
    expect(new URL(frame.src).searchParams.get('token')).toBe('EC-123');
    postFromSandbox({ source: 'sandbox-paypal', event: 'approved', paymentMethodId: 'pm-pp' });
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(payPal));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the account is already linked', async () => {
    const payPal = methodRecord({ id: 'pm-pp', type: 'TYPE_PAY_PAL', label: 'PayPal', brand: null, last4: null });
    get.mockResolvedValue({ ...agreement, paymentMethod: payPal });
    const { onAdded } = await renderModal();
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(payPal));
    expect(await screen.findByText('Your PayPal account is already linked.')).toBeInTheDocument();
  });

  // issue 21 §2 (spec 1 §8): "Payment SDK failing to load: a contact-support message" was never shown
  const openPayPal = async () => {
    get.mockResolvedValue(agreement);
    await renderModal();
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTitle('PayPal approval');
  };
  it('says the payment service could not be loaded when its page never says it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openPayPal();
      await vi.advanceTimersByTimeAsync(PAYMENT_SDK_LOAD_MS);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The payment service could not be loaded. Please contact support.',
      );
      expect(screen.queryByTitle('PayPal approval')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
  it('keeps the page that says it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openPayPal();
      await vi.advanceTimersByTimeAsync(50); // the page's listener is in place (an effect)
      postFromSandbox({ source: 'sandbox-paypal', event: 'ready' });
      await vi.advanceTimersByTimeAsync(PAYMENT_SDK_LOAD_MS);
      expect(screen.getByTitle('PayPal approval')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to the type choice when cancelled', async () => {
    get.mockResolvedValue(agreement);
    const { onAdded } = await renderModal();
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTitle('PayPal approval');
    postFromSandbox({ source: 'sandbox-paypal', event: 'cancelled' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /PayPal/ })).toHaveFocus());
    expect(onAdded).not.toHaveBeenCalled();
  });
});
