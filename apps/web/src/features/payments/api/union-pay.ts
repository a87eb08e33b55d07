// spec 1 §7: union pay (Canada): POST /geoswift/create_order {billingAccountId, billingAccountType, amount} → the url of
// the geo provider's page (a PENDING order it pays or cancels).
import type { RedirectAnswer } from '@portal/domain/payment-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaseKeys, transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { RedirectPaymentInput } from './paysafe-cash';

export const createUnionPayOrder = ({ leaseId, amount, idempotencyKey }: RedirectPaymentInput) =>
  api.post<RedirectAnswer>(
    '/geoswift/create_order',
    { billingAccountId: leaseId, billingAccountType: 'TYPE_PROPERTY_LEASE', amount },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );

export function useCreateUnionPayOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUnionPayOrder,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leaseKeys.lists() }),
        qc.invalidateQueries({ queryKey: transactionKeys.lists() }),
      ]),
  });
}
