// issue 24 "Statistics and KPIs": the admin's statistics calls (docs/api-contract.md "Statistics and KPIs"): totals,
// the processing KPI of a period, the revenue of a year and its CSV, records created, a company's figures. The answers'
// shapes are the domain's (packages/domain/src/stats-shapes.ts), as the API's response schemas.

import type { EntityDetails, ProcessingKpi, RecordStats, RevenueKpi, StatType, Totals } from '@portal/domain/stats-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';

export { STAT_TYPES, type StatType } from '@portal/domain/stats-shapes';

export interface KpiFilter {
  companyId?: string;
  from?: string;
  to?: string;
}

/** The query string of the filter's filled fields. */
function queryOf(filter: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const statsKeys = {
  all: ['admin_stats'] as const,
  totals: () => [...statsKeys.all, 'totals'] as const,
  processing: (filter: KpiFilter) => [...statsKeys.all, 'processing', filter] as const,
  revenue: (year: number, companyId?: string) => [...statsKeys.all, 'revenue', year, companyId ?? ''] as const,
  records: (type: StatType, filter: KpiFilter) => [...statsKeys.all, 'records', type, filter] as const,
  entity: (filter: KpiFilter) => [...statsKeys.all, 'entity', filter] as const,
};

export const totalsQueryOptions = () =>
  queryOptions({ queryKey: statsKeys.totals(), queryFn: () => api.get<Totals>('/admin/totals') });

export function useTotals() {
  return useQuery(totalsQueryOptions());
}

export function useProcessingKpi(filter: KpiFilter) {
  return useQuery({
    queryKey: statsKeys.processing(filter),
    queryFn: () => api.get<ProcessingKpi>('/admin/processing_kpi', { query: { ...filter } }),
  });
}

export function useRevenueKpi(year: number, companyId?: string) {
  return useQuery({
    queryKey: statsKeys.revenue(year, companyId),
    queryFn: () => api.get<RevenueKpi>(`/admin/revenue_kpi/${year}`, { query: { companyId } }),
  });
}

/** Saves the year's revenue CSV (header in the page's language). */
export function downloadRevenueCsv(year: number, companyId?: string): Promise<void> {
  return downloadFile(`/admin/revenue_kpi/${year}/download${queryOf({ companyId })}`, `revenue-${year}.csv`);
}

/** Records of a kind created in the period, by status and month. */
export function useRecordStats(type: StatType, filter: KpiFilter) {
  return useQuery({
    queryKey: statsKeys.records(type, filter),
    queryFn: () => api.get<RecordStats>(`/admin/stats/${type}`, { query: { ...filter } }),
  });
}

/** One company's figures over the period (asked only when a company is chosen). */
export function useCompanyDetails(filter: KpiFilter) {
  return useQuery({
    queryKey: statsKeys.entity(filter),
    queryFn: () => api.get<EntityDetails>('/admin/entity_details', { query: { ...filter } }),
    enabled: Boolean(filter.companyId),
  });
}
