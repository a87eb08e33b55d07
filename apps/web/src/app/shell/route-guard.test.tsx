// The guard (issue 2): a signed-out visitor, or one whose token has expired, goes to sign-in with ?next=.
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../lib/api-client';
import { clearSession, setToken } from '../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { RequireAuth } from '../require-auth';
import { fakeToken } from './test/render';

afterEach(() => {
  cleanup();
  clearSession();
});

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/account',
        element: (
          // biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role
          <RequireAuth role="customer">
            <p>account page</p>
          </RequireAuth>
        ),
      },
      {
        path: '/admin/tenants',
        element: (
          // biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role
          <RequireAuth role="admin">
            <p>console page</p>
          </RequireAuth>
        ),
      },
      { path: '/customer/dashboard', element: <p>dashboard page</p> },
      { path: '/signin', element: <p>sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('route guard', () => {
  it('lets a signed-in tenant through', () => {
    setToken(fakeToken({ id: 'c1', type: 'TYPE_CUSTOMER' }));
    renderGuarded('/customer/account');
    expect(screen.getByText('account page')).toBeInTheDocument();
  });

  // issue 23: the console (/admin/…) is the admin's and the property managers' (the server scopes each)
  it.each([
    ['an admin', 'TYPE_ADMIN'],
    ['a property manager', 'TYPE_MANAGER'],
  ] as const)('lets %s into the console', (_case, type) => {
    setToken(fakeToken({ id: 'u1', type }));
    renderGuarded('/admin/tenants');
    expect(screen.getByText('console page')).toBeInTheDocument();
  });

  it('sends a tenant from the console to their dashboard', () => {
    setToken(fakeToken({ id: 'c1', type: 'TYPE_CUSTOMER' }));
    renderGuarded('/admin/tenants');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it.each([
    ['no token', null],
    ['an expired token', fakeToken({ id: 'c1', type: 'TYPE_CUSTOMER', expInSeconds: -10 })],
    ['a malformed token', 'not-a-jwt'],
  ])('sends a visitor with %s to sign-in', (_case, token) => {
    if (token) setToken(token);
    const router = renderGuarded('/customer/account?x=1');
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/customer/account?x=1')}`);
  });
});

describe('parseRetryAfter (429 answers)', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  it.each([
    ['30', 30],
    [' 5 ', 5],
    ['Sun, 01 Mar 2026 10:00:42 GMT', 42],
    ['Sun, 01 Mar 2026 09:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
