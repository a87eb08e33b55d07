import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import type { NotificationPage, NotificationRecord } from '../api/get-notifications';
import { NotificationsBell } from './notifications-bell';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const notice = (over: Partial<NotificationRecord>): NotificationRecord => ({
  id: 'n1',
  kind: 'AUTOPAY_REMINDER',
  title: 'Upcoming autopayment',
  body: 'Your autopayment of $1,925.00 for Harbourview Residences will be made on 01-Dec-2026.',
  params: {},
  billingAccountId: 'l1',
  createdAt: '2026-11-24T08:00:00.000Z',
  readAt: null,
  ...over,
});

let records: NotificationRecord[];
const answer = (page: number, perPage: number): NotificationPage => {
  const slice = records.slice((page - 1) * perPage, page * perPage);
  return {
    records: slice,
    page,
    totalPages: Math.max(1, Math.ceil(records.length / perPage)),
    totalRecords: records.length,
    unreadCount: records.filter((r) => !r.readAt).length,
  };
};

beforeEach(() => {
  records = [
    notice({}),
    notice({ id: 'n2', kind: 'AUTOPAY_PAID', title: 'Autopayment made', body: 'Paid.', readAt: '2026-11-02T09:00:00Z' }),
    notice({ id: 'n3', kind: 'AUTOPAY_FAILED', title: 'Autopayment declined', body: 'Declined.' }),
  ];
  get.mockReset();
  get.mockImplementation(async (path, opts) => {
    if (path !== '/notifications') throw new Error(`unexpected GET ${path}`);
    return answer(Number(opts?.query?.page ?? 1), Number(opts?.query?.recordsPerPage ?? 20));
  });
  post.mockReset();
  post.mockImplementation(async (path: string) => {
    const one = /^\/notifications\/(.+)\/read$/.exec(path);
    if (one) {
      records = records.map((r) => (r.id === one[1] ? { ...r, readAt: '2026-11-25T00:00:00Z' } : r));
      return records.find((r) => r.id === one[1]);
    }
    if (path === '/notifications/read-all') {
      const updated = records.filter((r) => !r.readAt).length;
      records = records.map((r) => ({ ...r, readAt: r.readAt ?? '2026-11-25T00:00:00Z' }));
      return { updated };
    }
    throw new Error(`unexpected POST ${path}`);
  });
});

describe('NotificationsBell (issue 10: reminders and outcomes in the portal)', () => {
  it('names the unread count, lists the notices newest first, marks one and then all read', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    // the count is asked with one record only
    expect(get).toHaveBeenCalledWith('/notifications', { query: { page: 1, recordsPerPage: 1 } });
    await user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(drawer).findAllByTestId('notification');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Upcoming autopayment',
      'Autopayment made',
      'Autopayment declined',
    ]);
    expect(items[0]).toHaveTextContent('Your autopayment of $1,925.00 for Harbourview Residences will be made on 01-Dec-2026.');
    expect(items[0]).toHaveTextContent('24-Nov-2026');
    expect(within(items[0]).getByText('New')).toBeInTheDocument();
    expect(within(items[1]).queryByText('New')).not.toBeInTheDocument();
    expect(within(drawer).getByText('2 unread notifications')).toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: 'Mark as read: Upcoming autopayment' }));
    expect(post).toHaveBeenCalledWith('/notifications/n1/read');
    await waitFor(() => expect(within(drawer).getByText('1 unread notification')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument(),
    );

    await user.click(within(drawer).getByRole('button', { name: 'Mark all as read' }));
    expect(post).toHaveBeenCalledWith('/notifications/read-all');
    await waitFor(() => expect(within(drawer).getByText('Everything is read.')).toBeInTheDocument());
    expect(within(drawer).queryByText('New')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).not.toHaveTextContent(/\d/);
  });

  it('pages through older notices, 20 at a time', async () => {
    const user = userEvent.setup();
    records = Array.from({ length: 25 }, (_, i) => notice({ id: `n${i}`, title: `Notice ${i}`, readAt: '2026-11-01T00:00:00Z' }));
    await renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findAllByTestId('notification')).toHaveLength(20);
    await user.click(within(drawer).getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(within(drawer).getAllByTestId('notification')).toHaveLength(25));
    expect(within(drawer).queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument();
  });

  it('in French, with nothing to show', async () => {
    const user = userEvent.setup();
    records = [];
    await renderWithProviders(<NotificationsBell />, { lang: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Vous n’avez aucune notification.')).toBeInTheDocument();
  });
});
