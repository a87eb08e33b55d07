import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api, search } from '../../../lib/api-client';
import type { IncomeVerification, ScreeningDetails, ScreeningType } from './types';

// spec 2 §7: GET /screening/{applicationId}/details?type=CREDIT|BASIC (none → 404 RM_ERROR_REPORT_NOT_AVAILABLE)
export const getScreeningDetails = (applicationId: string, type: ScreeningType) =>
  api.get<ScreeningDetails>(`/screening/${encodeURIComponent(applicationId)}/details`, { query: { type } });

export const screeningDetailsQueryOptions = (applicationId: string, type: ScreeningType) =>
  queryOptions({
    queryKey: [...applicationKeys.detail(applicationId), 'screening', type] as const,
    queryFn: () => getScreeningDetails(applicationId, type),
  });

export function useScreeningDetails(applicationId: string, type: ScreeningType, enabled: boolean) {
  return useQuery({ ...screeningDetailsQueryOptions(applicationId, type), enabled });
}

// spec 2 §7: POST /INCOME_VERIFICATION/search with the application's id (records with pdfUrl)
export const searchIncomeVerification = (applicationId: string) =>
  search<IncomeVerification>(
    'INCOME_VERIFICATION',
    { conditions: [{ field: 'applicationId', operator: 'EQUALS', value: applicationId }] },
    { page: 1, recordsPerPage: 1 },
  );

export const incomeVerificationQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...applicationKeys.detail(applicationId), 'income_verification'] as const,
    queryFn: () => searchIncomeVerification(applicationId),
  });

export function useIncomeVerification(applicationId: string, enabled: boolean) {
  return useQuery({ ...incomeVerificationQueryOptions(applicationId), enabled });
}

/** spec 2 §7: GET /screening/{applicationId}/report?type= → the provider's PDF (path for downloadFile). */
export const screeningReportPath = (applicationId: string, type: ScreeningType) =>
  `/screening/${encodeURIComponent(applicationId)}/report?type=${type}`;
