// The lease settings form (issue 23): the server's rules before the call (dates, due day, amounts read in the user's
// language), focus on the first invalid field, the body it sends (cents exact, blocks, pay-by-text as the property).
import { MantineProvider } from '@mantine/core';
import { admin } from '@portal/i18n/locales/en.json';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import i18n, { addEnglish } from '../../../lib/i18n';
import type { LeaseProperty } from './api/leases';
import { LeaseForm } from './lease-form';

addEnglish({ admin });

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const properties: LeaseProperty[] = [
  {
    id: 'p-1',
    propertyName: 'Harbourview Residences',
    city: 'Vancouver',
    companyId: 'c-1',
    companyName: 'Maple',
    chargeCodes: [],
  },
];
const codes = [
  { code: 'Rent', name: 'Rent' },
  { code: 'parking', name: 'parking' },
];

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  render(
    <MantineProvider env="test">
      <LeaseForm lease={null} properties={properties} chargeCodes={codes} submitLabel="Create the lease" onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return onSubmit;
}

async function type(label: RegExp | string, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

describe('LeaseForm', () => {
  it('refuses a missing property, an impossible date, an end before the start and a zero rent; focus on the first', async () => {
    const onSubmit = renderForm();
    await type(/^Start date/, '2026-02-30');
    await type(/^End date/, '2025-01-01');
    await type(/^Amount of charge 1/, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create the lease' }));
    expect(screen.getByLabelText(/^Property/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid date (yyyy-mm-dd)')).toBeInTheDocument();
    expect(screen.getByText('Please enter an amount greater than 0')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Property/)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the lease: amounts in exact decimals, blocks per type, pay by text as the property', async () => {
    const onSubmit = renderForm();
    await userEvent.selectOptions(screen.getByLabelText(/^Property/), 'p-1');
    await type(/^Unit/, '1203');
    await type(/^Start date/, '20261201');
    await type(/^Amount of charge 1/, '1850.10');
    await userEvent.click(screen.getByRole('button', { name: 'Add a charge' }));
    await userEvent.selectOptions(screen.getByLabelText(/^Charge 2/), 'parking');
    await type(/^Amount of charge 2/, '75.5');
    await userEvent.click(screen.getByLabelText('Block cash payments'));
    await userEvent.click(screen.getByLabelText('Block partial payments'));
    await userEvent.click(screen.getByRole('button', { name: 'Create the lease' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      propertyId: 'p-1',
      unit: '1203',
      startDate: '2026-12-01',
      endDate: null,
      monthlyPaymentDueDay: 1,
      charges: [
        { code: 'Rent', amount: 1850.1 },
        { code: 'parking', amount: 75.5 },
      ],
      blockPartialPayments: true,
      payByTextEnabled: null,
      blockPayments: { TYPE_CASH: { blocked: true }, TYPE_BANK_ACCOUNT: { blocked: false } },
    });
  });

  it('reads a French amount the French way and shows the server refusal on its field', async () => {
    await i18n.changeLanguage('fr');
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'x', [
          { field: 'monthlyPaymentDueDay', message: 'Veuillez choisir un jour entre 1 et 31.' },
        ]),
      );
    renderForm(onSubmit);
    await userEvent.selectOptions(screen.getByLabelText(/^Propriété/), 'p-1');
    await type(/^Date de début/, '2026-12-01');
    await type(/^Montant des frais 1/, '1 850,25');
    await userEvent.click(screen.getByRole('button', { name: 'Create the lease' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].charges).toEqual([{ code: 'Rent', amount: 1850.25 }]);
    expect(await screen.findByText('Veuillez choisir un jour entre 1 et 31.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Jour d’échéance/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("refuses a bad amount on the second line before sending, focusing that line's amount", async () => {
    const onSubmit = renderForm();
    await userEvent.selectOptions(screen.getByLabelText(/^Property/), 'p-1');
    await type(/^Start date/, '2026-12-01');
    await type(/^Amount of charge 1/, '1850');
    await userEvent.click(screen.getByRole('button', { name: 'Add a charge' }));
    await userEvent.selectOptions(screen.getByLabelText(/^Charge 2/), 'parking');
    await type(/^Amount of charge 2/, '75.123');
    await userEvent.click(screen.getByRole('button', { name: 'Create the lease' }));
    const second = screen.getByLabelText(/^Amount of charge 2/);
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAttribute('name', 'charges.1.amount');
    expect(screen.getByLabelText(/^Amount of charge 1/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    // the line's message follows its input
    await userEvent.clear(second);
    await userEvent.paste('75.50');
    expect(second).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Create the lease' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].charges).toEqual([
      { code: 'Rent', amount: 1850 },
      { code: 'parking', amount: 75.5 },
    ]);
  });

  it("puts the server's refusal of a line's code on that line, and keeps it with the line when an earlier one goes", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'The charge code parking is not one of the company’s codes', [
          { field: 'charges.1.code', message: 'The charge code parking is not one of the company’s codes' },
        ]),
      );
    renderForm(onSubmit);
    await userEvent.selectOptions(screen.getByLabelText(/^Property/), 'p-1');
    await type(/^Start date/, '2026-12-01');
    await type(/^Amount of charge 1/, '1850');
    await userEvent.click(screen.getByRole('button', { name: 'Add a charge' }));
    await userEvent.selectOptions(screen.getByLabelText(/^Charge 2/), 'parking');
    await type(/^Amount of charge 2/, '75');
    await userEvent.click(screen.getByRole('button', { name: 'Create the lease' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const code2 = screen.getByLabelText(/^Charge 2/);
    await waitFor(() => expect(code2).toHaveFocus());
    expect(code2).toHaveAccessibleDescription('The charge code parking is not one of the company’s codes');
    // said once, on its field (no second copy in an alert)
    expect(screen.getAllByText('The charge code parking is not one of the company’s codes')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove charge 1' }));
    expect(screen.queryByLabelText(/^Charge 2/)).not.toBeInTheDocument();
    const code1 = screen.getByLabelText(/^Charge 1/);
    expect(code1).toHaveValue('parking');
    expect(code1).toHaveAccessibleDescription('The charge code parking is not one of the company’s codes');
    // the keyboard stays in the list
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a charge' })).toHaveFocus());
    // the last line cannot go
    expect(screen.getByRole('button', { name: 'Remove charge 1' })).toBeDisabled();
    await userEvent.selectOptions(code1, 'Rent');
    expect(code1).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("edits an existing lease's lines: the lines as saved, one removed, the rest sent", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const lease = {
      id: 'l-1',
      propertyId: 'p-1',
      unit: '1203',
      startDate: '2026-01-01',
      endDate: null,
      monthlyPaymentDueDay: 1,
      charges: [
        { code: 'Rent', name: 'Rent', amount: 1850 },
        { code: 'parking', name: 'parking', amount: 75.5 },
      ],
      requireAutoPay: false,
      blockPayments: {},
      blockPartialPayments: false,
      payByTextEnabled: null,
      tenantNotes: null,
    } as unknown as Parameters<typeof LeaseForm>[0]['lease'];
    render(
      <MantineProvider env="test">
        <LeaseForm lease={lease} chargeCodes={codes} submitLabel="Save" onSubmit={onSubmit} />
      </MantineProvider>,
    );
    expect(screen.getByLabelText(/^Amount of charge 2/)).toHaveValue('75.50');
    await userEvent.click(screen.getByRole('button', { name: 'Remove charge 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].charges).toEqual([{ code: 'parking', amount: 75.5 }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
  });
});
