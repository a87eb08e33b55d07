import type { AddPaymentAttemptBody, PaymentResult } from '@portal/domain/payment-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { PAY_MUTATION_KEY } from './process-payment';

export interface AddPaymentAttemptInput {
  body: AddPaymentAttemptBody;
  /** With a key, a double click records one attempt. */
  idempotencyKey: string;
}

// spec 1 §4 / §7: POST /addPaymentAttempt (the processpayment body plus a note): the soft-maximum Cancel records a
// CANCELLED attempt (nothing charged) and answers it for the receipt.
export const addPaymentAttempt = ({ body, idempotencyKey }: AddPaymentAttemptInput) =>
  api.post<PaymentResult>('/addPaymentAttempt', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useAddPaymentAttempt() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: PAY_MUTATION_KEY,
    mutationFn: addPaymentAttempt,
    onSuccess: () => qc.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
