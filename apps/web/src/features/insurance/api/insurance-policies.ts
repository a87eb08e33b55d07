// The tenant's insurance policies (spec 2 §7 "Documents and insurance"; docs/api-contract.md "Insurance"): the search by
// user and lease, create (POST /create), update, terminate, and the proof document's upload, delete and download.
import type { InsurancePolicyRecord } from '@portal/domain/insurance-shapes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentKeys } from '../../../api/query-keys';
import { api, search } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export type InsurancePolicy = InsurancePolicyRecord;

/** One query-key factory for the entity (STYLE: medusa admin hooks). */
export const insuranceKeys = {
  all: ['insurance_policy'] as const,
  lists: () => [...insuranceKeys.all, 'list'] as const,
  list: (q: { userId: string; leaseIds: readonly string[] }) => [...insuranceKeys.lists(), q] as const,
};

/** spec 2 §7: POST /INSURANCE_POLICY/search by user id and lease id(s). */
export const insurancePoliciesQuery = (userId: string, leaseIds: readonly string[]) =>
  queryOptions({
    queryKey: insuranceKeys.list({ userId, leaseIds }),
    queryFn: () =>
      search<InsurancePolicy>(
        'INSURANCE_POLICY',
        {
          conditions: [
            { field: 'userId', operator: 'EQUALS', value: userId },
            { field: 'leaseId', operator: 'IN', value: leaseIds },
          ],
        },
        { page: 1, recordsPerPage: 100 },
      ),
  });

export function useInsurancePolicies(userId: string | undefined, leaseIds: readonly string[]) {
  return useQuery({
    ...insurancePoliciesQuery(userId ?? '', leaseIds),
    enabled: !!userId && leaseIds.length > 0,
  });
}

export interface PolicyFields {
  carrierName: string;
  firstName: string;
  lastName: string;
  startDate: string;
  endDate: string;
  effectiveDate: string | null;
  policyIdentifier: string;
}

function useInvalidatePolicies() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: insuranceKeys.lists() }),
      qc.invalidateQueries({ queryKey: documentKeys.lists() }),
    ]);
}

export function useCreatePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: PolicyFields & { leaseId: string }) =>
      api.post<InsurancePolicy>('/create', { type: 'TYPE_INSURANCE_POLICY', ...body }),
    onSettled: invalidate,
  });
}

export function useUpdatePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: ({ id, ...body }: PolicyFields & { id: string }) =>
      api.patch<InsurancePolicy>(`/INSURANCE_POLICY/${encodeURIComponent(id)}/update`, body),
    onSettled: invalidate,
  });
}

/** Terminating an external policy (our POST /INSURANCE_POLICY/{id}/terminate; spec 2 §7: path not shown). */
export function useTerminatePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (id: string) => api.post<InsurancePolicy>(`/INSURANCE_POLICY/${encodeURIComponent(id)}/terminate`),
    onSettled: invalidate,
  });
}

/** spec 2 §7: POST /INSURANCE_POLICY/{id}/upload (multipart, a `file` part) → { id }; a new one replaces the old. */
export function useUploadPolicyDocument() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: ({ policyId, file }: { policyId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<{ id?: string | null }>(`/INSURANCE_POLICY/${encodeURIComponent(policyId)}/upload`, form);
    },
    onSettled: invalidate,
  });
}

/** spec 2 §7: DELETE /document/{id}/delete. */
export function useDeletePolicyDocument() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (documentId: string) => api.delete<{ id: string }>(`/document/${encodeURIComponent(documentId)}/delete`),
    onSettled: invalidate,
  });
}

/** spec 2 §7: GET /document/{id}/download (binary), saved under the document's name. */
export function useDownloadPolicyDocument() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const blob = await api.get<Blob>(`/document/${encodeURIComponent(id)}/download`, { asBlob: true });
      saveBlob(blob, name);
    },
  });
}
