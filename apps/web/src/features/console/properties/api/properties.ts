// issue 23 "Properties": the company's properties (GET /company/{id}/property/list, GET /property/{id},
// POST /property/create, PATCH /property/{id}/update) and its onboarding / application pages (GET /company/{id}/pages,
// create and update) (docs/api-contract.md "Company settings and properties").
import type { CustomCard } from '@portal/domain/api-shapes';
import type { ApplicationCustomField } from '@portal/domain/application-form';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

type Flag = { enabled: boolean } | null;
export interface Property {
  id: string;
  companyId: string;
  propertyName: string;
  street1: string;
  street2: string | null;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  category: string;
  propertyIdentifier: string | null;
  acceptedPaymentTypes: string[] | null;
  monevoIntegration: Flag;
  paypalCreditIntegration: Flag;
  insuranceIntegration: Record<string, { enabled: boolean }> | null;
  service_urcsi: Flag;
  service_neofinancial: Flag;
  payByTextEnabled: boolean;
  customCard: CustomCard;
  leaseCount?: number;
  activeLeaseCount?: number;
}
export type PropertyInput = Partial<Omit<Property, 'id' | 'companyId' | 'leaseCount' | 'activeLeaseCount'>> & {
  companyId?: string;
};

export interface PropertyList {
  records: Property[];
  totalRecords: number;
  totalPages: number;
  page: number;
}

export interface OnBoardingPage {
  id: string;
  companyId: string;
  name: string;
  autoApproval: boolean;
  publicLink: string;
}
export interface LeaseApplicationPage {
  id: string;
  companyId: string;
  name: string;
  sections: Record<string, Record<string, boolean>>;
  customFields: ApplicationCustomField[];
  applicationFeeAmount: number;
  creditReportEnabled: boolean;
  backgroundCheckEnabled: boolean;
  identityVerificationEnabled: boolean;
  incomeVerificationEnabled: boolean;
  publicLink: string;
}
export interface CompanyPages {
  onBoardingPages: OnBoardingPage[];
  leaseApplicationPages: LeaseApplicationPage[];
}

export const propertyKeys = {
  all: ['console_property'] as const,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (q: { companyId: string; page: number; search: string }) => [...propertyKeys.lists(), q] as const,
  details: () => [...propertyKeys.all, 'detail'] as const,
  detail: (id: string) => [...propertyKeys.details(), id] as const,
  pages: (companyId: string) => [...propertyKeys.all, 'pages', companyId] as const,
};

export const RECORDS_PER_PAGE = 25;
const enc = encodeURIComponent;

export function useProperties(q: { companyId: string | null; page: number; search: string }) {
  return useQuery({
    queryKey: propertyKeys.list({ companyId: q.companyId ?? '', page: q.page, search: q.search }),
    queryFn: () =>
      api.get<PropertyList>(`/company/${enc(q.companyId ?? '')}/property/list`, {
        query: { page: q.page, recordsPerPage: RECORDS_PER_PAGE, search: q.search || undefined },
      }),
    enabled: !!q.companyId,
    placeholderData: keepPreviousData,
  });
}

export function useProperty(id: string) {
  return useQuery({ queryKey: propertyKeys.detail(id), queryFn: () => api.get<Property>(`/property/${enc(id)}`) });
}

export function useSaveProperty(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyInput) =>
      id ? api.patch<Property>(`/property/${enc(id)}/update`, input) : api.post<Property>('/property/create', input),
    onSuccess: (saved) => {
      client.setQueryData(propertyKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: propertyKeys.lists() });
    },
  });
}

export function useCompanyPages(companyId: string | null) {
  return useQuery({
    queryKey: propertyKeys.pages(companyId ?? ''),
    queryFn: () => api.get<CompanyPages>(`/company/${enc(companyId ?? '')}/pages`),
    enabled: !!companyId,
  });
}

export type PageKind = 'on_boarding_page' | 'lease_application_page';
/** The body of a lease application page's create or update (docs/api-contract.md "Company settings and properties"). */
export type ApplicationPageBody = Partial<Omit<LeaseApplicationPage, 'id' | 'companyId' | 'publicLink'>>;
export type OnBoardingPageBody = Partial<Pick<OnBoardingPage, 'name' | 'autoApproval'>>;
export function useSavePage(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, body }: { kind: PageKind; id?: string; body: Record<string, unknown> }) =>
      id
        ? api.patch<OnBoardingPage | LeaseApplicationPage>(`/${kind}/${enc(id)}/update`, body)
        : api.post<OnBoardingPage | LeaseApplicationPage>(`/${kind}/create`, { ...body, companyId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: propertyKeys.pages(companyId) }),
  });
}
