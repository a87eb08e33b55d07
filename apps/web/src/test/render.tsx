// The one test harness of the web app: Mantine, TanStack Query without retries, i18n in the asked language,
// optional toasts, and a router (a memory router at `/`, or the caller's own). Feature harnesses build on it.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { Customer } from '../api/types';
import i18n from '../lib/i18n';
import { MemoryRouter } from '../lib/navigation';

export interface RenderOptions {
  lang?: 'en' | 'fr';
  /** Mount the toast container (Mantine notifications). */
  withToasts?: boolean;
  /** Wrap `ui` in something else than a MemoryRouter (e.g. a data router that already contains it). */
  router?: (ui: ReactElement) => ReactNode;
}

export async function renderWithProviders(ui: ReactElement, { lang = 'en', withToasts = false, router }: RenderOptions = {}) {
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider env="test">
      {withToasts && <Notifications />}
      <QueryClientProvider client={client}>{router ? router(ui) : <MemoryRouter>{ui}</MemoryRouter>}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, client };
}

/** The seeded Canadian tenant as GET /customer/{id} answers it; override what a test needs. */
export function customerFixture(over: Partial<Customer> = {}): Customer {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    firstName: 'Camille',
    lastName: 'Tremblay',
    email: 'tenant@demo.test',
    birthDate: '1990-04-12',
    phone: '+16045550142',
    phoneMetadata: { carrier: 'x' },
    phoneStatus: 'VERIFIED',
    alternatePhone: null,
    languageCode: 'en',
    preferredContactMethod: 'EMAIL',
    muteTextMessageNotification: true,
    textMessageNotificationMutedBy: null,
    acknowledgedTerms: true,
    country: 'CA',
    accountType: null,
    ...over,
  };
}
