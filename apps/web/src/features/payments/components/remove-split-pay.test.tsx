// Issue 21 §1: removing a split-pay method ends in a clear outcome: the confirmation says when a plan can go, the call
// is spec 1 §7's DELETE /INSTALLMENT_PAY/{id}/delete_with_bluesnap_check, a plan still being paid closes the dialog with
// the server's reason on the page and stays listed (spec 1 §8), a paid-off plan is removed.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { CUSTOMER_ID, card, method } from '../../../test/payment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { PaymentMethodList } from './payment-method-list';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const del = vi.mocked(api.delete);
const plan = method({
  id: 'pm-plan',
  type: 'TYPE_INSTALLMENT_PAY',
  label: 'Split Pay Visa 4242',
  brand: 'VISA',
  cardType: 'CREDIT',
  last4: '4242',
});
let methods: PaymentMethodRecord[];

beforeEach(() => {
  methods = [card({ billingAddressId: null }), plan];
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: methods };
    throw new Error(`unexpected GET ${path}`);
  });
  del.mockReset();
});

async function openRemove(lang: 'en' | 'fr' = 'en') {
  await renderWithProviders(<PaymentMethodList customerId={CUSTOMER_ID} removeDisabled={false} canAdd />, {
    lang,
    withToasts: true,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Split Pay Visa 4242' }));
  await userEvent.click(
    screen.getByRole('button', { name: lang === 'en' ? 'Remove Split Pay Visa 4242' : 'Supprimer Split Pay Visa 4242' }),
  );
  return screen.findByRole('dialog');
}

describe('removing a split-pay method', () => {
  it('says in the confirmation when a plan can be removed (en and fr)', async () => {
    const dialog = await openRemove();
    expect(dialog).toHaveTextContent('A split-pay plan can be removed only once its last instalment is paid.');
    expect(dialog).not.toHaveTextContent('You can add it again later');
  });

  it('in French too', async () => {
    const dialog = await openRemove('fr');
    expect(dialog).toHaveTextContent('ne peut être supprimé qu’une fois son dernier versement payé');
  });

  it('a plan still being paid: the dialog closes, the page says why, the plan stays', async () => {
    const reason =
      'This split-pay plan is still being paid, so it cannot be removed. You can remove it once its last instalment is paid.';
    del.mockRejectedValue(new ApiError(409, 'RM_ERROR_PAYMENT_METHOD_IN_USE', reason));
    const dialog = await openRemove();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(del).toHaveBeenCalledWith('/INSTALLMENT_PAY/pm-plan/delete_with_bluesnap_check');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This payment method was not removed');
    expect(alert).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Split Pay Visa 4242' })).toBeInTheDocument();
  });

  it('a paid-off plan is removed and leaves the list', async () => {
    del.mockImplementation(async () => {
      methods = methods.filter((m) => m.id !== 'pm-plan');
      return { id: 'pm-plan' };
    });
    const dialog = await openRemove();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The payment method Split Pay Visa 4242 was removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Split Pay Visa 4242' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Visa 4242' })).toBeInTheDocument();
  });
});
