// issue 23 "Company settings": the form sends what the manager set (amounts read in the page's language), and a
// refusal shows each field's message, announces itself and focuses the first field in error.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render';
import type { CompanyPatch, CompanySettings } from '../api/company-settings';
import { CompanySettingsForm } from './company-settings-form';

const settings: CompanySettings = {
  id: 'c1',
  name: 'Maple Leaf Property Management',
  country: 'CA',
  overpaymentAllowed: 'YES',
  manageBalance: 'YES',
  onlyPMPaymentAllowed: 'NO',
  chargeCodes: [],
  defaultChargeCodes: [{ code: 'Rent', name: 'Rent' }],
  displayChargeCodes: false,
  enforceCustomAmount: false,
  blockPartialPayments: false,
  softMaximumPaymentAmount: 5000,
  acceptedPaymentTypes: ['TYPE_CREDIT_CARD'],
  serviceCreditReporting: { RESIDENTIAL: true, COMMERCIAL: false },
  insuranceIntegration: null,
  microlendingEnabled: true,
  customCard: null,
  conciergeEnabled: true,
  neobankPromotionEnabled: false,
  lateFeeAmount: null,
  lateFeeDays: 5,
  nsfFeeAmount: null,
  updatedAt: '2026-11-27T00:00:00.000Z',
  cardFeesPaidByCompany: null,
  feeSchedule: {
    source: 'PLATFORM',
    records: [
      {
        id: 'f1',
        companyId: null,
        country: 'CA',
        paymentType: 'TYPE_CREDIT_CARD',
        cardType: 'CREDIT',
        cardBrand: null,
        walletType: null,
        processor: null,
        padSchedule: null,
        feeRate: 2.9,
        rateType: 'PERCENT',
        feeType: null,
        internationalFeeRate: null,
        internationalRateType: null,
        paidByCompany: false,
      },
    ],
  },
};

describe('CompanySettingsForm', () => {
  it('sends the switches, the amounts read in French and the card in both languages', async () => {
    const onSave = vi.fn(async (_patch: CompanyPatch) => settings);
    await renderWithProviders(<CompanySettingsForm settings={settings} onSave={onSave} />, { lang: 'fr' });
    const user = userEvent.setup();
    // the fee schedule that applies is shown (the platform's here)
    expect(within(screen.getByTestId('fee-schedule')).getByText('2,9 %')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Bloquer les paiements partiels' }));
    await user.type(screen.getByRole('textbox', { name: /Frais de retard/ }), '25,50');
    await user.type(screen.getByRole('textbox', { name: 'Titre (français)' }), 'Jardin');
    await user.type(screen.getByRole('textbox', { name: 'Titre (anglais)' }), 'Garden');
    await user.click(screen.getByRole('switch', { name: /Afficher la carte personnalisée/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      blockPartialPayments: true,
      lateFeeAmount: 25.5,
      softMaximumPaymentAmount: 5000,
      nsfFeeAmount: null,
      customCard: { enabled: true, cardTitle: 'Garden', cardTitleFr: 'Jardin' },
    });
    expect(await screen.findByText('Paramètres enregistrés')).toBeInTheDocument();
    // the platform's schedule applies: who pays its fees is not the company's choice
    expect(screen.queryByRole('switch', { name: /frais de carte/ })).not.toBeInTheDocument();
    expect(onSave.mock.calls[0][0]).not.toHaveProperty('cardFeesPaidByCompany');
  });

  it("lets a company with its own fee profiles pay its tenants' card fees", async () => {
    const onSave = vi.fn(async (_patch: CompanyPatch) => settings);
    const own = {
      ...settings,
      cardFeesPaidByCompany: false,
      feeSchedule: { ...settings.feeSchedule, source: 'COMPANY' as const },
    };
    await renderWithProviders(<CompanySettingsForm settings={own} onSave={onSave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /The company pays its tenants' card fees/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ cardFeesPaidByCompany: true });
  });

  it("shows the server's refusals on their fields, announces them and focuses the first", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'x', [
        { field: 'nsfFeeAmount', message: 'The NSF fee is at most $35.00 (terms of use)' },
        { field: 'customCard.buttonUrl', message: 'Enter a secure web address starting with https://' },
      ]);
    });
    await renderWithProviders(<CompanySettingsForm settings={settings} onSave={onSave} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Returned payment \(NSF\) fee/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 fields need attention');
    const nsf = screen.getByRole('textbox', { name: /Returned payment \(NSF\) fee/ });
    expect(nsf).toHaveAccessibleDescription(expect.stringContaining('The NSF fee is at most $35.00'));
    await waitFor(() => expect(nsf).toHaveFocus());
    expect(screen.getByText('Enter a secure web address starting with https://')).toBeInTheDocument();
  });

  it("puts the server's charge-code refusal on that row's field, and refuses an empty row before sending", async () => {
    const onSave = vi.fn(async (_patch: CompanyPatch) => {
      throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'x', [
        { field: 'chargeCodes.1.code', message: 'The code rent is already in the list' },
      ]);
    });
    const withCodes = {
      ...settings,
      chargeCodes: [
        { code: 'Rent', name: 'Rent' },
        { code: 'rent', name: 'Rent again' },
        { code: 'parking', name: 'Parking' },
      ],
    };
    await renderWithProviders(<CompanySettingsForm settings={withCodes} onSave={onSave} />);
    const user = userEvent.setup();
    const codes = () => screen.getAllByRole('textbox', { name: 'Code' });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(codes()[1]).toHaveFocus());
    expect(codes()[1]).toHaveAccessibleDescription('The code rent is already in the list');
    expect(codes()[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('1 field needs attention');

    // the first row goes: the refused row moves up with its message
    await user.click(screen.getByRole('button', { name: 'Remove charge code Rent' }));
    expect(codes()).toHaveLength(2);
    expect(codes()[0]).toHaveValue('rent');
    expect(codes()[0]).toHaveAccessibleDescription('The code rent is already in the list');

    // a new empty row is refused before sending, focus on its code
    onSave.mockClear();
    await user.clear(codes()[0]);
    await user.type(codes()[0], 'Rent');
    await user.click(screen.getByRole('button', { name: 'Add a charge code' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(codes()[2]).toHaveFocus());
    expect(codes()[2]).toHaveAccessibleDescription('Required Field');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an amount the parser cannot read, in French, before sending', async () => {
    const onSave = vi.fn(async (_patch: CompanyPatch) => settings);
    await renderWithProviders(<CompanySettingsForm settings={settings} onSave={onSave} />, { lang: 'fr' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Frais de retard/ }), '1,925');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    const late = screen.getByRole('textbox', { name: /Frais de retard/ });
    await waitFor(() => expect(late).toHaveFocus());
    expect(late).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });
});
