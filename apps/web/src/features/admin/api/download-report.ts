// The screening reports of an application, for the admin's decision: GET /screening/{applicationId}/report?type= and
// GET /income_verification/{id}/report (PDF attachments; an admin may read them, docs/api-contract.md).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type AdminReport = { kind: 'credit' | 'background'; applicationId: string } | { kind: 'income'; verificationId: string };

export const reportPath = (report: AdminReport) =>
  report.kind === 'income'
    ? `/income_verification/${encodeURIComponent(report.verificationId)}/report`
    : `/screening/${encodeURIComponent(report.applicationId)}/report?type=${report.kind === 'credit' ? 'CREDIT' : 'BASIC'}`;

export const downloadReport = (report: AdminReport) => {
  const [path, query] = reportPath(report).split('?');
  return api.get<Blob>(path, { asBlob: true, query: query ? Object.fromEntries(new URLSearchParams(query)) : undefined });
};

/** Hands the bytes to the browser as a file download under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadReport() {
  return useMutation({
    mutationFn: async ({ report, name }: { report: AdminReport; name: string }) => saveBlob(await downloadReport(report), name),
  });
}
