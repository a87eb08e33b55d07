// issue 23: the console's language for corporate users: the saved languageCode (GET /corporateUser/{id}) applies after
// sign-in; the console's select saves it (PATCH /corporateUser/{id}/update) and switches once saved. A manager's
// sections include the inbox's insurance tab, not the admin's own pages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { clearSession, setToken } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { fakeToken } from '../../../test/session';
import { AdminLayout } from './admin-layout';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const patch = vi.mocked(api.patch);
const manager = { id: 'm-2', firstName: 'Élise', lastName: 'Gagnon', email: 'manager2@demo.test', type: 'TYPE_MANAGER' };

beforeEach(() => {
  get.mockReset();
  patch.mockReset();
  setToken(fakeToken({ id: 'm-2', type: 'TYPE_MANAGER', companyId: 'co-2' }));
  get.mockResolvedValue({ ...manager, languageCode: 'fr' });
  patch.mockImplementation(async (_path, body) => ({ ...manager, ...(body as object) }));
});
afterEach(async () => {
  clearSession();
  await i18n.changeLanguage('en');
});

describe("the console's language (corporate user)", () => {
  it("opens in the manager's saved language, and the select saves a new one", async () => {
    await renderWithProviders(
      <AdminLayout>
        <p>page</p>
      </AdminLayout>,
    );
    expect(get).toHaveBeenCalledWith('/corporateUser/m-2');
    const nav = await screen.findByRole('navigation', { name: 'Sections de l’administration' });
    expect(within(nav).getByRole('link', { name: 'Approbations' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Assurances' })).toHaveAttribute('href', '/admin/insurance');
    expect(within(nav).queryByRole('link', { name: 'Déclaration de crédit' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Langue'), 'en');
    expect(patch).toHaveBeenCalledWith('/corporateUser/m-2/update', { languageCode: 'en' });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(await screen.findByRole('link', { name: 'Approvals' })).toBeInTheDocument();
  });

  it('keeps the language when the save fails', async () => {
    patch.mockRejectedValue(new Error('offline'));
    get.mockResolvedValue({ ...manager, languageCode: 'en' });
    await renderWithProviders(
      <AdminLayout>
        <p>page</p>
      </AdminLayout>,
    );
    await waitFor(() => expect(get).toHaveBeenCalled());
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(i18n.language).toBe('en');
  });
});
