// GET /admin/tenants?search=&page=&recordsPerPage= (admin): tenants' leases, searchable, paged.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTenantKeys } from '../../../api/query-keys';
import { api, type SearchResult } from '../../../lib/api-client';
import type { AdminTenantLease } from './types';

export interface AdminTenantsQuery {
  search: string;
  /** issue 23: the console's filters */
  propertyId?: string;
  status?: string;
  page: number;
  recordsPerPage: number;
}

export const getAdminTenants = (q: AdminTenantsQuery) =>
  api.get<SearchResult<AdminTenantLease>>('/admin/tenants', {
    query: {
      search: q.search || undefined,
      propertyId: q.propertyId || undefined,
      status: q.status || undefined,
      page: q.page,
      recordsPerPage: q.recordsPerPage,
    },
  });

export const adminTenantsQueryOptions = (q: AdminTenantsQuery) =>
  queryOptions({ queryKey: adminTenantKeys.list(q), queryFn: () => getAdminTenants(q), placeholderData: keepPreviousData });

export function useAdminTenants(q: AdminTenantsQuery) {
  return useQuery(adminTenantsQueryOptions(q));
}
