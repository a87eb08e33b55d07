// The invitation link's page (issue 23): the offer, the sign-up with the invited e-mail fixed (spec 2 §5 rules, focus on
// the first invalid field), the token stored and the dashboard; an unusable link's one message; French.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { clearSession, getToken } from '../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import type { PublicInvitation } from './api';
import { InvitePage } from './invite-page';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = vi.mocked(api) as unknown as { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tenantToken = () => {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${b64url({ alg: 'HS256' })}.${b64url({ sessionRole: { id: 'c-1', firstName: 'Noor', lastName: 'Haddad', type: 'TYPE_CUSTOMER' }, exp, iat: exp - 900 })}.sig`;
};

const offer: PublicInvitation = {
  companyName: 'Maple Leaf Property Management',
  propertyName: 'Harbourview Residences',
  unit: '1203',
  startDate: '2026-12-01',
  charges: [
    { code: 'Rent', name: 'Rent', amount: 1850 },
    { code: 'parking', name: 'parking', amount: 75.5 },
  ],
  email: 'noor@example.com',
  firstName: 'Noor',
  lastName: 'Haddad',
  languageCode: 'en',
  country: 'CA',
};

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
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/customer/dashboard', element: <p>dashboard page</p> },
      { path: '/signin', element: <p>sign-in page</p> },
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

describe('InvitePage', () => {
  it('shows the offer; refuses a weak password (focus on it) without calling; then signs up onto the dashboard', async () => {
    mockedApi.get.mockResolvedValue(offer);
    const token = tenantToken();
    mockedApi.post.mockResolvedValue({ access_token: token, leaseId: 'lease-1' });
    const router = renderAt('/invite/tok-123');
    expect(await screen.findByText(/Maple Leaf Property Management invites you/)).toBeInTheDocument();
    expect(screen.getByText(/Harbourview Residences/)).toBeInTheDocument();
    expect(screen.getByText('$1,850.00')).toBeInTheDocument();
    expect(mockedApi.get).toHaveBeenCalledWith('/lease_invitation/tok-123');
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('noor@example.com');
    expect(email).toHaveAttribute('readonly');
    await userEvent.click(screen.getByLabelText(/^Mobile phone/));
    await userEvent.paste('604-555-0142');
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('short');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    expect(mockedApi.post).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.paste('Secret123');
    await userEvent.click(screen.getByLabelText(/^Confirm the password/));
    await userEvent.paste('Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findByText('dashboard page');
    expect(mockedApi.post).toHaveBeenCalledWith('/lease_invitation/tok-123/accept', {
      firstName: 'Noor',
      lastName: 'Haddad',
      phone: '+16045550142',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(getToken()).toBe(token);
    expect(router.state.location.pathname).toBe('/customer/dashboard');
  });

  it('an unusable link says so, with a way to sign in', async () => {
    const message = 'This invitation link is no longer valid (it may have expired, been replaced or already used).';
    mockedApi.get.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', message));
    renderAt('/invite/used');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('an existing account is told to sign in first, with a link back here after sign-in', async () => {
    mockedApi.get.mockResolvedValue(offer);
    mockedApi.post.mockRejectedValue(
      new ApiError(409, 'RM_ERROR_RECORD_ALREADY_EXIST', 'An account already uses noor@example.com. Sign in first.'),
    );
    renderAt('/invite/tok-9');
    await screen.findByLabelText(/^Password/);
    await userEvent.click(screen.getByLabelText(/^Mobile phone/));
    await userEvent.paste('604-555-0142');
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('Secret123');
    await userEvent.click(screen.getByLabelText(/^Confirm the password/));
    await userEvent.paste('Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in first');
    const links = screen.getAllByRole('link', { name: 'Sign in' });
    expect(links[0]).toHaveAttribute('href', `/signin?next=${encodeURIComponent('/invite/tok-9')}`);
  });

  it('reads in French with the language picker', async () => {
    mockedApi.get.mockResolvedValue(offer);
    renderAt('/invite/tok-fr');
    await screen.findByText(/invites you/);
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(await screen.findByText(/vous invite à payer votre loyer en ligne/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeInTheDocument();
  });
});
