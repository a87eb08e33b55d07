// Test harness of the account page: Mantine (no transitions or portals), toasts, TanStack Query without retries, i18n.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import type { Customer, DocumentRecord, PropertyLease } from '../../../api/types';
import i18n from '../../../lib/i18n';

// vitest runs without globals here, so Testing Library cannot register its own cleanup
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
});

export async function renderAccount(ui: ReactElement, { lang = 'en' }: { lang?: 'en' | 'fr' } = {}) {
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    ...render(
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

export const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';

export function customer(over: Partial<Customer> = {}): Customer {
  return {
    id: CUSTOMER_ID,
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

export function documentRecord(id: string, ownerType: DocumentRecord['ownerType'], name: string, size = 2048): DocumentRecord {
  return {
    id,
    url: `/api/document/${id}/download/${CUSTOMER_ID}/${encodeURIComponent(name)}`,
    ownerType,
    name: 'stored-name',
    size,
    recordType: 'TYPE_PROPERTY_LEASE',
    recordId: 'lease-1',
    createDate: '2026-11-01T10:00:00Z',
  };
}

export function leaseRecord(id: string, propertyName: string, unit: string | null): PropertyLease {
  return {
    id,
    unit,
    joins: {
      property: {
        id: `p-${id}`,
        propertyName,
        street1: '1 Main',
        street2: null,
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6Z 1M6',
      },
    },
  } as PropertyLease;
}

/** Bytes of a valid 1x1 PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
