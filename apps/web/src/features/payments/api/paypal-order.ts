// spec 1 §7: the online wallet provider's order: POST /paypal_create_order {billingAccountId, billingAccountType,
// amount | charges} → {merchantId, currency, orderId}; POST /paypal_capture_order {…, orderId} (the same amount) → the
// payment (one transaction per order).
import type { PaymentCharge, PaymentResult } from '@portal/domain/payment-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaseKeys, transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface PayPalOrder {
  merchantId: string;
  currency: 'CAD' | 'USD';
  orderId: string;
}

/** What is paid: an amount in decimal dollars, or the charges by code. */
export type PayPalOrderAmount = { amount: number; charges?: undefined } | { charges: PaymentCharge[]; amount?: undefined };

export type PayPalOrderInput = PayPalOrderAmount & { leaseId: string; idempotencyKey: string };

const bodyOf = ({ leaseId, amount, charges }: PayPalOrderInput) => ({
  billingAccountId: leaseId,
  billingAccountType: 'TYPE_PROPERTY_LEASE' as const,
  ...(charges ? { charges } : { amount }),
});

export const createPayPalOrder = (input: PayPalOrderInput) =>
  api.post<PayPalOrder>('/paypal_create_order', bodyOf(input), { headers: { 'Idempotency-Key': input.idempotencyKey } });

export const capturePayPalOrder = (input: PayPalOrderInput & { orderId: string }) =>
  api.post<PaymentResult>(
    '/paypal_capture_order',
    { ...bodyOf(input), orderId: input.orderId },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export function useCreatePayPalOrder() {
  return useMutation({ mutationFn: createPayPalOrder });
}

export function useCapturePayPalOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: capturePayPalOrder,
    // a refused capture is recorded FAILED: both lists change whatever the outcome
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leaseKeys.lists() }),
        qc.invalidateQueries({ queryKey: transactionKeys.lists() }),
      ]),
  });
}
