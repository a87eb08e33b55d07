import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentKeys } from '../../../api/query-keys';
import type { DocumentRecord } from '../../../api/types';
import { search } from '../../../lib/api-client';

// spec 1 §2: the account's documents card holds lease documents (an upload there chooses a lease); insurance proofs
// belong to their policy's own modals (spec 2 §2), where deleting one would leave the policy without its proof.
const DOCUMENT_SEARCH = { conditions: [{ field: 'recordType', operator: 'EQUALS' as const, value: 'PROPERTY_LEASE' }] };

// spec 1 §7: POST /document/search → the tenant's lease documents (the server ANDs in the caller's scope)
export const searchDocuments = () => search<DocumentRecord>('document', DOCUMENT_SEARCH, { page: 1, recordsPerPage: 400 });

export const documentsQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.list(DOCUMENT_SEARCH), queryFn: searchDocuments });

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}
