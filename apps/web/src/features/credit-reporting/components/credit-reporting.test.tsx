import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { CreditReportMonth, CreditReportOffer, CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyLease } from '../../../api/types';
import { ApiError, api, search } from '../../../lib/api-client';
import { companyFixture, leaseFixture, propertyFixture } from '../../../test/fixtures';
import { bankAccount, CUSTOMER_ID, card, sessionUser } from '../../../test/payment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { CreditReportingSlot } from '../credit-reporting-slot';
import { CreditReportingCard } from './credit-reporting-card';
import { CreditReportingModal, type CreditReportingMode } from './credit-reporting-modal';
import { CreditReportingSubscriptions } from './subscription-list';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
vi.mock('../../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));
const tracked = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/track', () => ({ trackOpen: tracked }));

const get = vi.mocked(api.get);
const searchMock = vi.mocked(search);

const lease = (over: Partial<PropertyLease> = {}) =>
  leaseFixture({ services: [{ service: 'CREDIT_REPORT', feeAmount: 4.95, termInMonths: 12 }], ...over });
/** A lease in Quebec: credit reporting is not offered there (spec 2 §9). */
const quebecLease = () =>
  leaseFixture({
    id: 'lease-qc',
    unit: '3',
    joins: { property: propertyFixture({ propertyName: 'Le Plateau', province: 'QC' }), company: companyFixture() },
  });

function subscription(over: Partial<CreditReportSubscription> = {}): CreditReportSubscription {
  return {
    id: 'cr-1',
    billingAccountId: 'lease-1',
    status: 'ACTIVE',
    createDate: '2026-03-01T10:00:00Z',
    subscriptionDate: '2026-03-01',
    startDate: '2026-03-01',
    expiryDate: '2027-02-28',
    feeAmount: 4.95,
    autoRenew: true,
    paymentMethodType: 'TYPE_CREDIT_CARD',
    paymentMethodId: 'pm-visa',
    statusReason: null,
    paymentMethod: { type: 'TYPE_CREDIT_CARD', brand: 'VISA', last4: '4242' },
    property: {
      id: 'p-1',
      propertyName: 'Harbourview Residences',
      street1: '1250 Granville Street',
      city: 'Vancouver',
      province: 'BC',
    },
    ...over,
  };
}

function offer(over: Partial<CreditReportOffer> = {}): CreditReportOffer {
  return {
    leaseId: 'lease-1',
    available: true,
    reason: null,
    feeAmount: 4.95,
    currency: 'CAD',
    startDate: '2026-12-01',
    startDateDisplay: '01-Dec-2026',
    showStartNotice: true,
    termMonths: 12,
    subscription: null,
    ...over,
  };
}

let methods: PaymentMethodRecord[];
let reportedMonths: CreditReportMonth[];
let theOffer: CreditReportOffer;
let subscribeAnswer: () => Promise<CreditReportSubscription>;
const MONTHS: CreditReportMonth[] = [
  {
    reportedMonth: '2026-10',
    status: 'ACCEPTED',
    accountStatus: '11',
    amountReported: 1925,
    scheduledPayment: 1925,
    resultCode: null,
    resultMessage: null,
  },
  {
    reportedMonth: '2026-09',
    status: 'REJECTED',
    accountStatus: '71',
    amountReported: 0,
    scheduledPayment: 1925,
    resultCode: 'E050',
    resultMessage: 'DOB missing',
  },
];

beforeEach(() => {
  methods = [card(), bankAccount()];
  reportedMonths = [...MONTHS];
  theOffer = offer();
  subscribeAnswer = async () =>
    subscription({ startDate: '2026-12-01', expiryDate: '2027-11-30', subscriptionDate: '2026-11-27' });
  get.mockReset();
  get.mockImplementation(async (path: string, opts?: { query?: Record<string, unknown> }) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: methods };
    if (path === '/credit_report/offer') return theOffer;
    if (path === '/credit_report/subscribe') return subscribeAnswer();
    if (path === '/credit_report/cr-1/unsubscribe') return subscription({ status: 'UNSUBSCRIBED', autoRenew: false });
    if (path === '/credit_report/cr-1/stop') return subscription({ status: 'TERMINATED', autoRenew: false });
    if (path === '/credit_report/cr-1/change_payment_type')
      return subscription({
        paymentMethodId: String(opts?.query?.methodId),
        paymentMethod: { type: 'TYPE_CREDIT_CARD', brand: 'MASTERCARD', last4: '5454' },
      });
    if (path === '/last_month_amount_paid') return { leaseId: 'lease-1', month: '2026-10', amount: 1850, currency: 'CAD' };
    if (path === '/credit_report/cr-1/reports') return reportedMonths;
    throw new Error(`unexpected GET ${path}`);
  });
  searchMock.mockReset();
  tracked.mockReset();
});

const subscribeCalls = () => get.mock.calls.filter(([p]) => p === '/credit_report/subscribe');

async function openModal(mode: CreditReportingMode, sub: CreditReportSubscription | null = null, lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <CreditReportingModal opened onClose={onClose} mode={mode} lease={lease()} subscription={sub} />,
    { lang },
  );
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog, onClose };
}

describe('Sign-up (NEW mode, spec 2 §2, §4)', () => {
  it('shows the lease, the yearly fee, the start date DD-MMM-YYYY with its notice, the terms; subscribes with the card and an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { dialog } = await openModal('NEW');
    expect(screen.getByRole('dialog', { name: 'Sign up for credit reporting' })).toBeInTheDocument();
    const details = await within(dialog).findByTestId('credit-reporting-offer');
    expect(details).toHaveTextContent('LeaseHarbourview Residences, unit 804');
    expect(details).toHaveTextContent('Yearly fee$4.95');
    expect(details).toHaveTextContent('Reporting starts01-Dec-2026');
    expect(within(dialog).getByTestId('credit-reporting-start-notice')).toHaveTextContent(
      'Your rent payments will be reported starting 01-Dec-2026.',
    );
    expect(dialog).toHaveTextContent('It renews automatically every year, on 01-Dec-2027 the first time');
    expect(dialog).toHaveTextContent('You can cancel at any time: unsubscribe');
    const select = await within(dialog).findByRole('combobox', { name: /Card for the yearly fee/ });
    // the first card is chosen
    await waitFor(() => expect(select).toHaveValue('pm-visa'));
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe and pay $4.95' }));
    expect(await within(dialog).findByTestId('credit-reporting-success')).toHaveTextContent(
      'Your rent payments on Harbourview Residences, unit 804 will be reported to the credit bureau starting 01-Dec-2026.',
    );
    expect(dialog).toHaveTextContent('Your subscription renews automatically on 01-Dec-2027.');
    expect(subscribeCalls()).toHaveLength(1);
    const [, opts] = subscribeCalls()[0] as [string, { query: Record<string, string>; headers: Record<string, string> }];
    expect(opts.query).toEqual({
      accountType: 'TYPE_PROPERTY_LEASE',
      accountId: 'lease-1',
      payMethodType: 'TYPE_CREDIT_CARD',
      payMethodId: 'pm-visa',
    });
    expect(opts.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // spec 2 §9: one tracking pixel for the open, none for the views that follow
    expect(tracked.mock.calls).toEqual([['CREDIT_REPORTING_OPEN']]);
  });

  it('a fee of 0 shows Free; no notice when the start did not move', async () => {
    theOffer = offer({ feeAmount: 0, showStartNotice: false, startDate: '2026-11-27' });
    const { dialog } = await openModal('NEW');
    const details = await within(dialog).findByTestId('credit-reporting-offer');
    expect(details).toHaveTextContent('Yearly feeFree');
    expect(details).toHaveTextContent('27-Nov-2026');
    expect(within(dialog).queryByTestId('credit-reporting-start-notice')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('a bank account is not supported: its alert, and the subscribe is refused with focus on the select', async () => {
    const user = userEvent.setup();
    const { dialog } = await openModal('NEW');
    const select = await within(dialog).findByRole('combobox', { name: /Card for the yearly fee/ });
    await user.selectOptions(select, 'pm-bank');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Bank accounts are not supported for credit reporting. Please select a card.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe and pay $4.95' }));
    await waitFor(() => expect(select).toHaveFocus());
    expect(select).toHaveAccessibleDescription(/Please select a card\./);
    expect(subscribeCalls()).toHaveLength(0);
  });

  it('no card chosen: "Please select a valid payment method"; no card saved: a link to add one', async () => {
    methods = [bankAccount()];
    const user = userEvent.setup();
    const { dialog } = await openModal('NEW');
    await within(dialog).findByRole('combobox', { name: /Card for the yearly fee/ });
    expect(within(dialog).getByRole('link', { name: 'Add a card on the Payment page' })).toHaveAttribute(
      'href',
      '/customer/payment',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe and pay $4.95' }));
    expect(await within(dialog).findByText('Please select a valid payment method')).toBeInTheDocument();
    expect(subscribeCalls()).toHaveLength(0);
  });

  it.each([
    [
      'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED',
      'Payment method not supported',
      'Bank accounts are not supported for credit reporting. Please select a card.',
      false,
    ],
    [
      'RM_ERROR_REQUIRED_FIELD',
      'birthDate is required',
      'Your date of birth is missing. Please update it in your account settings.',
      true,
    ],
    [
      'RM_ERROR_REQUIRED_FIELD',
      'Lease start date is missing',
      'Your lease start date is missing. Please speak to your property manager.',
      false,
    ],
    ['RM_ERROR_REQUIRED_FIELD', 'unit is required', 'unit is required', false],
    [
      'RM_ERROR_SERVICE_NOT_OFFERED',
      'Credit reporting is not offered for this lease',
      'Credit reporting is not offered for this lease',
      false,
    ],
  ])('spec 2 §8: %s "%s" → "%s"', async (errorCode, message, shown, accountLink) => {
    subscribeAnswer = async () => {
      throw new ApiError(400, errorCode, message);
    };
    const user = userEvent.setup();
    const { dialog } = await openModal('NEW');
    const select = await within(dialog).findByRole('combobox', { name: /Card for the yearly fee/ });
    await waitFor(() => expect(select).toHaveValue('pm-visa'));
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe and pay $4.95' }));
    const alert = await within(dialog).findByTestId('credit-reporting-alert');
    expect(alert).toHaveTextContent(shown);
    const link = within(alert).queryByRole('link', { name: 'Go to Account settings' });
    if (accountLink) expect(link).toHaveAttribute('href', '/customer/account');
    else expect(link).toBeNull();
  });

  it('one Idempotency-Key per attempt: kept when the answer was lost, new after a refusal', async () => {
    let answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new ApiError(402, 'RM_ERROR_PAYMENT_DECLINED', 'Your card was declined')),
    ];
    subscribeAnswer = () => {
      const next = answers[0];
      answers = answers.slice(1);
      return next ? next() : Promise.resolve(subscription());
    };
    const user = userEvent.setup();
    const { dialog } = await openModal('NEW');
    const select = await within(dialog).findByRole('combobox', { name: /Card for the yearly fee/ });
    await waitFor(() => expect(select).toHaveValue('pm-visa'));
    const button = within(dialog).getByRole('button', { name: 'Subscribe and pay $4.95' });
    await user.click(button);
    await within(dialog).findByTestId('credit-reporting-alert');
    await user.click(button);
    expect(await within(dialog).findByText('Your card was declined')).toBeInTheDocument();
    await user.click(button);
    await within(dialog).findByTestId('credit-reporting-success');
    const keys = subscribeCalls().map(([, o]) => (o as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it.each([
    ['BIRTH_DATE_MISSING', 'Your date of birth is missing. Please update it in your account settings.', true],
    ['LEASE_START_MISSING', 'Your lease start date is missing. Please speak to your property manager.', false],
    ['LEASE_TOO_SHORT', 'Credit reporting needs at least 1 year remaining on your lease.', false],
    ['NOT_OFFERED', 'Credit reporting is not offered for this lease.', false],
  ] as const)('an offer not available (%s) says why and offers no subscribe', async (reason, shown, accountLink) => {
    theOffer = offer({ available: false, reason });
    const { dialog } = await openModal('NEW');
    const alert = await within(dialog).findByTestId('credit-reporting-alert');
    expect(alert).toHaveTextContent(shown);
    expect(!!within(alert).queryByRole('link', { name: 'Go to Account settings' })).toBe(accountLink);
    expect(within(dialog).queryByRole('button', { name: /Subscribe/ })).toBeNull();
    // the footer's Close beside the dialog's own close button
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('already subscribed and active: manage instead', async () => {
    const user = userEvent.setup();
    theOffer = offer({ available: false, reason: 'ALREADY_SUBSCRIBED', subscription: subscription() });
    const { dialog } = await openModal('NEW');
    expect(await within(dialog).findByTestId('credit-reporting-alert')).toHaveTextContent(
      'You are already subscribed to credit reporting for this lease.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Manage the subscription' }));
    expect(await within(dialog).findByTestId('credit-reporting-subscription')).toHaveTextContent('StatusActive');
  });

  it('resubscribe of an unsubscribed subscription: renewal back on, nothing charged now, said so', async () => {
    const user = userEvent.setup();
    const old = subscription({ status: 'UNSUBSCRIBED', autoRenew: false });
    theOffer = offer({ available: false, reason: 'ALREADY_SUBSCRIBED', subscription: old });
    subscribeAnswer = async () => subscription();
    const { dialog } = await openModal('NEW', old);
    expect(screen.getByRole('dialog', { name: 'Resubscribe to credit reporting' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('credit-reporting-alert')).toBeNull();
    expect(await within(dialog).findByTestId('credit-reporting-offer')).toHaveTextContent('Paid until28-Feb-2027');
    expect(within(dialog).getByTestId('credit-reporting-renew-notice')).toHaveTextContent(
      'Nothing is charged now: your paid year runs until 28-Feb-2027. Automatic renewal is switched back on.',
    );
    expect(dialog).toHaveTextContent('On 01-Mar-2027 the subscription renews for one year and the yearly fee of $4.95');
    expect(within(dialog).queryByTestId('credit-reporting-start-notice')).toBeNull();
    const select = await within(dialog).findByRole('combobox', { name: /Card for the yearly fee/ });
    await waitFor(() => expect(select).toHaveValue('pm-visa'));
    await user.click(within(dialog).getByRole('button', { name: 'Resubscribe' }));
    expect(await within(dialog).findByTestId('credit-reporting-success')).toHaveTextContent(
      'Automatic renewal of credit reporting for Harbourview Residences, unit 804 is back on.',
    );
  });

  it('in French: the fee, the date and the texts', async () => {
    const { dialog } = await openModal('NEW', null, 'fr');
    expect(screen.getByRole('dialog', { name: 'Abonnement à la déclaration de crédit' })).toBeInTheDocument();
    const details = await within(dialog).findByTestId('credit-reporting-offer');
    expect(details).toHaveTextContent('Frais annuels4,95 $');
    expect(details).toHaveTextContent('01-déc-2026');
    expect(within(dialog).getByRole('button', { name: /^M’abonner et payer 4,95\s\$$/ })).toBeInTheDocument();
  });
});

describe('Manage (spec 2 §4): change the card, then the updated-success view', () => {
  it('shows the subscription and changes its card', async () => {
    methods = [card(), card({ id: 'pm-mc', brand: 'MASTERCARD', last4: '5454', label: 'Mastercard 5454' }), bankAccount()];
    const user = userEvent.setup();
    const { dialog } = await openModal('MANAGE', subscription());
    expect(screen.getByRole('dialog', { name: 'Manage credit reporting' })).toBeInTheDocument();
    const rows = within(dialog).getByTestId('credit-reporting-subscription');
    expect(rows).toHaveTextContent('StatusActive');
    expect(rows).toHaveTextContent('CardVisa 4242');
    expect(rows).toHaveTextContent('Subscribed on01-Mar-2026');
    expect(rows).toHaveTextContent('Renewal or endRenews automatically on 01-Mar-2027');
    await waitFor(() => expect(rows).toHaveTextContent('Rent paid in Oct-2026$1,850.00'));
    // the months reported to the bureau and its answers (issue 22)
    const months = within(dialog).getByTestId('credit-reporting-months');
    expect(within(months).getByRole('heading', { name: 'Months reported to the credit bureau' })).toBeInTheDocument();
    const monthRows = await within(months).findAllByRole('row');
    expect(monthRows.slice(1).map((r) => r.textContent)).toEqual([
      'Oct-2026On time$1,925.00 paidAccepted',
      'Sep-202630 to 59 days late$0.00 paidRejected: DOB missing',
    ]);
    const select = await within(dialog).findByRole('combobox', { name: /Card for the next yearly fee/ });
    await user.selectOptions(select, 'pm-mc');
    await user.click(within(dialog).getByRole('button', { name: 'Save the card' }));
    expect(await within(dialog).findByTestId('credit-reporting-updated')).toHaveTextContent(
      'The yearly fee of your credit reporting subscription will be charged to Mastercard 5454.',
    );
    expect(get).toHaveBeenCalledWith('/credit_report/cr-1/change_payment_type', {
      query: { methodType: 'TYPE_CREDIT_CARD', methodId: 'pm-mc' },
    });
  });

  it('the same card changes nothing; a bank account is refused', async () => {
    const user = userEvent.setup();
    const { dialog } = await openModal('MANAGE', subscription());
    const select = await within(dialog).findByRole('combobox', { name: /Card for the next yearly fee/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save the card' }));
    expect(await within(dialog).findByText('This card is already linked to the subscription.')).toBeInTheDocument();
    await user.selectOptions(select, 'pm-bank');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bank accounts are not supported');
    expect(get.mock.calls.filter(([p]) => String(p).includes('change_payment_type'))).toHaveLength(0);
  });
});

describe('Cancel (REMOVE mode): unsubscribe or stop, each confirmed', () => {
  it('unsubscribe: no renewal, reported until the expiry date', async () => {
    const user = userEvent.setup();
    const { dialog } = await openModal('REMOVE', subscription());
    expect(screen.getByRole('dialog', { name: 'Cancel credit reporting' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('No renewal. Your rent payments are still reported until 28-Feb-2027');
    expect(dialog).toHaveTextContent('Reporting ends today.');
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(dialog).findByRole('heading', { name: 'Unsubscribe from credit reporting?' })).toBeInTheDocument();
    // focus on the safe choice
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Yes, unsubscribe' }));
    expect(await within(dialog).findByTestId('credit-reporting-ended')).toHaveTextContent(
      'Your rent payments are reported until 28-Feb-2027. The subscription will not renew.',
    );
    expect(get).toHaveBeenCalledWith('/credit_report/cr-1/unsubscribe');
  });

  it('stop: ends now; Back returns without calling', async () => {
    const user = userEvent.setup();
    const { dialog } = await openModal('REMOVE', subscription());
    await user.click(within(dialog).getByRole('button', { name: 'Stop now' }));
    expect(await within(dialog).findByText(/Reporting of your rent payments ends today/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Stop now' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Yes, stop now' }));
    expect(await within(dialog).findByTestId('credit-reporting-ended')).toHaveTextContent(
      'Your rent payments are no longer reported.',
    );
    expect(get.mock.calls.filter(([p]) => p === '/credit_report/cr-1/stop')).toHaveLength(1);
  });

  it('an unsubscribed subscription can only be stopped', async () => {
    const { dialog } = await openModal('REMOVE', subscription({ status: 'UNSUBSCRIBED', autoRenew: false }));
    expect(within(dialog).queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Stop now' })).toBeInTheDocument();
  });
});

describe('Dashboard card (spec 2 §2, §4)', () => {
  const renderCard = (subs: CreditReportSubscription[], leases = [lease()], lang: 'en' | 'fr' = 'en', signup = false) =>
    renderWithProviders(
      <CreditReportingCard leases={leases} subscriptions={subs} subscriptionsFailed={false} signup={signup} />,
      {
        lang,
      },
    );

  it('no subscription: a sign-up button (with the fee); a lease not offered the service is not listed', async () => {
    const user = userEvent.setup();
    await renderCard([], [lease(), quebecLease()]);
    const cardEl = screen.getByTestId('credit-reporting-card');
    expect(cardEl).toHaveTextContent('Not subscribed · $4.95 a year');
    expect(cardEl).not.toHaveTextContent('Le Plateau');
    await user.click(screen.getByRole('button', { name: 'Sign up for credit reporting, Harbourview Residences, unit 804' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up for credit reporting' })).toBeInTheDocument();
  });

  it('active: a badge, the renewal date and Edit (opens manage)', async () => {
    const user = userEvent.setup();
    await renderCard([subscription()]);
    const cardEl = screen.getByTestId('credit-reporting-card');
    expect(cardEl).toHaveTextContent('Active');
    expect(cardEl).toHaveTextContent('Renews automatically on 01-Mar-2027');
    expect(screen.queryByTestId('credit-reporting-status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit credit reporting, Harbourview Residences, unit 804' }));
    expect(await screen.findByRole('dialog', { name: 'Manage credit reporting' })).toBeInTheDocument();
  });

  it.each([
    ['SUSPENDED', 'Your subscription was suspended'],
    ['TERMINATED', 'Your subscription was terminated'],
    ['EXPIRED', 'Your subscription was expired'],
    ['UNSUBSCRIBED', 'Your subscription was unsubscribed'],
  ] as const)('%s: "%s" and Resubscribe', async (status, text) => {
    await renderCard([subscription({ status, autoRenew: false })]);
    expect(screen.getByTestId('credit-reporting-status')).toHaveTextContent(text);
    expect(
      screen.getByRole('button', { name: 'Resubscribe to credit reporting, Harbourview Residences, unit 804' }),
    ).toBeInTheDocument();
  });

  it('a subscription on a lease no longer offered the service still shows', async () => {
    await renderCard([subscription({ billingAccountId: 'lease-qc', status: 'EXPIRED', autoRenew: false })], [quebecLease()]);
    expect(screen.getByTestId('credit-reporting-card')).toHaveTextContent('Le Plateau, unit 3');
    expect(screen.getByTestId('credit-reporting-status')).toHaveTextContent('Your subscription was expired');
    // it cannot be taken again there: no dead-end resubscribe
    expect(screen.queryByRole('button', { name: /Resubscribe/ })).toBeNull();
  });

  it('in French: the status word in French, lower-cased', async () => {
    await renderCard([subscription({ status: 'SUSPENDED', autoRenew: false })], [lease()], 'fr');
    expect(screen.getByTestId('credit-reporting-status')).toHaveTextContent('Votre abonnement a été suspendu');
    expect(screen.getByRole('button', { name: /Me réabonner à la déclaration de crédit/ })).toBeInTheDocument();
  });

  it('login=cr opens the sign-up of the first offered lease without a live subscription', async () => {
    const second = lease({ id: 'lease-2', unit: '905' });
    await renderCard([subscription()], [lease(), second], 'en', true);
    const dialog = await screen.findByRole('dialog', { name: 'Sign up for credit reporting' });
    expect(await within(dialog).findByTestId('credit-reporting-offer')).toHaveTextContent('Harbourview Residences, unit 905');
    expect(get).toHaveBeenCalledWith('/credit_report/offer', { query: { leaseId: 'lease-2' } });
  });

  it('login=cr with no lease offered the service says why', async () => {
    searchMock.mockResolvedValue({ records: [], totalPages: 1, totalRecords: 0, page: 1 });
    await renderWithProviders(<CreditReportingSlot leases={[quebecLease()]} signup />);
    expect(await screen.findByTestId('credit-reporting-signup-notice')).toHaveTextContent(
      'Credit reporting is not offered for your leases.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('login=cr when every offered lease is subscribed says so', async () => {
    await renderCard([subscription()], [lease()], 'en', true);
    expect(screen.getByTestId('credit-reporting-signup-notice')).toHaveTextContent(
      'You are already subscribed to credit reporting on every lease that offers it.',
    );
  });

  it('the slot shows nothing, and asks nothing, for a tenant with no Canadian lease', async () => {
    const us = leaseFixture({
      joins: { property: propertyFixture({ country: 'US', province: 'WA' }), company: companyFixture() },
    });
    await renderWithProviders(<CreditReportingSlot leases={[us]} signup={false} />);
    expect(screen.queryByTestId('credit-reporting-card')).toBeNull();
    expect(searchMock).not.toHaveBeenCalled();
  });

  it('the slot searches the subscriptions by lease and shows the card for an offered lease', async () => {
    let answer: (v: unknown) => void = () => {};
    searchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    await renderWithProviders(<CreditReportingSlot leases={[lease()]} signup={false} />);
    // until the subscriptions are known, the card's place is kept and no button shows (no sign-up flashing before edit)
    expect(await screen.findByTestId('credit-reporting-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    answer({ records: [subscription()], totalPages: 1, totalRecords: 1, page: 1 });
    expect(await screen.findByRole('button', { name: /Edit credit reporting/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign up/ })).toBeNull();
    expect(screen.queryByTestId('credit-reporting-placeholder')).toBeNull();
    expect(searchMock).toHaveBeenCalledWith('credit_report', {
      conditions: [{ field: 'billingAccountId', operator: 'IN', value: ['lease-1'] }],
    });
  });
});

describe('Payment page list (spec 2 §2)', () => {
  it('lists each subscription: property, status, fee, card, dates, next renewal or end; actions on the current one only', async () => {
    searchMock.mockResolvedValue({
      records: [
        subscription(),
        subscription({
          id: 'cr-0',
          status: 'EXPIRED',
          autoRenew: false,
          createDate: '2025-03-01T10:00:00Z',
          subscriptionDate: '2025-03-01',
          startDate: '2025-03-01',
          expiryDate: '2026-02-28',
        }),
      ],
      totalPages: 1,
      totalRecords: 2,
      page: 1,
    });
    await renderWithProviders(<CreditReportingSubscriptions leases={[lease()]} />);
    const list = await screen.findByTestId('credit-reporting-list');
    expect(within(list).getByRole('heading', { name: 'Credit reporting subscriptions' })).toBeInTheDocument();
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Harbourview Residences, unit 804');
    expect(items[0]).toHaveTextContent('1250 Granville Street, Vancouver, BC');
    expect(within(items[0]).getByText('Active')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Yearly fee$4.95');
    expect(items[0]).toHaveTextContent('CardVisa 4242');
    expect(items[0]).toHaveTextContent('Subscribed on01-Mar-2026');
    expect(items[0]).toHaveTextContent('Renews automatically on 01-Mar-2027');
    expect(within(items[0]).getByRole('button', { name: /Edit credit reporting/ })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Your subscription was expired');
    expect(items[1]).toHaveTextContent('Ended on 28-Feb-2026');
    expect(within(items[1]).queryByRole('button', { name: /Resubscribe|Edit/ })).toBeNull();
    // the months reported, on demand
    const show = within(items[0]).getByRole('button', { name: 'Show the months reported' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(show);
    expect(within(items[0]).getByRole('button', { name: 'Hide the months reported' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(items[0]).findByText('Rejected: DOB missing')).toBeInTheDocument();
  });

  it('the months reported: none yet, in French', async () => {
    searchMock.mockResolvedValue({ records: [subscription()], totalPages: 1, totalRecords: 1, page: 1 });
    reportedMonths = [];
    await renderWithProviders(<CreditReportingSubscriptions leases={[lease()]} />, { lang: 'fr' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Afficher les mois déclarés' }));
    expect(await screen.findByText(/Aucun mois n’a encore été déclaré/)).toBeInTheDocument();
  });

  it('nothing when the tenant never subscribed', async () => {
    searchMock.mockResolvedValue({ records: [], totalPages: 1, totalRecords: 0, page: 1 });
    await renderWithProviders(<CreditReportingSubscriptions leases={[lease()]} />);
    await waitFor(() => expect(searchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('credit-reporting-list')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
