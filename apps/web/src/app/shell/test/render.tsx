// Test harness of the shell: the shared providers (src/test/render.tsx) around a memory data router with the
// neighbour routes to land on, plus helpers to fake a session (unsigned JWTs: the client only decodes them).
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import type { Customer } from '../../../api/types';
import { clearSession } from '../../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../../test/memory-router';
import { customerFixture, renderWithProviders } from '../../../test/render';
import { fakeToken } from '../../../test/session';

afterEach(() => {
  clearSession();
});

export { fakeToken };

export function customer(over: Partial<Customer> = {}): Customer {
  return customerFixture({ id: 'cust-1', birthDate: '1990-04-02', phone: null, phoneMetadata: null, phoneStatus: null, ...over });
}

/** Renders `ui` at `path` inside a memory data router (with a few neighbour routes to land on). */
export async function renderRoute(
  ui: ReactElement,
  { path = '/customer/dashboard', lang = 'en' }: { path?: string; lang?: 'en' | 'fr' } = {},
) {
  const router = createMemoryRouter(
    [
      { path: '/customer/*', element: ui },
      { path: '/signin', element: <p>sign-in page</p> },
      { path: '/logout', element: <p>logout page</p> },
      { path: '/admin/*', element: <p>admin page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = await renderWithProviders(ui, { lang, router: () => <RouterProvider router={router} /> });
  return { ...view, router };
}
