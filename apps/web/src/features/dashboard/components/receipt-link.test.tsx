// issue 25: the link of a receipt e-mail, /customer/dashboard?receipt=<transactionId>, opens that receipt on the
// dashboard (even when the payment is not on the first page of past payments); closing it forgets the link.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearch } from 'wouter';
import { search } from '../../../lib/api-client';
import { MemoryRouter } from '../../../lib/navigation';
import { transaction } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../../../test/render';
import { PastPayments } from './past-payments';

vi.mock('../../../lib/api-client', () => ({ search: vi.fn() }));
const searchMock = vi.mocked(search);

const NOW = new Date('2026-11-22T12:00:00Z');
const LINKED = transaction({ id: 'tx-old', confirmationId: 'RL-OLD777', amount: 1000, createDate: '2026-03-02T15:00:00Z' });
const PAGE = [transaction({ id: 'tx-new', confirmationId: 'RL-NEW111' })];

function Address() {
  return <output data-testid="search">{useSearch()}</output>;
}

async function openAt(path: string, lang: 'en' | 'fr' = 'en') {
  await renderWithProviders(
    <>
      <PastPayments now={NOW} />
      <Address />
    </>,
    {
      lang,
      router: (ui) => <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>,
    },
  );
}

beforeEach(() => {
  searchMock.mockReset();
  searchMock.mockImplementation(async (_type, body) => {
    const byId = body.conditions.find((c) => c.field === 'id');
    if (byId) {
      const records = byId.value === LINKED.id ? [LINKED] : [];
      return { records, totalPages: records.length, totalRecords: records.length, page: 1 } as never;
    }
    return { records: PAGE, totalPages: 1, totalRecords: PAGE.length, page: 1 } as never;
  });
});

describe('a receipt link', () => {
  it('opens the receipt of the linked transaction, not on the first page, and closing forgets the link', async () => {
    await openAt('/customer/dashboard?receipt=tx-old');
    const dialog = await screen.findByRole('dialog', { name: 'Payment receipt' });
    expect(dialog).toHaveTextContent('RL-OLD777');
    expect(dialog).toHaveTextContent('$1,000.00');
    expect(searchMock).toHaveBeenCalledWith(
      'payment_transaction',
      { conditions: [{ field: 'id', operator: 'EQUALS', value: 'tx-old' }], joins: ['property', 'company'] },
      { page: 1, recordsPerPage: 1 },
    );
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list still opens its own receipts.
    await userEvent.click(await screen.findByTestId('past-payment'));
    expect(await screen.findByRole('dialog', { name: 'Payment receipt' })).toHaveTextContent('RL-NEW111');
  });

  it('in French, says so when the transaction is not one of the tenant’s', async () => {
    await openAt('/customer/dashboard?receipt=someone-else', 'fr');
    expect(await screen.findByTestId('receipt-not-found')).toHaveTextContent('Ce reçu est introuvable parmi vos paiements.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('receipt-not-found')).toBeNull());
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
  });
});
