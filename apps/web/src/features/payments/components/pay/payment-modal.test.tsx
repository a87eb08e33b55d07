import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaseKeys, transactionKeys } from '../../../../api/query-keys';
import type { PropertyLease } from '../../../../api/types';
import { ApiError, api } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { fieldValue, normalizeSpaces, RECEIPT_FIELD_LABELS } from '../../../../test/field-table';
import { feeAnswer, monthStart, payLease, paymentResult } from '../../../../test/pay-fixtures';
import { bankAccount, CUSTOMER_ID, card, sessionUser } from '../../../../test/payment-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { PaymentModal } from './payment-modal';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original),
);
vi.mock('../../../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));

// Helper D's add-method modal is tested on its own: a stand-in that "adds" a Mastercard.
const added = card({ id: 'pm-mc', brand: 'MASTERCARD', last4: '4444', label: 'Mastercard 4444' });
vi.mock('../add-method/add-payment-method-modal', () => ({
  AddPaymentMethodModal: (props: { opened: boolean; context: string; onAdded: (m: PaymentMethodRecord) => void }) =>
    props.opened ? (
      <div role="dialog" aria-label="add-method-stub">
        {props.context}
        <button type="button" onClick={() => props.onAdded(added)}>
          add-stub
        </button>
      </div>
    ) : null,
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

let methods: PaymentMethodRecord[];
type PostHandler = (path: string, body: unknown, opts?: { headers?: Record<string, string> }) => Promise<unknown>;
let onPay: PostHandler;
let onCancel: PostHandler;

beforeEach(() => {
  methods = [card(), bankAccount()];
  onPay = async () => paymentResult();
  onCancel = async () => paymentResult({ status: 'CANCELLED', note: 'cancelled' });
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}/paymentmethods`) return { records: methods };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  post.mockImplementation(async (path: string, body?: unknown, opts?: { headers?: Record<string, string> }) => {
    if (path === '/calculatefeewithfeeprofile') return feeAnswer(body as { amount: number; paymentMethod: string }, methods);
    if (path === '/processpayment') return onPay(path, body, opts);
    if (path === '/addPaymentAttempt') return onCancel(path, body, opts);
    throw new Error(`unexpected POST ${path}`);
  });
});
afterEach(() => vi.restoreAllMocks());

async function openModal(
  lease: PropertyLease = payLease(),
  { lang = 'en', mode = 'PAY_NOW' }: { lang?: 'en' | 'fr'; mode?: 'PAY_NOW' | 'PAY_LATER' } = {},
) {
  const onClose = vi.fn();
  const view = await renderWithProviders(<PaymentModal opened onClose={onClose} lease={lease} mode={mode} />, { lang });
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog, onClose };
}

const payCalls = () => post.mock.calls.filter(([path]) => path === '/processpayment');
const keyOf = (call: unknown[]) => (call[2] as { headers: Record<string, string> }).headers['Idempotency-Key'];
const amountInput = () => screen.getByRole('textbox', { name: 'Amount to pay (CAD)' });
const summaryValue = (field: string) => fieldValue(screen.getByTestId('payment-summary'), field);

async function continueWith(user: ReturnType<typeof userEvent.setup>, methodName: RegExp | string = 'Visa 4242') {
  await user.click(await screen.findByRole('radio', { name: methodName }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('PaymentModal — pay now (spec 1 §4 "Payment flow")', () => {
  it('pays the open balance by Visa: fee and total, one Idempotency-Key reused on a retry, receipt, balances refreshed', async () => {
    const user = userEvent.setup();
    const { client } = await openModal();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(screen.getByRole('heading', { name: 'Make a payment' })).toHaveFocus();
    // spec 1 §5: the amount defaults to the open balances; issue 20: what is overdue apart from what is not due yet
    expect(amountInput()).toHaveValue('3775.00');
    const next = `Not due until ${formatDate(monthStart(1), 'en')}$1,850.00`;
    expect(normalizeSpaces(screen.getByTestId('payable-now').textContent)).toBe(
      new Date().getDate() === 1
        ? `Overdue$1,850.00Due later this month$75.00${next}Total balance$3,775.00`
        : `Overdue$1,925.00${next}Total balance$3,775.00`,
    );
    // each method with its fee for the amount (2.90% rounded down; the bank account is free)
    const visa = await screen.findByRole('radio', { name: 'Visa 4242' });
    await waitFor(() => expect(visa).toHaveAccessibleDescription('Fee: $109.47'));
    expect(screen.getByRole('radio', { name: 'Bank Account 6789' })).toHaveAccessibleDescription('Fee: Free');

    await continueWith(user);
    expect(await screen.findByRole('heading', { name: 'Payment summary' })).toHaveFocus();
    expect(summaryValue('lease')).toBe('Harbourview Residences – Unit 804');
    expect(summaryValue('method')).toBe('Visa 4242');
    expect(summaryValue('amount')).toBe('$3,775.00');
    await waitFor(() => expect(summaryValue('fee')).toBe('$109.47'));
    expect(summaryValue('total')).toBe('$3,884.47');

    // the first answer is lost (network): the retry sends the same body under the same key
    onPay = async () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(screen.getByRole('button', { name: 'Pay $3,884.47' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server.');
    onPay = async () => paymentResult();
    await user.click(screen.getByRole('button', { name: 'Pay $3,884.47' }));
    expect(await screen.findByRole('heading', { name: 'Payment receipt' })).toHaveFocus();

    const calls = payCalls();
    expect(calls).toHaveLength(2);
    expect(calls[0][1]).toEqual({
      billingAccountId: 'lease-1',
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: 'pm-visa',
      paymentMethodType: 'TYPE_CREDIT_CARD',
      amount: 3775,
    });
    expect(keyOf(calls[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    expect(calls[1][1]).toEqual(calls[0][1]);

    // spec 1 §9: the receipt fields in order, with the fee and the total
    const receipt = screen.getByTestId('receipt');
    const value = (field: string) => fieldValue(receipt, field);
    expect(
      within(receipt)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(RECEIPT_FIELD_LABELS);
    expect(value('confirmationId')).toBe('RL-8K3P2Q');
    expect(value('transactionId')).toBe('tx-901');
    expect(value('date')).toBe('19-Nov-2026');
    expect(value('property')).toBe('Harbourview Residences');
    expect(value('method')).toBe('Visa 4242');
    expect(value('status')).toBe('COMPLETE');
    expect(value('paidTo')).toBe('Maple Leaf Property Management');
    expect(value('fees')).toBe('$109.47');
    expect(value('total')).toBe('$3,884.47');
    expect(within(receipt).getByRole('status')).toHaveTextContent('Your payment was successful.');
    expect(within(receipt).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    // the dashboard's balance and past payments update
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: leaseKeys.all });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: transactionKeys.all });
    });
  });

  it('Back keeps the values, and the same attempt keeps its key; a changed amount gets a new one', async () => {
    const user = userEvent.setup();
    await openModal();
    await user.clear(amountInput());
    await user.type(amountInput(), '1925');
    await continueWith(user);
    await screen.findByRole('heading', { name: 'Payment summary' });
    onPay = async () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(await screen.findByRole('button', { name: 'Pay $1,980.82' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Make a payment' })).toHaveFocus();
    expect(amountInput()).toHaveValue('1925.00');
    expect(screen.getByRole('radio', { name: 'Visa 4242' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $1,980.82' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.clear(amountInput());
    await user.type(amountInput(), '2000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    onPay = async () => paymentResult({ amount: 2000, feeAmount: 58, total: 2058 });
    await user.click(await screen.findByRole('button', { name: 'Pay $2,058.00' }));
    await screen.findByRole('heading', { name: 'Payment receipt' });
    const [first, second, third] = payCalls().map(keyOf);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('refuses an overpayment with the payable amount (form and server)', async () => {
    const user = userEvent.setup();
    await openModal(payLease({}, { overpaymentAllowed: 'NO' }));
    // the overpayment option is disabled unless the company allows overpayments
    expect(screen.getByRole('checkbox', { name: 'Pay more than my balance' })).toBeDisabled();
    await user.clear(amountInput());
    await user.type(amountInput(), '5000');
    await continueWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Overpaying future charges is not allowed. The amount payable for this month or earlier is $1,925.00.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(payCalls()).toHaveLength(0);

    // the server's refusal reads the same (spec 1 §8 RM_ERROR_OVER_PAYMENT_NOT_ALLOWED)
    await user.clear(amountInput());
    await user.type(amountInput(), '3000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    onPay = async () => {
      throw new ApiError(400, 'RM_ERROR_OVER_PAYMENT_NOT_ALLOWED', 'refused');
    };
    await user.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The amount payable for this month or earlier is $1,925.00.');
  });

  // issue 21 §2 (spec 1 §8 "Payment receipt failure"): the server failing while it processed the payment showed its
  // generic text; the tenant is told the transaction met an error (the Idempotency-Key makes the retry safe)
  it('says there was an error processing the transaction when the server fails during the payment', async () => {
    const user = userEvent.setup();
    await openModal(payLease());
    await continueWith(user);
    onPay = async () => {
      throw new ApiError(500, 'RM_ERROR_SYSTEM', 'Something went wrong. Please try again.');
    };
    await user.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error attempting to process this transaction');
  });

  it('shows the partial-payment alert when partial payments are blocked', async () => {
    const user = userEvent.setup();
    await openModal(payLease({ blockPartialPayments: true }, { overpaymentAllowed: 'NO' }));
    await user.clear(amountInput());
    await user.type(amountInput(), '100');
    // errors only after a submit attempt
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await continueWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your property manager has disabled partial payments and overpayments. Please pay exactly $1,925.00.',
    );
    // the refused submit takes focus to the field, which the alert describes
    expect(amountInput()).toHaveFocus();
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(amountInput()).toHaveAccessibleDescription(/Please pay exactly \$1,925\.00\./);
  });

  it('shows the minimum amount from the server’s field value (spec 1 §8 min-amount-alert)', async () => {
    const user = userEvent.setup();
    await openModal();
    await user.clear(amountInput());
    await user.type(amountInput(), '12.5');
    await continueWith(user);
    onPay = async () => {
      throw new ApiError(400, 'RM_ERROR_INVALID_AMOUNT', 'Negative amount on PAYMENT transaction', [
        { field: 'amount', errorCode: 'RM_ERROR_INVALID_AMOUNT', message: 'The minimum payment is $10.00.', fieldValue: -2.5 },
      ]);
    };
    await user.click(await screen.findByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum amount for this payment is $15.00.');
  });

  it('a declined card goes back to choose another method (and a new attempt key)', async () => {
    const user = userEvent.setup();
    await openModal();
    await continueWith(user);
    onPay = async () => {
      throw new ApiError(
        402,
        'RM_ERROR_PAYMENT_DECLINED',
        'Your payment was declined. Please use another payment method or contact your bank.',
      );
    };
    await user.click(await screen.findByRole('button', { name: 'Pay $3,884.47' }));
    expect(await screen.findByRole('heading', { name: 'Make a payment' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Your payment was declined. Please use another payment method');
    expect(screen.getByRole('radio', { name: 'Visa 4242' })).not.toBeChecked();
    onPay = async () =>
      paymentResult({ paymentMethodType: 'TYPE_BANK_ACCOUNT', cardBrand: null, last4: '6789', status: 'PENDING' });
    await continueWith(user, 'Bank Account 6789');
    await user.click(await screen.findByRole('button', { name: 'Pay $3,775.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment receipt' })).toBeInTheDocument();
    const [declined, paid] = payCalls();
    expect(keyOf(paid)).not.toBe(keyOf(declined));
    expect(paid[1]).toMatchObject({ paymentMethodId: 'pm-bank', paymentMethodType: 'TYPE_BANK_ACCOUNT' });
  });

  it('above the soft maximum, Cancel replaces Back and records the attempt, then says nothing was charged', async () => {
    const user = userEvent.setup();
    await openModal(payLease({}, { softMaximumPaymentAmount: 2000 }));
    await continueWith(user);
    await screen.findByRole('heading', { name: 'Payment summary' });
    expect(screen.getByRole('note')).toHaveTextContent('This amount is above $2,000.00, the maximum expected');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    // issue 20: a cancelled attempt is not a receipt
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toHaveFocus();
    const cancel = post.mock.calls.find(([path]) => path === '/addPaymentAttempt');
    expect(cancel?.[1]).toMatchObject({
      billingAccountId: 'lease-1',
      paymentMethodId: 'pm-visa',
      amount: 3775,
      note: expect.stringContaining('$2,000.00'),
    });
    expect(keyOf(cancel as unknown[])).toMatch(/^[0-9a-f-]{36}$/);
    expect(payCalls()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('You cancelled this payment of $3,775.00. Nothing was charged.');
    expect(screen.getByText('Your balance has not changed. You can make a new payment at any time.')).toBeInTheDocument();
    // no receipt: no fees, no total, no "Payment receipt" heading
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();
    expect(screen.queryByText('Fees')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment receipt' })).not.toBeInTheDocument();
  });

  it('pays by charge: rows from the open charges, removable when more than one, at least one', async () => {
    const user = userEvent.setup();
    await openModal();
    await user.click(screen.getByRole('switch', { name: 'Pay by charge' }));
    const rows = () => screen.getAllByTestId('charge-row');
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Charge 1' })).toHaveValue('Rent');
    expect(screen.getByRole('textbox', { name: 'Amount 1' })).toHaveValue('3700.00');
    expect(screen.getByRole('textbox', { name: 'Amount 2' })).toHaveValue('75.00');
    await user.click(screen.getByRole('button', { name: 'Remove charge 2' }));
    expect(rows()).toHaveLength(1);
    // the last row cannot be removed
    expect(screen.queryByRole('button', { name: /Remove charge/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a charge' }));
    expect(rows()).toHaveLength(2);
    await continueWith(user);
    // the new row is empty: its fields say so after the submit attempt
    expect(within(rows()[1]).getAllByText('Required Field')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Charge 2' }), 'late-fee');
    await user.type(screen.getByRole('textbox', { name: 'Amount 2' }), '25');
    await user.clear(screen.getByRole('textbox', { name: 'Amount 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount 1' }), '1850');
    expect(normalizeSpaces(screen.getByTestId('charges-total').textContent)).toBe('Total: $1,875.00');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $1,929.37' }));
    await screen.findByRole('heading', { name: 'Payment receipt' });
    expect(payCalls()[0][1]).toMatchObject({
      charges: [
        { code: 'Rent', name: 'Rent', amount: 1850 },
        { code: 'late-fee', name: 'late-fee', amount: 25 },
      ],
    });
    expect(payCalls()[0][1]).not.toHaveProperty('amount');
  });

  it('selects a method added from the flow', async () => {
    const user = userEvent.setup();
    await openModal();
    await user.click(await screen.findByRole('button', { name: 'Add a payment method' }));
    const stub = await screen.findByRole('dialog', { name: 'add-method-stub' });
    expect(stub).toHaveTextContent('payment-flow');
    methods = [card(), bankAccount(), added];
    await user.click(within(stub).getByRole('button', { name: 'add-stub' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Mastercard 4444' })).toBeChecked());
  });

  it('lists only the methods the lease accepts and does not block, with the blocked warning', async () => {
    await openModal(payLease({ blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true } } }));
    expect(await screen.findByRole('radio', { name: 'Visa 4242' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Bank Account 6789' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Bank Account payments have been blocked by your Property Manager. Please select an alternative payment method.',
    );
  });

  it('closes on Escape without asking (no money moved before Pay)', async () => {
    const user = userEvent.setup();
    const { onClose } = await openModal();
    await user.type(amountInput(), '{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the merchant account is not configured when the lease accepts no payment type', async () => {
    await openModal(payLease({}, { acceptedPaymentTypes: [] }));
    expect(screen.getByRole('alert')).toHaveTextContent('The merchant account is not configured.');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('works in French with French money', async () => {
    const user = userEvent.setup();
    await openModal(payLease(), { lang: 'fr' });
    expect(screen.getByRole('heading', { name: 'Effectuer un paiement' })).toBeInTheDocument();
    // issue 20 §1: the amount is written the French way
    expect(screen.getByRole('textbox', { name: 'Montant à payer (CAD)' })).toHaveValue('3775,00');
    await user.click(await screen.findByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('heading', { name: 'Récapitulatif du paiement' })).toHaveFocus();
    await waitFor(() => expect(summaryValue('total')).toBe('3 884,47 $'));
    onPay = async () => {
      throw new ApiError(400, 'RM_ERROR_PARTIAL_PAYMENT_NOT_ALLOWED', 'refusé');
    };
    await user.click(screen.getByRole('button', { name: /^Payer 3.884,47.\$$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre gestionnaire immobilier a désactivé les paiements partiels',
    );
  });
});

describe('PaymentModal — amounts typed in French (issue 20 §1)', () => {
  const frAmount = () => screen.getByRole('textbox', { name: 'Montant à payer (CAD)' });

  it('"12,50" is twelve dollars fifty: on the summary, in the body sent (12.5) and on the receipt', async () => {
    const user = userEvent.setup();
    onPay = async () => paymentResult({ amount: 12.5, feeAmount: 0.36, total: 12.86 });
    await openModal(payLease(), { lang: 'fr' });
    await user.clear(frAmount());
    await user.type(frAmount(), '12,50');
    await user.tab();
    expect(frAmount()).toHaveValue('12,50');
    await user.click(await screen.findByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Récapitulatif du paiement' });
    expect(normalizeSpaces(summaryValue('amount'))).toBe('12,50 $');
    await waitFor(() => expect(normalizeSpaces(summaryValue('total'))).toBe('12,86 $'));
    await user.click(screen.getByRole('button', { name: /^Payer 12,86.\$$/ }));
    await screen.findByRole('heading', { name: 'Reçu de paiement' });
    expect(payCalls()[0][1]).toMatchObject({ amount: 12.5 });
    expect(normalizeSpaces(fieldValue(screen.getByTestId('receipt'), 'amount'))).toBe('12,50 $');
    expect(normalizeSpaces(fieldValue(screen.getByTestId('receipt'), 'total'))).toBe('12,86 $');
  });

  it('"12.50" and "1 925,50" read as the French tenant means them; a blur writes them the French way', async () => {
    const user = userEvent.setup();
    await openModal(payLease(), { lang: 'fr' });
    await user.clear(frAmount());
    await user.type(frAmount(), '12.5');
    await user.tab();
    expect(frAmount()).toHaveValue('12,50');
    await user.clear(frAmount());
    await user.type(frAmount(), '1 925,50');
    await user.tab();
    expect(frAmount()).toHaveValue('1925,50');
    await user.click(await screen.findByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Récapitulatif du paiement' });
    expect(normalizeSpaces(summaryValue('amount'))).toBe('1 925,50 $');
  });

  it('an amount above the limit is not rewritten: it stays as typed and the limit says why', async () => {
    const user = userEvent.setup();
    await openModal(payLease({}, { overpaymentAllowed: 'YES' }), { lang: 'fr' });
    await user.clear(frAmount());
    await user.type(frAmount(), '150000');
    await user.tab();
    expect(frAmount()).toHaveValue('150000,00');
    await user.click(screen.getByRole('checkbox', { name: /Payer plus que mon solde/ }));
    await user.click(await screen.findByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(frAmount()).toHaveValue('150000,00');
    expect(frAmount()).toHaveAccessibleDescription(/100.000,00.\$/);
    expect(payCalls()).toHaveLength(0);
  });

  it('"1,925" is refused, as typed, with how to write it; nothing is paid', async () => {
    const user = userEvent.setup();
    await openModal(payLease(), { lang: 'fr' });
    await user.clear(frAmount());
    await user.type(frAmount(), '1,925');
    await user.tab();
    expect(frAmount()).toHaveValue('1,925');
    expect(frAmount()).toHaveAccessibleDescription(/Écrivez les cents après une virgule, par exemple 1.925,00/);
    await user.click(await screen.findByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.queryByRole('heading', { name: 'Récapitulatif du paiement' })).not.toBeInTheDocument();
    expect(frAmount()).toHaveValue('1,925');
    expect(payCalls()).toHaveLength(0);
  });
});

describe('PaymentModal — pay later (spec 2 §4)', () => {
  it('lists the pay-later options of the lease with the online wallet provider’s jurisdiction note', async () => {
    const lease = payLease(
      { acceptInstallmentPay: true },
      { acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_INSTALLMENT_PAY', 'TYPE_PAY_PAL'] },
    );
    lease.joins.property = {
      ...(lease.joins.property as NonNullable<PropertyLease['joins']['property']>),
      paypalCreditIntegration: { enabled: true },
    };
    await openModal(lease, { mode: 'PAY_LATER' });
    expect(screen.getByRole('heading', { name: 'Pay later' })).toBeInTheDocument();
    // the real options (payment-modal-modes.test.tsx follows each one), not saved methods
    expect(await screen.findByRole('radio', { name: 'Split Pay' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'PayPal Pay Later' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Visa 4242' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('PayPal Pay Later may not be available in your jurisdiction.');
  });
});
