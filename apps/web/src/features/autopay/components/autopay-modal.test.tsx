import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { AutopayUpcomingPayment } from '@portal/domain/autopay-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaseKeys } from '../../../api/query-keys';
import type { PropertyLease } from '../../../api/types';
import { ApiError, api, search } from '../../../lib/api-client';
import { payLease } from '../../../test/pay-fixtures';
import { bankAccount, CUSTOMER_ID, card, feeProfile, sessionUser } from '../../../test/payment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { AutopayModal } from './autopay-modal';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
vi.mock('../../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));
const notified = vi.hoisted(() => vi.fn());
vi.mock('../../../components/notify', () => ({ notifySuccess: notified, notifyInfo: vi.fn(), notifyError: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const searchMock = vi.mocked(search);

let methods: PaymentMethodRecord[];
let upcoming: AutopayUpcomingPayment;

const schedule = {
  id: 'rs-1',
  active: true,
  customAmount: 0,
  padSchedule: true,
  paymentMethodId: 'pm-bank',
  paymentMethodType: 'TYPE_BANK_ACCOUNT',
  startDate: '2026-12-01',
};

const scheduleAnswer = (over: Record<string, unknown> = {}) => ({
  id: 'rs-1',
  recurrenceType: 'MONTHLY',
  userId: CUSTOMER_ID,
  userType: 'TYPE_CUSTOMER',
  billingAccountId: 'lease-1',
  billingAccountType: 'TYPE_PROPERTY_LEASE',
  paymentMethodId: 'pm-visa',
  paymentMethodType: 'TYPE_CREDIT_CARD',
  startDate: '2026-12-15',
  customAmount: 1500,
  padSchedule: false,
  active: true,
  charges: [],
  upcomingPayment: { ...upcoming, scheduledDate: '2026-12-15' },
  joins: {},
  ...over,
});

beforeEach(() => {
  methods = [card(), bankAccount()];
  upcoming = {
    id: 'rp-1',
    recurringScheduleId: 'rs-1',
    period: '2026-12',
    status: 'PENDING',
    scheduledDate: '2026-12-01',
    amount: 0,
    charges: [],
    padSchedule: true,
    lastChangeDate: '2026-11-26',
    changeable: true,
  };
  notified.mockReset();
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: methods };
    if (path === '/recurring_schedule/rs-1/upcomingpayment') return upcoming;
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  post.mockImplementation(async (path: string, body?: unknown) => {
    if (path === '/fee_profile/payment_method') {
      const b = body as { paymentMethod: string; padSchedule: boolean };
      return b.paymentMethod === 'pm-visa'
        ? { feeProfile: feeProfile({ feeRate: 2.9, rateType: 'PERCENT' }) }
        : b.padSchedule
          ? { feeProfile: feeProfile({ paymentType: 'TYPE_BANK_ACCOUNT', padSchedule: true, feeRate: 0 }) }
          : // the seeded bank fee of any other day (spec 1 §9 fee table: $0.50)
            { feeProfile: feeProfile({ paymentType: 'TYPE_BANK_ACCOUNT', padSchedule: false, feeRate: 0.5, rateType: 'FLAT' }) };
    }
    if (path === '/create') return scheduleAnswer();
    if (path === '/savelist') return { billingAccounts: [] };
    throw new Error(`unexpected POST ${path}`);
  });
  patch.mockReset();
  patch.mockImplementation(async () => scheduleAnswer());
  searchMock.mockReset();
});
afterEach(() => vi.restoreAllMocks());

async function openModal(lease: PropertyLease = payLease({ monthlyPaymentDueDay: 1 }), lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  const view = await renderWithProviders(<AutopayModal opened onClose={onClose} lease={lease} />, { lang });
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog, onClose };
}

const calls = (path: string) => post.mock.calls.filter(([p]) => p === path);
const daySelect = () => screen.getByRole('combobox', { name: /Payment day/ });

describe('AutopayModal — set up (spec 2 §2, §5)', () => {
  it('sets up a card autopay with a custom amount: the service fee, the POST /create body, the info message', async () => {
    const user = userEvent.setup();
    const { client, onClose } = await openModal();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(screen.getByRole('dialog', { name: 'Set up autopayment' })).toBeInTheDocument();
    // focus starts on the title (a screen reader reads on from the top)
    await waitFor(() => expect(screen.getByText('Set up autopayment')).toHaveFocus());
    // spec 2 §5: the start-day options run from the day after the due day (1) for 31 days
    const options = within(daySelect()).getAllByRole('option').slice(1);
    expect(options.map((o) => o.textContent).slice(0, 3)).toEqual(['2nd of the month', '3rd of the month', '4th of the month']);
    expect(options.at(-1)?.textContent).toBe('1st of the month');
    await user.selectOptions(daySelect(), '15');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    // spec 2 §7: the schedule's fee from POST /fee_profile/payment_method (a card is not a pre-authorised debit)
    expect(await screen.findByTestId('autopay-fee')).toHaveTextContent(
      'A service fee of 2.90% is added to each autopayment with this payment method.',
    );
    expect(calls('/fee_profile/payment_method')[0][1]).toEqual({
      companyId: 'co-1',
      paymentMethod: 'pm-visa',
      billingAccountId: 'lease-1',
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      padSchedule: false,
      recurringSchedule: true,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Pay a custom monthly amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Monthly amount (CAD)' }), '1500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    expect(calls('/create')[0][1]).toEqual({
      type: 'TYPE_RECURRING_SCHEDULE',
      userType: 'TYPE_CUSTOMER',
      recurrenceType: 'MONTHLY',
      billingAccountId: 'lease-1',
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: 'pm-visa',
      paymentMethodType: 'TYPE_CREDIT_CARD',
      startDay: 15,
      customAmount: 1500,
    });
    expect(notified).toHaveBeenCalledWith('Your autopayment is set up. The first payment will be on 15-Dec-2026.');
    expect(onClose).toHaveBeenCalled();
    // the dashboard's leases (the lease card's button, the upcoming payments) are read again
    expect(invalidate).toHaveBeenCalledWith({ queryKey: leaseKeys.all });
  });

  it('shows the errors after a save attempt, under their fields, with focus on the first', async () => {
    const user = userEvent.setup();
    await openModal();
    await screen.findByRole('radio', { name: /Visa 4242/ });
    await user.click(screen.getByRole('checkbox', { name: 'Pay a custom monthly amount' }));
    // no error before a save attempt
    expect(screen.queryByText('Required Field')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(daySelect()).toHaveAttribute('aria-invalid', 'true');
    expect(daySelect()).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Monthly amount/ })).toHaveAccessibleDescription('Required Field');
    expect(screen.getByText('Please select a valid payment method')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // spec 2 §5: a custom amount below 1 gets the min-amount message
    await user.type(screen.getByRole('textbox', { name: /Monthly amount/ }), '0.5');
    expect(screen.getByRole('textbox', { name: /Monthly amount/ })).toHaveAccessibleDescription(
      'The custom amount must be at least $1.00.',
    );
    expect(calls('/create')).toHaveLength(0);
  });

  it('a bank account is a pre-authorised debit: the moved day, the PAD fee profile (free)', async () => {
    const user = userEvent.setup();
    await openModal();
    await user.selectOptions(daySelect(), '25');
    await user.click(await screen.findByRole('radio', { name: /Bank Account 6789/ }));
    expect(screen.getByTestId('pad-note')).toHaveTextContent('This payment will be taken on the 1st.');
    expect(await screen.findByTestId('autopay-fee')).toHaveTextContent(
      'Autopayments with this payment method are free of service fees.',
    );
    expect(calls('/fee_profile/payment_method').at(-1)?.[1]).toMatchObject({ paymentMethod: 'pm-bank', padSchedule: true });
  });

  // issue 20: the modal called a bank autopay on the 15th free while the job charges it the bank fee ($0.50)
  it('a bank autopay on the 15th shows the bank fee the job charges; moving it to the 1st shows it free', async () => {
    const user = userEvent.setup();
    await openModal();
    await user.selectOptions(daySelect(), '15');
    await user.click(await screen.findByRole('radio', { name: /Bank Account 6789/ }));
    await waitFor(() =>
      expect(screen.getByTestId('autopay-fee')).toHaveTextContent(
        'A service fee of $0.50 is added to each autopayment with this payment method.',
      ),
    );
    expect(calls('/fee_profile/payment_method').at(-1)?.[1]).toMatchObject({ paymentMethod: 'pm-bank', padSchedule: false });
    await user.selectOptions(daySelect(), '1');
    await waitFor(() =>
      expect(screen.getByTestId('autopay-fee')).toHaveTextContent(
        'Autopayments with this payment method are free of service fees.',
      ),
    );
  });

  it('asks to confirm an amount above the soft maximum, focusing the safe choice, and sends the confirmation', async () => {
    const user = userEvent.setup();
    await openModal(payLease({ monthlyPaymentDueDay: 1 }, { softMaximumPaymentAmount: 2000 }));
    await user.selectOptions(daySelect(), '5');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay a custom monthly amount' }));
    await user.type(screen.getByRole('textbox', { name: /Monthly amount/ }), '2500');
    // spec 2 §2: the soft-maximum warning, then the confirmation on save
    expect(screen.getByText('Large amount')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the amount' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls('/create')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, save this amount' }));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    expect(calls('/create')[0][1]).toMatchObject({ customAmount: 2500, confirmSoftMaximum: true });
  });

  it('shows the server’s refusal of a field under that field, in the words it sent', async () => {
    const user = userEvent.setup();
    post.mockImplementation(async (path: string) => {
      if (path === '/fee_profile/payment_method') return { feeProfile: null };
      throw new ApiError(400, 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED', 'Paiements partiels désactivés', [
        { field: 'customAmount', message: 'Paiements partiels désactivés : au moins 1 925,00 $' },
      ]);
    });
    await openModal();
    await user.selectOptions(daySelect(), '5');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay a custom monthly amount' }));
    await user.type(screen.getByRole('textbox', { name: /Monthly amount/ }), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const amount = screen.getByRole('textbox', { name: /Monthly amount/ });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Paiements partiels désactivés : au moins 1 925,00 $'));
    expect(amount).toHaveFocus();
    expect(notified).not.toHaveBeenCalled();
  });

  it('a server failure gives the generic save alert (spec 2 §8)', async () => {
    const user = userEvent.setup();
    post.mockImplementation(async (path: string) => {
      if (path === '/fee_profile/payment_method') throw new ApiError(500, 'RM_ERROR_SYSTEM', 'boom');
      throw new ApiError(500, 'RM_ERROR_SYSTEM', 'Something went wrong. Please try again.');
    });
    await openModal();
    await user.selectOptions(daySelect(), '5');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    // spec 2 §8: the service fee fetch failure alert
    expect(await screen.findByText('The service fee could not be retrieved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = (await screen.findByText('We could not save your autopayment. Please try again.')).closest('[role="alert"]');
    expect(alert).toHaveFocus();
  });
});

describe('AutopayModal — lease and company rules (spec 2 §2, §5)', () => {
  it('required autopay: the notice with the due day, no close button, Escape does not close', async () => {
    const user = userEvent.setup();
    const { onClose } = await openModal(payLease({ requireAutoPay: true, monthlyPaymentDueDay: 3 }));
    expect(screen.getByTestId('autopay-required')).toHaveTextContent(
      'Your lease requires a monthly autopayment. Your rent is due on the 3rd of each month.',
    );
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('not required: close is there', async () => {
    const user = userEvent.setup();
    const { onClose } = await openModal();
    expect(screen.queryByTestId('autopay-required')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(onClose).toHaveBeenCalled();
  });

  it('manager-only payments: save disabled with the reason, no add-method, no disable', async () => {
    await openModal(payLease({ recurringSchedule: schedule }, { onlyPMPaymentAllowed: 'YES' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Your property manager only allows payments made through the property manager.');
    expect(screen.queryByRole('button', { name: 'Disable autopayment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a payment method' })).not.toBeInTheDocument();
  });

  it('enforced custom amount with blocked partial payments: the field is hidden and saving refused', async () => {
    await openModal(payLease({}, { enforceCustomAmount: true, blockPartialPayments: true }));
    expect(screen.queryByRole('checkbox', { name: 'Pay a custom monthly amount' })).not.toBeInTheDocument();
    expect(screen.getByTestId('autopay-save-block')).toHaveTextContent(/requires a custom amount but has disabled partial/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('lists the blocked types and offers only the methods left (spec 2 §5)', async () => {
    await openModal(payLease({ blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true } } }));
    expect(
      await screen.findByText(
        'Bank Account payments have been blocked by your Property Manager. Please select an alternative payment method.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Visa 4242/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Bank Account 6789/ })).not.toBeInTheDocument();
  });

  it('manageBalance NO: the add-charges section, saved with POST /savelist before the schedule', async () => {
    const user = userEvent.setup();
    const lease = payLease(
      { charges: [{ code: 'Rent', name: 'Rent', amount: 1850 }], openCharges: [], balance: 0 },
      {
        manageBalance: 'NO',
        chargeCodes: [
          { code: 'Rent', name: 'Rent' },
          { code: 'parking', name: 'Parking' },
        ],
      },
    );
    await openModal(lease);
    expect(screen.getByRole('group', { name: /Charges/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount 1' })).toHaveValue('1850.00');
    await user.click(screen.getByRole('button', { name: 'Add a charge' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Charge 2' }), 'parking');
    await user.type(screen.getByRole('textbox', { name: 'Amount 2' }), '75');
    await user.selectOptions(daySelect(), '5');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    const charges = [
      { code: 'Rent', name: 'Rent', amount: 1850 },
      { code: 'parking', name: 'Parking', amount: 75 },
    ];
    expect(calls('/savelist')[0][1]).toEqual({
      billingAccounts: [{ id: 'lease-1', type: 'TYPE_PROPERTY_LEASE', charges, requireAutoPay: false }],
    });
    expect(calls('/create')[0][1]).toMatchObject({ charges });
    const order = post.mock.calls.map(([p]) => p).filter((p) => p !== '/fee_profile/payment_method');
    expect(order).toEqual(['/savelist', '/create']);
  });

  it('a save-list failure shows the error code and the charges alert, and saves no schedule (spec 2 §8)', async () => {
    const user = userEvent.setup();
    post.mockImplementation(async (path: string) => {
      if (path === '/fee_profile/payment_method') return { feeProfile: null };
      if (path === '/savelist') throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Validation failed');
      throw new Error(`unexpected POST ${path}`);
    });
    await openModal(payLease({ charges: [{ code: 'Rent', name: 'Rent', amount: 1850 }] }, { manageBalance: 'NO' }));
    await user.selectOptions(daySelect(), '5');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occurred (RM_ERROR_RECORD_VALIDATION).')).toBeInTheDocument();
    expect(screen.getByText('The charges could not be saved.')).toBeInTheDocument();
    expect(calls('/create')).toHaveLength(0);
  });
});

describe('AutopayModal — edit and disable (spec 2 §4, §9)', () => {
  const active = () => payLease({ monthlyPaymentDueDay: 1, recurringSchedule: schedule });
  // a fixed clock: the upcoming payment of 01-Dec-2026 may change until 26-Nov-2026 (spec 2 §9)
  const clockAt = (isoDateTime: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(isoDateTime));
  };
  beforeEach(() => clockAt('2026-11-20T12:00:00'));
  afterEach(() => vi.useRealTimers());

  it('opens on the schedule, says until when the payment can change, and updates it', async () => {
    const user = userEvent.setup();
    await openModal(active());
    expect(screen.getByRole('dialog', { name: 'Edit autopayment schedule' })).toBeInTheDocument();
    expect(daySelect()).toHaveValue('1');
    expect(await screen.findByRole('radio', { name: /Bank Account 6789/ })).toBeChecked();
    expect(await screen.findByTestId('autopay-change-window')).toHaveTextContent(
      'Your next payment is on 01-Dec-2026. You can change or disable it until 26-Nov-2026',
    );
    await user.click(screen.getByRole('radio', { name: /Visa 4242/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay a custom monthly amount' }));
    await user.type(screen.getByRole('textbox', { name: /Monthly amount/ }), '1200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0]).toEqual([
      '/recurring_schedule/rs-1/update',
      {
        active: true,
        startDay: 1,
        paymentMethodId: 'pm-visa',
        paymentMethodType: 'TYPE_CREDIT_CARD',
        customAmount: 1200,
      },
    ]);
    expect(notified).toHaveBeenCalledWith('Your autopayment is updated. The next payment will be on 15-Dec-2026.');
  });

  it('disables after a confirmation that starts on the safe choice: {active: false, customAmount: 0}', async () => {
    const user = userEvent.setup();
    const { onClose } = await openModal(active());
    await screen.findByTestId('autopay-change-window');
    await user.click(screen.getByRole('button', { name: 'Disable autopayment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable autopayment?' });
    expect(within(confirm).getByRole('button', { name: 'Keep autopayment' })).toHaveFocus();
    expect(confirm).toHaveTextContent('Your payment on 01-Dec-2026 and the following ones will not be made automatically.');
    await user.click(within(confirm).getByRole('button', { name: 'Disable autopayment' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/recurring_schedule/rs-1/update', { active: false, customAmount: 0 }),
    );
    expect(notified).toHaveBeenCalledWith('Your autopayment is disabled.');
    expect(onClose).toHaveBeenCalled();
  });

  // issue 20 §1: "12,50" typed in French was sent as 1250
  it('a custom amount typed in French: "12,50" is sent as 12.5; the ambiguous "1,925" is refused with how to write it', async () => {
    const user = userEvent.setup();
    await openModal(payLease({ monthlyPaymentDueDay: 1 }), 'fr');
    await user.selectOptions(screen.getByRole('combobox', { name: /Jour du paiement/ }), '15');
    await user.click(await screen.findByRole('radio', { name: /Visa 4242/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Payer un montant mensuel personnalisé' }));
    const amount = screen.getByRole('textbox', { name: 'Montant mensuel (CAD)' });
    await user.type(amount, '1,925');
    await user.tab();
    expect(amount).toHaveValue('1,925');
    expect(amount).toHaveAccessibleDescription(/Écrivez les cents après une virgule, par exemple 1.925,00/);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(calls('/create')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '12,50');
    await user.tab();
    expect(amount).toHaveValue('12,50');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls('/create')).toHaveLength(1));
    expect(calls('/create')[0][1]).toMatchObject({ startDay: 15, paymentMethodId: 'pm-visa', customAmount: 12.5 });
  });

  // issue 21 §1: the lock shows before the tenant acts; nothing that would be refused is offered
  it('past the last change day: the form is read-only, save and disable are disabled, and the notice says until when', async () => {
    clockAt('2026-11-27T09:00:00');
    upcoming = { ...upcoming, changeable: false };
    const user = userEvent.setup();
    await openModal(active());
    const notice = await screen.findByTestId('autopay-change-window');
    expect(notice).toHaveTextContent(
      'Your next autopayment on 01-Dec-2026 can no longer be changed: changes must be made at least 2 full business days before a payment, and the last day was 26-Nov-2026. Until this payment has been made, your autopayment cannot be changed or disabled. You can change or disable it again after 01-Dec-2026.',
    );
    expect(daySelect()).toBeDisabled();
    expect(await screen.findByRole('radio', { name: /Bank Account 6789/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Pay a custom monthly amount' })).toBeDisabled();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/can no longer be changed/);
    const disable = screen.getByRole('button', { name: 'Disable autopayment' });
    expect(disable).toBeDisabled();
    expect(disable).toHaveAccessibleDescription('You can disable your autopayment again after 01-Dec-2026.');
    await user.click(disable);
    expect(screen.queryByRole('dialog', { name: 'Disable autopayment?' })).not.toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('a required autopay that is locked: nothing can be saved, so the modal can be closed', async () => {
    clockAt('2026-11-27T09:00:00');
    upcoming = { ...upcoming, changeable: false };
    const user = userEvent.setup();
    const { onClose } = await openModal(payLease({ monthlyPaymentDueDay: 1, requireAutoPay: true, recurringSchedule: schedule }));
    await screen.findByText(/can no longer be changed:/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const close = screen.getAllByRole('button', { name: 'Close' });
    await user.click(close[close.length - 1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('a modal opened on the last change day and the server’s answer of that day: the day after, it is locked all the same', async () => {
    clockAt('2026-11-27T00:30:00');
    // the server answered changeable (its day, or a cached answer, was still the 26th)
    await openModal(active(), 'fr');
    expect(await screen.findByTestId('autopay-change-window')).toHaveTextContent(
      'Votre prochain paiement automatique du 01-déc-2026 ne peut plus être modifié',
    );
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Désactiver le paiement automatique' })).toHaveAccessibleDescription(
      'Vous pourrez désactiver votre paiement automatique de nouveau après le 01-déc-2026.',
    );
  });

  it('on the last change day the form is open; a refusal by the server (its clock ahead) shows in the UI language', async () => {
    clockAt('2026-11-26T18:00:00');
    const user = userEvent.setup();
    patch.mockRejectedValue(
      new ApiError(
        409,
        'RM_ERROR_RECURRING_PAYMENT_LOCKED',
        'Ce paiement ne peut plus être modifié (dernier jour : 26 novembre 2026).',
        [
          { field: 'scheduledDate', message: 'x' },
          { field: 'lastChangeDate', message: 'x' },
        ],
      ),
    );
    await openModal(active(), 'fr');
    expect(await screen.findByTestId('autopay-change-window')).toHaveTextContent(
      'Vous pouvez le modifier ou le désactiver jusqu’au 26-nov-2026',
    );
    expect(screen.getByRole('combobox', { name: /Jour du paiement/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Désactiver le paiement automatique' }));
    const confirm = await screen.findByRole('dialog', { name: 'Désactiver le paiement automatique\u202f?' });
    await user.click(within(confirm).getByRole('button', { name: 'Désactiver le paiement automatique' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Ce paiement ne peut plus être modifié (dernier jour : 26 novembre 2026).',
    );
    expect(notified).not.toHaveBeenCalled();
  });
});
