// issue 24 "Access for Google accounts": the sign-in page's "Sign in with Google" link (to GET /api/authorizeoauth with
// the language and the page to open after), the return from Google (the token in the fragment kept, on to ?next=, the
// fragment wiped) and the refusals' messages, in English and in French.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { clearSession, getToken, setToken } from '../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { fakeToken } from '../../test/session';
import { SignInPage } from './sign-in-page';

afterEach(async () => {
  cleanup();
  clearSession();
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/', element: <p>home</p> },
      { path: '/customer/account', element: <p>account page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('Sign in with Google', () => {
  it('is a link to the API with the language and the page to open after, in English and French', async () => {
    renderAt('/signin?next=/customer/account');
    const link = screen.getByRole('link', { name: 'Sign in with Google' });
    expect(link.getAttribute('href')).toBe('/api/authorizeoauth?lang=en&next=%2Fcustomer%2Faccount');
    await i18n.changeLanguage('fr');
    const fr = await screen.findByRole('link', { name: 'Se connecter avec Google' });
    expect(fr.getAttribute('href')).toContain('lang=fr');
  });

  it('back from Google: keeps the token from the fragment, wipes the fragment and opens ?next=', async () => {
    const token = fakeToken({ id: 'c-google', type: 'TYPE_CUSTOMER' });
    window.history.replaceState(null, '', `/signin?next=/customer/account#access_token=${encodeURIComponent(token)}`);
    renderAt('/signin?next=/customer/account');
    expect(await screen.findByText('account page')).toBeInTheDocument();
    expect(getToken()).toBe(token);
    expect(window.location.hash).toBe('');
  });

  it("back from Google while another person's session is still stored: the new token replaces it", async () => {
    setToken(fakeToken({ id: 'someone-else', type: 'TYPE_CUSTOMER' }));
    const token = fakeToken({ id: 'c-google', type: 'TYPE_CUSTOMER' });
    window.history.replaceState(null, '', `/signin#access_token=${encodeURIComponent(token)}`);
    renderAt('/signin');
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(getToken()).toBe(token);
  });

  it("says why Google's answer did not sign the person in (an unknown reason: the general message)", async () => {
    renderAt('/signin?oauthError=unverified');
    expect(screen.getByRole('alert')).toHaveTextContent('Google has not verified this email address');
    cleanup();
    await i18n.changeLanguage('fr');
    renderAt('/signin?oauthError=whatever');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Nous n’avons pas pu vous connecter avec Google. Veuillez réessayer.'),
    );
  });
});
