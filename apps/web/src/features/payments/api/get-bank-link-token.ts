import type { BankLinkToken } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 1 §7: GET /bank_account/createfromplaid/{customerId}?country= → the bank-linking widget's link token
export const getBankLinkToken = (customerId: string, country: Country) =>
  api.get<BankLinkToken>(`/bank_account/createfromplaid/${encodeURIComponent(customerId)}`, { query: { country } });

export const bankLinkTokenQueryOptions = (customerId: string, country: Country) =>
  queryOptions({
    queryKey: [...paymentMethodKeys.all, 'bank-link-token', customerId, country] as const,
    queryFn: () => getBankLinkToken(customerId, country),
    // a link token is for one widget opening: never reused from the cache
    gcTime: 0,
    staleTime: 0,
  });

export function useBankLinkToken(customerId: string | null | undefined, country: Country | null, enabled: boolean) {
  return useQuery({
    ...bankLinkTokenQueryOptions(customerId ?? '', country ?? 'CA'),
    enabled: enabled && !!customerId && !!country,
  });
}
