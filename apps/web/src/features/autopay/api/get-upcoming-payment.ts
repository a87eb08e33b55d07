import type { AutopayUpcomingPayment } from '@portal/domain/autopay-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// spec 2 §7: GET /recurring_schedule/{id}/upcomingpayment → the PENDING payment, with the last day it may still change
export const getUpcomingPayment = (scheduleId: string) =>
  api.get<AutopayUpcomingPayment>(`/recurring_schedule/${encodeURIComponent(scheduleId)}/upcomingpayment`);

export const upcomingPaymentQueryOptions = (scheduleId: string) =>
  queryOptions({
    queryKey: [...scheduleKeys.detail(scheduleId), 'upcomingpayment'] as const,
    queryFn: () => getUpcomingPayment(scheduleId),
  });

/** The upcoming payment of an active schedule (none asked for without one). */
export function useUpcomingPayment(scheduleId: string | null | undefined) {
  return useQuery({ ...upcomingPaymentQueryOptions(scheduleId ?? ''), enabled: !!scheduleId });
}
