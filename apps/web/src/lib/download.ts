// File downloads: the bytes of an API answer handed to the browser as a file, named by the answer's
// content-disposition header (spec 2 §7 "a file download named from the content-disposition header") or a fallback.
import { api } from './api-client';

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
 * Downloads an API file and saves it under the server's name (else `fallbackName`). `path` is under /api, with or
 * without that prefix (an income verification's pdfUrl carries it), and may carry a query.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const file = await api.get<{ blob: Blob; name: string | null }>(path.startsWith('/api/') ? path.slice(4) : path, {
    asFile: true,
  });
  saveBlob(file.blob, file.name ?? fallbackName);
}
