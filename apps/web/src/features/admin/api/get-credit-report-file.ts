// GET /admin/credit_report_files/{id} (admin): one month's file, its records and the bureau's answer for each (issue 22).
import type { CreditReportFileDetail } from '@portal/domain/metro2-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditReportFileKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export const getCreditReportFile = (id: string) =>
  api.get<CreditReportFileDetail>(`/admin/credit_report_files/${encodeURIComponent(id)}`);

export const creditReportFileQueryOptions = (id: string) =>
  queryOptions({ queryKey: creditReportFileKeys.detail(id), queryFn: () => getCreditReportFile(id) });

export function useCreditReportFile(id: string | null) {
  return useQuery({ ...creditReportFileQueryOptions(id ?? ''), enabled: !!id });
}
