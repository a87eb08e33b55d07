// spec 1 §7: POST /payment/paysafecash {billingAccountId, billingAccountType, amount, currency USD, language EN} → the
// url of the sandbox barcode page (a PENDING cash payment, allocated at once; it expires after 7 days).
import { PAYSAFE_CASH_CURRENCY, PAYSAFE_CASH_LANGUAGE } from '@portal/domain/limits';
import type { RedirectAnswer } from '@portal/domain/payment-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaseKeys, transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface RedirectPaymentInput {
  leaseId: string;
  /** Decimal dollars. */
  amount: number;
  /** One key per attempt, the same on every retry of it. */
  idempotencyKey: string;
}

export const createPaysafeCashPayment = ({ leaseId, amount, idempotencyKey }: RedirectPaymentInput) =>
  api.post<RedirectAnswer>(
    '/payment/paysafecash',
    {
      billingAccountId: leaseId,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      amount,
      currency: PAYSAFE_CASH_CURRENCY,
      language: PAYSAFE_CASH_LANGUAGE,
    },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );

export function useCreatePaysafeCashPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPaysafeCashPayment,
    // the pending payment is allocated at once: the balance and past payments show it
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leaseKeys.lists() }),
        qc.invalidateQueries({ queryKey: transactionKeys.lists() }),
      ]),
  });
}
