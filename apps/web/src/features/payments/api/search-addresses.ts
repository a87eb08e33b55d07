import type { AddressRecord } from '@portal/domain/api-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressKeys } from '../../../api/query-keys';
import { search } from '../../../lib/api-client';

const addressSearch = (userId: string) => ({
  conditions: [{ field: 'userId', operator: 'EQUALS' as const, value: userId }],
});

// spec 1 §7: POST /address/search by userId → the tenant's saved (billing) addresses
export const searchAddresses = (userId: string) =>
  search<AddressRecord>('address', addressSearch(userId), { page: 1, recordsPerPage: 100 });

export const addressesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: addressKeys.list(addressSearch(userId)), queryFn: () => searchAddresses(userId) });

export function useAddresses(userId: string | null | undefined) {
  return useQuery({ ...addressesQueryOptions(userId ?? ''), enabled: !!userId });
}
