// spec 2 §7 "Credit reporting": POST /credit_report/search (by lease id). Small on purpose: the dashboard's service
// cards (first load) read it to know whether a tenant has a subscription; everything else loads with the card's chunk.
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { useQuery } from '@tanstack/react-query';
import { search } from '../../../lib/api-client';

/** The query keys of credit reporting (one factory, STYLE: all / lists / list(q) / offer(leaseId)). */
export const creditReportKeys = {
  all: ['credit_report'] as const,
  lists: () => ['credit_report', 'list'] as const,
  list: (leaseIds: readonly string[]) => ['credit_report', 'list', [...leaseIds].sort()] as const,
  offer: (leaseId: string) => ['credit_report', 'offer', leaseId] as const,
};

/** The tenant's subscriptions (every status) on these leases; the server scopes the search to the caller. */
export const searchCreditReportSubscriptions = (leaseIds: readonly string[]) =>
  search<CreditReportSubscription>('credit_report', {
    conditions: [{ field: 'billingAccountId', operator: 'IN', value: [...leaseIds] }],
  });

export function useCreditReportSubscriptions(leaseIds: readonly string[] | undefined) {
  return useQuery({
    queryKey: creditReportKeys.list(leaseIds ?? []),
    queryFn: () => searchCreditReportSubscriptions(leaseIds ?? []),
    enabled: !!leaseIds && leaseIds.length > 0,
  });
}
