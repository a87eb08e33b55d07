import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { customerKeys } from '../query-keys';
import type { Customer } from '../types';

export const getCustomer = (id: string) => api.get<Customer>(`/customer/${id}`);

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id), enabled: !!id });

export function useCustomer(id: string | undefined) {
  return useQuery({ ...customerQueryOptions(id ?? ''), enabled: !!id });
}
