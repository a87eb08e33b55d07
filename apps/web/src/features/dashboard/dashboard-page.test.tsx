import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyLease } from '../../api/types';
import { search } from '../../lib/api-client';
import { application, company, lease, transaction } from '../../test/dashboard-fixtures';
import { DashboardPage } from './dashboard-page';
import { renderWithProviders } from './test/render';

vi.mock('../../lib/api-client', () => ({ search: vi.fn() }));
vi.mock('../../lib/use-session-user', () => ({
  useSessionUser: () => ({ id: 'u1', firstName: 'Camille', lastName: 'Tremblay', type: 'TYPE_CUSTOMER', exp: 0 }),
}));
const searchMock = vi.mocked(search);

const upcoming = { status: 'PENDING', scheduledDate: '2026-12-01', amount: 1925, charges: [] };
const schedule = {
  id: 's1',
  active: true,
  customAmount: 0,
  padSchedule: true,
  paymentMethodId: null,
  paymentMethodType: 'TYPE_BANK_ACCOUNT',
  startDate: '2026-08-01',
};

function answer(leases: PropertyLease[]) {
  searchMock.mockImplementation(async (type) => {
    const records =
      type === 'property_lease'
        ? leases
        : type === 'payment_transaction'
          ? [transaction()]
          : type === 'lease_application'
            ? [application(), application({ id: 'app-2', status: 'PENDING' })]
            : [];
    return { records, totalPages: 1, totalRecords: records.length, page: 1 } as never;
  });
}

const threeLeases = () => [
  lease({ id: 'lt', status: 'TERMINATED', unit: '1502', openCharges: [], balance: 0 }),
  lease(
    { id: 'lp', status: 'PENDING', unit: '12', openCharges: [], balance: 0 },
    { company: { ...company, conciergeEnabled: false, manageBalance: 'NO' } },
  ),
  lease({ id: 'la', status: 'ACTIVE', recurringSchedule: schedule, recurringScheduleUpcomingPayment: upcoming }),
];

beforeEach(() => searchMock.mockReset());

describe('DashboardPage', () => {
  it('welcomes the tenant, orders the leases, lists the upcoming payment and the applications — one call per card', async () => {
    answer(threeLeases());
    await renderWithProviders(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Camille!' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('lease-card');
    expect(cards.map((c) => c.getAttribute('data-lease-status'))).toEqual(['ACTIVE', 'PENDING', 'TERMINATED']);
    const item = await screen.findByTestId('upcoming-payment');
    expect(item).toHaveTextContent('$1,925.00');
    expect(item).toHaveTextContent('01-Dec-2026');
    expect(item).toHaveTextContent('Harbourview Residences');
    expect(item).toHaveTextContent('Pre-authorized debit');
    expect(item).toHaveTextContent('PENDING');
    // applications wait 500 ms (spec 2 §4), then show
    expect(await screen.findAllByTestId('application-card', {}, { timeout: 10_000 })).toHaveLength(2);
    expect(await screen.findAllByTestId('past-payment')).toHaveLength(1);
    const types = searchMock.mock.calls.map((c) => c[0]).sort();
    // the credit-reporting card's one call: the active lease (BC) is offered the service (issue 22)
    expect(types).toEqual(['credit_report', 'lease_application', 'payment_transaction', 'property_lease']);
  });

  it('uses the custom amount of the schedule for the upcoming payment', async () => {
    answer([
      lease({
        recurringSchedule: { ...schedule, customAmount: 500, padSchedule: false },
        recurringScheduleUpcomingPayment: upcoming,
      }),
    ]);
    await renderWithProviders(<DashboardPage />);
    const item = await screen.findByTestId('upcoming-payment');
    expect(item).toHaveTextContent('$500.00');
    expect(item).not.toHaveTextContent('Pre-authorized debit');
  });

  it('shows no upcoming payment for a schedule entry that is not PENDING', async () => {
    answer([lease({ recurringSchedule: schedule, recurringScheduleUpcomingPayment: { ...upcoming, status: 'COMPLETE' } })]);
    await renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('You have no upcoming payments.')).toBeInTheDocument();
  });

  it('opens the concierge benefits when a lease company has the concierge enabled', async () => {
    const user = userEvent.setup();
    answer(threeLeases());
    await renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Join the concierge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tenant concierge' });
    for (const benefit of ['News and events', 'Community resources', 'Tenant marketplace', 'Neighbourhood shop']) {
      expect(within(dialog).getByText(benefit)).toBeInTheDocument();
    }
  });

  it('has no concierge button when no company enables it', async () => {
    answer([lease({}, { company: { ...company, conciergeEnabled: false } })]);
    await renderWithProviders(<DashboardPage />);
    await screen.findAllByTestId('lease-card');
    expect(screen.queryByRole('button', { name: 'Join the concierge' })).not.toBeInTheDocument();
  });

  it('shows an error with retry when the leases cannot be loaded', async () => {
    const user = userEvent.setup();
    answer(threeLeases());
    const ok = searchMock.getMockImplementation();
    searchMock.mockImplementation(async (type, body, paging) => {
      if (type === 'property_lease') throw new Error('down');
      return ok?.(type, body, paging) as never;
    });
    await renderWithProviders(<DashboardPage />);
    const alert = await screen.findByRole('alert', { name: /Your leases could not be loaded/ });
    searchMock.mockImplementation(ok as never);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('lease-card')).toHaveLength(3));
  });
});
