import { queryOptions, useQuery } from '@tanstack/react-query';
import { search } from '../../lib/api-client';
import { applicationKeys } from '../query-keys';
import type { LeaseApplication } from '../types';

/** spec 2 §7: POST /lease_application/search with the property and the page template (lap) joined: one call for all cards. */
export const searchApplications = () =>
  search<LeaseApplication>('lease_application', { conditions: [], joins: ['property', 'lap'] }, { page: 1, recordsPerPage: 100 });

export const applicationsQueryOptions = () =>
  queryOptions({ queryKey: applicationKeys.list({ joins: 'dashboard' }), queryFn: searchApplications });

export function useApplications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...applicationsQueryOptions(), enabled: options.enabled ?? true });
}
