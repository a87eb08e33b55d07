// GET /admin/insurance_policies?status=PENDING and POST /admin/insurance_policies/{id}/review (issue 22, spec 2 §4: a
// manager approves or rejects an uploaded policy with a comment; issue 23: a manager of the lease's company, or the admin).
import type { AdminInsurancePolicy, InsurancePolicyRecord } from '@portal/domain/insurance-shapes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SearchResult } from '../../../lib/api-client';
import { inboxKeys } from './get-inbox-counts';

export const adminInsuranceKeys = {
  all: ['admin_insurance_policy'] as const,
  list: (q: { status: string; page: number; recordsPerPage: number }) => [...adminInsuranceKeys.all, 'list', q] as const,
};

export function useAdminInsurancePolicies(q: { status: 'PENDING'; page: number; recordsPerPage: number }) {
  return useQuery({
    queryKey: adminInsuranceKeys.list(q),
    queryFn: () => api.get<SearchResult<AdminInsurancePolicy>>('/admin/insurance_policies', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewInsurancePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approvalStatus, comment }: { id: string; approvalStatus: 'APPROVED' | 'REJECTED'; comment: string }) =>
      api.post<InsurancePolicyRecord>(`/admin/insurance_policies/${encodeURIComponent(id)}/review`, {
        approvalStatus,
        comment: comment.trim() || undefined,
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminInsuranceKeys.all }),
        qc.invalidateQueries({ queryKey: inboxKeys.all }),
      ]),
  });
}

export const downloadAdminDocument = (id: string) =>
  api.get<Blob>(`/document/${encodeURIComponent(id)}/download`, { asBlob: true });
