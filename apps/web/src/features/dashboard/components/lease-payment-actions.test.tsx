import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PropertyLease } from '../../../api/types';
import { company, lease, property } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../test/render';
import { LeaseCard } from './lease-card';
import { LeasePaymentActions } from './lease-payment-actions';
import { getLeasePaymentAvailability } from './lease-payment-state';

// The payment flow is the payments feature's (tested there): a stand-in shows which lease and mode it was opened for.
// The autopay modal is the autopay feature's (tested there): a stand-in shows which lease it was opened for.
vi.mock('../../autopay', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../autopay')>()),
  loadAutopayModal: async () => (props: { opened: boolean; lease: PropertyLease }) =>
    props.opened ? (
      <div role="dialog" aria-label="autopay-stub">
        {props.lease.id}
      </div>
    ) : null,
}));
vi.mock('../../payments', () => ({
  loadPaymentModal: async () => (props: { opened: boolean; lease: PropertyLease; mode: string; onClose: () => void }) =>
    props.opened ? (
      <div role="dialog" aria-label="payment-stub">
        {props.lease.id}:{props.mode}
        <button type="button" onClick={props.onClose}>
          close-stub
        </button>
      </div>
    ) : null,
}));

const TODAY = '2026-11-22';

describe('LeasePaymentActions (spec 1 §2 / §4 "Lease")', () => {
  it('offers auto-pay and the one-time payment, opens the payment modal, and has no pay-later button by default', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LeasePaymentActions lease={lease()} />);
    const pay = screen.getByRole('button', { name: 'One-time payment' });
    expect(pay).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay later' })).not.toBeInTheDocument();
    // spec 1 §2: the footer actions start with auto-pay
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Auto-pay', 'One-time payment']);
    await user.click(pay);
    expect(await screen.findByRole('dialog', { name: 'payment-stub' })).toHaveTextContent('l1:PAY_NOW');
  });

  it('shows pay later where the lease accepts instalment pay or the online wallet provider’s pay later', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderWithProviders(<LeasePaymentActions lease={lease({ acceptInstallmentPay: true })} />);
    await user.click(screen.getByRole('button', { name: 'Pay later' }));
    expect(await screen.findByRole('dialog', { name: 'payment-stub' })).toHaveTextContent('l1:PAY_LATER');
    unmount();
    await renderWithProviders(
      <LeasePaymentActions lease={lease({}, { property: { ...property, paypalCreditIntegration: { enabled: true } } })} />,
    );
    expect(screen.getByRole('button', { name: 'Pay later' })).toBeEnabled();
  });

  it.each([
    ['TERMINATED', 'Payments are not possible on a terminated lease.'],
    ['SUSPENDED', 'Payments are not possible on a suspended lease.'],
    ['PENDING', 'Payments are not allowed while this lease is pending.'],
  ])('disables the payment buttons of a %s lease, with the reason for screen readers', async (status, reason) => {
    await renderWithProviders(<LeasePaymentActions lease={lease({ status, acceptInstallmentPay: true })} />);
    for (const name of ['One-time payment', 'Pay later']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
  });

  it('disables payments when only the property manager takes them, and says so', async () => {
    await renderWithProviders(
      <LeasePaymentActions lease={lease({}, { company: { ...company, onlyPMPaymentAllowed: 'YES' } })} />,
    );
    const button = screen.getByRole('button', { name: 'One-time payment' });
    expect(button).toBeDisabled();
    const reason = 'Your property manager takes the payments for this lease. Please contact them to pay.';
    expect(button).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
  });

  it('auto-pay: edit auto-pay when the schedule is active (spec 1 §2 / spec 2 §4); opens the autopay modal', async () => {
    const user = userEvent.setup();
    const schedule = {
      id: 's1',
      active: true,
      customAmount: 0,
      padSchedule: true,
      paymentMethodId: 'pm1',
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      startDate: '2026-12-01',
    };
    const { unmount } = await renderWithProviders(
      <LeasePaymentActions lease={lease({ recurringSchedule: { ...schedule, active: false } })} />,
    );
    expect(screen.getByRole('button', { name: 'Auto-pay' })).toBeEnabled();
    unmount();
    await renderWithProviders(<LeasePaymentActions lease={lease({ recurringSchedule: schedule })} />);
    await user.click(screen.getByRole('button', { name: 'Edit auto-pay' }));
    expect(await screen.findByRole('dialog', { name: 'autopay-stub' })).toHaveTextContent('l1');
  });

  it.each([
    ['TERMINATED', 'Payments are not possible on a terminated lease.'],
    ['PENDING', 'Payments are not allowed while this lease is pending.'],
  ])('disables auto-pay on a %s lease like the payment buttons, with the reason', async (status, reason) => {
    await renderWithProviders(<LeasePaymentActions lease={lease({ status })} />);
    const autopay = screen.getByRole('button', { name: 'Auto-pay' });
    expect(autopay).toBeDisabled();
    expect(autopay).toHaveAccessibleDescription(reason);
  });

  // issue 21 §1: the auto-pay button opened a form that could never be saved
  it('manager-only lease: auto-pay is disabled with the same reason as the payment buttons', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <LeasePaymentActions lease={lease({}, { company: { ...company, onlyPMPaymentAllowed: 'YES' } })} />,
    );
    const autopay = screen.getByRole('button', { name: 'Auto-pay' });
    expect(autopay).toBeDisabled();
    expect(autopay).toHaveAccessibleDescription(
      'Your property manager takes the payments for this lease. Please contact them to pay.',
    );
    await user.click(autopay);
    expect(screen.queryByRole('dialog', { name: 'autopay-stub' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One-time payment' })).toBeDisabled();
  });

  it('an enforced custom amount with blocked partial payments: pay yes, auto-pay disabled with why (spec 2 §5)', async () => {
    await renderWithProviders(
      <LeasePaymentActions
        lease={lease({}, { company: { ...company, enforceCustomAmount: true, blockPartialPayments: true } })}
      />,
    );
    expect(screen.getByRole('button', { name: 'One-time payment' })).toBeEnabled();
    const autopay = screen.getByRole('button', { name: 'Auto-pay' });
    expect(autopay).toBeDisabled();
    expect(autopay).toHaveAccessibleDescription(/requires a custom amount but has disabled partial payments/);
  });

  it('manager-only lease with an active schedule: edit auto-pay still opens, to see it', async () => {
    const user = userEvent.setup();
    const schedule = {
      id: 's1',
      active: true,
      customAmount: 0,
      padSchedule: true,
      paymentMethodId: 'pm1',
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      startDate: '2026-12-01',
    };
    await renderWithProviders(
      <LeasePaymentActions
        lease={lease({ recurringSchedule: schedule }, { company: { ...company, onlyPMPaymentAllowed: 'YES' } })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit auto-pay' }));
    expect(await screen.findByRole('dialog', { name: 'autopay-stub' })).toBeInTheDocument();
  });

  it('getLeasePaymentAvailability', () => {
    expect(getLeasePaymentAvailability(lease()).disabled).toBe(false);
    expect(getLeasePaymentAvailability(lease({ status: 'SUSPENDED' })).disabled).toBe(true);
    expect(getLeasePaymentAvailability(lease({}, { company: { ...company, onlyPMPaymentAllowed: 'YES' } })).disabled).toBe(true);
  });
});

describe('billing details make-payment (spec 1 §2)', () => {
  it('closes billing details and opens the payment modal of that lease', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LeaseCard lease={lease()} today={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'Billing details' }));
    const billing = await screen.findByRole('dialog', { name: /Billing details/ });
    await user.click(within(billing).getByRole('button', { name: 'Make a payment' }));
    expect(await screen.findByRole('dialog', { name: 'payment-stub' })).toHaveTextContent('l1:PAY_NOW');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Billing details/ })).not.toBeInTheDocument());
  });

  it('is disabled, with its reason, for a lease that cannot be paid', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LeaseCard lease={lease({ status: 'TERMINATED' })} today={TODAY} />);
    await user.click(screen.getByRole('button', { name: 'Billing details' }));
    const billing = await screen.findByRole('dialog', { name: /Billing details/ });
    const pay = within(billing).getByRole('button', { name: 'Make a payment' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Payments are not possible on a terminated lease.');
  });
});
