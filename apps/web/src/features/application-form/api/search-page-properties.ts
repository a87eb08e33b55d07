import { useMutation } from '@tanstack/react-query';
import type { SearchResult } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import type { PageProperty } from './types';

// spec 2 §7: POST /lease_application_page/name/{name}/properties?recordsPerPage=400&page=1 {searchValue, signupPage}
// → the page company's properties whose postal/zip code, name, street or city contains the text
export const searchPageProperties = (q: { pageName: string; searchValue: string }) =>
  api.post<SearchResult<PageProperty>>(
    `/lease_application_page/name/${encodeURIComponent(q.pageName)}/properties`,
    { searchValue: q.searchValue, signupPage: q.pageName },
    { query: { recordsPerPage: 400, page: 1 } },
  );

export function useSearchPageProperties() {
  return useMutation({ mutationFn: searchPageProperties });
}
