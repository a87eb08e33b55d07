import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApplicationPageTemplate } from './types';

// spec 2 §7: GET /lease_application_page/name/{name}: the template, here for its custom fields' labels.
export const getApplicationPage = (name: string) =>
  api.get<ApplicationPageTemplate>(`/lease_application_page/name/${encodeURIComponent(name)}`);

export const applicationPageQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['lease_application_page', 'detail', name] as const,
    queryFn: () => getApplicationPage(name),
    staleTime: 5 * 60_000,
  });

export function useApplicationPage(name: string | null | undefined, enabled = true) {
  return useQuery({ ...applicationPageQueryOptions(name ?? ''), enabled: !!name && enabled });
}
