import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { createFromPlaidBodySchema } from '@portal/domain/payment-method-bodies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { ADD_METHOD_MUTATION_KEY } from './create-payment-method';

export type CreateFromPlaidBody = z.input<typeof createFromPlaidBodySchema>;

// spec 1 §7: POST /bank_account/createfromplaid {userType, userId, country, loginId, accountId} → the bank account
export const createBankAccountFromPlaid = (body: CreateFromPlaidBody) =>
  api.post<PaymentMethodRecord>('/bank_account/createfromplaid', body);

export function useCreateBankAccountFromPlaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ADD_METHOD_MUTATION_KEY,
    mutationFn: createBankAccountFromPlaid,
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentMethodKeys.lists() }),
  });
}
