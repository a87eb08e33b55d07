// /forgot-password (issue 25): the same confirmation whatever the server knows, the demo inbox link when the server
// says the inbox is public, the wait of a 429, and the sign-in page's link to it.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { ForgotPasswordPage } from './forgot-password-page';
import { SignInPage } from './sign-in-page';
import { renderAuthRoute, seriousAxeViolations } from './test/render-auth-route';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
const req = vi.mocked(api.post);

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});
// a block: mockReset answers the mock, which beforeEach would take for a teardown and call
beforeEach(() => {
  req.mockReset();
});

const renderPage = (lang: 'en' | 'fr' = 'en') =>
  renderAuthRoute('/forgot-password', [{ path: '/forgot-password', element: <ForgotPasswordPage /> }], { lang });

const send = async (email: string) => {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
};

describe('ForgotPasswordPage', () => {
  it('is reached from the sign-in page by its "Forgot password?" link', async () => {
    const { router } = await renderAuthRoute('/signin', [
      { path: '/signin', element: <SignInPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('checks the e-mail as the sign-in form does, without calling the server', async () => {
    await renderPage();
    await send('');
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    await send('not-an-address');
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(req).not.toHaveBeenCalled();
  });

  it('sends the address and shows the same confirmation, focused, with the way back to sign in', async () => {
    req.mockResolvedValue({ result: 'SENT' });
    await renderPage();
    await send('  tenant@demo.test ');
    expect(req).toHaveBeenCalledWith('/password/forgot', { email: 'tenant@demo.test' });
    const heading = await screen.findByRole('heading', { name: 'Check your e-mail' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account uses tenant@demo.test, we sent it a link to choose a new password. It works for 60 minutes. Check your spam folder too.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
    // no demo inbox unless the server says it is public
    expect(screen.queryByRole('link', { name: 'Open the demo inbox' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('links to the demo inbox for that address when the server says the inbox is public', async () => {
    req.mockResolvedValue({ result: 'SENT', sandboxInbox: true });
    await renderPage();
    await send('new.tenant+1@demo.test');
    expect(await screen.findByRole('link', { name: 'Open the demo inbox' })).toHaveAttribute(
      'href',
      '/sandbox/mail?to=new.tenant%2B1%40demo.test',
    );
  });

  it('shows the server’s 429 message with the wait, and keeps the form', async () => {
    req.mockRejectedValue(
      new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many requests. Please wait a few minutes and try again.', [], 30),
    );
    await renderPage();
    await send('tenant@demo.test');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too many requests. Please wait a few minutes and try again. You can try again in 30 seconds.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveValue('tenant@demo.test');
  });

  it('says when the server cannot be reached', async () => {
    req.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderPage();
    await send('tenant@demo.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server.');
  });

  it('speaks French, with the form axe-clean', async () => {
    req.mockResolvedValue({ result: 'SENT' });
    await renderPage('fr');
    expect(screen.getByRole('heading', { name: 'Réinitialiser votre mot de passe' })).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    await userEvent.type(screen.getByLabelText('Courriel'), 'locataire@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Si un compte utilise locataire@demo.test');
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeInTheDocument();
  });
});
