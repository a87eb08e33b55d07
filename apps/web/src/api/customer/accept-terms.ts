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

/**
 * On a yes the customer is reloaded from the server ("state reloads") and then marked as accepted, which closes the
 * modal: it closes once, after the reload (the mark also covers a reload that failed), not before it and again after.
 */
export function useAcceptTerms(customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => acceptTerms(customerId),
    onSuccess: async (answer) => {
      if (answer?.acknowledgedTerms !== true) return;
      await qc.invalidateQueries({ queryKey: customerKeys.all });
      qc.setQueryData<Customer>(customerKeys.detail(customerId), (c) =>
        c && c.acknowledgedTerms !== true ? { ...c, acknowledgedTerms: true } : c,
      );
    },
  });
}
