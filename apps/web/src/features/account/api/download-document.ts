import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

// spec 1 §7: GET /document/{id}/download (binary)
export const downloadDocument = (id: string) => api.get<Blob>(`/document/${encodeURIComponent(id)}/download`, { asBlob: true });

export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const blob = await downloadDocument(id);
      saveBlob(blob, name);
    },
  });
}
