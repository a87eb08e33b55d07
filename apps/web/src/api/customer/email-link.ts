// issue 25: the e-mail verification link of a customer: sent again (for the pending new address, else for the
// unverified current one), and a pending e-mail change withdrawn (docs/api-contract.md "Accounts and mail").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { customerKeys } from '../query-keys';
import type { Customer } from '../types';

export interface ResendEmailLinkAnswer {
  result: 'SENT';
  /** Where the link went. */
  email: string;
}

export const resendEmailLink = (customerId: string) => api.post<ResendEmailLinkAnswer>(`/customer/${customerId}/email/resend`);
export const cancelEmailChange = (customerId: string) => api.post<Customer>(`/customer/${customerId}/email/cancel`);

export function useResendEmailLink(customerId: string) {
  return useMutation({ mutationFn: () => resendEmailLink(customerId) });
}

/** The answer is the customer without the pending change: the Account page and the shell show it at once. */
export function useCancelEmailChange(customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => cancelEmailChange(customerId),
    onSuccess: (customer) => {
      if (customer?.id) qc.setQueryData(customerKeys.detail(customerId), customer);
    },
  });
}
