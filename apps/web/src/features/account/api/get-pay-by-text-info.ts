import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface PayByTextInfo {
  serviceEnabled: boolean;
}

// spec 1 §7: GET /customer/{id}/pay-by-text/info → serviceEnabled (on for any of the customer's properties)
export const getPayByTextInfo = (customerId: string) => api.get<PayByTextInfo>(`/customer/${customerId}/pay-by-text/info`);

export const payByTextInfoQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...customerKeys.detail(customerId), 'pay-by-text'] as const,
    queryFn: () => getPayByTextInfo(customerId),
    enabled: !!customerId,
  });

export function usePayByTextInfo(customerId: string | undefined) {
  return useQuery({ ...payByTextInfoQueryOptions(customerId ?? ''), enabled: !!customerId });
}
