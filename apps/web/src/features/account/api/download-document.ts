import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// spec 1 §7: GET /document/{id}/download (binary)
export const downloadDocument = (id: string) => api.get<Blob>(`/document/${encodeURIComponent(id)}/download`, { asBlob: true });

/** Hands the bytes to the browser as a file download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // give the browser a moment to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const blob = await downloadDocument(id);
      saveBlob(blob, name);
    },
  });
}
