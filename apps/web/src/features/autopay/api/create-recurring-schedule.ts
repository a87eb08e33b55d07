import type { CreateRecurringScheduleBody, RecurringScheduleAnswer } from '@portal/domain/autopay-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { AUTOPAY_MUTATION_KEY, refreshAfterScheduleChange } from './refresh';

// spec 2 §7: POST /create with type TYPE_RECURRING_SCHEDULE and the schedule fields → the created schedule
export const createRecurringSchedule = (body: CreateRecurringScheduleBody) => api.post<RecurringScheduleAnswer>('/create', body);

export function useCreateRecurringSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: AUTOPAY_MUTATION_KEY,
    mutationFn: createRecurringSchedule,
    onSuccess: () => refreshAfterScheduleChange(qc),
  });
}
