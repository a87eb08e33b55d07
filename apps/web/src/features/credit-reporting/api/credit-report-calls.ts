// spec 2 §7 "Credit reporting": the offer (fee, start date and notice, availability), subscribe (one Idempotency-Key
// per attempt), unsubscribe, stop and change of card. Every change refreshes the subscriptions and the offer.
import type {
  CreditReportMonth,
  CreditReportOffer,
  CreditReportSubscription,
  LastMonthAmountPaid,
} from '@portal/domain/credit-report-shapes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { creditReportKeys } from './search-subscriptions';

const enc = encodeURIComponent;

export const getCreditReportOffer = (leaseId: string) =>
  api.get<CreditReportOffer>('/credit_report/offer', { query: { leaseId } });

export function useCreditReportOffer(leaseId: string, enabled = true) {
  return useQuery({
    queryKey: creditReportKeys.offer(leaseId),
    queryFn: () => getCreditReportOffer(leaseId),
    enabled,
    // the start date and its notice follow today's date (spec 2 §4): never older than the modal's opening
    staleTime: 0,
  });
}

export interface SubscribeInput {
  leaseId: string;
  payMethodType?: string;
  payMethodId?: string;
  /** One per attempt, kept across retries of the same attempt: the fee is charged once (issue 22). */
  idempotencyKey: string;
}

export const subscribeCreditReport = ({ leaseId, payMethodType, payMethodId, idempotencyKey }: SubscribeInput) =>
  api.get<CreditReportSubscription>('/credit_report/subscribe', {
    query: { accountType: 'TYPE_PROPERTY_LEASE', accountId: leaseId, payMethodType, payMethodId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const unsubscribeCreditReport = (id: string) => api.get<CreditReportSubscription>(`/credit_report/${enc(id)}/unsubscribe`);

export const stopCreditReport = (id: string) => api.get<CreditReportSubscription>(`/credit_report/${enc(id)}/stop`);

export const changeCreditReportCard = ({ id, methodType, methodId }: { id: string; methodType: string; methodId: string }) =>
  api.get<CreditReportSubscription>(`/credit_report/${enc(id)}/change_payment_type`, { query: { methodType, methodId } });

/** A mutation that refreshes every credit-reporting query once it is done (answered or refused). */
function useCreditReportMutation<I>(fn: (input: I) => Promise<CreditReportSubscription>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: creditReportKeys.all }),
  });
}

export const useSubscribeCreditReport = () => useCreditReportMutation(subscribeCreditReport);
export const useUnsubscribeCreditReport = () => useCreditReportMutation(unsubscribeCreditReport);
export const useStopCreditReport = () => useCreditReportMutation(stopCreditReport);
export const useChangeCreditReportCard = () => useCreditReportMutation(changeCreditReportCard);

// spec 2 §7: GET /last_month_amount_paid?leaseId: the rent paid last month (what the bureau sees for that month)
export function useLastMonthAmountPaid(leaseId: string, enabled = true) {
  return useQuery({
    queryKey: [...creditReportKeys.all, 'last_month_amount_paid', leaseId] as const,
    queryFn: () => api.get<LastMonthAmountPaid>('/last_month_amount_paid', { query: { leaseId } }),
    enabled,
  });
}

// issue 22: GET /credit_report/{id}/reports: the months reported to the bureau and its answers, newest first
export function useReportedMonths(subscriptionId: string) {
  return useQuery({
    queryKey: [...creditReportKeys.all, 'reports', subscriptionId] as const,
    queryFn: () => api.get<CreditReportMonth[]>(`/credit_report/${enc(subscriptionId)}/reports`),
  });
}
