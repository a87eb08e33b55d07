import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentTransaction } from '../../../api/types';
import { search } from '../../../lib/api-client';
import { transaction } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../test/render';
import { PageLinks } from './page-links';
import { PastPayments } from './past-payments';

vi.mock('../../../lib/api-client', () => ({ search: vi.fn() }));
const searchMock = vi.mocked(search);

const NOW = new Date('2026-11-22T12:00:00Z');
const day = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString();

// 14 transactions, newest first, 5 per page → 3 pages.
const ALL: PaymentTransaction[] = Array.from({ length: 14 }, (_, i) =>
  transaction({ id: `tx-${i + 1}`, confirmationId: `RL-${i + 1}`, createDate: day(i * 10 + 2), amount: 100 + i }),
);
ALL[1] = { ...ALL[1], status: 'FAILED', error: 'splitit:card_declined:Card was declined by the issuing bank' };
ALL[2] = { ...ALL[2], status: 'PENDING', paymentMethodType: 'TYPE_BANK_ACCOUNT', cardBrand: null, last4: '6789' };
ALL[3] = { ...ALL[3], billingAccountType: 'TYPE_CREDIT_REPORT', amount: 4.95 };
ALL[4] = { ...ALL[4], billingAccountType: 'TYPE_LEASE_APPLICATION', amount: 35 };

function answerPage(page: number) {
  const records = ALL.slice((page - 1) * 5, page * 5);
  return { records, totalPages: 3, totalRecords: ALL.length, page };
}

beforeEach(() => {
  searchMock.mockReset();
  searchMock.mockImplementation(async (_type, _body, paging) => answerPage(paging?.page ?? 1) as never);
});

describe('PastPayments', () => {
  it('lists one page of 5 with date, property, method, amount, status; disclaimer and failed tooltip', async () => {
    await renderWithProviders(<PastPayments now={NOW} />);
    const rows = await screen.findAllByTestId('past-payment');
    expect(rows).toHaveLength(5);
    // issue 20: a cancelled attempt (nothing charged) is not a past payment: the server leaves them out
    expect(searchMock).toHaveBeenCalledWith(
      'payment_transaction',
      {
        conditions: expect.arrayContaining([{ field: 'status', operator: 'NOT_EQUALS', value: 'CANCELLED' }]),
        joins: ['property', 'company'],
      },
      { page: 1, recordsPerPage: 5 },
    );
    expect(rows[0]).toHaveTextContent('20-Nov-2026');
    expect(rows[0]).toHaveTextContent('Harbourview Residences');
    expect(rows[0]).toHaveTextContent('Visa 4242');
    expect(rows[0]).toHaveTextContent('$100.00');
    expect(rows[0]).toHaveTextContent('COMPLETE');
    expect(rows[0].querySelector('[data-icon="check"]')).not.toBeNull();
    // COMPLETE within the last 7 days → marker and footnote
    expect(rows[0]).toHaveTextContent('(see the note below the list)');
    expect(rows[3]).not.toHaveTextContent('(see the note below the list)');
    // issue 22: a service's or an application's fee says what it paid for; a rent payment has no such line
    expect(within(rows[3]).getByTestId('past-payment-for')).toHaveTextContent('Credit reporting (yearly fee)');
    expect(within(rows[4]).getByTestId('past-payment-for')).toHaveTextContent('Rental application fee');
    expect(within(rows[0]).queryByTestId('past-payment-for')).toBeNull();
    expect(screen.getByTestId('disclaimer-footnote')).toHaveTextContent(
      'Payments made in the last 7 days may not be reflected in your balance yet.',
    );
    // FAILED: clock icon and the parsed error as the row's description (spec 1 §8: split pay → third part)
    expect(rows[1]).toHaveTextContent('FAILED');
    expect(rows[1].querySelector('[data-icon="clock"]')).not.toBeNull();
    expect(rows[1]).toHaveAccessibleDescription('Card was declined by the issuing bank');
    expect(rows[2]).toHaveTextContent('Bank Account 6789');
  });

  it('pages with up to 3 links from the current page, previous and next', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<PastPayments now={NOW} />);
    await screen.findAllByTestId('past-payment');
    const nav = screen.getByRole('navigation', { name: 'Past payments pages' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('past-payment')).toHaveLength(4));
    expect(searchMock).toHaveBeenLastCalledWith('payment_transaction', expect.anything(), { page: 3, recordsPerPage: 5 });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();

    // keyboard: Previous with Enter
    within(nav).getByRole('button', { name: 'Previous' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('past-payment')[0]).toHaveTextContent('$105.00'));
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the receipt from a row with the keyboard', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<PastPayments now={NOW} />);
    const rows = await screen.findAllByTestId('past-payment');
    rows[0].focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment receipt' });
    expect(dialog).toHaveTextContent('RL-1');
  });

  it('names the type of anything but a plain payment', async () => {
    searchMock.mockResolvedValue({
      records: [transaction({ id: 'p1' }), transaction({ id: 'r1', transactionType: 'REFUND', amount: 75 })],
      totalPages: 1,
      totalRecords: 2,
      page: 1,
    } as never);
    await renderWithProviders(<PastPayments now={NOW} />);
    const rows = await screen.findAllByTestId('past-payment');
    expect(within(rows[0]).queryByTestId('past-payment-type')).toBeNull();
    expect(within(rows[1]).getByTestId('past-payment-type')).toHaveTextContent('REFUND');
  });

  it('shows an error with a retry, then the list', async () => {
    const user = userEvent.setup();
    searchMock.mockRejectedValueOnce(new Error('down'));
    await renderWithProviders(<PastPayments now={NOW} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('past-payment')).toHaveLength(5);
  });

  it('shows the empty state', async () => {
    searchMock.mockResolvedValue({ records: [], totalPages: 0, totalRecords: 0, page: 1 } as never);
    await renderWithProviders(<PastPayments now={NOW} />);
    expect(await screen.findByText('You have no past payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('PageLinks', () => {
  it.each([
    [1, 1, []],
    [1, 3, [1, 2, 3]],
    [2, 3, [2, 3]],
    [3, 7, [3, 4, 5]],
  ])('page %d of %d → links %j', async (page, total, links) => {
    await renderWithProviders(<PageLinks page={page} totalPages={total} onChange={() => {}} label="Pages" />);
    const shown = screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));
    expect(shown).toEqual(links);
  });
});
