import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 2 §7: DELETE /lease_application/{id}/delete → { id }; PENDING / APPROVED answer 409 RM_ERROR_APPLICATION_LOCKED.
export const deleteApplication = (id: string) =>
  api.delete<{ id: string }>(`/lease_application/${encodeURIComponent(id)}/delete`);

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    // the page, the dashboard cards and the nav item all read applications
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
