// spec 2 §7: GET /lease_application_page/name/{name} → the application page template (sections 3, 5, 6, 7, 8, custom
// fields, fee). One fetcher, query and hook for every screen that reads it (the application form, the applications
// screen's custom-field labels, the sign-up page), so they share one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applicationPageKeys } from '../query-keys';
import type { ApplicationPage } from '../types';

export const getApplicationPage = (name: string) =>
  api.get<ApplicationPage>(`/lease_application_page/name/${encodeURIComponent(name)}`);

export const applicationPageQueryOptions = (name: string) =>
  queryOptions({
    queryKey: applicationPageKeys.detail(name),
    queryFn: () => getApplicationPage(name),
    staleTime: 5 * 60_000,
  });

/** The template of a page name; nothing is asked without a name or while `enabled` is false. */
export function useApplicationPage(name: string | null | undefined, enabled = true) {
  return useQuery({ ...applicationPageQueryOptions(name ?? ''), enabled: !!name && enabled });
}
