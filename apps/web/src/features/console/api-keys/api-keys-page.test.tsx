// issue 24 "Access for machines": the console's API keys page. A manager lists their company's keys (prefix, last use,
// creator), creates one (a missing name refused before any call, focused) and sees it once; revokes one after
// confirming. The admin (in French) must pick the company; a server refusal shows on its field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { clearSession, setToken } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { fakeToken } from '../../../test/session';
import type { ApiKey } from './api/api-keys';
import { ApiKeysPage } from './api-keys-page';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const key: ApiKey = {
  id: 'k1',
  companyId: 'co-1',
  companyName: 'Maple Leaf Property Management',
  name: 'Accounting export',
  prefix: 'rpk_AbCdEfGhIjKl',
  scopes: ['ledger:read'],
  status: 'ACTIVE',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: { id: 'm-1', type: 'TYPE_MANAGER', name: 'Morgan Lee' },
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/api_key/list') return { records: [key] };
    if (path === '/company/list') return { records: [{ id: 'co-1', name: 'Maple Leaf Property Management', country: 'CA' }] };
    return { id: 'x', languageCode: i18n.language };
  });
});
afterEach(async () => {
  clearSession();
  await i18n.changeLanguage('en');
});

describe('ApiKeysPage', () => {
  it('a manager creates a key (shown once) after a missing name is refused, and revokes one after confirming', async () => {
    setToken(fakeToken({ id: 'm-1', type: 'TYPE_MANAGER', companyId: 'co-1' }));
    const user = userEvent.setup();
    await renderWithProviders(<ApiKeysPage />);
    const row = (await screen.findByText('Accounting export')).closest('tr') as HTMLElement;
    expect(within(row).getByText('rpk_AbCdEfGhIjKl…')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText(/Morgan Lee/)).toBeInTheDocument();
    // No company choice for a manager: their own.
    expect(screen.queryByLabelText(/Company/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Enter a name for the key.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValueOnce({ ...key, id: 'k2', name: 'PMS sync', key: 'rpk_AbCdEfGhIjKl_secretsecret' });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'PMS sync');
    await user.click(screen.getByRole('checkbox', { name: 'Properties and leases (read-only)' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(post).toHaveBeenCalledWith('/api_key/create', { name: 'PMS sync', scopes: ['ledger:read', 'properties:read'] });
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('rpk_AbCdEfGhIjKl_secretsecret');
    expect(screen.getByText(/It will not be shown again/)).toBeInTheDocument();

    post.mockResolvedValueOnce({ ...key, status: 'REVOKED' });
    await user.click(screen.getByRole('button', { name: 'Revoke the key Accounting export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/api_key/k1/revoke'));
  });

  it("the admin, in French, picks the company; the server's refusal shows on its field", async () => {
    setToken(fakeToken({ id: 'a-1', type: 'TYPE_ADMIN' }));
    const user = userEvent.setup();
    await renderWithProviders(<ApiKeysPage />, { lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clés d’API' })).toBeInTheDocument();
    await screen.findByText('Maple Leaf Property Management', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: /Nom/ }), 'Export');
    await user.click(screen.getByRole('button', { name: 'Créer la clé' }));
    expect(screen.getByText('Choisissez l’entreprise de la clé.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Entreprise/ })).toHaveFocus();
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Vérifiez', [{ field: 'name', message: '100 caractères au plus.' }]),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Entreprise/ }), 'co-1');
    await user.click(screen.getByRole('button', { name: 'Créer la clé' }));
    expect(post).toHaveBeenCalledWith('/api_key/create', { name: 'Export', scopes: ['ledger:read'], companyId: 'co-1' });
    expect(await screen.findByText('100 caractères au plus.')).toBeInTheDocument();
  });
});
