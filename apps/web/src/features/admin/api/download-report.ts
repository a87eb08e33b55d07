// The screening reports of an application, for the admin's decision: GET /screening/{applicationId}/report?type= and
// GET /income_verification/{id}/report (PDF attachments; an admin may read them, docs/api-contract.md).
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export type AdminReport = { kind: 'credit' | 'background'; applicationId: string } | { kind: 'income'; verificationId: string };

export const reportPath = (report: AdminReport) =>
  report.kind === 'income'
    ? `/income_verification/${encodeURIComponent(report.verificationId)}/report`
    : `/screening/${encodeURIComponent(report.applicationId)}/report?type=${report.kind === 'credit' ? 'CREDIT' : 'BASIC'}`;

export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ report, name }: { report: AdminReport; name: string }) => downloadFile(reportPath(report), name),
  });
}
