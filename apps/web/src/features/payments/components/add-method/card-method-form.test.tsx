import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, search } from '../../../../lib/api-client';
import { addressRecord, answerCustomer, CUSTOMER_ID, customerRecord, methodRecord, renderModal } from './test/harness';

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
const REQUIRED = 'Required Field';

async function openCardForm(lang: 'en' | 'fr' = 'en') {
  const view = await renderModal({}, { lang });
  await user.click(screen.getByRole('radio', { name: lang === 'fr' ? /Carte de crédit ou de débit/ : /Credit or debit card/ }));
  await user.click(screen.getByRole('button', { name: lang === 'fr' ? 'Continuer' : 'Continue' }));
  return view;
}

async function fillValidCard() {
  await user.type(field(/^Card number/), '4242424242424242');
  await user.type(field(/^Expiry date/), '1230');
  await user.type(field(/^CVV/), '123');
  await user.type(field(/^Name on card/), 'Camille Tremblay');
}

async function fillNewCanadianAddress() {
  await user.selectOptions(field(/^Country/), 'CA');
  await user.selectOptions(field(/^Province or territory/), 'BC');
  await user.type(field(/^Street address/), '1250 Granville Street');
  await user.type(field(/^City/), 'Vancouver');
  await user.type(field(/^Postal code/), 'v6z 1m6');
}

describe('Card form (spec 1 §5, spec 2 §5)', () => {
  it('adds a Visa with a new Canadian billing address: brand logo, focus to expiry, MM/YY slash, body and header', async () => {
    const created = methodRecord();
    post.mockResolvedValue(created);
    const { onAdded, onClose } = await openCardForm();
    expect(screen.getByRole('heading', { name: 'Card details' })).toHaveFocus();

    // spec 2 §5: digits only; the brand logo follows the number as the tenant types
    await user.type(field(/^Card number/), '4242 4242');
    expect(field(/^Card number/)).toHaveValue('42424242');
    expect(screen.getByRole('img', { name: /visa/i })).toHaveAttribute('data-brand', 'VISA');
    // complete → focus moves to the expiry
    await user.type(field(/^Card number/), '42424242');
    expect(field(/^Expiry date/)).toHaveFocus();
    // MM/YY with the slash added, the month padded
    await user.keyboard('12');
    expect(field(/^Expiry date/)).toHaveValue('12/');
    await user.keyboard('30');
    expect(field(/^Expiry date/)).toHaveValue('12/30');
    await user.clear(field(/^Expiry date/));
    await user.type(field(/^Expiry date/), '4');
    expect(field(/^Expiry date/)).toHaveValue('04/');
    await user.type(field(/^Expiry date/), '31');
    await user.type(field(/^CVV/), '12a3');
    expect(field(/^CVV/)).toHaveValue('123');
    await user.type(field(/^Name on card/), 'Camille Tremblay');
    await user.selectOptions(field(/^Card country/), 'CA');

    // issue 20: without a saved address, a new one in the tenant's country (Canada), no province chosen for them
    expect(field(/^Use a billing address/)).toHaveValue('new');
    expect(field(/^Country/)).toHaveValue('CA');
    expect(field(/^Province or territory/)).toHaveValue('');
    await fillNewCanadianAddress();
    expect(field(/^Province or territory/)).toHaveValue('BC');
    expect(field(/^Postal code/)).toHaveValue('V6Z 1M6');

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(post).toHaveBeenCalledWith(
      '/create',
      {
        type: 'TYPE_CREDIT_CARD',
        cardNumber: '4242424242424242',
        cvv: '123',
        expiryMonth: 4,
        expiryYear: 2031,
        nameOnCard: 'Camille Tremblay',
        country: 'CA',
        billingAddress: {
          addressType: 'BILLING',
          suite: null,
          street1: '1250 Granville Street',
          street2: null,
          city: 'Vancouver',
          province: 'BC',
          postalCode: 'V6Z 1M6',
          country: 'CA',
        },
      },
      { headers: { 'session-id': expect.stringMatching(/.{8,}/) } },
    );
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('VISA 4242 was added.')).toBeInTheDocument();
  });

  // issue 21 §2 (spec 2 §5): a card from outside Canada and the US has 8 to 19 digits (16 in CA/US)
  it('adds a card from outside Canada and the US: its country chosen, up to 19 digits, fewer than 8 refused', async () => {
    post.mockResolvedValue(methodRecord({ brand: 'UNION_PAY', last4: '0000', country: 'CN' }));
    await openCardForm();
    await user.selectOptions(field(/^Card country/), 'CN');
    expect(field(/^Card country/)).toHaveValue('CN');
    // 8 digits are a valid number there, but it may go on to 19: focus stays until the 19th
    await user.type(field(/^Card number/), '62000000');
    expect(field(/^Card number/)).toHaveFocus();
    await user.type(field(/^Card number/), '00000000000');
    expect(field(/^Card number/)).toHaveValue('6200000000000000000');
    expect(field(/^Expiry date/)).toHaveFocus();
    await user.type(field(/^Expiry date/), '1230');
    await user.type(field(/^CVV/), '123');
    await user.type(field(/^Name on card/), 'Li Wei');
    await fillNewCanadianAddress();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ cardNumber: '6200000000000000000', country: 'CN' });

    // back in Canada the same number is cut to 16 digits and refused; 7 digits abroad are refused too
    await user.selectOptions(field(/^Card country/), 'CA');
    expect(field(/^Card number/)).toHaveValue('6200000000000000');
    await user.selectOptions(field(/^Card country/), 'GB');
    await user.clear(field(/^Card number/));
    await user.type(field(/^Card number/), '6759008');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(field(/^Card number/)).toHaveAccessibleDescription(/Invalid Card Number/);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('shows errors only after a submit attempt, then follows the inputs', async () => {
    await openCardForm();
    await user.type(field(/^Card number/), '4242');
    await user.type(field(/^Expiry date/), '01/20');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid Card Number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(post).not.toHaveBeenCalled();
    expect(field(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Card number/)).toHaveAccessibleDescription('Invalid Card Number');
    expect(field(/^Expiry date/)).toHaveAccessibleDescription(/Invalid Card Expiry/);
    expect(field(/^CVV/)).toHaveAccessibleDescription(/Required Field/);
    expect(field(/^Name on card/)).toHaveAccessibleDescription(REQUIRED);
    expect(field(/^Street address/)).toHaveAccessibleDescription(REQUIRED);
    expect(field(/^City/)).toHaveAccessibleDescription(REQUIRED);
    expect(field(/^Postal code/)).toHaveAccessibleDescription(REQUIRED);
    // no province was chosen for the tenant: the select asks for one
    expect(field(/^Province or territory/)).toHaveAccessibleDescription(REQUIRED);
    // focus goes to the first field that needs attention
    await waitFor(() => expect(field(/^Card number/)).toHaveFocus());

    // live after the attempt
    await user.selectOptions(field(/^Province or territory/), 'ON');
    expect(field(/^Province or territory/)).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(field(/^Card number/), '424242424242');
    expect(field(/^Card number/)).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(field(/^Postal code/), 'M5H');
    expect(field(/^Postal code/)).toHaveAccessibleDescription('Invalid Postal/Zip Code');
    await user.type(field(/^Postal code/), '2N2');
    expect(field(/^Postal code/)).not.toHaveAttribute('aria-invalid', 'true');
    // the suite follows the street rule, as the server checks it
    await user.type(field(/^Suite/), 'Unit (5)');
    expect(field(/^Suite/)).toHaveAccessibleDescription('Invalid Street Address');
  });

  it('starts with the tenant’s most recent saved address, its id sent without touching the choice (issue 20)', async () => {
    searchMock.mockResolvedValue(
      page([
        addressRecord({ id: 'addr-old', city: 'Ottawa', street1: '90 Elgin Street', postalCode: 'K1P 5E7' }),
        addressRecord({
          id: 'addr-new',
          street1: '1250 Granville Street',
          city: 'Vancouver',
          province: 'BC',
          postalCode: 'V6Z 1M6',
          suite: '804',
          createDate: '2026-11-01T10:00:00Z',
        }),
      ]),
    );
    post.mockResolvedValue(methodRecord());
    const { onAdded } = await openCardForm();
    await waitFor(() => expect(field(/^Use a billing address/)).toHaveValue('addr-new'));
    expect(field(/^Street address/)).toHaveValue('1250 Granville Street');
    expect(field(/^Street address/)).toBeDisabled();
    expect(field(/^Country/)).toHaveValue('CA');
    expect(field(/^Province or territory/)).toHaveValue('BC');
    expect(field(/^Postal code/)).toHaveValue('V6Z 1M6');
    await fillValidCard();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ billingAddressId: 'addr-new' });
    expect(post.mock.calls[0][1]).not.toHaveProperty('billingAddress');
  });

  it('a new address starts in the tenant’s own country (a US tenant of a Canadian company), no state chosen', async () => {
    answerCustomer(customerRecord({ country: 'US' }));
    searchMock.mockResolvedValue(page([addressRecord()]));
    await openCardForm();
    await waitFor(() => expect(field(/^Use a billing address/)).toHaveValue('addr-1'));
    await user.selectOptions(field(/^Use a billing address/), 'new');
    expect(field(/^Country/)).toHaveValue('US');
    expect(field(/^State/)).toHaveValue('');
    expect(field(/^Street address/)).toBeEnabled();
    // another country: its own list, nothing chosen for the tenant
    await user.selectOptions(field(/^State/), 'WA');
    await user.selectOptions(field(/^Country/), 'CA');
    expect(field(/^Province or territory/)).toHaveValue('');
  });

  it.each([
    [
      'a declined card: the server message',
      new ApiError(402, 'RM_ERROR_PAYMENT_DECLINED', 'Your card was declined.'),
      'Your card was declined.',
    ],
    ['paysafe.7503 → credit-exists', new ApiError(409, 'paysafe.7503', 'Card already exists'), 'This card already exists.'],
    ['paysafe.5068 card.cvv → invalid-cvv', new ApiError(400, 'paysafe.5068', 'card.cvv: invalid value'), 'Invalid Card CVV'],
    [
      'paysafe.5068 country → invalid-country',
      new ApiError(400, 'paysafe.5068', 'country:invalid value'),
      'The country of this card may not be supported.',
    ],
    ['no answer at all → generic card alert', new TypeError('Failed to fetch'), 'We could not add your card. Please try again.'],
  ])('%s (spec 1 §8)', async (_name, error, message) => {
    post.mockRejectedValue(error);
    const { onAdded, onClose } = await openCardForm();
    await fillValidCard();
    await fillNewCanadianAddress();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payment method' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(onAdded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    // the form is usable again
    expect(screen.getByRole('button', { name: 'Add card' })).toBeEnabled();
  });

  it('uses a saved billing address: its fields shown disabled and populated, its id sent', async () => {
    searchMock.mockResolvedValue(page([addressRecord(), addressRecord({ id: 'addr-2', country: 'GB', street1: '3 High St' })]));
    post.mockResolvedValue(methodRecord());
    const { onAdded } = await openCardForm();
    const choice = field(/^Use a billing address/);
    // cards may use any saved address
    await waitFor(() => expect(within(choice).getAllByRole('option')).toHaveLength(3));
    expect(searchMock).toHaveBeenCalledWith(
      'address',
      { conditions: [{ field: 'userId', operator: 'EQUALS', value: CUSTOMER_ID }] },
      expect.anything(),
    );
    await user.selectOptions(choice, 'addr-1');
    expect(within(choice).getByRole('option', { name: '12-2 King Street West, Toronto, ON, CA, M5H 2N2' })).toHaveProperty(
      'selected',
      true,
    );
    expect(field(/^Street address/)).toBeDisabled();
    expect(field(/^Street address/)).toHaveValue('2 King Street West');
    expect(field(/^City/)).toHaveValue('Toronto');
    expect(field(/^Province or territory/)).toHaveValue('ON');
    expect(field(/^Postal code/)).toHaveValue('M5H 2N2');
    expect(field(/^Postal code/)).toBeDisabled();
    await fillValidCard();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ billingAddressId: 'addr-1' });
    expect(post.mock.calls[0][1]).not.toHaveProperty('billingAddress');
  });
});

describe('Card form in French', () => {
  it('shows the labels, the field errors and the refusal in French', async () => {
    post.mockRejectedValue(new ApiError(409, 'paysafe.7503', 'La carte existe déjà'));
    await openCardForm('fr');
    expect(screen.getByRole('dialog', { name: 'Ajouter un mode de paiement' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter la carte' }));
    expect(field(/^Numéro de carte/)).toHaveAccessibleDescription('Champ obligatoire');
    expect(field(/^Province ou territoire|^État/)).toBeInTheDocument();
    await user.type(field(/^Numéro de carte/), '4242424242424242');
    await user.type(field(/^Date d’expiration/), '1230');
    await user.type(field(/^CVV/), '123');
    await user.type(field(/^Nom sur la carte/), 'Camille Tremblay');
    expect(field(/^Pays\s*\*?$/)).toHaveValue('CA');
    expect(field(/^Province ou territoire/)).toHaveValue('');
    await user.selectOptions(field(/^Province ou territoire/), 'BC');
    await user.type(field(/^Adresse municipale/), '1250 rue Granville');
    await user.type(field(/^Ville/), 'Vancouver');
    await user.type(field(/^Code postal/), 'V6Z1M6');
    await user.click(screen.getByRole('button', { name: 'Ajouter la carte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette carte existe déjà.');
  });
});
