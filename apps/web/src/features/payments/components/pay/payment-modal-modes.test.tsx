// The payment modal's extra modes (spec 1 §4 "Method selector", "Wallet", §5 "Payment method lists"; spec 2 §4 pay
// later): which options each lease offers, and where choosing each one leads.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { formatMoney } from '@portal/domain/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyLease } from '../../../../api/types';
import { api } from '../../../../lib/api-client';
import { feeAnswer, payLease, paymentResult } from '../../../../test/pay-fixtures';
import {
  ALL_PAYMENT_TYPES,
  bankAccount,
  CUSTOMER_ID,
  card,
  method,
  sessionUser,
  withPropertyIn,
} from '../../../../test/payment-fixtures';
import { customerFixture, renderWithProviders } from '../../../../test/render';
import { instalmentAmount, instalmentPlan } from '../modes/test/harness';
import { PaymentModal } from './payment-modal';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original),
);
vi.mock('../../../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));
// The cash slip modal is tested on its own (modes/cash-slip-modal.test.tsx): a stand-in shows that it opens.
vi.mock('../modes/cash-slip-modal', () => ({
  CashSlipModal: (props: { opened: boolean; lease: PropertyLease; onClose: () => void; amountCents?: number | null }) =>
    props.opened ? (
      <div role="dialog" aria-label="cash-slip-stub">
        {props.lease.id}
        <span data-testid="slip-typed-cents">{String(props.amountCents ?? 'none')}</span>
        <button type="button" onClick={props.onClose}>
          close-slip
        </button>
      </div>
    ) : null,
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const cad = (cents: number) => formatMoney(cents, 'CAD', 'en');
const usd = (cents: number) => formatMoney(cents, 'USD', 'en');

/** The Harbourview lease (3,775.00 open, 1,925.00 payable now) of a company in `country` accepting `accepted`. */
function modeLease(
  accepted: string[],
  { country = 'CA', province = 'BC', payPalCredit = false, over = {} } = {} as {
    country?: 'CA' | 'US';
    province?: string;
    payPalCredit?: boolean;
    over?: Partial<PropertyLease>;
  },
): PropertyLease {
  return withPropertyIn(payLease(over, { country, acceptedPaymentTypes: accepted }), { country, province, payPalCredit });
}

let methods: PaymentMethodRecord[];
let open: ReturnType<typeof vi.spyOn>;
const redirect = (url: string, total: number, currency: 'CAD' | 'USD') => ({
  url,
  transactionId: 'tx-redirect',
  total,
  currency,
  expiresAt: '2030-01-02T15:04:00.000Z',
});
/** What the provider's tab posts to this window (assets/payment-modes.js), same origin. */
const providerSays = (source: string, event: string) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: window.location.origin, data: { source, event, transactionId: 'tx-redirect' } }),
    );
  });

beforeEach(() => {
  methods = [card(), bankAccount()];
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: methods };
    if (path === `/customer/${CUSTOMER_ID}`) return customerFixture();
    if (path === '/INSTALLMENT_PAY/plan-1/amount') return instalmentAmount();
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  post.mockImplementation(async (path: string, body?: unknown) => {
    if (path === '/calculatefeewithfeeprofile') return feeAnswer(body as { amount: number; paymentMethod: string }, methods);
    if (path === '/payment/paysafecash') return redirect('/api/sandbox/paysafecash/PAGE1?lang=en', 1925, 'USD');
    if (path === '/geoswift/create_order') return redirect('/api/sandbox/geoswift/PAGE2?lang=en', 1925, 'CAD');
    if (path === '/installment_pay/initiate') return instalmentPlan({ amount: (body as { amount: number }).amount });
    if (path === '/processpayment') return paymentResult({ paymentMethodType: 'TYPE_INSTALLMENT_PAY', amount: 1000 });
    if (path === '/paypal_create_order') return { merchantId: 'M1', currency: 'CAD', orderId: 'ORDER-1' };
    if (path === '/paypal_capture_order')
      return paymentResult({ paymentMethodType: 'TYPE_PAY_PAL', cardBrand: null, last4: null, feeAmount: 0, total: 1925 });
    throw new Error(`unexpected POST ${path}`);
  });
  patch.mockReset();
  patch.mockResolvedValue(instalmentPlan({ acceptedTermsAndConditions: true }));
  open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
});
afterEach(() => {
  open.mockRestore();
  vi.restoreAllMocks();
});

async function openModal(lease: PropertyLease, mode: 'PAY_NOW' | 'PAY_LATER' = 'PAY_NOW', lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  await renderWithProviders(<PaymentModal opened onClose={onClose} lease={lease} mode={mode} />, {
    withToasts: true,
    lang,
  });
  await screen.findByRole('dialog');
  // the saved methods load first, then the options follow them
  await screen.findByRole('radiogroup', { name: lang === 'fr' ? /paiement/i : 'Payment method' });
  return { onClose };
}

const radioNames = () =>
  within(screen.getByRole('radiogroup', { name: 'Payment method' }))
    .getAllByRole<HTMLInputElement>('radio')
    .map((r) => r.labels?.[0]?.textContent ?? '');

const amountInput = () => screen.getByRole('textbox', { name: /^Amount to pay \(/ });

async function choose(user: ReturnType<typeof userEvent.setup>, name: string | RegExp, amount = '1925') {
  await user.clear(amountInput());
  await user.type(amountInput(), amount);
  await user.click(screen.getByRole('radio', { name }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the method selector’s options (spec 1 §5 "Payment method lists")', () => {
  it('Canada: loadhub cash, split pay and union pay after the saved methods, with PayPal and the wallets', async () => {
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    expect(radioNames()).toEqual([
      'Visa 4242',
      'Bank Account 6789',
      'PayPal',
      'Apple Pay or Google Pay',
      'Cash slip, paid at a store',
      'Split Pay',
      'UnionPay',
    ]);
    expect(screen.getByRole('radio', { name: 'Split Pay' })).toHaveAccessibleDescription(
      '4 monthly instalments on your credit card · Fee: 6.99% per transaction',
    );
    expect(screen.queryByRole('radio', { name: /Paysafecash/ })).not.toBeInTheDocument();
    // 'add payment method' still opens the add flow
    expect(screen.getByRole('button', { name: 'Add a payment method' })).toBeInTheDocument();
  });

  it('the US: paysafe cash, never union pay or loadhub cash', async () => {
    await openModal(modeLease([...ALL_PAYMENT_TYPES], { country: 'US', province: 'WA' }));
    const names = radioNames();
    expect(names).toContain('Cash at a store (Paysafecash)');
    expect(names).not.toContain('UnionPay');
    expect(names).not.toContain('Cash slip, paid at a store');
    expect(names).toContain('Split Pay');
  });

  // issue 21 §1: partial payments blocked and more due than the 1,495.00 cash cap: never offered as if it could work
  it('the US with partial payments blocked above the cash cap: Paysafecash disabled, saying why', async () => {
    const charges = [
      { id: 'c1', name: 'Rent', code: 'Rent', dueDate: '2026-11-01', balance: 2400, amount: 2400, postMonth: null },
    ];
    await openModal(
      modeLease([...ALL_PAYMENT_TYPES], {
        country: 'US',
        province: 'WA',
        over: { blockPartialPayments: true, openCharges: charges, balance: 2400 },
      }),
    );
    const cash = screen.getByRole('radio', { name: 'Cash at a store (Paysafecash)' });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(
      `Not available for this payment: your property manager requires the ${usd(240_000)} due to be paid at once, and cash payments cannot exceed ${usd(149_500)}.`,
    );
    expect(screen.getByRole('radio', { name: 'Split Pay' })).toBeEnabled();
  });

  it.each(['NB', 'NS'])('no split pay for a property in %s', async (province) => {
    await openModal(modeLease(ALL_PAYMENT_TYPES, { province }));
    expect(screen.queryByRole('radio', { name: 'Split Pay' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'UnionPay' })).toBeInTheDocument();
  });

  it('cash only when the company accepts it, and no blocked option', async () => {
    await openModal(
      modeLease(['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_CASH', 'TYPE_INSTALLMENT_PAY'], {
        over: { blockPayments: { TYPE_CREDIT_CARD: { blockedSplit: true } } },
      }),
    );
    expect(radioNames()).toEqual(['Visa 4242', 'Bank Account 6789', 'Cash slip, paid at a store']);
    expect(screen.getByRole('note')).toHaveTextContent('Split Pay payments have been blocked');
  });

  it('a saved PayPal account stands for the PayPal option', async () => {
    methods = [card(), method({ id: 'pm-pp', type: 'TYPE_PAY_PAL', label: 'PayPal' })];
    await openModal(modeLease(['TYPE_CREDIT_CARD', 'TYPE_PAY_PAL']));
    expect(radioNames()).toEqual(['Visa 4242', 'PayPal']);
    expect(await screen.findByRole('radio', { name: 'PayPal' })).toHaveAccessibleDescription(/^Fee: /);
  });
});

describe('choosing an option (spec 1 §4 "Method selector")', () => {
  it('paysafe cash switches mode; Back returns; the barcode opens in a new tab and the flow says what happens next', async () => {
    const user = userEvent.setup();
    const { onClose } = await openModal(modeLease(['TYPE_CREDIT_CARD', 'TYPE_CASH'], { country: 'US', province: 'WA' }));
    await choose(user, 'Cash at a store (Paysafecash)', '1000');
    expect(await screen.findByRole('heading', { name: 'Pay cash at a store' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveValue('1000.00');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Make a payment' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Cash at a store (Paysafecash)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    // issue 21 §1: not closed without a word
    expect(await screen.findByRole('heading', { name: 'Pay cash at a store with your barcode' })).toHaveFocus();
    expect(post).toHaveBeenCalledWith(
      '/payment/paysafecash',
      expect.objectContaining({ billingAccountId: 'lease-1', amount: 1000, currency: 'USD' }),
      expect.anything(),
    );
    expect(open).toHaveBeenCalledWith('/api/sandbox/paysafecash/PAGE1?lang=en', '_blank');
    expect(
      screen.getByText(new RegExp(`Pay ${usd(192_500).replace('$', '\\$')} in cash at a participating store before 02-Jan-2030`)),
    ).toBeInTheDocument();
    expect(screen.getByText(/the payment shows as pending and your balance stays as it is/)).toBeInTheDocument();
    await providerSays('sandbox-paysafecash', 'paid');
    expect(screen.getByRole('status')).toHaveTextContent(`The store took your cash payment of ${usd(192_500)}.`);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(screen.getByTestId('redirect-next')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('union pay switches mode, opens its page and says what happens next; a cancellation there shows as cancelled', async () => {
    const user = userEvent.setup();
    const { onClose } = await openModal(modeLease(ALL_PAYMENT_TYPES));
    await choose(user, 'UnionPay');
    expect(await screen.findByRole('heading', { name: 'Pay with UnionPay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // issue 21 §1: the modal no longer closes without a word after Continue
    expect(await screen.findByRole('heading', { name: 'Complete your payment on the UnionPay page' })).toHaveFocus();
    expect(open).toHaveBeenCalledWith('/api/sandbox/geoswift/PAGE2?lang=en', '_blank');
    expect(
      screen.getByText(
        new RegExp(
          `^The UnionPay page opened in a new tab\\. Pay ${cad(192_500).replace('$', '\\$')} there before 02-Jan-2030 \\d\\d:\\d\\d`,
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Until you pay, the payment shows as pending and your balance stays as it is/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the UnionPay page again/ })).toHaveAttribute(
      'href',
      '/api/sandbox/geoswift/PAGE2?lang=en',
    );
    await providerSays('sandbox-geoswift', 'cancelled');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You cancelled the payment on the UnionPay page. Nothing was charged and your balance has not changed.',
    );
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(screen.getByTestId('redirect-next')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('split pay switches to the instalment mode; its first instalment shows the receipt', async () => {
    const user = userEvent.setup();
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    await choose(user, 'Split Pay', '1000');
    expect(await screen.findByRole('heading', { name: 'Pay by instalments' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Amount to pay by instalments/ })).toHaveValue('1000.00');
    expect(screen.getByRole('radio', { name: 'Visa 4242' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your instalment plan' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: /instalment terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: `Pay ${cad(31_990)} now` }));
    expect(await screen.findByRole('heading', { name: 'Payment receipt' })).toHaveFocus();
    expect(post).toHaveBeenCalledWith(
      '/processpayment',
      expect.objectContaining({ paymentMethodType: 'TYPE_INSTALLMENT_PAY', paymentMethodId: 'plan-1', amount: 1000 }),
      expect.anything(),
    );
  });

  it('loadhub cash opens the cash slip (a side modal), whatever the amount typed', async () => {
    const user = userEvent.setup();
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    await user.clear(amountInput());
    await user.click(screen.getByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    // the slip has its own amount: the empty amount does not hold it back
    await user.click(screen.getByRole('radio', { name: 'Cash slip, paid at a store' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const slip = await screen.findByRole('dialog', { name: 'cash-slip-stub' });
    expect(slip).toHaveTextContent('lease-1');
    expect(within(slip).getByTestId('slip-typed-cents')).toHaveTextContent('none');
    await user.click(within(slip).getByRole('button', { name: 'close-slip' }));
    expect(screen.queryByRole('dialog', { name: 'cash-slip-stub' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Make a payment' })).toBeInTheDocument();
  });

  // issue 20 §1: the cash slip used to start at the whole balance, whatever the tenant typed
  it('loadhub cash hands the slip the amount typed, read in French ("12,50" is 1250 cents)', async () => {
    const user = userEvent.setup();
    await openModal(modeLease(ALL_PAYMENT_TYPES), 'PAY_NOW', 'fr');
    const amount = screen.getByRole('textbox', { name: 'Montant à payer (CAD)' });
    await user.clear(amount);
    await user.type(amount, '12,50');
    await user.click(screen.getByRole('radio', { name: 'Bordereau de paiement comptant, payé en magasin' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const slip = await screen.findByRole('dialog', { name: 'cash-slip-stub' });
    expect(within(slip).getByTestId('slip-typed-cents')).toHaveTextContent('1250');
  });

  it('PayPal leads to a summary with the provider’s button instead of Pay; the captured order shows its receipt', async () => {
    const user = userEvent.setup();
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    await choose(user, 'PayPal');
    expect(await screen.findByRole('heading', { name: 'Payment summary' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).not.toBeInTheDocument();
    // issue 20: the fee and the total before the tenant confirms, as for a card (was "Any fee is added when you confirm")
    const summary = screen.getByTestId('payment-summary');
    expect(summary.querySelector('tr[data-field="method"] td')).toHaveTextContent('PayPal');
    await waitFor(() => expect(summary.querySelector('tr[data-field="total"] td')).toHaveTextContent('$1,925.00'));
    expect(summary.querySelector('tr[data-field="fee"] td')).toHaveTextContent('Free');
    expect(screen.queryByText(/Any fee is added/)).not.toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/calculatefeewithfeeprofile', {
      amount: 1925,
      companyId: 'co-1',
      paymentMethod: 'TYPE_PAY_PAL',
    });
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByRole('heading', { name: 'Payment receipt' })).toHaveFocus();
    expect(post).toHaveBeenCalledWith(
      '/paypal_capture_order',
      expect.objectContaining({ billingAccountId: 'lease-1', orderId: 'ORDER-1', amount: 1925 }),
      expect.anything(),
    );
    expect(post.mock.calls.some(([path]) => path === '/processpayment')).toBe(false);
  });

  it('a saved wallet or the wallet option leads to the wallet button on the summary', async () => {
    const user = userEvent.setup();
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    await choose(user, 'Apple Pay or Google Pay');
    expect(await screen.findByRole('button', { name: 'Pay with Apple Pay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Google Pay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).not.toBeInTheDocument();
  });

  it('the selector shows the PayPal and wallet options with their fee, as for a saved card (issue 20)', async () => {
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'PayPal' })).toHaveAccessibleDescription(
        'Pay with your PayPal account. Fee: Free',
      ),
    );
    expect(screen.getByRole('radio', { name: 'Apple Pay or Google Pay' })).toHaveAccessibleDescription(
      'Pay with the wallet on your device. Fee: Free',
    );
  });

  // issue 20: each wallet's fee before confirming (the company prices Google Pay at $1.00, Apple Pay free)
  it('the wallet option shows the fee and total of each wallet when they differ', async () => {
    const user = userEvent.setup();
    const base = post.getMockImplementation();
    post.mockImplementation(async (path: string, body?: unknown, opts?: unknown) => {
      const b = body as { amount: number; paymentMethod: string; walletType?: string };
      if (path === '/calculatefeewithfeeprofile' && b.paymentMethod === 'TYPE_WALLET') {
        const feeAmount = b.walletType === 'GOOGLE_PAY' ? 1 : 0;
        return { amount: b.amount, feeAmount, total: b.amount + feeAmount, currency: 'CAD', feeProfile: null };
      }
      return base?.(path, body, opts as never);
    });
    await openModal(modeLease(ALL_PAYMENT_TYPES));
    await choose(user, 'Apple Pay or Google Pay');
    const summary = await screen.findByTestId('payment-summary');
    await waitFor(() =>
      expect(summary.querySelector('tr[data-field="total"] td')).toHaveTextContent(
        'Apple Pay: $1,925.00 · Google Pay: $1,926.00',
      ),
    );
    expect(summary.querySelector('tr[data-field="fee"] td')).toHaveTextContent('Apple Pay: Free · Google Pay: $1.00');
  });
});

describe('pay later (spec 2 §4)', () => {
  it('offers split pay and PayPal Pay Later with the jurisdiction note, without the add option', async () => {
    const user = userEvent.setup();
    await openModal(modeLease(ALL_PAYMENT_TYPES, { payPalCredit: true }), 'PAY_LATER');
    expect(screen.getByRole('heading', { name: 'Pay later' })).toBeInTheDocument();
    expect(radioNames()).toEqual(['Split Pay', 'PayPal Pay Later']);
    expect(screen.queryByText(/coming soon/)).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('PayPal Pay Later may not be available in your jurisdiction.');
    expect(screen.queryByRole('button', { name: 'Add a payment method' })).not.toBeInTheDocument();

    // PayPal Pay Later: the provider's pay-later button on the summary, with the note
    await choose(user, 'PayPal Pay Later');
    expect(await screen.findByRole('button', { name: 'Pay later with PayPal' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('may not be available in your jurisdiction');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    // split pay: the instalment mode
    await choose(user, 'Split Pay', '1000');
    expect(await screen.findByRole('heading', { name: 'Pay by instalments' })).toHaveFocus();
  });

  it('says there is no option when none is left for the lease (split pay in NS, no PayPal Pay Later)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderWithProviders(
      <PaymentModal opened onClose={onClose} lease={modeLease(ALL_PAYMENT_TYPES, { province: 'NS' })} mode="PAY_LATER" />,
    );
    expect(await screen.findByText('No pay-later option is available for this lease.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });
});
