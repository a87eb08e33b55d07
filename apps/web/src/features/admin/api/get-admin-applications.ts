// GET /admin/lease_applications?status=PENDING&page=&recordsPerPage= (the admin, or a manager for their company; issue
// 23): applications waiting for a decision.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApplicationKeys } from '../../../api/query-keys';
import { api, type SearchResult } from '../../../lib/api-client';
import type { AdminApplication } from './types';

export interface AdminApplicationsQuery {
  status: 'PENDING';
  page: number;
  recordsPerPage: number;
}

export const getAdminApplications = (q: AdminApplicationsQuery) =>
  api.get<SearchResult<AdminApplication>>('/admin/lease_applications', { query: { ...q } });

export const adminApplicationsQueryOptions = (q: AdminApplicationsQuery) =>
  queryOptions({
    queryKey: adminApplicationKeys.list(q),
    queryFn: () => getAdminApplications(q),
    placeholderData: keepPreviousData,
  });

export function useAdminApplications(q: AdminApplicationsQuery) {
  return useQuery(adminApplicationsQueryOptions(q));
}
