import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, search } from '../../lib/api-client';
import type { SessionUser } from '../../lib/session';
import { AccountPage } from './account-page';
import { CUSTOMER_ID, customer, renderAccount } from './test/render';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});

let sessionUser: SessionUser;
vi.mock('../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));

const user = (accountType: string | null): SessionUser => ({
  id: CUSTOMER_ID,
  firstName: 'Camille',
  lastName: 'Tremblay',
  type: 'TYPE_CUSTOMER',
  accountType,
  exp: Math.floor(Date.now() / 1000) + 900,
});

beforeEach(() => {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === `/customer/${CUSTOMER_ID}`) return customer();
    if (path === `/customer/${CUSTOMER_ID}/pay-by-text/info`) return { serviceEnabled: false };
    throw new Error(`unexpected ${path}`);
  });
  vi.mocked(search).mockResolvedValue({ records: [], totalPages: 0, totalRecords: 0, page: 1 });
});

describe('AccountPage (spec 1 §2)', () => {
  it('shows the heading and the three cards in order', async () => {
    sessionUser = user(null);
    await renderAccount(<AccountPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual(['Profile', 'Security', 'Documents']);
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Camille');
  });

  it('has no security card for a Google account', async () => {
    sessionUser = user('TYPE_GOOGLE_OAUTH_ACCOUNT');
    await renderAccount(<AccountPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Security' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument();
  });

  it.each([
    [
      'securitySettingsVisible false (no password of its own, or an admin acting as the tenant)',
      { securitySettingsVisible: false },
    ],
    ['of type Google (from the record)', { accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT' }],
  ])('has no security card when the record says its security settings are not visible: %s', async (_case, over) => {
    sessionUser = user(null);
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === `/customer/${CUSTOMER_ID}`) return customer(over);
      if (path === `/customer/${CUSTOMER_ID}/pay-by-text/info`) return { serviceEnabled: false };
      throw new Error(`unexpected ${path}`);
    });
    await renderAccount(<AccountPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Profile', 'Documents']);
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  });

  it('shows the security card when the record says it is visible', async () => {
    sessionUser = user(null);
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === `/customer/${CUSTOMER_ID}`) return customer({ securitySettingsVisible: true });
      if (path === `/customer/${CUSTOMER_ID}/pay-by-text/info`) return { serviceEnabled: false };
      throw new Error(`unexpected ${path}`);
    });
    await renderAccount(<AccountPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Security' })).toBeInTheDocument();
  });

  it('is in French when the locale is French', async () => {
    sessionUser = user(null);
    await renderAccount(<AccountPage />, { lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Compte' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sécurité' })).toBeInTheDocument();
  });
});
