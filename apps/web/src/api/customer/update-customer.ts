import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { customerKeys } from '../query-keys';
import type { Customer, CustomerUpdate } from '../types';

export const updateCustomer = (id: string, patch: CustomerUpdate) => api.patch<Customer>(`/customer/${id}/update`, patch);

export function useUpdateCustomer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: CustomerUpdate) => updateCustomer(id, patch),
    onSuccess: (customer) => {
      qc.setQueryData(customerKeys.detail(id), customer);
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
