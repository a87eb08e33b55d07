import { formatMoney } from '@portal/domain/money';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api-client';
import { CashSlipView, canHaveCashSlip } from './cash-slip-view';
import { caLease, cashSlip, renderMode, usLease } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const get = vi.mocked(api.get);

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/cash') return { records: [cashSlip()] };
    if (path === '/cash/new') return { type: 'TYPE_LOADHUB_CASH', billingAccountId: 'lease-1', amount: 1925 };
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('CashSlipView (spec 1 §2: cash slip viewable only for CA)', () => {
  it('lists the active slips of a Canadian tenant and opens one in the cash slip modal', async () => {
    await renderMode(<CashSlipView leases={[caLease()]} />);
    const section = screen.getByRole('region', { name: 'Cash slips' });
    const row = await within(section).findByTestId('cash-slip-row');
    expect(row).toHaveTextContent('Harbourview Residences – Unit 804');
    expect(row).toHaveTextContent(formatMoney(192_500, 'CAD', 'en'));
    expect(row).toHaveTextContent('1234 5678 9012 3456');
    await userEvent.click(within(row).getByRole('button', { name: 'Show the slip for Harbourview Residences – Unit 804' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your cash slip' });
    expect(within(dialog).getByRole('img', { name: /QR code of cash slip/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1); // the modal shows the slip it was given
  });

  it('offers a new slip for a lease without one', async () => {
    get.mockImplementation(async (path: string) =>
      path === '/cash' ? { records: [] } : { type: 'TYPE_LOADHUB_CASH', billingAccountId: 'lease-1', amount: 1925 },
    );
    await renderMode(<CashSlipView leases={[caLease()]} />);
    expect(await screen.findByText('You have no active cash slip.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a cash slip' }));
    expect(await screen.findByRole('dialog', { name: 'Create a cash slip' })).toBeInTheDocument();
  });

  it('renders nothing for a US tenant (and asks for no slips)', async () => {
    await renderMode(<CashSlipView leases={[usLease()]} />);
    expect(screen.queryByRole('region', { name: 'Cash slips' })).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('canHaveCashSlip: Canadian, cash accepted, payments not disabled', () => {
    expect(canHaveCashSlip(caLease(['TYPE_CASH']))).toBe(true);
    expect(canHaveCashSlip(caLease(['TYPE_CREDIT_CARD']))).toBe(false);
    expect(canHaveCashSlip(caLease(['TYPE_CASH'], { status: 'SUSPENDED' }))).toBe(false);
    expect(canHaveCashSlip(usLease(['TYPE_CASH']))).toBe(false);
  });
});
