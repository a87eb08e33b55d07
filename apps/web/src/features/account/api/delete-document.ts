import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 1 §7: DELETE /document/{id}/delete (issue 21: HIDDEN = a manager's document removed from the tenant's list only)
export const deleteDocument = (id: string) =>
  api.delete<{ id: string; outcome?: 'DELETED' | 'HIDDEN' }>(`/document/${encodeURIComponent(id)}/delete`);

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.lists() }),
  });
}
