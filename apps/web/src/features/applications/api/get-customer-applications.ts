import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { ApplicationRecord } from './types';

// spec 2 §7 "GET lease applications by customer id": GET /lease_application/customer/{customerId} → newest first,
// with the property, the page template flags (lap), the screenings and the income verification joined.
export const getCustomerApplications = (customerId: string) =>
  api.get<{ records: ApplicationRecord[] }>(`/lease_application/customer/${encodeURIComponent(customerId)}`);

export const customerApplicationsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: applicationKeys.list({ customerId }),
    queryFn: () => getCustomerApplications(customerId),
  });

export function useCustomerApplications(customerId: string | null | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...customerApplicationsQueryOptions(customerId ?? ''), enabled: !!customerId && (options.enabled ?? true) });
}
