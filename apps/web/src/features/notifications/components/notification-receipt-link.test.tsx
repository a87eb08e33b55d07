// issue 25: a payment's notice in the bell's list links to its receipt as its e-mail does
// (/customer/dashboard?receipt=<transactionId>); following it closes the list and the dashboard opens that receipt, from
// the dashboard itself or from another page. Notices without a transaction have no such link.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { api, search } from '../../../lib/api-client';
import { MemoryRouter } from '../../../lib/navigation';
import { transaction } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../../../test/render';
import { PastPayments } from '../../dashboard';
import type { NotificationPage, NotificationRecord } from '../api/get-notifications';
import { NotificationsBell } from './notifications-bell';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);
const searchMock = vi.mocked(search);

const NOW = new Date('2026-11-22T12:00:00Z');
// Not on the first page of past payments: the link opens it all the same.
const PAID = transaction({ id: 'tx-paid', confirmationId: 'RL-PAID77', amount: 1925.5, createDate: '2026-03-02T15:00:00Z' });
const PAGE = [transaction({ id: 'tx-new', confirmationId: 'RL-NEW111' })];

const notice = (over: Partial<NotificationRecord>): NotificationRecord => ({
  id: 'n1',
  kind: 'AUTOPAY_REMINDER',
  title: 'Upcoming autopayment',
  body: 'Your autopayment will be made on 01-Dec-2026.',
  params: { amountCents: 0 },
  billingAccountId: 'l1',
  createdAt: '2026-11-24T08:00:00.000Z',
  readAt: null,
  ...over,
});

let records: NotificationRecord[];

beforeEach(() => {
  records = [
    notice({
      id: 'n2',
      kind: 'PAYMENT_COMPLETED',
      title: 'Payment received',
      body: 'We received your payment of $1,981.33 (confirmation RL-PAID77).',
      params: { transactionId: PAID.id, confirmationId: 'RL-PAID77', amountCents: 192550, totalCents: 198133 },
    }),
    notice({}),
  ];
  get.mockReset();
  get.mockImplementation(async (path) => {
    if (path !== '/notifications') throw new Error(`unexpected GET ${path}`);
    const answer: NotificationPage = { records, page: 1, totalPages: 1, totalRecords: records.length, unreadCount: 2 };
    return answer;
  });
  searchMock.mockReset();
  searchMock.mockImplementation(async (_type, body) => {
    const byId = body.conditions.find((c) => c.field === 'id');
    if (byId) {
      const found = byId.value === PAID.id ? [PAID] : [];
      return { records: found, totalPages: found.length, totalRecords: found.length, page: 1 } as never;
    }
    return { records: PAGE, totalPages: 1, totalRecords: PAGE.length, page: 1 } as never;
  });
});

function Address() {
  const [path] = useLocation();
  const query = useSearch();
  return <output data-testid="address">{`${path}${query ? `?${query}` : ''}`}</output>;
}

/** The shell's bell over a page: the dashboard's past payments at /customer/dashboard, another page elsewhere. */
async function openAt(path: string, lang: 'en' | 'fr' = 'en') {
  await renderWithProviders(
    <>
      <NotificationsBell />
      <Switch>
        <Route path="/customer/dashboard">
          <PastPayments now={NOW} />
        </Route>
        <Route>
          <p>Another page</p>
        </Route>
      </Switch>
      <Address />
    </>,
    { lang, router: (ui) => <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter> },
  );
}

describe('a payment notice’s receipt link', () => {
  it('on the dashboard: named with the notice’s title, it closes the list and opens that receipt', async () => {
    const user = userEvent.setup();
    await openAt('/customer/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const [payment, reminder] = await within(drawer).findAllByTestId('notification');
    const link = within(payment).getByRole('link', { name: 'View the receipt: Payment received' });
    expect(link).toHaveTextContent(/^View the receipt$/);
    expect(link).toHaveAttribute('href', '/customer/dashboard?receipt=tx-paid');
    // a reminder has no transaction: no receipt to show
    expect(within(reminder).queryByRole('link')).toBeNull();

    await user.click(link);
    const receipt = await screen.findByRole('dialog', { name: 'Payment receipt' });
    expect(receipt).toHaveTextContent('RL-PAID77');
    expect(receipt).toHaveTextContent('$1,925.50');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(screen.getByTestId('address')).toHaveTextContent('/customer/dashboard?receipt=tx-paid');

    // Closed, the receipt forgets the link; the same notice opens it again.
    await user.click(within(receipt).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/customer\/dashboard$/);
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(await screen.findByRole('link', { name: 'View the receipt: Payment received' }));
    expect(await screen.findByRole('dialog', { name: 'Payment receipt' })).toHaveTextContent('RL-PAID77');
  });

  it('en français, depuis une autre page : « Voir le reçu » mène au tableau de bord et ouvre le reçu', async () => {
    const user = userEvent.setup();
    records = [
      notice({
        id: 'n3',
        kind: 'AUTOPAY_PAID',
        title: 'Paiement automatique effectué',
        body: 'Votre paiement automatique a été effectué.',
        params: { transactionId: PAID.id },
      }),
    ];
    await openAt('/customer/account', 'fr');
    expect(screen.getByText('Another page')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const link = await screen.findByRole('link', { name: 'Voir le reçu\u202f: Paiement automatique effectué' });
    expect(link).toHaveTextContent(/^Voir le reçu$/);
    await user.click(link);
    const receipt = await screen.findByRole('dialog', { name: 'Reçu de paiement' });
    expect(receipt).toHaveTextContent('RL-PAID77');
    expect(receipt).toHaveTextContent(/1\s925,50\s\$/);
    expect(screen.getByTestId('address')).toHaveTextContent('/customer/dashboard?receipt=tx-paid');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });
});
