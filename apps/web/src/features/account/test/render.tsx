// Test harness of the account page: the shared providers with toasts (src/test/render.tsx), and fixtures.
import { notifications } from '@mantine/notifications';
import type { ReactElement } from 'react';
import { afterEach, beforeAll } from 'vitest';
import type { Customer, DocumentRecord, PropertyLease } from '../../../api/types';
import { customerFixture, renderWithProviders } from '../../../test/render';
import { loadAccountRules } from '../forms/load-account-rules';

// The forms' rules load on the first focus or tap in the browser (forms/load-account-rules.ts), long before a submit;
// here they are loaded once up front, so that a test's first submit does not race the module's first import.
beforeAll(async () => {
  await loadAccountRules();
});

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

export function renderAccount(ui: ReactElement, { lang = 'en' }: { lang?: 'en' | 'fr' } = {}) {
  return renderWithProviders(ui, { lang, withToasts: true });
}

export const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';

export function customer(over: Partial<Customer> = {}): Customer {
  return customerFixture({ id: CUSTOMER_ID, ...over });
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
