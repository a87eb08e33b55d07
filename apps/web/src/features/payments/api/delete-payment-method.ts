import { deletePathType } from '@portal/domain/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface PaymentMethodToDelete {
  id: string;
  type: string;
}

// spec 1 §7: DELETE /{type}/{id}/delete_with_bluesnap_check, the type without its TYPE_ prefix
export const deletePaymentMethod = ({ id, type }: PaymentMethodToDelete) =>
  api.delete<{ id: string }>(`/${encodeURIComponent(deletePathType(type))}/${encodeURIComponent(id)}/delete_with_bluesnap_check`);

export function useDeletePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentMethodKeys.lists() }),
  });
}
