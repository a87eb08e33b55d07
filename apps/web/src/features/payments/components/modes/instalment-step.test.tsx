import { addMonths } from '@portal/domain/dates';
import { formatMoney } from '@portal/domain/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { localToday } from '../method-display';
import { InstalmentStep, type InstalmentStepProps } from './instalment-step';
import { caLease, card, instalmentAmount, instalmentPlan, keyOf, paymentResult, renderMode } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const cad = (cents: number) => formatMoney(cents, 'CAD', 'en');
let amountAnswer = instalmentAmount();

beforeEach(() => {
  amountAnswer = instalmentAmount();
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/INSTALLMENT_PAY/plan-1/amount') return amountAnswer;
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  post.mockImplementation(async (path: string, body: unknown) => {
    if (path === '/installment_pay/initiate') return instalmentPlan({ amount: (body as { amount: number }).amount });
    if (path === '/processpayment') return paymentResult({ paymentMethodType: 'TYPE_INSTALLMENT_PAY', feeAmount: 69.9 });
    throw new Error(`unexpected POST ${path}`);
  });
  patch.mockReset();
  patch.mockResolvedValue(instalmentPlan({ acceptedTermsAndConditions: true }));
});

const acceptsSplit = ['TYPE_CREDIT_CARD', 'TYPE_INSTALLMENT_PAY'];

async function renderStep(over: Partial<InstalmentStepProps> = {}, lang: 'en' | 'fr' = 'en') {
  const onPaid = vi.fn();
  const onAddCard = vi.fn();
  await renderMode(
    <InstalmentStep
      lease={caLease(acceptsSplit)}
      customer={{ phone: '+16045550142' }}
      savedMethods={[card()]}
      amountCents={100_000}
      onPaid={onPaid}
      onBack={vi.fn()}
      onAddCard={onAddCard}
      {...over}
    />,
    lang,
  );
  return { onPaid, onAddCard };
}

const amountInput = () => screen.getByRole('textbox', { name: /Amount to pay by instalments/ });
async function typeAmount(value: string) {
  await userEvent.clear(amountInput());
  await userEvent.type(amountInput(), value);
}

describe('InstalmentStep eligibility (spec 1 §5)', () => {
  it('an unset phone points to the Account page', async () => {
    await renderStep({ customer: { phone: null } });
    expect(screen.getByRole('alert')).toHaveTextContent('Please add your phone number on the Account page');
    expect(screen.getByRole('link', { name: 'Go to the Account page' })).toHaveAttribute('href', '/customer/account');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a badly formatted phone points to the Account page', async () => {
    await renderStep({ customer: { phone: '555-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Your phone number is not correctly formatted');
    expect(screen.getByRole('link', { name: 'Go to the Account page' })).toBeInTheDocument();
  });

  it.each([
    ['a debit card', card({ cardType: 'DEBIT' })],
    ['an expired credit card', card({ expiryMonth: 1, expiryYear: 2021 })],
    ['a credit card of another brand', card({ brand: 'JCB' })],
  ])('with only %s, asks to add a credit card', async (_name, only) => {
    const { onAddCard } = await renderStep({ savedMethods: [only] });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please add a valid, non-expired Visa, Mastercard, American Express or Discover credit card',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a credit card' }));
    expect(onAddCard).toHaveBeenCalled();
  });

  it.each(['NB', 'NS'])('is not offered in %s', async (province) => {
    await renderStep({ lease: caLease(acceptsSplit, {}, province) });
    expect(screen.getByRole('alert')).toHaveTextContent('Instalment payments are not available in your province.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('InstalmentStep amount and plan (spec 1 §4, §5, §9)', () => {
  it.each([
    ['79.99', false],
    ['80.00', true],
    ['20000.00', true],
    ['20000.01', false],
  ])('amount %s: accepted %s (80..20000)', async (value, accepted) => {
    await renderStep();
    await typeAmount(value);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    if (accepted) {
      await waitFor(() => expect(post).toHaveBeenCalled());
      expect(post.mock.calls[0][1]).toEqual({
        amount: Number(value),
        billingAccount: { id: 'lease-1' },
        fundingMethodId: 'pm-visa',
      });
    } else {
      expect(
        screen.getByText(`Instalment payments must be between ${cad(8_000)} and ${cad(2_000_000)}.`, {
          selector: '.mantine-InputWrapper-error',
        }),
      ).toBeInTheDocument();
      expect(post).not.toHaveBeenCalled();
    }
  });

  it('offers only eligible cards for funding, and shows how it works', async () => {
    await renderStep({ savedMethods: [card(), card({ id: 'pm-debit', cardType: 'DEBIT', last4: '0005' })] });
    const group = screen.getByRole('radiogroup', { name: /Funding credit card/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: 'Visa 4242' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'How it works' }));
    const how = await screen.findByRole('dialog', { name: 'How instalments work' });
    await waitFor(() => expect(within(how).getByRole('heading', { name: 'How instalments work' })).toHaveFocus());
    expect(how).toHaveTextContent('split into 4 equal instalments');
    expect(how).toHaveTextContent('Fee: 6.99% per transaction');
  });

  it('a failed initiate shows system-error', async () => {
    post.mockRejectedValueOnce(new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Please add your phone number.'));
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A system error occurred. Please try again later.');
  });

  it('initiates the plan, shows fee, first instalment and schedule, requires the terms, accepts them and pays', async () => {
    const { onPaid } = await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(keyOf(post.mock.calls[0][2])).toBeTruthy();
    const plan = await screen.findByTestId('instalment-plan');
    expect(screen.getByRole('heading', { name: 'Your instalment plan' })).toHaveFocus();
    const row = (field: string) => plan.querySelector(`[data-field="${field}"] td`);
    expect(row('funded')).toHaveTextContent(cad(100_000));
    expect(row('fee')).toHaveTextContent(`6.99% per transaction (${cad(6_990)})`);
    expect(row('first')).toHaveTextContent(cad(31_990));
    expect(row('later')).toHaveTextContent(`3 × ${cad(25_000)}, one a month`);
    expect(row('total')).toHaveTextContent(cad(106_990));
    expect(row('card')).toHaveTextContent('Visa 4242');

    // the payment schedule: funded / 4 + fee first, then monthly, dates DD-MMM-YYYY
    await userEvent.click(screen.getByRole('button', { name: 'Payment schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment schedule' });
    const rows = within(within(dialog).getByTestId('instalment-schedule')).getAllByRole('row');
    const today = localToday();
    expect(rows[1]).toHaveTextContent(formatDate(today, 'en'));
    expect(rows[1]).toHaveTextContent(cad(31_990));
    expect(rows[1]).toHaveTextContent('Today, fee included');
    expect(rows[2]).toHaveTextContent(formatDate(addMonths(today, 1), 'en'));
    expect(rows[4]).toHaveTextContent(formatDate(addMonths(today, 3), 'en'));
    expect(rows[4]).toHaveTextContent(cad(25_000));
    expect(rows[5]).toHaveTextContent(cad(106_990));
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);

    // the terms: a link, and a checkbox required before paying
    expect(screen.getByRole('link', { name: /instalment terms and conditions/ })).toHaveAttribute(
      'href',
      '/api/sandbox/installment-pay/terms?lang=en',
    );
    const pay = screen.getByRole('button', { name: `Pay ${cad(31_990)} now` });
    await userEvent.click(pay);
    expect(screen.getByText('Please accept the instalment terms and conditions.')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and I accept/ }));
    await userEvent.click(pay);
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(patch).toHaveBeenCalledWith('/INSTALLMENT_PAY/plan-1/update', {
      acceptedTermsAndConditions: true,
      fundingMethodId: 'pm-visa',
    });
    const payCall = post.mock.calls.find((c) => c[0] === '/processpayment');
    expect(payCall?.[1]).toEqual({
      billingAccountId: 'lease-1',
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: 'plan-1',
      paymentMethodType: 'TYPE_INSTALLMENT_PAY',
      amount: 1000,
    });
    expect(keyOf(payCall?.[2])).toBeTruthy();
    expect(onPaid.mock.calls[0][0]).toMatchObject({ paymentMethodType: 'TYPE_INSTALLMENT_PAY' });
  });

  it("shows 'Free' when the company pays the fee", async () => {
    amountAnswer = instalmentAmount({ feePaidByCompany: true, firstInstalmentAmount: 250, total: 1000 });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const plan = await screen.findByTestId('instalment-plan');
    expect(plan.querySelector('[data-field="fee"] td')).toHaveTextContent(/^Free$/);
    expect(screen.getByRole('button', { name: `Pay ${cad(25_000)} now` })).toBeInTheDocument();
  });

  it('a declined funding card shows the message and keeps the plan', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/installment_pay/initiate') return instalmentPlan();
      throw new ApiError(402, 'RM_ERROR_PAYMENT_DECLINED', 'Your card was declined.');
    });
    const { onPaid } = await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('instalment-plan');
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read and I accept/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
  });
});
