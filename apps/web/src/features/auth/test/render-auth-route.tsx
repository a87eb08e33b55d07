// The auth pages' test harness (issue 25): a page at its address among a few landing places, over a memory router.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { type ReactElement, StrictMode } from 'react';
import i18n from '../../../lib/i18n';
import { createMemoryRouter, RouterProvider } from '../../../test/memory-router';

export async function renderAuthRoute(
  path: string,
  routes: { path: string; element: ReactElement }[],
  { lang = 'en', strict = false }: { lang?: 'en' | 'fr'; strict?: boolean } = {},
) {
  await i18n.changeLanguage(lang);
  const router = createMemoryRouter(
    [
      ...routes,
      { path: '/', element: <p>landing page</p> },
      { path: '/signin', element: <p>sign-in page</p> },
      { path: '/forgot-password', element: <p>forgot-password page</p> },
      { path: '/customer/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const tree = (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { router, client };
}

/** The serious and critical axe violations of the page as shown. */
export async function seriousAxeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
