// The public sign-up page: page lookup, spec 2 §5 field rules, the e-mail-exists alert, the submitting flag (spec 1 §4),
// the stored session and the way on to the dashboard.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { clearSession, getSessionUser, getToken, setToken } from '../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { SignupPage } from './signup-page';
import { onboardingPage, originToken, routeApi } from './test/fixtures';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = vi.mocked(api) as unknown as { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };

afterEach(async () => {
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  mockedApi.get.mockReset();
  mockedApi.post.mockReset();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/signup/:pageName', element: <SignupPage /> },
      { path: '/signin', element: <p>sign-in page</p> },
      { path: '/customer/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const pageRoute = { 'GET /on_boarding_page/name/harbourview-join': () => onboardingPage() };

/** Types by pasting (a whole value per field: the form's rules see what a user types, much faster on a busy machine). */
async function type(label: RegExp | string, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

async function fillValid(over: Partial<Record<string, string>> = {}) {
  const v = {
    first: 'Noa',
    last: 'Martin',
    email: 'noa@example.com',
    phone: '604-555-0142',
    password: 'Secret123',
    confirm: 'Secret123',
    ...over,
  };
  if (v.first) await type(/^First name/, v.first);
  if (v.last) await type(/^Last name/, v.last);
  if (v.email) await type(/^Email/, v.email);
  if (v.phone) await type(/^Mobile phone/, v.phone);
  if (v.password) await type(/^Password/, v.password);
  if (v.confirm) await type(/^Confirm password/, v.confirm);
}

describe('SignupPage', () => {
  it("shows the page's company and the password rule; field errors only after a submit, without calling the server", async () => {
    routeApi(mockedApi, { ...pageRoute, 'GET /signup/email_exists': () => ({ type: 'TYPE_CUSTOMER', exists: false }) });
    renderAt('/signup/harbourview-join');
    expect(await screen.findByText('Create your account to join Harbourview Properties.')).toBeInTheDocument();
    expect(screen.getByText(/At least 8 characters, with a digit/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await fillValid({ password: 'short', confirm: 'other', phone: '123', email: 'x@mailinator.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(/^Insufficient Password complexity/)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText(/^Disposable email addresses are not accepted/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).not.toHaveAttribute('aria-invalid');
    // focus goes to the first invalid field
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(mockedApi.post).not.toHaveBeenCalled();
  });

  it('marks an existing e-mail on blur with an alert linking to sign-in', async () => {
    const calls = routeApi(mockedApi, {
      ...pageRoute,
      'GET /signup/email_exists': () => ({ type: 'TYPE_CUSTOMER', exists: true }),
    });
    renderAt('/signup/harbourview-join');
    await screen.findByLabelText(/^Email/);
    await type(/^Email/, 'tenant@demo.test');
    await userEvent.tab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account already exists with this email address.');
    const link = screen.getByRole('link', { name: 'Sign in instead' });
    expect(link).toHaveAttribute('href', `/signin?next=${encodeURIComponent('/signup/harbourview-join?origin=onboarding')}`);
    expect(calls.find((c) => c.path === '/signup/email_exists')?.query).toEqual({ email: 'tenant@demo.test' });
    await fillValid({ email: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(mockedApi.post).not.toHaveBeenCalled();
  });

  it('creates the account: submitting flag during the call, token stored, on to the dashboard', async () => {
    let finish: (v: unknown) => void = () => {};
    const token = originToken({ originType: 'TYPE_ON_BOARDING_PAGE', signupPage: 'harbourview-join' });
    const calls = routeApi(mockedApi, {
      ...pageRoute,
      'GET /signup/email_exists': () => ({ type: 'TYPE_CUSTOMER', exists: false }),
      'POST /signup': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    const router = renderAt('/signup/harbourview-join');
    await screen.findByLabelText(/^First name/);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const button = screen.getByRole('button', { name: 'Create account' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(button).toBeDisabled();
    expect(calls.find((c) => c.path === '/signup')?.body).toEqual({
      email: 'noa@example.com',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      firstName: 'Noa',
      lastName: 'Martin',
      phone: '+16045550142',
      languageCode: 'en',
      pageName: 'harbourview-join',
      originType: 'TYPE_ON_BOARDING_PAGE',
    });
    finish({ access_token: token });
    await screen.findByText('dashboard page');
    expect(router.state.location.pathname).toBe('/customer/dashboard');
    expect(getToken()).toBe(token);
    expect(getSessionUser()?.originType).toBe('TYPE_ON_BOARDING_PAGE');
  });

  it('shows a failed sign-up as an alert and clears the submitting flag', async () => {
    routeApi(mockedApi, {
      ...pageRoute,
      'GET /signup/email_exists': () => ({ type: 'TYPE_CUSTOMER', exists: false }),
      'POST /signup': () => {
        throw new ApiError(400, 'RM_ERROR_INVALID_INPUT', 'The phone number is not valid.');
      },
    });
    renderAt('/signup/harbourview-join?origin=onboarding');
    await screen.findByLabelText(/^First name/);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The phone number is not valid.');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(getToken()).toBeNull();
  });

  it('reads the application page for origin=application and sends that origin, in French once the language is switched', async () => {
    const calls = routeApi(mockedApi, {
      'GET /lease_application_page/name/harbourview': () => ({
        id: 'lap-1',
        name: 'harbourview',
        companyId: 'company-1',
        companyName: 'Harbourview Properties',
        country: 'CA',
      }),
      'GET /signup/email_exists': () => ({ type: 'TYPE_CUSTOMER', exists: false }),
      'POST /signup': () => ({ access_token: originToken() }),
    });
    renderAt('/signup/harbourview?origin=application');
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'fr');
    expect(await screen.findByRole('heading', { name: 'Créer votre compte' })).toBeInTheDocument();
    await type(/^Prénom/, 'Noa');
    await type(/^Nom/, 'Martin');
    await type(/^Courriel/, 'noa@example.com');
    await type(/^Téléphone mobile/, '6045550142');
    await type(/^Mot de passe/, 'Secret123');
    await type(/^Confirmer le mot de passe/, 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await screen.findByText('dashboard page');
    expect(calls.find((c) => c.path === '/signup')?.body).toMatchObject({
      languageCode: 'fr',
      pageName: 'harbourview',
      originType: 'TYPE_LEASE_APPLICATION_PAGE',
    });
  });

  it('says when the page does not exist, with a link to sign in', async () => {
    routeApi(mockedApi, {
      'GET /on_boarding_page/name/nope': () => {
        throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
      },
    });
    renderAt('/signup/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-up link is not valid');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
  });

  it('gives a signed-in customer the new origin (POST /signup/origin), then the dashboard', async () => {
    setToken(originToken({ id: 'cust-1' }));
    const next = originToken({ id: 'cust-1', originType: 'TYPE_ON_BOARDING_PAGE', signupPage: 'harbourview-join' });
    const calls = routeApi(mockedApi, { ...pageRoute, 'POST /signup/origin': () => ({ access_token: next }) });
    renderAt('/signup/harbourview-join');
    await screen.findByText('dashboard page');
    expect(calls.find((c) => c.path === '/signup/origin')?.body).toEqual({
      pageName: 'harbourview-join',
      originType: 'TYPE_ON_BOARDING_PAGE',
    });
    expect(getToken()).toBe(next);
  });
});
