import type { WalletType } from '@portal/domain/entities';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADD_METHOD_MUTATION_KEY } from './create-payment-method';

export interface WalletSession {
  walletToken: string;
  walletValidationUrl: string;
  currency: 'CAD' | 'USD';
}

// The sandbox stand-in for the Apple Pay / Google Pay sheet (docs/api-contract.md): POST /sandbox/wallet/session
export const createWalletSession = (body: { walletType: WalletType; companyId?: string }) =>
  api.post<WalletSession>('/sandbox/wallet/session', body);

export function useCreateWalletSession() {
  return useMutation({ mutationKey: ADD_METHOD_MUTATION_KEY, mutationFn: createWalletSession });
}
