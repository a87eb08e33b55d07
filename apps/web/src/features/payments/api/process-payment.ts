import type { PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaseKeys, transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

/** The payment calls (pay, and the soft-maximum cancel) share this key: the payment modal does not close while one runs. */
export const PAY_MUTATION_KEY = ['payment_transaction', 'pay'] as const;

export interface ProcessPaymentInput {
  body: ProcessPaymentBody;
  /** One key per payment attempt, the same on every retry of it: the server never charges a key twice. */
  idempotencyKey: string;
}

// spec 1 §7: POST /processpayment {billingAccountId, billingAccountType, paymentMethodId, paymentMethodType, amount | charges}
export const processPayment = ({ body, idempotencyKey }: ProcessPaymentInput) =>
  api.post<PaymentResult>('/processpayment', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function useProcessPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: PAY_MUTATION_KEY,
    mutationFn: processPayment,
    // The lease balance and past payments change (a refused card is recorded FAILED, so both, whatever the outcome).
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: leaseKeys.all }), qc.invalidateQueries({ queryKey: transactionKeys.all })]),
  });
}
