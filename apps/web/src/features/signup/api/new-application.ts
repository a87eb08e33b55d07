import type { LeaseApplication } from '@portal/domain/api-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

// issue 11: GET /lease_application/new?pageName&propertyId → a stored NOT_STARTED application (or the open one)
export const newApplication = (pageName: string, propertyId: string) =>
  api.get<Pick<LeaseApplication, 'id' | 'status'>>('/lease_application/new', { query: { pageName, propertyId } });

export function useNewApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ pageName, propertyId }: { pageName: string; propertyId: string }) => newApplication(pageName, propertyId),
    // the dashboard's application cards show it
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
