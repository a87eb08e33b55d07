// /verify-email/:token (issue 25): confirmed once on arrival (StrictMode too), then the way on; a dead link (410) and
// an address taken meanwhile (409) say what to do.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { clearSession, setToken } from '../../lib/session';
import { fakeToken } from '../../test/session';
import { renderAuthRoute, seriousAxeViolations } from './test/render-auth-route';
import { VerifyEmailPage } from './verify-email-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
const post = vi.mocked(api.post);

afterEach(async () => {
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  post.mockReset();
});

const renderPage = (token: string, opts: { lang?: 'en' | 'fr'; strict?: boolean } = {}) =>
  renderAuthRoute(`/verify-email/${token}`, [{ path: '/verify-email/:token', element: <VerifyEmailPage /> }], opts);

describe('VerifyEmailPage', () => {
  it('confirms the link once on arrival, even in StrictMode, and offers sign-in when signed out', async () => {
    post.mockResolvedValue({ email: 'camille@example.com', verified: true });
    const { router } = await renderPage('tok-1', { strict: true });
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your e-mail address…');
    const heading = await screen.findByRole('heading', { name: 'E-mail address confirmed' });
    expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address camille@example.com is confirmed.');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/email/verify', { token: 'tok-1' });
    expect(await seriousAxeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('goes to the dashboard when the tenant is signed in', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    post.mockResolvedValue({ email: 'camille@example.com', verified: true });
    const { router } = await renderPage('tok-2');
    await userEvent.click(await screen.findByRole('link', { name: 'Go to your dashboard' }));
    expect(router.state.location.pathname).toBe('/customer/dashboard');
  });

  it('a dead link (410) says to sign in and ask for a new one from the Account page', async () => {
    post.mockRejectedValue(new ApiError(410, 'RM_ERROR_LINK_INVALID', 'This link has expired or was already used.'));
    await renderPage('used');
    const heading = await screen.findByRole('heading', { name: 'This link has expired or was already used' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sign in, then ask for a new link on your Account page (under your e-mail address).',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('an address taken by another account meanwhile (409) says so', async () => {
    post.mockRejectedValue(new ApiError(409, 'RM_ERROR_RECORD_ALREADY_EXIST', 'Already exists'));
    await renderPage('taken');
    expect(await screen.findByRole('heading', { name: 'This address is used by another account' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Another account started using this e-mail address/);
  });

  it('a failure to reach the server can be tried again', async () => {
    post.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    post.mockResolvedValueOnce({ email: 'camille@example.com', verified: true });
    await renderPage('tok-3');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('speaks French', async () => {
    post.mockResolvedValue({ email: 'camille@example.com', verified: true });
    await renderPage('tok-fr', { lang: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Adresse courriel confirmée' })).toBeInTheDocument();
    expect(screen.getByText('Votre adresse courriel camille@example.com est confirmée.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });
});
