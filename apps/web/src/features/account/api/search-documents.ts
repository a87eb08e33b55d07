import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentKeys } from '../../../api/query-keys';
import type { DocumentRecord } from '../../../api/types';
import { search } from '../../../lib/api-client';

const DOCUMENT_SEARCH = { conditions: [] };

// spec 1 §7: POST /document/search with no condition → the tenant's documents (the server ANDs in the caller's scope)
export const searchDocuments = () => search<DocumentRecord>('document', DOCUMENT_SEARCH, { page: 1, recordsPerPage: 400 });

export const documentsQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.list(DOCUMENT_SEARCH), queryFn: searchDocuments });

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}
