import { INITIAL_APPLICATION_FETCH_DELAY_MS } from '@portal/domain/application-fetch-delay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { LeaseApplication } from './types';

// spec 2 §4: the initial application fetch waits 500 ms
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// GET /lease_application/{id} → the application (another tenant's: 404)
export const getLeaseApplication = (id: string) => api.get<LeaseApplication>(`/lease_application/${encodeURIComponent(id)}`);

export const leaseApplicationQueryOptions = (id: string, delayMs = INITIAL_APPLICATION_FETCH_DELAY_MS) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: async () => {
      await wait(delayMs);
      return getLeaseApplication(id);
    },
  });

export function useLeaseApplication(id: string | null, delayMs?: number) {
  return useQuery({ ...leaseApplicationQueryOptions(id ?? '', delayMs), enabled: !!id });
}
