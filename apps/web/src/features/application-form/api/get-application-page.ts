import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationPageKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { ApplicationPage } from './types';

// spec 2 §7: GET /lease_application_page/name/{name} → the page template (sections 3, 5, 6, 7, 8, custom fields, fee)
export const getApplicationPage = (name: string) =>
  api.get<ApplicationPage>(`/lease_application_page/name/${encodeURIComponent(name)}`);

export const applicationPageQueryOptions = (name: string) =>
  queryOptions({
    queryKey: applicationPageKeys.detail(name),
    queryFn: () => getApplicationPage(name),
    staleTime: 5 * 60_000,
  });

export function useApplicationPage(name: string | undefined) {
  return useQuery({ ...applicationPageQueryOptions(name ?? ''), enabled: !!name });
}
