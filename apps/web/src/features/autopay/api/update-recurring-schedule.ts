import type { RecurringScheduleAnswer, UpdateRecurringScheduleBody } from '@portal/domain/autopay-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { AUTOPAY_MUTATION_KEY, refreshAfterScheduleChange } from './refresh';

export interface UpdateRecurringScheduleInput {
  id: string;
  body: UpdateRecurringScheduleBody;
}

// spec 2 §7: PATCH /recurring_schedule/{id}/update {active, startDate, paymentMethodId, paymentMethodType, customAmount};
// disabling is {active: false, customAmount: 0} (spec 2 §4)
export const updateRecurringSchedule = ({ id, body }: UpdateRecurringScheduleInput) =>
  api.patch<RecurringScheduleAnswer>(`/recurring_schedule/${encodeURIComponent(id)}/update`, body);

export function useUpdateRecurringSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: AUTOPAY_MUTATION_KEY,
    mutationFn: updateRecurringSchedule,
    onSuccess: () => refreshAfterScheduleChange(qc),
  });
}
