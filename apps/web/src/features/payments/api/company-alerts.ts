// Issue 21 §2 (spec 1 §8, spec 2 §8): the one-time alerts of the tenant's listed companies. GET /company_alert/pending
// → the alerts not shown yet; POST /company_alert/seen { companyId, alert } → remembered by the server (shown once).
import type { CompanyAlert, CompanyAlertRecord } from '@portal/domain/company-alerts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { companyKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export const getPendingCompanyAlerts = () => api.get<{ records: CompanyAlertRecord[] }>('/company_alert/pending');

export function usePendingCompanyAlerts(enabled: boolean) {
  return useQuery({
    queryKey: [...companyKeys.all, 'alerts', 'pending'] as const,
    queryFn: getPendingCompanyAlerts,
    enabled,
    // what was pending when the page opened is what shows; a refetch would drop alerts just marked seen
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useMarkCompanyAlertSeen() {
  return useMutation({
    mutationFn: (body: { companyId: string; alert: CompanyAlert }) => api.post<{ stored: boolean }>('/company_alert/seen', body),
  });
}
