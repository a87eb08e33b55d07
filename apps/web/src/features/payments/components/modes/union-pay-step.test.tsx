import { formatMoney } from '@portal/domain/money';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import { caLease, keyOf, renderMode } from './test/harness';
import { UnionPayStep } from './union-pay-step';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const post = vi.mocked(api.post);
const answer = {
  url: '/api/sandbox/geoswift/GEO123456789?lang=fr',
  transactionId: 'tx-geo',
  total: 1925,
  currency: 'CAD' as const,
  expiresAt: null,
};
let open: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue(answer);
  open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
});
afterEach(() => open.mockRestore());

describe('UnionPayStep (spec 1 §4 union pay, Canada)', () => {
  it('creates the order, opens its page in a new tab and closes with the total', async () => {
    const onDone = vi.fn();
    await renderMode(<UnionPayStep lease={caLease(['TYPE_UNION_PAY'])} amountCents={192_500} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Pay with UnionPay' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/geoswift/create_order',
      { billingAccountId: 'lease-1', billingAccountType: 'TYPE_PROPERTY_LEASE', amount: 1925 },
      expect.anything(),
    );
    expect(keyOf(post.mock.calls[0][2])).toBeTruthy();
    expect(open).toHaveBeenCalledWith(answer.url, '_blank');
    expect(onDone.mock.calls[0][0]).toMatchObject({
      provider: 'TYPE_UNION_PAY',
      message: `Complete your payment of ${formatMoney(192_500, 'CAD', 'en')} on the UnionPay page that opened in a new tab.`,
    });
  });

  it('in French: the failure alert with the errorCode appended, and the amount rules of every payment', async () => {
    post.mockRejectedValueOnce(new ApiError(400, 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'Mode non accepté.'));
    const onDone = vi.fn();
    await renderMode(<UnionPayStep lease={caLease(['TYPE_UNION_PAY'])} amountCents={192_500} onDone={onDone} />, 'fr');
    expect(screen.getByRole('heading', { name: 'Payer avec UnionPay' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le paiement n’a pas pu être lancé. Code d’erreur : RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
    );
    const input = screen.getByRole('textbox', { name: /Montant/ });
    await userEvent.clear(input);
    await userEvent.type(input, '9.99');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(
      screen.getByText(`Le paiement minimum est de ${formatMoney(1000, 'CAD', 'fr').replace(/\s/g, ' ')}.`),
    ).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });
});
