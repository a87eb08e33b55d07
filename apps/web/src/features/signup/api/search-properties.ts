import { queryOptions, useQuery } from '@tanstack/react-query';
import { signupPropertyKeys } from '../../../api/query-keys';
import { api, type SearchResult } from '../../../lib/api-client';

/** A property as the sign-up searches list it. */
export interface SignupProperty {
  id: string;
  propertyName: string;
  street1: string | null;
  street2?: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  postalCode: string | null;
}

export type PropertySource = { kind: 'company'; companyId: string } | { kind: 'applicationPage'; pageName: string };

/**
 * spec 2 §7 Sign-up: with a search value POST /company/{id}/selfsignup/properties?recordsPerPage=400&page=1, without one
 * POST /company/{id}/properties?page=1&recordsPerPage=100; an application page's properties come from
 * POST /lease_application_page/name/{name}/properties?recordsPerPage=400&page=1.
 */
export function searchSignupProperties(source: PropertySource, searchValue: string): Promise<SearchResult<SignupProperty>> {
  const value = searchValue.trim();
  if (source.kind === 'applicationPage') {
    const path = `/lease_application_page/name/${encodeURIComponent(source.pageName)}/properties`;
    return api.post(path, value ? { searchValue: value } : {}, { query: { recordsPerPage: 400, page: 1 } });
  }
  const company = encodeURIComponent(source.companyId);
  if (!value) return api.post(`/company/${company}/properties`, {}, { query: { page: 1, recordsPerPage: 100 } });
  return api.post(
    `/company/${company}/selfsignup/properties`,
    { searchValue: value },
    { query: { recordsPerPage: 400, page: 1 } },
  );
}

export const signupPropertiesQueryOptions = (source: PropertySource, searchValue: string) =>
  queryOptions({
    queryKey: signupPropertyKeys.list({ source, searchValue: searchValue.trim() }),
    queryFn: () => searchSignupProperties(source, searchValue),
  });

export function useSignupProperties(source: PropertySource | null, searchValue: string) {
  return useQuery({
    ...signupPropertiesQueryOptions(source ?? { kind: 'company', companyId: '' }, searchValue),
    enabled: !!source,
  });
}

/** One line of address: street, city, province, postal code. */
export function propertyAddress(p: SignupProperty): string {
  return [p.street1, p.street2, p.city, [p.province, p.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
