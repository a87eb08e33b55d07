import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { ApplicationDraftBody } from '../forms/draft-values';
import type { LeaseApplication } from './types';

export type SaveForLaterBody = ApplicationDraftBody & { id: string; currentStep?: string };

// spec 2 §7: POST /lease_application/saveforlater {id, …draft, currentStep} → the application (NOT_STARTED → IN_PROGRESS)
export const saveForLater = (body: SaveForLaterBody) => api.post<LeaseApplication>('/lease_application/saveforlater', body);

export function useSaveForLater() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveForLater,
    onSuccess: (app) => {
      qc.setQueryData(applicationKeys.detail(app.id), app);
      void qc.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
