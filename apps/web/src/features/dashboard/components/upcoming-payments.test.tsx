import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lease } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../test/render';
import { UpcomingPayments, upcomingRows } from './upcoming-payments';

const schedule = {
  id: 's1',
  active: true,
  customAmount: 0,
  padSchedule: false,
  paymentMethodId: 'pm1',
  paymentMethodType: 'TYPE_CREDIT_CARD',
  startDate: '2026-12-05',
};
const entry = { status: 'PENDING', scheduledDate: '2026-12-05', amount: 1925, charges: [] };

describe('UpcomingPayments (spec 1 §2 Payments card, spec 2 §4)', () => {
  it('shows the custom amount when set, else the amount; date, property, pre-authorized debit, status; the disclaimer', async () => {
    await renderWithProviders(
      <UpcomingPayments
        leases={[
          lease({ id: 'a', recurringSchedule: { ...schedule, customAmount: 1500 }, recurringScheduleUpcomingPayment: entry }),
          lease({
            id: 'b',
            recurringSchedule: { ...schedule, padSchedule: true },
            recurringScheduleUpcomingPayment: { ...entry, scheduledDate: '2026-12-01', status: '' },
          }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByTestId('upcoming-payment');
    expect(first).toHaveTextContent('$1,925.00');
    expect(first).toHaveTextContent('01-Dec-2026 · Harbourview Residences');
    expect(within(first).getByText('Pre-authorized debit')).toBeInTheDocument();
    // spec 1 §4: no status shows 'No Status'
    expect(within(first).getByText('No Status')).toBeInTheDocument();
    expect(second).toHaveTextContent('$1,500.00');
    expect(second).toHaveTextContent('05-Dec-2026');
    expect(within(second).queryByText('Pre-authorized debit')).not.toBeInTheDocument();
    expect(screen.getByTestId('upcoming-disclaimer')).toHaveTextContent(
      'You can change or disable auto-pay until 2 full business days before a payment.',
    );
  });

  it('autopay on while the amount is empty: the balance then due, said in full (spec 2 §4), in French too', async () => {
    const leases = [lease({ recurringSchedule: schedule, recurringScheduleUpcomingPayment: { ...entry, amount: 0 } })];
    expect(upcomingRows(leases)[0].amount).toBeNull();
    const { unmount } = await renderWithProviders(<UpcomingPayments leases={leases} />);
    const row = screen.getByTestId('upcoming-payment');
    expect(row).toHaveTextContent('Your balance then due');
    expect(within(row).getByTestId('upcoming-empty-amount')).toHaveTextContent(
      'Auto-pay is on for Harbourview Residences: no amount is set, so this payment will be your balance due on 05-Dec-2026.',
    );
    unmount();
    await renderWithProviders(<UpcomingPayments leases={leases} />, { lang: 'fr' });
    expect(screen.getByTestId('upcoming-payment')).toHaveTextContent('Votre solde dû à cette date');
  });

  it('lists nothing for a finished entry and says there is nothing upcoming', async () => {
    await renderWithProviders(
      <UpcomingPayments
        leases={[lease({ recurringSchedule: schedule, recurringScheduleUpcomingPayment: { ...entry, status: 'COMPLETE' } })]}
      />,
    );
    expect(screen.queryByTestId('upcoming-payment')).not.toBeInTheDocument();
    expect(screen.getByText('You have no upcoming payments.')).toBeInTheDocument();
    expect(screen.queryByTestId('upcoming-disclaimer')).not.toBeInTheDocument();
  });
});
