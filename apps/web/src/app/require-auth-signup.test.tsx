// issue 11 (app/require-auth.tsx): a signed-out visitor of an application link signs up from that page; a link to an
// existing application still goes to sign-in.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation, useSearch } from 'wouter';
import { createMemoryRouter, RouterProvider } from '../test/memory-router';
import { RequireAuth } from './require-auth';

afterEach(cleanup);

function Where() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p data-testid="where">{`${pathname}${search ? `?${search}` : ''}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/apply/:signupPage',
        element: (
          // biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role
          <RequireAuth role="customer">
            <p>form</p>
          </RequireAuth>
        ),
      },
      { path: '/signup/:pageName', element: <Where /> },
      { path: '/signin', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('RequireAuth on /apply/{name}', () => {
  it('sends a signed-out visitor of an application link to the sign-up page with the application origin', () => {
    renderAt('/apply/harbourview');
    expect(screen.getByTestId('where')).toHaveTextContent('/signup/harbourview?origin=application');
  });

  it('sends a signed-out visitor of an existing application to sign-in', () => {
    renderAt('/apply/harbourview?applicationId=app-1');
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/signin?next=${encodeURIComponent('/apply/harbourview?applicationId=app-1')}`,
    );
  });
});
