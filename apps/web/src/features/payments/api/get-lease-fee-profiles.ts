import type { FeeProfileRecord } from '@portal/domain/api-shapes';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { feeProfileKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 1 §7: GET /{type}/{id}/fee_profile for a lease → the fee profiles of the lease's company
export const getLeaseFeeProfiles = (leaseId: string) =>
  api.get<{ records: FeeProfileRecord[] }>(`/property_lease/${encodeURIComponent(leaseId)}/fee_profile`);

export const leaseFeeProfilesQueryOptions = (leaseId: string) =>
  queryOptions({
    queryKey: feeProfileKeys.list({ leaseId }),
    queryFn: () => getLeaseFeeProfiles(leaseId),
  });

export function useLeaseFeeProfiles(leaseId: string | null | undefined) {
  return useQuery({ ...leaseFeeProfilesQueryOptions(leaseId ?? ''), enabled: !!leaseId });
}

/** The fee profiles of several leases at once (one call per lease), in the order given. */
export function useFeeProfilesOfLeases(leaseIds: readonly string[], enabled = true) {
  return useQueries({ queries: leaseIds.map((id) => ({ ...leaseFeeProfilesQueryOptions(id), enabled })) });
}
