import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { company, lease } from '../../../test/dashboard-fixtures';
import { normalizeSpaces } from '../../../test/field-table';
import { renderWithProviders } from '../test/render';
import { LeaseCard } from './lease-card';
import { getLeaseCardPaymentState } from './lease-payment-actions';

const TODAY = '2026-11-22';

describe('LeaseCard', () => {
  it('shows the lease name, note, address, balance and the overdue flag', async () => {
    await renderWithProviders(<LeaseCard lease={lease()} today={TODAY} />);
    expect(screen.getByRole('heading', { name: 'Harbourview Residences – Unit 804' })).toBeInTheDocument();
    expect(screen.getByText('Parking stall P2-14 is included with this lease.')).toBeInTheDocument();
    const address = screen.getByLabelText('Address');
    expect(address).toHaveTextContent('1250 Granville Street');
    expect(address).toHaveTextContent('Vancouver, BC, V6Z 1M6');
    expect(address).toHaveTextContent('Canada');
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$3,775.00');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.queryByText(/not allowed while this lease is pending/)).not.toBeInTheDocument();
  });

  // issue 21 §1: a UnionPay order waiting for the tenant took $1,925.00 off the balance before anything was paid
  it('does not take a payment waiting at the provider off the balance: it shows it as pending, in English and in French', async () => {
    const charges = [
      { id: 'c', name: 'Rent', code: 'Rent', dueDate: '2026-12-01', balance: 1850, amount: 1850, postMonth: null },
    ];
    const pendingPayments = [
      {
        id: 'tx-up',
        paymentMethodType: 'TYPE_UNION_PAY',
        amount: 1925,
        allocated: 1925,
        createDate: '2026-11-22T15:00:00.000Z',
        expiresAt: '2026-11-23T15:00:00.000Z',
      },
    ];
    const waiting = lease({ openCharges: charges, balance: 1850, pendingPayments });
    const { unmount } = await renderWithProviders(<LeaseCard lease={waiting} today={TODAY} />);
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$3,775.00');
    expect(normalizeSpaces(screen.getByTestId('lease-pending').textContent)).toMatch(
      /^Pending: \$1,925\.00 \(UnionPay, waiting for your payment\) Valid until 23-Nov-2026 \d\d:\d\d/,
    );
    unmount();
    await renderWithProviders(<LeaseCard lease={waiting} today={TODAY} />, { lang: 'fr' });
    expect(normalizeSpaces(screen.getByTestId('lease-balance').textContent)).toBe('3 775,00 $');
    expect(normalizeSpaces(screen.getByTestId('lease-pending').textContent)).toMatch(
      /^En attente : 1 925,00 \$ \(UnionPay, en attente de votre paiement\) Valide jusqu’au 23-nov-2026/,
    );
  });

  it('billing details shows the pending payment apart from the balances left to pay', async () => {
    const user = userEvent.setup();
    const pendingPayments = [
      {
        id: 'tx-up',
        paymentMethodType: 'TYPE_UNION_PAY',
        amount: 75,
        allocated: 75,
        createDate: '2026-11-22T15:00:00.000Z',
        expiresAt: '2026-11-23T15:00:00.000Z',
      },
    ];
    const charges = lease().openCharges.filter((c) => c.name !== 'Parking');
    await renderWithProviders(
      <LeaseCard lease={lease({ openCharges: charges, balance: 3700, pendingPayments })} today={TODAY} />,
    );
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$3,775.00');
    await user.click(screen.getByRole('button', { name: 'Billing details' }));
    const dialog = await screen.findByRole('dialog', { name: /Billing details/ });
    expect(within(dialog).getByTestId('billing-total')).toHaveTextContent('$3,700.00');
    expect(normalizeSpaces(within(dialog).getByTestId('billing-pending').textContent)).toMatch(
      /^Pending: \$75\.00 \(UnionPay, waiting for your payment\).*already set aside/,
    );
  });

  // issue 21 §1: with a UnionPay payment pending, the card showed $3,775.00 and its breakdown $3,675.00
  it('breaks down the balance it shows: a pending payment stays in its charges and is shown apart as pending', async () => {
    const pendingPayments = [
      {
        id: 'tx-up',
        paymentMethodType: 'TYPE_UNION_PAY',
        amount: 100,
        allocated: 100,
        createDate: '2026-11-22T15:00:00.000Z',
        expiresAt: '2026-11-23T15:00:00.000Z',
        charges: [
          { id: 'oc1', dueDate: '2026-10-01', allocated: 25 },
          { id: 'oc2', dueDate: '2026-10-01', allocated: 75 },
        ],
      },
    ];
    // what the API answers: the charges net of the pending allocations (parking covered in full, so absent)
    const charges = [
      { id: 'oc1', name: 'Rent', code: 'Rent', dueDate: '2026-10-01', balance: 1825, amount: 1850, postMonth: null },
      { id: 'oc3', name: 'Rent', code: 'Rent', dueDate: '2026-12-01', balance: 1850, amount: 1850, postMonth: null },
    ];
    await renderWithProviders(
      <LeaseCard lease={lease({ openCharges: charges, balance: 3675, pendingPayments })} today={TODAY} />,
    );
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$3,775.00');
    const rows = within(screen.getByTestId('lease-breakdown'))
      .getAllByRole('term')
      .map((dt) => normalizeSpaces(`${dt.textContent} ${dt.nextElementSibling?.textContent}`));
    expect(rows).toEqual(['Overdue $1,925.00', 'Not due until 01-Dec-2026 $1,850.00']);
    expect(normalizeSpaces(screen.getByTestId('lease-pending').textContent)).toMatch(/^Pending: \$100\.00 \(UnionPay/);
  });

  it('shows no pending line when nothing waits at a provider', async () => {
    await renderWithProviders(<LeaseCard lease={lease({ pendingPayments: [] })} today={TODAY} />);
    expect(screen.queryByTestId('lease-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$3,775.00');
  });

  // issue 20: "Overdue" sat on the whole $3,775.00 of which $1,850.00 is not due until 01-Dec
  it('shows what is overdue apart from what is not due yet, in English and in French', async () => {
    const { unmount } = await renderWithProviders(<LeaseCard lease={lease()} today={TODAY} />);
    const rows = () =>
      within(screen.getByTestId('lease-breakdown'))
        .getAllByRole('term')
        .map((dt) => normalizeSpaces(`${dt.textContent} ${dt.nextElementSibling?.textContent}`));
    expect(rows()).toEqual(['Overdue $1,925.00', 'Not due until 01-Dec-2026 $1,850.00']);
    unmount();
    await renderWithProviders(<LeaseCard lease={lease()} today={TODAY} />, { lang: 'fr' });
    expect(rows()).toEqual(['En retard 1 925,00 $', 'À payer à partir du 01-déc-2026 1 850,00 $']);
  });

  it('after the overdue part is paid, shows only what is not due yet, without the overdue flag', async () => {
    const charges = [
      { id: 'c', name: 'Rent', code: 'Rent', dueDate: '2026-12-01', balance: 1850, amount: 1850, postMonth: null },
    ];
    await renderWithProviders(<LeaseCard lease={lease({ openCharges: charges, balance: 1850 })} today={TODAY} />);
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(normalizeSpaces(screen.getByTestId('lease-breakdown').textContent)).toBe('Not due until 01-Dec-2026$1,850.00');
  });

  it('has no overdue flag when every charge is due today or later, or already paid', async () => {
    const charges = [
      { id: 'a', name: 'Rent', code: 'Rent', dueDate: TODAY, balance: 1850, amount: 1850, postMonth: null },
      { id: 'b', name: 'Parking', code: 'parking', dueDate: '2026-10-01', balance: 0, amount: 75, postMonth: null },
    ];
    await renderWithProviders(<LeaseCard lease={lease({ openCharges: charges, balance: 1850 })} today={TODAY} />);
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$1,850.00');
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('hides the balance, the overdue flag and billing details when the company does not manage balances', async () => {
    await renderWithProviders(<LeaseCard lease={lease({}, { company: { ...company, manageBalance: 'NO' } })} today={TODAY} />);
    expect(screen.queryByTestId('lease-balance')).not.toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Billing details' })).not.toBeInTheDocument();
  });

  it('has no billing-details button without a balance', async () => {
    await renderWithProviders(<LeaseCard lease={lease({ openCharges: [], balance: 0 })} today={TODAY} />);
    expect(screen.getByTestId('lease-balance')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('button', { name: 'Billing details' })).not.toBeInTheDocument();
  });

  it.each([
    ['TERMINATED', '(terminated)'],
    ['SUSPENDED', '(suspended)'],
  ])('marks a %s lease', async (status, marker) => {
    await renderWithProviders(<LeaseCard lease={lease({ status })} today={TODAY} />);
    expect(screen.getByRole('heading', { name: `Harbourview Residences – Unit 804 ${marker}` })).toBeInTheDocument();
  });

  it('warns that payment is not allowed on a PENDING lease', async () => {
    await renderWithProviders(<LeaseCard lease={lease({ status: 'PENDING', openCharges: [], balance: 0 })} today={TODAY} />);
    expect(screen.getByRole('status')).toHaveTextContent('Payments are not allowed while this lease is pending.');
  });

  // issue 20: the portal's own charge names in the tenant's language; a name the manager wrote stays as written
  it('names the charges of billing details in French, never by their raw code', async () => {
    const user = userEvent.setup();
    const charges = [
      { id: 'a', name: 'Rent', code: 'Rent', dueDate: '2026-10-01', balance: 1850, amount: 1850, postMonth: null },
      { id: 'b', name: 'bike-storage', code: 'bike-storage', dueDate: '2026-10-01', balance: 20, amount: 20, postMonth: null },
      { id: 'c', name: 'Underground stall P2', code: 'parking', dueDate: '2026-10-01', balance: 75, amount: 75, postMonth: null },
    ];
    await renderWithProviders(<LeaseCard lease={lease({ openCharges: charges, balance: 1945 })} today={TODAY} />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Détails de facturation' }));
    const dialog = await screen.findByRole('dialog');
    const names = within(dialog)
      .getAllByRole('row')
      .slice(1, -1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(names).toEqual(['Loyer', 'Entreposage de vélos', 'Underground stall P2']);
  });

  it('opens billing details with the open charges and their total', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LeaseCard lease={lease()} today={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'Billing details' }));
    const dialog = await screen.findByRole('dialog', { name: /Billing details – Harbourview Residences/ });
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((r) => normalizeSpaces(r.textContent))).toEqual([
      'ChargeDue dateBalance',
      'Rent01-Oct-2026$1,850.00',
      'Parking01-Oct-2026$75.00',
      'Rent01-Dec-2026$1,850.00',
      'Total$3,775.00',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Make a payment' })).toBeEnabled();
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('formats money in French for a French user and USD for a US company', async () => {
    await renderWithProviders(<LeaseCard lease={lease()} today={TODAY} />, { lang: 'fr' });
    expect(normalizeSpaces(screen.getByTestId('lease-balance').textContent)).toBe('3 775,00 $');
    expect(screen.getByText('En retard')).toBeInTheDocument();
  });

  // issue 20: a US lease reads "$2,400.00" in English (en-US, not "US$2,400.00") and "2 400,00 $ US" in French
  it.each([
    ['en', '$2,400.00'],
    ['fr', '2 400,00 $ US'],
  ] as const)('shows a US lease in USD as a %s reader expects: %s', async (lang, text) => {
    await renderWithProviders(
      <LeaseCard lease={lease({ balance: 2400 }, { company: { ...company, country: 'US' } })} today={TODAY} />,
      { lang },
    );
    expect(normalizeSpaces(screen.getByTestId('lease-balance').textContent)).toBe(text);
  });
});

describe('getLeaseCardPaymentState (spec 1 §4)', () => {
  it.each([
    ['ACTIVE', false, false],
    ['PENDING', true, true],
    ['TERMINATED', true, false],
    ['SUSPENDED', true, false],
    ['INACTIVE', false, false],
  ])('%s → disabled %s, pending warning %s', (status, disabled, showPendingWarning) => {
    expect(getLeaseCardPaymentState({ status })).toEqual({ disabled, showPendingWarning });
  });
});
