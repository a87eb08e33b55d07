import { notifications } from '@mantine/notifications';
import type { FeeProfileRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyLease } from '../../api/types';
import { ApiError, api, search } from '../../lib/api-client';
import { BANK_BLOCKED_SHOWN_KEY } from '../../lib/bank-blocked-memory';
import { address, bankAccount, CUSTOMER_ID, card, feeProfile, lease, method, sessionUser } from '../../test/payment-fixtures';
import { renderWithProviders } from '../../test/render';
import { PaymentPage } from './payment-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
vi.mock('../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));

// Helper D's modal is tested on its own: here a stand-in shows what the page hands it.
const addModalProps = vi.fn();
vi.mock('./components/add-method/add-payment-method-modal', () => ({
  AddPaymentMethodModal: (props: { opened: boolean; context: string; leases: PropertyLease[]; onClose: () => void }) => {
    addModalProps(props);
    return props.opened ? (
      <div role="dialog" aria-label="add-method-stub">
        {props.context}:{props.leases.length}
        <button type="button" onClick={props.onClose}>
          close-stub
        </button>
      </div>
    ) : null;
  },
}));

const get = vi.mocked(api.get);
const del = vi.mocked(api.delete);
const searchMock = vi.mocked(search);

let methods: PaymentMethodRecord[];
let leases: PropertyLease[];
let fees: Record<string, FeeProfileRecord[]>;

const page = <T,>(records: T[]) => ({ records, totalPages: 1, totalRecords: records.length, page: 1 });

beforeEach(() => {
  window.localStorage.clear();
  methods = [card(), bankAccount()];
  leases = [lease('lease-1', 'Harbourview Residences')];
  fees = {};
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: methods };
    if (path === '/cash') return { records: [] }; // the cash slip view (Canadian leases)
    const fee = /^\/property_lease\/([^/]+)\/fee_profile$/.exec(path);
    if (fee) return { records: fees[fee[1]] ?? [] };
    throw new Error(`unexpected GET ${path}`);
  });
  searchMock.mockReset();
  searchMock.mockImplementation(async (recordType: string) =>
    page((recordType === 'address' ? [address] : recordType === 'property_lease' ? leases : []) as never[]),
  );
  del.mockReset();
  addModalProps.mockReset();
});

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  vi.restoreAllMocks();
});

const renderPage = (lang: 'en' | 'fr' = 'en') => renderWithProviders(<PaymentPage />, { lang, withToasts: true });
const methodList = () => screen.findByRole('list', { name: 'Payment methods' });
const disclosure = (name: string | RegExp) => screen.getByRole('button', { name });

async function openRemove(label: string) {
  await renderPage();
  await methodList();
  await userEvent.click(disclosure(label));
  await userEvent.click(screen.getByRole('button', { name: `Remove ${label}` }));
  return screen.findByRole('dialog', { name: 'Remove payment method' });
}

describe('PaymentPage (spec 1 §2)', () => {
  it('lists the cleaned methods with their spec 1 §9 labels and logos', async () => {
    methods = [
      card(),
      card({ id: 'pm-visa-copy' }), // the same card twice: shown once
      card({ id: 'pm-amex', brand: 'AMERICAN_EXPRESS', last4: '0005', label: 'American Express 0005' }),
      card({ id: 'pm-jcb', brand: 'JCB', last4: '0000', label: 'JCB 0000' }),
      bankAccount(),
      method({ id: 'pm-paypal', type: 'TYPE_PAY_PAL', label: 'PayPal', email: 'camille@paypal.test' }),
      method({ id: 'pm-cash', type: 'TYPE_LOADHUB_CASH', label: 'Cash' }), // cash types are removed
      method({ id: 'pm-apple', type: 'TYPE_WALLET', walletType: 'APPLE_PAY', label: 'Wallet' }),
    ];
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment and services' })).toBeInTheDocument();
    const list = await methodList();
    const headings = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Visa 4242', 'American Express 0005', 'JCB 0000', 'Bank Account 6789', 'PayPal', 'Wallet']);
    expect(within(list).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'American Express' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'JCB' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Bank Account' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'PayPal' })).toBeInTheDocument();
    expect(within(list).queryByText('Cash')).not.toBeInTheDocument();
  });

  it('drops Apple Pay on Windows (spec 1 §5)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64)');
    methods = [card(), method({ id: 'pm-apple', type: 'TYPE_WALLET', walletType: 'APPLE_PAY', label: 'Wallet' })];
    await renderPage();
    const list = await methodList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByText('Wallet')).not.toBeInTheDocument();
  });

  it('expands and collapses a card to its details', async () => {
    await renderPage();
    await methodList();
    const visa = disclosure('Visa 4242');
    expect(visa).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(visa.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeVisible();
    await userEvent.click(visa);
    expect(visa).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const d = within(details as HTMLElement);
    expect(d.getByText('Camille Tremblay')).toBeInTheDocument();
    expect(d.getByText('04/31')).toBeInTheDocument();
    expect(d.getByText('Credit')).toBeInTheDocument();
    expect(d.getByText('Canada')).toBeInTheDocument();
    // spec 1 §5: a suite of N/A is left out of the address label
    expect(await d.findByText('1250 Granville Street, Vancouver, BC, CA, V6Z 1M6')).toBeInTheDocument();
    expect(searchMock).toHaveBeenCalledWith(
      'address',
      { conditions: [{ field: 'userId', operator: 'EQUALS', value: CUSTOMER_ID }] },
      expect.anything(),
    );
    await userEvent.click(visa);
    expect(visa).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();

    // a Canadian bank account shows institution and transit numbers, never the full account number
    const bank = disclosure('Bank Account 6789');
    await userEvent.click(bank);
    const b = within(document.getElementById(bank.getAttribute('aria-controls') ?? '') as HTMLElement);
    expect(b.getByText('Banque Laurentienne')).toBeInTheDocument();
    expect(b.getByText('003')).toBeInTheDocument();
    expect(b.getByText('12345')).toBeInTheDocument();
    expect(b.getByText('ending in 6789')).toBeInTheDocument();
    expect(b.queryByText('Routing number')).not.toBeInTheDocument();
  });

  it('marks an expired card', async () => {
    methods = [card({ expiryMonth: 1, expiryYear: 2020 })];
    await renderPage();
    await methodList();
    expect(disclosure(/Visa 4242/)).toHaveTextContent('Expired');
  });

  it('shows the empty state', async () => {
    methods = [];
    await renderPage();
    expect(await screen.findByText('You have no payment methods yet.')).toBeInTheDocument();
    expect(screen.getByText(/Add a credit card, a bank account or PayPal/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    get.mockRejectedValueOnce(new ApiError(500, 'RM_ERROR_SYSTEM', 'boom'));
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment methods could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await methodList()).toBeInTheDocument();
  });

  it('removes a method after confirmation', async () => {
    del.mockImplementation(async () => {
      methods = methods.filter((m) => m.id !== 'pm-visa');
      return { id: 'pm-visa' };
    });
    const dialog = await openRemove('Visa 4242');
    expect(dialog).toHaveTextContent('Remove Visa 4242 from your payment methods?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(del).toHaveBeenCalledWith('/CREDIT_CARD/pm-visa/delete_with_bluesnap_check');
    expect(await screen.findByText('The payment method Visa 4242 was removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Visa 4242' })).not.toBeInTheDocument();
    // focus goes to the list's heading (the removed card's button is gone)
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Payment methods' })).toHaveFocus());
  });

  it('cancelling keeps the method and returns focus to the remove button', async () => {
    const dialog = await openRemove('Visa 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(del).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Visa 4242' })).toHaveFocus());
  });

  it('refuses to remove a method used for autopay: the dialog closes and the page says why (spec 1 §8)', async () => {
    del.mockRejectedValue(
      new ApiError(409, 'RM_ERROR_PAYMENT_METHOD_IN_USE', 'Payment method is used by an active recurring schedule'),
    );
    const dialog = await openRemove('Bank Account 6789');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(del).toHaveBeenCalledWith('/BANK_ACCOUNT/pm-bank/delete_with_bluesnap_check');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This payment method was not removed');
    expect(alert).toHaveTextContent('used for autopayments and cannot be deleted');
    expect(screen.getByRole('button', { name: 'Bank Account 6789' })).toBeInTheDocument();
  });

  it('refuses to remove a method linked to credit reporting', async () => {
    del.mockRejectedValue(
      new ApiError(409, 'RM_ERROR_PAYMENT_METHOD_IN_USE', 'Payment method is used by a credit reporting subscription'),
    );
    const dialog = await openRemove('Visa 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment method is linked to credit reporting and cannot be deleted.',
    );
  });

  it('shows any other removal error inside the dialog, which stays open', async () => {
    del.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Payment method not found'));
    const dialog = await openRemove('Visa 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment method not found');
    expect(screen.getByRole('dialog', { name: 'Remove payment method' })).toBeInTheDocument();
  });

  it('opens the add-payment-method modal with the leases, and focus comes back', async () => {
    leases = [lease('lease-1', 'Harbourview Residences'), lease('lease-2', 'Maple Court')];
    await renderPage();
    await methodList();
    const add = screen.getByRole('button', { name: 'Add payment method' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'add-method-stub' });
    expect(dialog).toHaveTextContent('payment-page:2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'close-stub' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables add and remove, with the reason, when every lease is onlyPMPaymentAllowed (spec 1 §5)', async () => {
    leases = [
      lease('lease-1', 'Harbourview Residences', {}, { onlyPMPaymentAllowed: 'YES' }),
      lease('lease-2', 'Maple Court', {}, { id: 'co-2', onlyPMPaymentAllowed: 'YES' }),
    ];
    await renderPage();
    await methodList();
    const reason = await screen.findByText(/Adding and removing payment methods is turned off/);
    const add = screen.getByRole('button', { name: 'Add payment method' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(expect.stringContaining('Adding and removing payment methods is turned off'));
    await userEvent.click(disclosure('Visa 4242'));
    expect(screen.getByRole('button', { name: 'Remove Visa 4242' })).toBeDisabled();
    expect(reason).toBeVisible();
    // the empty state no longer invites to add
  });

  it('keeps add and remove when only some leases are onlyPMPaymentAllowed', async () => {
    leases = [
      lease('lease-1', 'Harbourview Residences', {}, { onlyPMPaymentAllowed: 'YES' }),
      lease('lease-2', 'Maple Court', {}, { id: 'co-2', onlyPMPaymentAllowed: 'NO' }),
    ];
    await renderPage();
    await methodList();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add payment method' })).toBeEnabled());
    await userEvent.click(disclosure('Visa 4242'));
    expect(screen.getByRole('button', { name: 'Remove Visa 4242' })).toBeEnabled();
    expect(screen.queryByText(/turned off/)).not.toBeInTheDocument();
  });

  it('warns about blocked methods, naming the property, and alerts a blocked bank account once per lease', async () => {
    leases = [
      lease('lease-1', 'Harbourview Residences', {
        blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true }, TYPE_CREDIT_CARD: { blocked: false, blockedSplit: true } },
      }),
      lease('lease-2', 'Maple Court', { blockPayments: { TYPE_CREDIT_CARD: { blocked: true } } }),
    ];
    const first = await renderPage();
    await methodList();
    const warning = await screen.findByText('Blocked payment methods for Harbourview Residences');
    const box = warning.closest('.mantine-Alert-root') as HTMLElement;
    expect(box).toHaveTextContent('Bank Account payments have been blocked by your Property Manager.');
    expect(box).toHaveTextContent('Split Pay payments have been blocked');
    expect(screen.getByText('Blocked payment methods for Maple Court')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bank account payments for Harbourview Residences have been blocked');
    expect(JSON.parse(window.localStorage.getItem(BANK_BLOCKED_SHOWN_KEY) ?? '[]')).toEqual(['lease-1']);
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    // next visit: the warning stays, the alert does not come back
    await renderPage();
    await methodList();
    expect(await screen.findByText('Blocked payment methods for Harbourview Residences')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ignores terminated leases in the blocked warnings', async () => {
    leases = [
      lease('lease-1', 'Harbourview Residences', {
        status: 'TERMINATED',
        blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true } },
      }),
    ];
    await renderPage();
    await methodList();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add payment method' })).toBeEnabled());
    expect(screen.queryByText(/Blocked payment methods/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the transaction fees as a table per company: Free, percent, flat and the tooltip', async () => {
    leases = [
      lease('lease-1', 'Harbourview Residences'),
      lease('lease-2', 'Maple Court'), // same company: one table
      lease('lease-3', 'Old Place', { status: 'TERMINATED' }, { id: 'co-9', name: 'Gone Inc.' }),
    ];
    fees = {
      'lease-1': [
        feeProfile({ id: 'f1', paymentType: 'TYPE_BANK_ACCOUNT', padSchedule: true, feeRate: 0, rateType: 'FLAT' }),
        feeProfile({ id: 'f2', paymentType: 'TYPE_BANK_ACCOUNT', feeRate: 0.5, rateType: 'FLAT' }),
        feeProfile({
          id: 'f3',
          cardType: 'CREDIT',
          feeRate: 2.9,
          internationalFeeRate: 3.99,
          internationalRateType: 'PERCENT',
        }),
        feeProfile({ id: 'f4', cardType: 'DEBIT', cardBrand: 'MASTERCARD', feeRate: 0.99, paidByCompany: true }),
        feeProfile({ id: 'f5', cardType: 'PREPAID', feeRate: 3.99, feeType: 'SUBTRACT' }),
      ],
    };
    await renderPage();
    await methodList();
    const button = screen.getByRole('button', { name: 'Transaction fees' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Transaction fees' });
    const table = await within(dialog).findByRole('table', {
      name: 'Maple Leaf Property Management — Harbourview Residences and Maple Court',
    });
    expect(within(dialog).getAllByRole('table')).toHaveLength(1);
    expect(get).toHaveBeenCalledWith('/property_lease/lease-1/fee_profile');
    expect(get).not.toHaveBeenCalledWith('/property_lease/lease-2/fee_profile');
    expect(get).not.toHaveBeenCalledWith('/property_lease/lease-3/fee_profile');
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(columns).toEqual(['Payment type', 'Card type', 'Card brand', 'Country', 'Fee rate', 'International rate', 'Details']);
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, -1); // the last cell is the tooltip's trigger
    expect(cells('Bank Account, autopay on the 1st')).toEqual(['—', '—', 'Canada', 'Free', '—']);
    expect(cells('Bank Account')).toEqual(['—', '—', 'Canada', '$0.50', '—']);
    const credit = within(table).getAllByRole('rowheader', { name: 'Credit Card' });
    const cellsOf = (header: HTMLElement) =>
      within(header.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, -1);
    expect(cellsOf(credit[0])).toEqual(['Credit', 'Any brand', 'Canada', '2.90%', '3.99%']);
    // paid by the company: Free, with the brand's logo
    expect(cellsOf(credit[1])).toEqual(['Debit', 'Mastercard', 'Canada', 'Free', 'Free']);
    // feeType SUBTRACT: the fee comes out of the payment
    expect(cellsOf(credit[2])).toEqual([
      'Prepaid',
      'Any brand',
      'Canada',
      '3.99%, deducted from the payment',
      '3.99%, deducted from the payment',
    ]);
    const details = within(table).getByRole('button', { name: 'Details: Credit Card (Credit)' });
    expect(details).toHaveAccessibleDescription(
      'Payment type: Credit Card · Card type: Credit · Country: Canada · Fee rate: 2.90% · International rate: 3.99%',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('is in French when the locale is French', async () => {
    fees = { 'lease-1': [feeProfile({ id: 'f3', cardType: 'CREDIT', feeRate: 2.9 })] };
    await renderPage('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiements et services' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Modes de paiement' });
    expect(within(list).getByRole('button', { name: 'Compte bancaire 6789' })).toBeInTheDocument();
    const visa = within(list).getByRole('button', { name: 'Visa 4242' });
    await userEvent.click(visa);
    const details = within(document.getElementById(visa.getAttribute('aria-controls') ?? '') as HTMLElement);
    expect(details.getByText('Nom sur la carte')).toBeVisible();
    expect(await details.findByText('Adresse de facturation')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Supprimer Visa 4242' })).toBeInTheDocument();
    const feesButton = screen.getByRole('button', { name: 'Frais de transaction' });
    await waitFor(() => expect(feesButton).toBeEnabled());
    await userEvent.click(feesButton);
    const dialog = await screen.findByRole('dialog', { name: 'Frais de transaction' });
    const table = await within(dialog).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Taux des frais' })).toBeInTheDocument();
    const row = within(table).getByRole('rowheader', { name: 'Carte de crédit' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, -1),
    ).toEqual(['Crédit', 'Toutes les marques', 'Canada', '2,90\u00a0%', '2,90\u00a0%']);
    expect(within(row).getByRole('button', { name: 'Détails\u202f: Carte de crédit (Crédit)' })).toBeInTheDocument();
  });
});

// issue 21 §2 (spec 1 §8, spec 2 §8): the one-time re-entry and fee-change alerts of listed companies were never shown
describe('PaymentPage: one-time company alerts', () => {
  const alerts = [
    { companyId: 'co-us', companyName: 'Liberty Homes LLC', alert: 'PAYMENT_METHOD_REENTRY' },
    { companyId: 'co-us', companyName: 'Liberty Homes LLC', alert: 'SERVICE_FEE_CHANGE' },
  ];
  const answerAlerts = (records: typeof alerts) => {
    const base = get.getMockImplementation();
    get.mockImplementation(async (path: string, ...rest: unknown[]) => {
      if (path === '/company_alert/pending') return { records };
      return (base as (p: string, ...r: unknown[]) => Promise<unknown>)(path, ...rest);
    });
  };

  it('shows each alert once, tells the server it was shown, and lets the tenant dismiss it', async () => {
    const post = vi.mocked(api.post);
    post.mockReset();
    post.mockResolvedValue({ stored: true });
    answerAlerts(alerts);
    await renderPage();
    const shown = await screen.findAllByTestId('company-alert');
    expect(shown.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Liberty Homes LLC has changed how payment methods are kept secure.'),
      expect.stringContaining('The service fees for payments to Liberty Homes LLC are changing.'),
    ]);
    expect(shown[0]).toHaveTextContent('A notice from Liberty Homes LLC');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenCalledWith('/company_alert/seen', { companyId: 'co-us', alert: 'PAYMENT_METHOD_REENTRY' });
    expect(post).toHaveBeenCalledWith('/company_alert/seen', { companyId: 'co-us', alert: 'SERVICE_FEE_CHANGE' });
    await userEvent.click(within(shown[0] as HTMLElement).getByRole('button', { name: 'Got it' }));
    expect(screen.getAllByTestId('company-alert')).toHaveLength(1);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('shows nothing when no alert is pending', async () => {
    answerAlerts([]);
    await renderPage();
    await methodList();
    expect(screen.queryByTestId('company-alert')).not.toBeInTheDocument();
  });

  it('in French', async () => {
    vi.mocked(api.post).mockResolvedValue({ stored: true });
    answerAlerts(alerts.slice(1));
    await renderPage('fr');
    expect(await screen.findByTestId('company-alert')).toHaveTextContent(
      'Les frais de service des paiements à Liberty Homes LLC changent.',
    );
  });
});
