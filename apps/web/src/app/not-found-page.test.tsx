// The 404 page (issue 9): landmarks and a heading, a way back that fits who is asking, and the user's language on a
// full load (the signed-in customer's saved language; before sign-in the browser's, lib/i18n.ts).
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../lib/api-client';
import i18n from '../lib/i18n';
import { clearSession, setToken } from '../lib/session';
import { customerFixture, renderWithProviders } from '../test/render';
import { fakeToken } from '../test/session';
import { NotFoundPage } from './not-found-page';

vi.mock('../lib/api-client', async (original) => (await import('../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);

beforeEach(() => {
  vi.clearAllMocks();
  get.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found'));
});
afterEach(async () => {
  clearSession();
  await i18n.changeLanguage('en');
});

describe('NotFoundPage', () => {
  it('signed out: a banner and a main with its heading, and the way to sign-in', async () => {
    await renderWithProviders(<NotFoundPage />);
    const main = screen.getByRole('main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(main).toHaveTextContent('This page does not exist.');
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/signin');
    expect(document.title).toBe('Page not found · RentLedger');
    expect(get).not.toHaveBeenCalled();
  });

  it('a signed-in customer: back to the dashboard, in the language saved on the customer', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    get.mockImplementation(async (path: string) => {
      if (path === '/customer/cust-1') return customerFixture({ id: 'cust-1', languageCode: 'fr' });
      throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
    });
    await renderWithProviders(<NotFoundPage />, { lang: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    // No English flash first: nothing showed before the saved language was known.
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/customer/dashboard');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('a signed-in customer whose record does not load still gets the page and the way back', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    await renderWithProviders(<NotFoundPage />, { lang: 'en' });
    expect(await screen.findByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/customer/dashboard');
  });

  it('an administrator: back to the tenants', async () => {
    setToken(fakeToken({ id: 'admin-1', type: 'TYPE_ADMIN' }));
    await renderWithProviders(<NotFoundPage />, { lang: 'fr' });
    expect(screen.getByRole('link', { name: 'Retour aux locataires' })).toHaveAttribute('href', '/admin/tenants');
    expect(get).not.toHaveBeenCalled();
  });
});
