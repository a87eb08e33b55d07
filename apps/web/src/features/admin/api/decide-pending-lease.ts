// POST /admin/property_leases/{id}/approve | decline (a manager of the lease's company, or the admin; issue 23): a self
// sign-up lease waiting for approval.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPendingLeaseKeys, adminTenantKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { inboxKeys } from './get-inbox-counts';

export const approvePendingLease = (id: string) =>
  api.post<{ id: string; status: string }>(`/admin/property_leases/${encodeURIComponent(id)}/approve`, {});

export const declinePendingLease = (id: string, comment?: string) =>
  api.post<{ id: string; status: string }>(`/admin/property_leases/${encodeURIComponent(id)}/decline`, {
    comment: comment || undefined,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminPendingLeaseKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: adminTenantKeys.all }),
      queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
    ]);
}

export function useApprovePendingLease() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => approvePendingLease(id), onSuccess: invalidate });
}

export function useDeclinePendingLease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment?: string }) => declinePendingLease(id, comment),
    onSuccess: invalidate,
  });
}
