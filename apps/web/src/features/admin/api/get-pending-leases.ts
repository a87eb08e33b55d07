// GET /admin/pending_leases?page=&recordsPerPage= (the admin, or a manager for their company; issue 23): self sign-up
// leases waiting for approval.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPendingLeaseKeys } from '../../../api/query-keys';
import { api, type SearchResult } from '../../../lib/api-client';
import type { AdminPendingLease } from './types';

export interface PendingLeasesQuery {
  page: number;
  recordsPerPage: number;
}

export const getPendingLeases = (q: PendingLeasesQuery) =>
  api.get<SearchResult<AdminPendingLease>>('/admin/pending_leases', { query: { ...q } });

export const pendingLeasesQueryOptions = (q: PendingLeasesQuery) =>
  queryOptions({
    queryKey: adminPendingLeaseKeys.list(q),
    queryFn: () => getPendingLeases(q),
    placeholderData: keepPreviousData,
  });

export function usePendingLeases(q: PendingLeasesQuery) {
  return useQuery(pendingLeasesQueryOptions(q));
}
