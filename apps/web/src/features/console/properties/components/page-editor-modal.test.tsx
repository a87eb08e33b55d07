// issue 23 "Properties": the console's page editors as a manager uses them: a new application page in French (its
// questions, an additional question, a fee typed the French way, a screening switch) and its public link once created;
// an existing page edited (questions moved and removed, only the changes sent); the form's own refusals and the
// server's field errors on their fields with the focus on the first; the onboarding page's name and auto-approval; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import i18n from '../../../../lib/i18n';
import { renderWithProviders } from '../../../../test/render';
import type { LeaseApplicationPage, OnBoardingPage } from '../api/properties';
import { PageEditorModal, type PageTarget } from './page-editor-modal';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original),
);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

const allAsked = {
  '3': {
    suite: true,
    street1: true,
    street2: true,
    city: true,
    province: true,
    country: true,
    postalCode: true,
    monthsAtAddress: true,
  },
  '5': {
    employment: true,
    employerName: true,
    phone: true,
    occupation: true,
    monthsEmployed: true,
    monthlySalary: true,
    otherIncome: true,
  },
  '6': { name: true, phone: true, email: true, relationship: true },
  '7': { maritalStatus: true, pets: true, smoking: true, bankruptcy: true },
  '8': { firstName: true, lastName: true, phone: true, email: true, relationship: true },
};

const appPage: LeaseApplicationPage = {
  id: 'a1',
  companyId: 'c1',
  name: 'harbourview',
  sections: allAsked,
  customFields: [
    { id: 'vehicles', label: { en: 'Number of vehicles', fr: 'Nombre de véhicules' }, type: 'NUMBER', required: true },
    {
      id: 'moveInNotes',
      label: { en: 'Move-in notes', fr: 'Notes sur l’emménagement' },
      type: 'TEXT',
      required: false,
      maxLength: 255,
    },
  ],
  applicationFeeAmount: 35,
  creditReportEnabled: true,
  backgroundCheckEnabled: false,
  identityVerificationEnabled: false,
  incomeVerificationEnabled: false,
  publicLink: '/signup/harbourview?origin=application',
};
const onboarding: OnBoardingPage = {
  id: 'o1',
  companyId: 'c1',
  name: 'harbourview-join',
  autoApproval: false,
  publicLink: '/signup/harbourview-join?origin=onboarding',
};

function open(target: PageTarget, lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  const view = renderWithProviders(<PageEditorModal companyId="c1" country="CA" target={target} onClose={onClose} />, {
    lang,
  });
  return { onClose, view };
}

beforeEach(() => {
  post.mockReset();
  patch.mockReset();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PageEditorModal: application page', () => {
  it('creates a page in French: its questions, an additional question, the fee typed the French way; then its link', async () => {
    const user = userEvent.setup();
    post.mockImplementation(async (_path, body) => ({
      ...(body as object),
      id: 'a2',
      companyId: 'c1',
      publicLink: '/signup/kits-apply?origin=application',
    }));
    open({ kind: 'lease_application_page', page: null }, 'fr');
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle page de demande' });
    const name = within(dialog).getByRole('textbox', { name: /Nom de la page/ });
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, 'Kits Apply');
    expect(name).toHaveValue('kits-apply');
    expect(within(dialog).getByText(/Son lien public sera .*\/signup\/kits-apply\?origin=application/)).toBeInTheDocument();

    // a new page asks every template question: the manager unticks bankruptcy, then the whole employment section
    const other = within(dialog).getByRole('group', { name: 'Autres renseignements' });
    await user.click(within(other).getByRole('checkbox', { name: 'Faillite' }));
    expect(within(other).getByRole('checkbox', { name: /Toute la section/ })).toHaveAttribute('data-indeterminate', 'true');
    const employment = within(dialog).getByRole('group', { name: 'Emploi' });
    await user.click(within(employment).getByRole('checkbox', { name: /Toute la section/ }));
    expect(within(employment).getByRole('checkbox', { name: /Employeur/ })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une question' }));
    const question = within(dialog).getByRole('group', { name: 'Question 1' });
    expect(within(question).getByRole('textbox', { name: /Question en anglais/ })).toHaveFocus();
    // pasted: each keystroke re-renders the whole template (slow under a loaded test run, not for a person)
    await user.paste('Do you have a pet?');
    await user.click(within(question).getByRole('textbox', { name: /Question en français/ }));
    await user.paste('Avez-vous un animal?');
    await user.selectOptions(within(question).getByRole('combobox', { name: 'Type de réponse' }), 'YES_NO');
    await user.click(within(question).getByRole('checkbox', { name: 'Une réponse est obligatoire' }));

    await user.type(within(dialog).getByRole('textbox', { name: /Frais de demande/ }), '45,50');
    await user.click(within(dialog).getByRole('switch', { name: 'Vérification du revenu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer la page' }));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, body] = post.mock.calls[0];
    expect(path).toBe('/lease_application_page/create');
    expect(body).toMatchObject({
      companyId: 'c1',
      name: 'kits-apply',
      applicationFeeAmount: 45.5,
      creditReportEnabled: false,
      incomeVerificationEnabled: true,
      customFields: [
        {
          id: 'doYouHaveAPet',
          label: { en: 'Do you have a pet?', fr: 'Avez-vous un animal?' },
          type: 'YES_NO',
          required: true,
        },
      ],
    });
    const sent = body as { sections: Record<string, Record<string, boolean>> };
    expect(sent.sections['7']).toEqual({ maritalStatus: true, pets: true, smoking: true, bankruptcy: false });
    expect(Object.values(sent.sections['5']).some(Boolean)).toBe(false);
    expect(sent.sections['3'].street1).toBe(true);

    expect(await within(dialog).findByText('Page créée. Partagez son lien public.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /\/signup\/kits-apply\?origin=application$/ })).toHaveAttribute(
      'href',
      '/signup/kits-apply?origin=application',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copier le lien' }));
    expect(await within(dialog).findByRole('button', { name: 'Lien copié' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toMatch(/\/signup\/kits-apply\?origin=application$/);
  });

  it('edits a page: a question moved up and one removed, the fee changed; only the changes are sent', async () => {
    const user = userEvent.setup();
    patch.mockImplementation(async (_path, body) => ({ ...appPage, ...(body as object) }));
    open({ kind: 'lease_application_page', page: appPage });
    const dialog = await screen.findByRole('dialog', { name: 'Application page harbourview' });
    expect(within(dialog).getByRole('link', { name: /\/signup\/harbourview\?origin=application$/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Application fee/ })).toHaveValue('35.00');

    await user.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
    // the focus follows the moved question (now first: its "down" button, "up" being off)
    expect(within(dialog).getByRole('button', { name: 'Move question 1 down' })).toHaveFocus();
    expect(within(dialog).getByText('Question moved to position 1.')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('textbox', { name: /Question in English/ })
        .map((e) => (e as HTMLInputElement).value),
    ).toEqual(['Move-in notes', 'Number of vehicles']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove question 2' }));
    expect(within(dialog).queryByDisplayValue('Number of vehicles')).toBeNull();
    const fee = within(dialog).getByRole('textbox', { name: /Application fee/ });
    await user.clear(fee);
    await user.type(fee, '1,234.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save the page' }));

    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/lease_application_page/a1/update', {
        customFields: [
          {
            id: 'moveInNotes',
            label: { en: 'Move-in notes', fr: 'Notes sur l’emménagement' },
            type: 'TEXT',
            required: false,
            maxLength: 255,
          },
        ],
        applicationFeeAmount: 1234.5,
      }),
    );
    expect(await within(dialog).findByText('Page saved.')).toBeInTheDocument();
  });

  it("refuses empty questions before sending, focused; shows the server's field errors in the user's language", async () => {
    const user = userEvent.setup();
    open({ kind: 'lease_application_page', page: appPage }, 'fr');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une question' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la page' }));
    const english = within(dialog).getAllByRole('textbox', { name: /Question en anglais/ })[2];
    await waitFor(() => expect(english).toHaveFocus());
    expect(english).toHaveAccessibleDescription('Champ obligatoire');
    expect(patch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Retirer la question 3' }));

    patch.mockRejectedValue(
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Des locataires se sont déjà inscrits', [
        {
          field: 'name',
          message:
            'Des locataires se sont déjà inscrits ou ont déjà fait une demande par cette page, son nom (la fin de son lien) ne peut pas changer',
        },
        { field: 'customFields.1.label.fr', message: 'Champ obligatoire' },
      ]),
    );
    const name = within(dialog).getByRole('textbox', { name: /Nom de la page/ });
    await user.type(name, '-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la page' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('son nom (la fin de son lien) ne peut pas changer'));
    expect(within(dialog).getAllByRole('textbox', { name: /Question en français/ })[1]).toHaveAccessibleDescription(
      'Champ obligatoire',
    );
  });

  it("shows a refusal on no field of the form (another company's page: 404) in an alert", async () => {
    const user = userEvent.setup();
    patch.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Application page not found'));
    open({ kind: 'lease_application_page', page: appPage });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Background check' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save the page' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(i18n.t('errors.notFound'));
    expect(patch).toHaveBeenCalledWith('/lease_application_page/a1/update', { backgroundCheckEnabled: true });
  });

  it('has no serious or critical axe violation (French, with errors shown)', async () => {
    const user = userEvent.setup();
    open({ kind: 'lease_application_page', page: appPage }, 'fr');
    const dialog = await screen.findByRole('dialog');
    const check = async () => {
      const result = await axe.run(document.body, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    };
    expect(await check()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une question' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la page' }));
    await within(dialog).findAllByText('Champ obligatoire');
    expect(await check()).toEqual([]);
  });
});

describe('PageEditorModal: onboarding page', () => {
  it('creates a page with auto-approval and shows its link', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({
      ...onboarding,
      id: 'o2',
      name: 'kits-join',
      autoApproval: true,
      publicLink: '/signup/kits-join?origin=onboarding',
    });
    open({ kind: 'on_boarding_page', page: null });
    const dialog = await screen.findByRole('dialog', { name: 'New onboarding page' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the page' }));
    const name = within(dialog).getByRole('textbox', { name: /Page name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Required Field'));
    await user.type(name, 'kits-join');
    await user.click(within(dialog).getByRole('switch', { name: /^Approve sign-ups automatically/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the page' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/on_boarding_page/create', { name: 'kits-join', autoApproval: true, companyId: 'c1' }),
    );
    expect(await within(dialog).findByRole('link', { name: /\/signup\/kits-join\?origin=onboarding$/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save the page' })).toBeInTheDocument();
  });

  it("renames a page; the server's refusal shows on the name in French", async () => {
    const user = userEvent.setup();
    patch.mockRejectedValue(
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Une autre page porte déjà ce nom', [
        { field: 'name', message: 'Une autre page porte déjà ce nom' },
      ]),
    );
    open({ kind: 'on_boarding_page', page: onboarding }, 'fr');
    const dialog = await screen.findByRole('dialog', { name: 'Page d’inscription harbourview-join' });
    const name = within(dialog).getByRole('textbox', { name: /Nom de la page/ });
    await user.clear(name);
    await user.type(name, 'kits-join');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la page' }));
    expect(patch).toHaveBeenCalledWith('/on_boarding_page/o1/update', { name: 'kits-join' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Une autre page porte déjà ce nom'));
  });
});
