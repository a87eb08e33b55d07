import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, search } from '../../../../lib/api-client';
import { addressRecord, answerCustomer, company, lease, methodRecord, renderModal } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original),
);

const post = vi.mocked(api.post);
const searchMock = vi.mocked(search);
const page = <T,>(records: T[]) => ({ records, totalPages: 1, totalRecords: records.length, page: 1 });

// typing is the slow part of these tests: no delay between keys
let user: UserEvent;
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  post.mockReset();
  searchMock.mockReset();
  searchMock.mockResolvedValue(page([]));
  // the signed-in tenant is Canadian
  answerCustomer();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const bankRecord = methodRecord({
  id: 'pm-b',
  type: 'TYPE_BANK_ACCOUNT',
  label: 'Bank Account 6789',
  brand: null,
  last4: '6789',
});

async function openBankForm(companyCountry: 'CA' | 'US' = 'CA') {
  const view = await renderModal({ leases: [lease(company({ country: companyCountry }))] });
  await user.click(screen.getByRole('radio', { name: /Bank account/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Bank account details' });
  return view;
}

async function fillUsAddress() {
  await user.selectOptions(field(/^Country/), 'US');
  await user.type(field(/^Street address/), '500 Congress Avenue');
  await user.type(field(/^City/), 'Austin');
  await user.selectOptions(field(/^State/), 'TX');
  await user.type(field(/^ZIP code/), '73301');
}

describe('Bank account form (spec 1 §5)', () => {
  it('sends a Canadian account by institution and transit numbers', async () => {
    post.mockResolvedValue(bankRecord);
    const { onAdded } = await openBankForm('CA');
    expect(field(/^Bank country/)).toHaveValue('CA');
    expect(screen.queryByLabelText(/^Routing number/)).not.toBeInTheDocument();
    await user.type(field(/^Account holder/), 'Camille Tremblay');
    await user.type(field(/^Bank name/), 'Banque Laurentienne');
    await user.type(field(/^Institution number/), '0a04');
    await user.type(field(/^Transit number/), '12345');
    await user.type(field(/^Account number/), '000123456789');
    await fillUsAddress();
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(bankRecord));
    expect(post).toHaveBeenCalledWith(
      '/create',
      {
        type: 'TYPE_BANK_ACCOUNT',
        country: 'CA',
        accountHolder: 'Camille Tremblay',
        bankName: 'Banque Laurentienne',
        bankAccountNumber: '000123456789',
        institutionNumber: '004',
        transitNumber: '12345',
        billingAddress: {
          addressType: 'BILLING',
          suite: null,
          street1: '500 Congress Avenue',
          street2: null,
          city: 'Austin',
          province: 'TX',
          postalCode: '73301',
          country: 'US',
        },
      },
      undefined,
    );
    expect(await screen.findByText('Bank Account 6789 was added.')).toBeInTheDocument();
  });

  it('sends a US account by routing number, the bank name left out', async () => {
    post.mockResolvedValue(bankRecord);
    const { onAdded } = await openBankForm('US');
    expect(field(/^Bank country/)).toHaveValue('US');
    expect(screen.queryByLabelText(/^Institution number/)).not.toBeInTheDocument();
    await user.type(field(/^Account holder/), 'Jordan Smith');
    await user.type(field(/^Routing number/), '021000021');
    await user.type(field(/^Account number/), '6789');
    await fillUsAddress();
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    const body = post.mock.calls[0][1];
    expect(body).toMatchObject({
      type: 'TYPE_BANK_ACCOUNT',
      country: 'US',
      routingNumber: '021000021',
      bankAccountNumber: '6789',
    });
    expect(body).not.toHaveProperty('bankName');
    expect(body).not.toHaveProperty('institutionNumber');
  });

  it('checks the numbers after a submit attempt (CA: institution 3, transit 5; account 4 to 17)', async () => {
    await openBankForm('CA');
    await user.type(field(/^Institution number/), '04');
    await user.type(field(/^Account number/), '123');
    expect(screen.queryByText('Invalid Institution Number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(post).not.toHaveBeenCalled();
    expect(field(/^Institution number/)).toHaveAccessibleDescription(/Invalid Institution Number/);
    expect(field(/^Transit number/)).toHaveAccessibleDescription(/Required Field/);
    expect(field(/^Account number/)).toHaveAccessibleDescription(/Invalid Bank Account Number/);
    expect(field(/^Account holder/)).toHaveAccessibleDescription('Required Field');
    // the bank name refuses an invisible character, as the server does (issue 20)
    await user.type(field(/^Bank name/), 'RBC\u200b');
    expect(field(/^Bank name/)).toHaveAccessibleDescription(
      'Names cannot contain line breaks, control characters or invisible characters',
    );
    await user.type(field(/^Account number/), '4');
    expect(field(/^Account number/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [
      'paysafe.5068 routingNumber → invalid-route',
      new ApiError(400, 'paysafe.5068', 'routingNumber: invalid'),
      'The routing number is invalid. Please check it and try again.',
    ],
    [
      'paysafe.5068 accountNumber → invalid-account-number',
      new ApiError(400, 'paysafe.5068', 'accountNumber: invalid'),
      'The bank account number is invalid. Please check it and try again.',
    ],
    [
      'a routingNumber field error → invalid-route',
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Invalid', [{ field: 'routingNumber', message: 'Invalid Routing Number' }]),
      'The routing number is invalid. Please check it and try again.',
    ],
    [
      'anything else → generic-add-bank',
      new ApiError(500, 'RM_ERROR_SYSTEM', 'boom'),
      'We could not add your bank account. Please try again.',
    ],
  ])('%s (spec 1 §8)', async (_name, error, message) => {
    post.mockRejectedValue(error);
    const { onAdded } = await openBankForm('US');
    await user.type(field(/^Account holder/), 'Jordan Smith');
    await user.type(field(/^Routing number/), '111000025');
    await user.type(field(/^Account number/), '000123456789');
    await fillUsAddress();
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payment method' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('offers only US and CA saved addresses for a bank account, and starts with the most recent of them', async () => {
    searchMock.mockResolvedValue(
      page([
        addressRecord(),
        addressRecord({ id: 'addr-2', country: 'GB', street1: '3 High St', createDate: '2026-11-02T10:00:00Z' }),
      ]),
    );
    await openBankForm('CA');
    const choice = field(/^Use a billing address/);
    await waitFor(() => expect(within(choice).getAllByRole('option')).toHaveLength(2));
    expect(within(choice).queryByRole('option', { name: /High St/ })).not.toBeInTheDocument();
    // issue 20: the tenant's saved address, not United States / Alabama
    expect(choice).toHaveValue('addr-1');
    expect(field(/^City/)).toHaveValue('Toronto');
    expect(field(/^Province or territory/)).toHaveValue('ON');
  });

  it('a new address of a Canadian tenant paying a US company starts in Canada, no province chosen', async () => {
    await openBankForm('US');
    expect(field(/^Bank country/)).toHaveValue('US');
    expect(field(/^Country/)).toHaveValue('CA');
    expect(field(/^Province or territory/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(field(/^Province or territory/)).toHaveAccessibleDescription('Required Field');
    expect(post).not.toHaveBeenCalled();
  });
});
