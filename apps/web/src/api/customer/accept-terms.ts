// spec 1 §4 Terms / spec 1 §7 "Accept terms ... returns acknowledgedTerms": POST /customer/{id}/acceptterms.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { customerKeys } from '../query-keys';
import type { Customer } from '../types';

export interface AcceptTermsAnswer {
  id: string;
  acknowledgedTerms: boolean;
}

export const acceptTerms = (customerId: string) => api.post<AcceptTermsAnswer>(`/customer/${customerId}/acceptterms`);

/** On a yes the customer is marked at once (the modal closes) and reloaded from the server ("state reloads"). */
export function useAcceptTerms(customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => acceptTerms(customerId),
    onSuccess: async (answer) => {
      if (answer?.acknowledgedTerms !== true) return;
      qc.setQueryData<Customer>(customerKeys.detail(customerId), (c) => (c ? { ...c, acknowledgedTerms: true } : c));
      await qc.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
