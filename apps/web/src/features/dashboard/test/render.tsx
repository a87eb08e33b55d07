// Test harness of the dashboard components: Mantine, TanStack Query (no retries), a memory router and i18n in English.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import i18n from '../../../lib/i18n';

// The shared setup does not enable globals, so Testing Library's automatic cleanup is registered here.
afterEach(() => cleanup());

export async function renderWithProviders(ui: ReactElement, { lang = 'en' }: { lang?: 'en' | 'fr' } = {}) {
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
