import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleKeys } from '../../../api/query-keys';
import type { RecurringSchedule } from '../../../api/types';
import { search } from '../../../lib/api-client';

// spec 2 §7: POST /recurring_schedule/search with a condition list: the lease's schedule with its charges (the lease
// record carries the schedule without them)
export const searchLeaseSchedules = (leaseId: string) =>
  search<RecurringSchedule>(
    'recurring_schedule',
    { conditions: [{ field: 'billingAccountId', operator: 'EQUALS', value: leaseId }] },
    { page: 1, recordsPerPage: 10 },
  );

export const leaseSchedulesQueryOptions = (leaseId: string) =>
  queryOptions({ queryKey: scheduleKeys.list({ leaseId }), queryFn: () => searchLeaseSchedules(leaseId) });

export function useLeaseSchedules(leaseId: string, enabled = true) {
  return useQuery({ ...leaseSchedulesQueryOptions(leaseId), enabled });
}
