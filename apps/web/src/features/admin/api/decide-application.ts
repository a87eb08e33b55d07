// POST /admin/lease_applications/{id}/approve | decline (a manager of the application's company, or the admin; issue 23):
// the decision on a PENDING application.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApplicationKeys, applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { inboxKeys } from './get-inbox-counts';
import type { ApproveApplicationBody } from './types';

export const approveApplication = (id: string, body: ApproveApplicationBody) =>
  api.post<{ id: string; status: string; leaseId?: string | null }>(
    `/admin/lease_applications/${encodeURIComponent(id)}/approve`,
    body,
  );

export const declineApplication = (id: string, comment?: string) =>
  api.post<{ id: string; status: string }>(`/admin/lease_applications/${encodeURIComponent(id)}/decline`, {
    comment: comment || undefined,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminApplicationKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
    ]);
}

export function useApproveApplication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApproveApplicationBody }) => approveApplication(id, body),
    onSuccess: invalidate,
  });
}

export function useDeclineApplication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment?: string }) => declineApplication(id, comment),
    onSuccess: invalidate,
  });
}
