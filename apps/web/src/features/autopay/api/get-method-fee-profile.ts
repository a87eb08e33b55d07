import type { FeeProfileRecord } from '@portal/domain/api-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { feeProfileKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface MethodFeeQuestion {
  companyId: string;
  paymentMethodId: string;
  billingAccountId: string;
  /** A bank account's autopay is a pre-authorised debit (spec 2 §9): its own, possibly free, profile. */
  padSchedule: boolean;
}

// spec 2 §7: the service fee for a schedule: POST /fee_profile/payment_method {companyId, paymentMethod,
// billingAccountId, billingAccountType, padSchedule, recurringSchedule} → the profile that prices the method
export const getMethodFeeProfile = (q: MethodFeeQuestion) =>
  api.post<{ feeProfile: FeeProfileRecord | null }>('/fee_profile/payment_method', {
    companyId: q.companyId,
    paymentMethod: q.paymentMethodId,
    billingAccountId: q.billingAccountId,
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    padSchedule: q.padSchedule,
    recurringSchedule: true,
  });

export const methodFeeProfileQueryOptions = (q: MethodFeeQuestion) =>
  queryOptions({
    queryKey: [...feeProfileKeys.all, 'payment_method', q] as const,
    queryFn: () => getMethodFeeProfile(q),
    staleTime: 5 * 60_000,
  });

export function useMethodFeeProfile(q: MethodFeeQuestion | null) {
  return useQuery({
    ...methodFeeProfileQueryOptions(q ?? { companyId: '', paymentMethodId: '', billingAccountId: '', padSchedule: false }),
    enabled: !!q,
  });
}
