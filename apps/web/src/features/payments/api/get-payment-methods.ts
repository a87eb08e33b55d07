import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 1 §7: GET /customer/{id}/paymentmethods → the tenant's saved payment methods
export const getPaymentMethods = (customerId: string) =>
  api.get<{ records: PaymentMethodRecord[] }>(`/customer/${encodeURIComponent(customerId)}/paymentmethods`);

export const paymentMethodsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: paymentMethodKeys.list({ customerId }),
    queryFn: () => getPaymentMethods(customerId),
  });

export function usePaymentMethods(customerId: string | null | undefined) {
  return useQuery({ ...paymentMethodsQueryOptions(customerId ?? ''), enabled: !!customerId });
}
