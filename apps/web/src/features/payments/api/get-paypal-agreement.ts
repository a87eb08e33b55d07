import type { PayPalAgreement } from '@portal/domain/api-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 1 §7: GET /paypal_create_agreement?userType&userId → an agreement to approve, or the method already linked
export const getPayPalAgreement = (userId: string) =>
  api.get<PayPalAgreement>('/paypal_create_agreement', { query: { userType: 'TYPE_CUSTOMER', userId } });

export const payPalAgreementQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...paymentMethodKeys.all, 'paypal-agreement', userId] as const,
    queryFn: () => getPayPalAgreement(userId),
    // an agreement token is approved once: each opening asks for a fresh one
    gcTime: 0,
    staleTime: 0,
  });

export function usePayPalAgreement(userId: string | null | undefined, enabled: boolean) {
  return useQuery({ ...payPalAgreementQueryOptions(userId ?? ''), enabled: enabled && !!userId });
}
