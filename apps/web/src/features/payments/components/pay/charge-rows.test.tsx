// issue 20: "Pay by charge" offers charge names, never raw codes (`parking`, `bike-storage`, `KEY`).

import { getChargeCodes } from '@portal/domain/payment-amounts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type { PaymentFormValues } from '../../forms/payment-form';
import { ChargeRows } from './charge-rows';

const values: PaymentFormValues = {
  amount: '',
  byCharge: true,
  rows: [{ id: 'r1', code: '', amount: '' }],
  overpay: false,
  paymentMethodId: null,
};

async function optionsOf(codes: { code: string; name: string }[], lang: 'en' | 'fr') {
  await renderWithProviders(
    <ChargeRows
      values={values}
      onChange={vi.fn()}
      codes={codes}
      errors={undefined}
      display={{ currency: 'CAD', locale: lang }}
    />,
    { lang },
  );
  return within(screen.getByRole('combobox')).getAllByRole('option').slice(1);
}

describe('ChargeRows charge select', () => {
  it('lists the default charge codes by their English names, each keeping its code as the value', async () => {
    const options = await optionsOf(getChargeCodes(null), 'en');
    const labels = options.map((o) => o.textContent);
    expect(labels).toContain('Parking');
    expect(labels).toContain('Bike storage');
    expect(labels).toContain('Key');
    expect(labels).not.toContain('bike-storage');
    expect(labels).not.toContain('KEY');
    expect(options.find((o) => o.textContent === 'Bike storage')).toHaveValue('bike-storage');
  });

  it("translates the portal's own names in French and keeps the manager's names as written", async () => {
    const codes = [
      { code: 'Rent', name: 'Rent' },
      { code: 'parking', name: 'parking' },
      { code: 'KEY', name: 'KEY' },
      { code: 'gym', name: 'Gym pass' },
    ];
    const options = await optionsOf(codes, 'fr');
    expect(options.map((o) => o.textContent)).toEqual(['Loyer', 'Stationnement', 'Clé', 'Gym pass']);
  });
});
