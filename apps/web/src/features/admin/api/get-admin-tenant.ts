// GET /admin/tenants/{leaseId} (admin): one lease with its tenant and property.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTenantKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { AdminTenantLease } from './types';

export const getAdminTenant = (leaseId: string) => api.get<AdminTenantLease>(`/admin/tenants/${encodeURIComponent(leaseId)}`);

export const adminTenantQueryOptions = (leaseId: string) =>
  queryOptions({ queryKey: adminTenantKeys.detail(leaseId), queryFn: () => getAdminTenant(leaseId) });

export function useAdminTenant(leaseId: string) {
  return useQuery(adminTenantQueryOptions(leaseId));
}
