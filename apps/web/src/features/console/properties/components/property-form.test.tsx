// issue 23 "Properties": the form checks the address with the tenant forms' rules before sending, and shows the
// server's refusals on their fields, focusing the first.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render';
import type { PropertyInput } from '../api/properties';
import { PropertyForm } from './property-form';

describe('PropertyForm', () => {
  it('refuses a bad postal code before sending, focusing the first field in error', async () => {
    const onSave = vi.fn(async (_input: PropertyInput) => ({}));
    await renderWithProviders(<PropertyForm property={null} country="CA" onSave={onSave} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Property name/ }), 'Kits Point Lofts');
    await user.type(screen.getByRole('textbox', { name: /Street address/ }), '2100 Cornwall Avenue');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Vancouver');
    await user.selectOptions(screen.getByRole('combobox', { name: /Province/ }), 'BC');
    await user.type(screen.getByRole('textbox', { name: /Postal code/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Create the property' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('1 field needs attention');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Postal code/ })).toHaveFocus());

    await user.clear(screen.getByRole('textbox', { name: /Postal code/ }));
    await user.type(screen.getByRole('textbox', { name: /Postal code/ }), 'V6K 1B5');
    await user.click(screen.getByRole('button', { name: 'Create the property' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      propertyName: 'Kits Point Lofts',
      province: 'BC',
      postalCode: 'V6K 1B5',
      acceptedPaymentTypes: null,
      customCard: null,
    });
  });

  it("shows the server's refusal of a service the company does not offer on its switch", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'x', [
        { field: 'propertyIdentifier', message: 'Une autre propriété de l’entreprise a déjà cet identifiant' },
      ]);
    });
    const property = {
      id: 'p1',
      companyId: 'c1',
      propertyName: 'Harbourview',
      street1: '1250 Granville Street',
      street2: null,
      city: 'Vancouver',
      province: 'BC',
      country: 'CA',
      postalCode: 'V6Z 1M6',
      category: 'RESIDENTIAL',
      propertyIdentifier: 'HV',
      acceptedPaymentTypes: null,
      monevoIntegration: null,
      paypalCreditIntegration: null,
      insuranceIntegration: null,
      service_urcsi: null,
      service_neofinancial: null,
      payByTextEnabled: false,
      customCard: null,
    };
    await renderWithProviders(<PropertyForm property={property} country="CA" onSave={onSave} />, { lang: 'fr' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enregistrer la propriété' }));
    const field = screen.getByRole('textbox', { name: /Identifiant de la propriété/ });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Une autre propriété de l’entreprise a déjà cet identifiant'),
    );
  });

  it("puts the server's refusals on the service switch, the card's link and the province, and an unknown one in the alert", async () => {
    const onSave = vi.fn(async (_input: PropertyInput) => {
      throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'x', [
        { field: 'country', message: 'A property is in its company’s country (CA)' },
        { field: 'service_neofinancial', message: 'The company does not offer this service' },
        { field: 'customCard.buttonUrl', message: 'Enter a secure web address starting with https://' },
        { field: 'somethingNew', message: 'Something else is wrong' },
      ]);
    });
    await renderWithProviders(<PropertyForm property={null} country="CA" onSave={onSave} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Property name/ }), 'Kits Point Lofts');
    await user.type(screen.getByRole('textbox', { name: /Street address/ }), '2100 Cornwall Avenue');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Vancouver');
    await user.selectOptions(screen.getByRole('combobox', { name: /Province/ }), 'BC');
    await user.type(screen.getByRole('textbox', { name: /Postal code/ }), 'V6K 1B5');
    await user.click(screen.getByRole('switch', { name: /^Neobank promotion/ }));
    await user.type(screen.getByRole('textbox', { name: /Button link/ }), 'http://example.com');
    await user.click(screen.getByRole('button', { name: 'Create the property' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const province = screen.getByRole('combobox', { name: /Province/ });
    await waitFor(() => expect(province).toHaveFocus());
    expect(province).toHaveAccessibleDescription(expect.stringContaining('A property is in its company’s country (CA)'));
    expect(screen.getByRole('switch', { name: /^Neobank promotion/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The company does not offer this service')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Button link/ })).toHaveAccessibleDescription(
      'Enter a secure web address starting with https://',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('3 fields need attention');
    expect(alert).toHaveTextContent('Something else is wrong');
    // a field's server message goes when the field changes
    await user.click(screen.getByRole('switch', { name: /^Neobank promotion/ }));
    expect(screen.getByRole('switch', { name: /^Neobank promotion/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('2 fields need attention');
  });
});
