import { INITIAL_APPLICATION_FETCH_DELAY_MS } from '@portal/domain/application-fetch-delay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { search } from '../../lib/api-client';
import { applicationKeys } from '../query-keys';
import type { LeaseApplication } from '../types';

/** spec 2 §7: POST /lease_application/search with the property and the page template (lap) joined: one call for all cards. */
export const searchApplications = () =>
  search<LeaseApplication>('lease_application', { conditions: [], joins: ['property', 'lap'] }, { page: 1, recordsPerPage: 100 });

export const applicationsQueryOptions = () =>
  queryOptions({ queryKey: applicationKeys.list({ joins: 'dashboard' }), queryFn: searchApplications });

export function useApplications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...applicationsQueryOptions(), enabled: options.enabled ?? true });
}

/** spec 2 §4: the initial application fetch waits 500 ms; true once that wait is over (from the first render). */
export function useApplicationFetchDelay(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), INITIAL_APPLICATION_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/**
 * spec 1 §2 Shell: whether the tenant has at least one lease application (the navigation item's condition). The same
 * query as the dashboard's application cards, after the same wait: one request serves both, and none competes with the
 * first screen's data.
 */
export function useHasApplications(enabled: boolean): boolean {
  const ready = useApplicationFetchDelay();
  const query = useQuery({
    ...applicationsQueryOptions(),
    enabled: enabled && ready,
    select: (data) => data.records.length > 0,
  });
  return query.data === true;
}
