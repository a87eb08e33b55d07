// issue 23 "Company settings": GET /company/list (the console's company picker), GET /company/{id} and
// PATCH /company/{id}/update (docs/api-contract.md "Company settings and properties").
import type { CustomCard, FeeProfileRecord } from '@portal/domain/api-shapes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export type YesNo = 'YES' | 'NO';
export interface ChargeCode {
  code: string;
  name: string;
}

export interface CompanySettings {
  id: string;
  name: string;
  country: string;
  overpaymentAllowed: YesNo;
  manageBalance: YesNo;
  onlyPMPaymentAllowed: YesNo;
  chargeCodes: ChargeCode[];
  defaultChargeCodes: ChargeCode[];
  displayChargeCodes: boolean;
  enforceCustomAmount: boolean;
  blockPartialPayments: boolean;
  softMaximumPaymentAmount: number | null;
  acceptedPaymentTypes: string[];
  serviceCreditReporting: Record<string, boolean>;
  insuranceIntegration: Record<string, { enabled: boolean }> | null;
  microlendingEnabled: boolean;
  customCard: CustomCard;
  conciergeEnabled: boolean;
  neobankPromotionEnabled: boolean;
  lateFeeAmount: number | null;
  lateFeeDays: number;
  nsfFeeAmount: number | null;
  updatedAt: string;
  /** null while the platform's default schedule applies (the provider decides). */
  cardFeesPaidByCompany: boolean | null;
  feeSchedule: { source: 'COMPANY' | 'PLATFORM'; records: FeeProfileRecord[] };
}

export type CompanyPatch = Partial<
  Omit<
    CompanySettings,
    'id' | 'name' | 'country' | 'defaultChargeCodes' | 'updatedAt' | 'feeSchedule' | 'customCard' | 'cardFeesPaidByCompany'
  >
> & { customCard?: NonNullable<CustomCard> | null; cardFeesPaidByCompany?: boolean };

export interface ConsoleCompany {
  id: string;
  name: string;
  country: string;
}

export const companyKeys = {
  all: ['console_company'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: string) => [...companyKeys.details(), id] as const,
};

export const getConsoleCompanies = () => api.get<{ records: ConsoleCompany[] }>('/company/list');
export const getCompanySettings = (id: string) => api.get<CompanySettings>(`/company/${encodeURIComponent(id)}`);
export const updateCompanySettings = (id: string, patch: CompanyPatch) =>
  api.patch<CompanySettings>(`/company/${encodeURIComponent(id)}/update`, patch);

export const consoleCompaniesQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.lists(), queryFn: getConsoleCompanies, staleTime: 60_000 });

export function useConsoleCompanies() {
  return useQuery(consoleCompaniesQueryOptions());
}

export function useCompanySettings(id: string | null) {
  return useQuery({ queryKey: companyKeys.detail(id ?? ''), queryFn: () => getCompanySettings(id ?? ''), enabled: !!id });
}

export function useUpdateCompanySettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: CompanyPatch) => updateCompanySettings(id, patch),
    onSuccess: (saved) => client.setQueryData(companyKeys.detail(id), saved),
  });
}
