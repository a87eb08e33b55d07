// GET /admin/credit_report_files (admin): each month's Metro 2 file with its status and the bureau's counts (issue 22).
import type { CreditReportFileSummary } from '@portal/domain/metro2-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditReportFileKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export const getCreditReportFiles = () => api.get<{ records: CreditReportFileSummary[] }>('/admin/credit_report_files');

export const creditReportFilesQueryOptions = () =>
  queryOptions({ queryKey: creditReportFileKeys.lists(), queryFn: getCreditReportFiles });

export function useCreditReportFiles() {
  return useQuery(creditReportFilesQueryOptions());
}
