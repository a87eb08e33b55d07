import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { ApplicationDraftBody } from '../forms/draft-values';
import type { LeaseApplication } from './types';

export interface SubmitApplicationInput {
  id: string;
  body: ApplicationDraftBody & { paymentMethodId?: string; paymentMethodType?: string };
  /** One per attempt, the same on a retry of that attempt: the fee is never charged twice. */
  idempotencyKey: string;
}

// POST /lease_application/{id}/submit → PENDING (shown as SUBMITTED); 402 when the fee payment is refused
export const submitApplication = ({ id, body, idempotencyKey }: SubmitApplicationInput) =>
  api.post<LeaseApplication>(`/lease_application/${encodeURIComponent(id)}/submit`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useSubmitApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (app) => {
      qc.setQueryData(applicationKeys.detail(app.id), app);
      void qc.invalidateQueries({ queryKey: applicationKeys.lists() });
      void qc.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
