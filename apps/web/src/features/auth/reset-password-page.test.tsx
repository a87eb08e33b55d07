// /reset-password/:token (issue 25): the link checked first, a dead link's own screen, the Account page's password
// rules, the server's field refusals at their fields, and a signed-in landing as the sign-in page does it.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { clearSession, getToken, setToken } from '../../lib/session';
import { fakeToken } from '../../test/session';
import { ResetPasswordPage } from './reset-password-page';
import { renderAuthRoute, seriousAxeViolations } from './test/render-auth-route';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const LINK = { email: 'c•••@demo.test', expiresAt: '2026-11-27T21:00:00.000Z' };
const GONE = new ApiError(410, 'RM_ERROR_LINK_INVALID', 'This link has expired or was already used. Ask for a new one.');

afterEach(async () => {
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

const renderPage = (token = 'tok-1', lang: 'en' | 'fr' = 'en') =>
  renderAuthRoute(`/reset-password/${token}`, [{ path: '/reset-password/:token', element: <ResetPasswordPage /> }], {
    lang,
  });

const fill = async (password: string, confirm: string) => {
  if (password) await userEvent.type(screen.getByLabelText(/^New password/), password);
  if (confirm) await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
};

describe('ResetPasswordPage', () => {
  it('checks the link first, then asks for the new password of the masked account, axe-clean', async () => {
    let answer: (v: typeof LINK) => void = () => undefined;
    get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderPage('tok-1');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');
    expect(get).toHaveBeenCalledWith('/password/reset/tok-1');
    answer(LINK);
    expect(await screen.findByText('For the account c•••@demo.test.')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'Choose a new password' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      'At least 8 characters with a number, an upper-case and a lower-case letter.',
    );
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('a dead link (410) has its own screen with a way to ask for a new one', async () => {
    get.mockRejectedValue(GONE);
    const { router } = await renderPage('used');
    const heading = await screen.findByRole('heading', { name: 'This link has expired or was already used' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('holds the password to the Account page’s rules before calling the server', async () => {
    get.mockResolvedValue(LINK);
    await renderPage();
    await screen.findByLabelText(/^New password/);
    await fill('short', 'other');
    expect(await screen.findByText(/Insufficient Password complexity/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('saves the new password, stores the session as sign-in does and goes to the role’s landing page', async () => {
    setToken(fakeToken({ id: 'someone-else', type: 'TYPE_CUSTOMER' }));
    const token = fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' });
    get.mockResolvedValue(LINK);
    post.mockResolvedValue({ access_token: token });
    const { router } = await renderPage('tok-2');
    await screen.findByLabelText(/^New password/);
    await fill('NewPass123', 'NewPass123');
    expect(post).toHaveBeenCalledWith('/password/reset', {
      token: 'tok-2',
      newPassword: 'NewPass123',
      confirmNewPassword: 'NewPass123',
    });
    // "/" is the landing by role (app/require-auth.tsx HomeRedirect), as the sign-in page goes there
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBe(token);
  });

  it('shows the server’s field refusals on their fields', async () => {
    get.mockResolvedValue(LINK);
    post.mockRejectedValue(
      new ApiError(400, 'RM_ERROR_PASSWORD_COMPLEXITY', 'Refused', [
        { field: 'newPassword', message: 'This password was found in a data breach.' },
      ]),
    );
    await renderPage();
    await screen.findByLabelText(/^New password/);
    await fill('NewPass123', 'NewPass123');
    expect(await screen.findByText('This password was found in a data breach.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true'));
    expect(getToken()).toBeNull();
  });

  it('a link that dies meanwhile (410 on save) turns into the dead-link screen', async () => {
    get.mockResolvedValue(LINK);
    post.mockRejectedValue(GONE);
    await renderPage();
    await screen.findByLabelText(/^New password/);
    await fill('NewPass123', 'NewPass123');
    expect(await screen.findByRole('heading', { name: 'This link has expired or was already used' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    get.mockResolvedValue(LINK);
    await renderPage('tok-fr', 'fr');
    expect(await screen.findByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirmer le nouveau mot de passe/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer et me connecter' })).toBeInTheDocument();
  });
});
