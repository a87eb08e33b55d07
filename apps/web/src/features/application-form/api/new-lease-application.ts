import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { LeaseApplication } from './types';

// spec 2 §4 / §7: GET /lease_application/new?pageName=… → a stored NOT_STARTED application (the caller's existing
// NOT_STARTED one for the same page and property instead of a new one)
export const newLeaseApplication = (q: { pageName: string; propertyId?: string }) =>
  api.get<LeaseApplication>('/lease_application/new', { query: { pageName: q.pageName, propertyId: q.propertyId } });

export function useNewLeaseApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: newLeaseApplication,
    onSuccess: (app) => {
      qc.setQueryData(applicationKeys.detail(app.id), app);
      void qc.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
