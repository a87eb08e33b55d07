// issue 23 "Money": the ledger page: a property's rows with their running balance and the totals in the user's money
// format, a lease picked from a row, a payment's Refund action opening the refund modal.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { MemoryRouter } from '../../../lib/navigation';
import { renderWithProviders } from '../../../test/render';
import type { LedgerPage as LedgerAnswer } from './api/ledger';
import { LedgerPage } from './ledger-page';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const answer: LedgerAnswer = {
  records: [
    {
      id: 'c1',
      leaseId: 'l1',
      unit: '804',
      date: '2026-11-01T00:00:00.000Z',
      type: 'CHARGE',
      status: 'POSTED',
      amount: 1925,
      signedAmount: 1925,
      runningBalance: 1925,
      description: 'Rent',
      code: 'Rent',
      confirmationId: null,
      parentTransactionId: null,
      paymentMethodType: null,
      refundable: 0,
    },
    {
      id: 'p1',
      leaseId: 'l1',
      unit: '804',
      date: '2026-11-03T10:00:00.000Z',
      type: 'PAYMENT',
      status: 'COMPLETE',
      amount: 500,
      signedAmount: -500,
      runningBalance: 1425,
      description: '',
      code: null,
      confirmationId: 'RL-PAY234',
      parentTransactionId: null,
      paymentMethodType: 'TYPE_CREDIT_CARD',
      refundable: 500,
    },
  ],
  page: 1,
  totalPages: 1,
  totalRecords: 2,
  currency: 'CAD',
  totals: { charged: 1925, paid: 500, refunded: 0, balance: 1425 },
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue({
    records: [{ id: 'prop1', propertyName: 'Harbourview Residences', city: 'Vancouver', companyId: 'co' }],
  });
  post.mockResolvedValue(answer);
});

describe('LedgerPage', () => {
  it("shows a property's rows, running balance and totals, and opens the refund of a payment", async () => {
    await renderWithProviders(<LedgerPage />, {
      router: (ui) => <MemoryRouter initialEntries={['/admin/ledger?propertyId=prop1']}>{ui}</MemoryRouter>,
    });
    const table = await screen.findByTestId('ledger-table');
    expect(post).toHaveBeenCalledWith('/ledger/search', { propertyId: 'prop1', page: 1, recordsPerPage: 50 });
    expect(within(table).getByText('$1,425.00')).toBeInTheDocument();
    expect(within(table).getByText('-$500.00')).toBeInTheDocument();
    expect(screen.getByTestId('ledger-total-balance')).toHaveTextContent('$1,425.00');
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Refund payment RL-PAY234' }));
    expect(await screen.findByRole('dialog', { name: 'Refund a payment' })).toBeInTheDocument();
    expect(screen.getByTestId('refundable')).toHaveTextContent('$500.00');
  });

  it('on a lease, offers to post a charge or credit (the charges modal)', async () => {
    await renderWithProviders(<LedgerPage />, {
      router: (ui) => <MemoryRouter initialEntries={['/admin/ledger?propertyId=prop1&leaseId=l1']}>{ui}</MemoryRouter>,
    });
    await screen.findByTestId('ledger-table');
    expect(post).toHaveBeenCalledWith('/ledger/search', { leaseId: 'l1', page: 1, recordsPerPage: 50 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Post a charge or credit' }));
    expect(await screen.findByRole('dialog', { name: 'Post a charge or a credit' })).toBeInTheDocument();
  });

  it("offers 'Simulate a bank return (sandbox)' on a settled bank payment and says what it did", async () => {
    const bank = { ...answer.records[1], id: 'p2', confirmationId: 'RL-BNK234', paymentMethodType: 'TYPE_BANK_ACCOUNT' };
    post.mockImplementation(async (path: string) =>
      path === '/ledger/search'
        ? { ...answer, records: [answer.records[0], bank] }
        : { transactionId: 'p2', returnCode: 'R01', returnedAt: '2026-11-27T10:00:00.000Z' },
    );
    await renderWithProviders(<LedgerPage />, {
      router: (ui) => <MemoryRouter initialEntries={['/admin/ledger?propertyId=prop1']}>{ui}</MemoryRouter>,
    });
    const table = await screen.findByTestId('ledger-table');
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Simulate a bank return (sandbox)' }));
    expect(post).toHaveBeenCalledWith('/sandbox/processor/return', { transactionId: 'p2', code: 'R01' });
    expect(await screen.findByText(/The sandbox bank returned the payment \(R01\)/)).toBeInTheDocument();
  });

  it('in French, filters by dates typed aaaa-mm-jj (not the browser\'s mm/dd/yyyy), sent as ISO; a "to" before "from" is refused on its field', async () => {
    await renderWithProviders(<LedgerPage />, {
      lang: 'fr',
      router: (ui) => <MemoryRouter initialEntries={['/admin/ledger?propertyId=prop1']}>{ui}</MemoryRouter>,
    });
    await screen.findByTestId('ledger-table');
    const user = userEvent.setup();
    const from = screen.getByRole('textbox', { name: 'Du' });
    expect(from).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await user.type(from, '2026110');
    // not a whole date yet: nothing asked
    expect(post).not.toHaveBeenCalledWith('/ledger/search', expect.objectContaining({ from: expect.anything() }));
    await user.type(from, '1');
    expect(post).toHaveBeenLastCalledWith('/ledger/search', {
      propertyId: 'prop1',
      from: '2026-11-01',
      page: 1,
      recordsPerPage: 50,
    });
    expect(from).toHaveAccessibleDescription('Date\u202f: 01-nov-2026');
    const to = screen.getByRole('textbox', { name: 'Au' });
    await user.type(to, '20261031');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(expect.stringContaining('Choisissez une date à partir du 01-nov-2026.'));
    expect(post).not.toHaveBeenCalledWith('/ledger/search', expect.objectContaining({ to: '2026-10-31' }));
    await user.clear(to);
    await user.type(to, '20261130');
    expect(post).toHaveBeenLastCalledWith('/ledger/search', {
      propertyId: 'prop1',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 1,
      recordsPerPage: 50,
    });
  });

  it('asks for a property first', async () => {
    await renderWithProviders(<LedgerPage />, { lang: 'fr' });
    expect(await screen.findByText('Choisissez une propriété pour voir son grand livre.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
