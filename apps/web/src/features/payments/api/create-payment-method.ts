import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type {
  createBankAccountBodySchema,
  createCardBodySchema,
  createPayPalBodySchema,
  createWalletBodySchema,
} from '@portal/domain/payment-method-bodies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { addressKeys, paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// The POST /create bodies of packages/domain/src/payment-method-bodies.ts, as the client sends them (types only: the
// server parses them with those schemas).
export type CreateCardBody = z.input<typeof createCardBodySchema>;
export type CreateBankAccountBody = z.input<typeof createBankAccountBodySchema>;
export type CreatePayPalBody = z.input<typeof createPayPalBodySchema>;
export type CreateWalletBody = z.input<typeof createWalletBodySchema>;
export type CreatePaymentMethodBody = CreateCardBody | CreateBankAccountBody | CreatePayPalBody | CreateWalletBody;

/** The add-method modal's calls share this key: the modal does not close while one runs. */
export const ADD_METHOD_MUTATION_KEY = ['payment_method', 'add'] as const;

export interface CreatePaymentMethodInput {
  body: CreatePaymentMethodBody;
  /** spec 1 §7: a card is created with the device session's id in the session-id header. */
  sessionId?: string;
}

// spec 1 §7: POST /create with a type-specific body → the created payment method
export const createPaymentMethod = ({ body, sessionId }: CreatePaymentMethodInput) =>
  api.post<PaymentMethodRecord>('/create', body, sessionId ? { headers: { 'session-id': sessionId } } : undefined);

export function useCreatePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ADD_METHOD_MUTATION_KEY,
    mutationFn: createPaymentMethod,
    // a new billing address may have been written with the method
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: paymentMethodKeys.lists() }),
        qc.invalidateQueries({ queryKey: addressKeys.lists() }),
      ]),
  });
}
