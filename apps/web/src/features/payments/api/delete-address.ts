import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 1 §7: DELETE of an address by id (409 RM_ERROR_PAYMENT_METHOD_IN_USE while a saved method uses it)
export const deleteAddress = (id: string) => api.delete<{ id: string }>(`/address/${encodeURIComponent(id)}/delete`);

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => qc.invalidateQueries({ queryKey: addressKeys.lists() }),
  });
}
