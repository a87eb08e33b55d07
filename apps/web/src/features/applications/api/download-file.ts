import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

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

/** The file name of a `content-disposition` header (filename* first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: the plain filename below
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name.replace(/[\\/]/g, '_') : null;
}

/**
 * spec 2 §7: a report download "named from the content-disposition header". The api client answers a Blob without its
 * headers, so this one call fetches itself (same token, language and error envelope); `path` is under /api, with or
 * without that prefix (an income verification's pdfUrl carries it).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const url = new URL(path.startsWith('/api/') ? path : `/api${path}`, window.location.origin);
  const headers: Record<string, string> = { 'accept-language': document.documentElement.lang || 'en' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { headers });
  if (!res.ok) {
    let envelope: { errorCode?: string; message?: string } = {};
    try {
      envelope = await res.json();
    } catch {
      // not JSON: the status only
    }
    throw new ApiError(res.status, envelope.errorCode ?? 'RM_ERROR_SYSTEM', envelope.message ?? res.statusText);
  }
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName);
}

export function useDownloadFile() {
  return useMutation({ mutationFn: ({ path, name }: { path: string; name: string }) => downloadFile(path, name) });
}
