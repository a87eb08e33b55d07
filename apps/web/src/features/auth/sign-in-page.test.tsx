// The sign-in page: GET /authorize with basic auth, token stored, on to ?next=; each failure has its message.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { clearSession, getToken } from '../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { fakeToken } from '../../test/session';
import { SignInPage } from './sign-in-page';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, request: vi.fn() };
});
const req = vi.mocked(request);

afterEach(async () => {
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  req.mockReset();
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

const fill = async (email: string, password: string) => {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('SignInPage', () => {
  it('shows the product name and field messages after a submit attempt, without calling the server', async () => {
    renderAt('/signin');
    expect(screen.getByText('RentLedger')).toBeInTheDocument();
    await fill('', '');
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(req).not.toHaveBeenCalled();
  });

  it('signs in with basic auth, stores the token and goes to ?next=', async () => {
    const token = fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' });
    req.mockResolvedValue({ access_token: token });
    const router = renderAt('/signin?next=%2Fcustomer%2Faccount');
    await fill('tenant@demo.test', 'Demo1234');
    expect(req).toHaveBeenCalledWith('/authorize', { basicAuth: { email: 'tenant@demo.test', password: 'Demo1234' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/account'));
    expect(getToken()).toBe(token);
  });

  it('saves a language chosen on the sign-in page to the customer before the portal opens (issue 9)', async () => {
    const token = fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' });
    req.mockImplementation(async (path) =>
      path === '/authorize' ? { access_token: token } : { id: 'cust-1', languageCode: 'fr' },
    );
    const router = renderAt('/signin');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    await waitFor(() => expect(screen.getByLabelText('Langue')).toHaveValue('fr'));
    await userEvent.type(screen.getByLabelText('Courriel'), 'tenant@demo.test');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(req).toHaveBeenCalledWith('/customer/cust-1/update', { method: 'PATCH', body: { languageCode: 'fr' } });
    // The save went with the new session's token, before the portal opened.
    expect(getToken()).toBe(token);
    expect(i18n.language).toBe('fr');
  });

  it('leaves the saved language alone when none was chosen on the page; saves a corporate user’s to them (issue 23)', async () => {
    req.mockResolvedValue({ access_token: fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }) });
    const router = renderAt('/signin');
    await fill('tenant@demo.test', 'Demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(req).toHaveBeenCalledTimes(1);

    cleanup();
    clearSession();
    req.mockReset();
    req.mockImplementation(async (path) =>
      path === '/authorize' ? { access_token: fakeToken({ id: 'admin-1', type: 'TYPE_ADMIN' }) } : { id: 'admin-1' },
    );
    const admin = renderAt('/signin');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    await waitFor(() => expect(screen.getByLabelText('Langue')).toHaveValue('fr'));
    await userEvent.type(screen.getByLabelText('Courriel'), 'admin@demo.test');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(admin.state.location.pathname).toBe('/'));
    // the console's language is the corporate user's languageCode (GET/PATCH /corporateUser/{id})
    expect(req).toHaveBeenCalledWith('/corporateUser/admin-1/update', { method: 'PATCH', body: { languageCode: 'fr' } });
    expect(req).toHaveBeenCalledTimes(2);
  });

  it('ignores a ?next= that leaves the site', async () => {
    req.mockResolvedValue({ access_token: fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }) });
    const router = renderAt('/signin?next=https%3A%2F%2Fevil.example');
    await fill('tenant@demo.test', 'Demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    [
      '401',
      () => new ApiError(401, 'RM_ERROR_INVALID_CREDENTIALS', 'Invalid credentials'),
      'The email or password is incorrect.',
    ],
    [
      '429 with Retry-After',
      () => new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many', [], 42),
      'Too many sign-in attempts. Try again in 42 seconds.',
    ],
    [
      '429 with a Retry-After of minutes (the growing delay of issue 21 §1)',
      () => new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many', [], 128),
      /Too many sign-in attempts\. For your security, try again in 3 minutes \(at \d{1,2}:\d{2}/,
    ],
    [
      '429 without Retry-After',
      () => new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many'),
      'Too many sign-in attempts. Please wait a moment and try again.',
    ],
    [
      'network failure',
      () => new TypeError('Failed to fetch'),
      'We could not reach the server. Check your connection and try again.',
    ],
  ])('%s → its message, password cleared', async (_case, makeError, message) => {
    req.mockImplementation(async () => {
      throw makeError();
    });
    renderAt('/signin');
    await fill('tenant@demo.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(getToken()).toBeNull();
  });
});
