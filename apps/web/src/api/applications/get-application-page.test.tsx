// The one application-page hook (issue 20 §3): the application form, the applications screen and the sign-up page ask
// GET /lease_application_page/name/{name} through one fetcher and one cache entry, so a page read by one is not asked
// again by another (two hooks with their own fetchers each asked for it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import type { ApplicationPage } from '../types';
import { applicationPageQueryOptions, useApplicationPage } from './get-application-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const PAGE: ApplicationPage = {
  id: 'p1',
  name: 'harbour view',
  companyId: 'c1',
  companyName: 'Harbour Homes',
  country: 'CA',
  sections: {},
  customFields: [{ id: 'pets', label: { en: 'Pets', fr: 'Animaux' }, type: 'TEXT', required: false }],
  applicationFeeAmount: 50,
  creditReportEnabled: true,
  backgroundCheckEnabled: false,
  identityVerificationEnabled: false,
  incomeVerificationEnabled: false,
};

const get = vi.mocked(api.get);
let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue(PAGE);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe('useApplicationPage', () => {
  it('asks for the page by its name, once for every screen that reads it', async () => {
    const form = renderHook(() => useApplicationPage('harbour view'), { wrapper });
    const view = renderHook(() => useApplicationPage('harbour view', true), { wrapper });
    await waitFor(() => expect(form.result.current.data).toEqual(PAGE));
    await waitFor(() => expect(view.result.current.data).toEqual(PAGE));
    // the applications screen's loader reads the same entry
    expect(await client.fetchQuery(applicationPageQueryOptions('harbour view'))).toEqual(PAGE);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/lease_application_page/name/harbour%20view');
  });

  it.each([
    ['without a name', undefined, true],
    ['with an empty name', '', true],
    ['while not enabled (a closed modal)', 'harbour view', false],
  ] as const)('asks nothing %s', (_case, name, enabled) => {
    const { result } = renderHook(() => useApplicationPage(name, enabled), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(get).not.toHaveBeenCalled();
  });
});
