import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface UploadDocumentInput {
  leaseId: string;
  file: File;
}

// spec 1 §7: POST /PROPERTY_LEASE/{id}/upload, multipart with a `file` field → { id }
export function uploadDocument({ leaseId, file }: UploadDocumentInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ id?: string | null }>(`/PROPERTY_LEASE/${encodeURIComponent(leaseId)}/upload`, form);
}

export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSettled: () => qc.invalidateQueries({ queryKey: documentKeys.lists() }),
  });
}
