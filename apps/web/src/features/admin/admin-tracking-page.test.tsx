// issue 22, spec 2 §9: the admin's view of the first-party tracking events: counts per day and event, the events,
// filtered by event and period.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { AdminTrackingPage } from './admin-tracking-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);

const answer = {
  records: [
    { id: 'e2', userId: 'u-1', event: 'PAYMENT_OPEN', createdAt: '2026-11-20T15:30:00.000Z' },
    { id: 'e1', userId: 'u-2', event: 'AUTOPAY_OPEN', createdAt: '2026-11-19T10:00:00.000Z' },
  ],
  counts: [
    { day: '2026-11-20', event: 'PAYMENT_OPEN', count: 1 },
    { day: '2026-11-19', event: 'AUTOPAY_OPEN', count: 1 },
  ],
  totalPages: 1,
  totalRecords: 2,
  page: 1,
};

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue(answer as never);
});

describe('AdminTrackingPage', () => {
  it('shows the opens per day and event, and the events with their user id', async () => {
    await renderWithProviders(<AdminTrackingPage />);
    const counts = await screen.findByTestId('tracking-counts');
    expect(within(counts).getByRole('row', { name: /20-Nov-2026 Payment opened 1/ })).toBeInTheDocument();
    const events = screen.getByTestId('tracking-events');
    expect(within(events).getByText('u-2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 events' })).toBeInTheDocument();
  });

  it('asks the server for one event over a period', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AdminTrackingPage />);
    await screen.findByTestId('tracking-counts');
    await user.selectOptions(screen.getByLabelText('Event'), 'PAYMENT_OPEN');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/admin/tracking_events', {
        query: { event: 'PAYMENT_OPEN', from: undefined, to: undefined, page: 1, recordsPerPage: 50 },
      }),
    );
  });

  it("in French, takes the period typed aaaa-mm-jj (never the browser's mm/dd/yyyy) and asks for it in ISO", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AdminTrackingPage />, { lang: 'fr' });
    await screen.findByTestId('tracking-counts');
    const from = screen.getByRole('textbox', { name: 'Du' });
    expect(from).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await user.type(from, '20261101');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/admin/tracking_events', {
        query: { event: undefined, from: '2026-11-01', to: undefined, page: 1, recordsPerPage: 50 },
      }),
    );
  });

  it('says so when nothing was tracked, in French too', async () => {
    get.mockResolvedValue({ ...answer, records: [], counts: [], totalRecords: 0, totalPages: 0 } as never);
    await renderWithProviders(<AdminTrackingPage />, { lang: 'fr' });
    expect(await screen.findByText('Aucun événement de suivi pour ces filtres.')).toHaveAttribute('role', 'status');
  });
});
