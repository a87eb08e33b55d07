import { formatMoney } from '@portal/domain/money';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import { PayPalOrderStep } from './paypal-order-step';
import { caLease, keyOf, paymentResult, renderMode } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const post = vi.mocked(api.post);
const order = { merchantId: 'SANDBOX-MERCHANT-CA', currency: 'CAD' as const, orderId: 'ORD-SBX-1' };
let releaseCreate: () => void = () => {};

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (path: string) => {
    if (path === '/paypal_create_order') {
      await new Promise<void>((resolve) => {
        releaseCreate = resolve;
      });
      return order;
    }
    if (path === '/paypal_capture_order') return paymentResult({ paymentMethodType: 'TYPE_PAY_PAL' });
    throw new Error(`unexpected POST ${path}`);
  });
});

const lease = caLease(['TYPE_PAY_PAL']);

describe('PayPalOrderStep (spec 1 §4, spec 2 §4: the online wallet provider order flow)', () => {
  it('creates the order (spinner), is approved and captured: the payment goes to onPaid', async () => {
    const onPaid = vi.fn();
    await renderMode(<PayPalOrderStep lease={lease} amountCents={192_500} onPaid={onPaid} />);
    expect(screen.queryByText('PayPal Pay Later may not be available in your jurisdiction.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(screen.getByRole('status')).toHaveTextContent('Creating your PayPal order…');
    releaseCreate();
    const heading = await screen.findByRole('heading', { name: 'Approve your PayPal payment' });
    expect(heading).toHaveFocus();
    expect(post).toHaveBeenCalledWith(
      '/paypal_create_order',
      { billingAccountId: 'lease-1', billingAccountType: 'TYPE_PROPERTY_LEASE', amount: 1925 },
      expect.anything(),
    );
    expect(screen.getByText(/Approve to pay/)).toHaveTextContent(formatMoney(192_500, 'CAD', 'en'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const capture = post.mock.calls.find((c) => c[0] === '/paypal_capture_order');
    expect(capture?.[1]).toEqual({
      billingAccountId: 'lease-1',
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      amount: 1925,
      orderId: 'ORD-SBX-1',
    });
    expect(keyOf(capture?.[2])).toBeTruthy();
    expect(onPaid.mock.calls[0][0]).toMatchObject({ paymentMethodType: 'TYPE_PAY_PAL' });
  });

  it('pays by charges when given', async () => {
    const charges = [{ code: 'Rent', name: 'Rent', amount: 1850 }];
    await renderMode(<PayPalOrderStep lease={lease} amountCents={0} charges={charges} onPaid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    releaseCreate();
    await screen.findByRole('heading', { name: 'Approve your PayPal payment' });
    expect(post.mock.calls[0][1]).toEqual({ billingAccountId: 'lease-1', billingAccountType: 'TYPE_PROPERTY_LEASE', charges });
  });

  it('cancel resets to the PayPal button', async () => {
    const onPaid = vi.fn();
    await renderMode(<PayPalOrderStep lease={lease} amountCents={192_500} onPaid={onPaid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    releaseCreate();
    await screen.findByRole('heading', { name: 'Approve your PayPal payment' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('a refused capture shows the message and resets', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/paypal_create_order') return order;
      throw new ApiError(402, 'RM_ERROR_PAYMENT_DECLINED', 'PayPal refused the payment.');
    });
    await renderMode(<PayPalOrderStep lease={lease} amountCents={192_500} onPaid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal refused the payment.');
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
  });

  it('in pay-later mode shows the jurisdiction note', async () => {
    await renderMode(<PayPalOrderStep lease={lease} amountCents={192_500} paymentType="PAY_LATER" onPaid={vi.fn()} />);
    expect(screen.getByRole('note')).toHaveTextContent('PayPal Pay Later may not be available in your jurisdiction.');
    expect(screen.getByRole('button', { name: 'Pay later with PayPal' })).toBeInTheDocument();
  });
});
