import { queryOptions, useQuery } from '@tanstack/react-query';
import { search } from '../../lib/api-client';
import { leaseKeys } from '../query-keys';
import type { PropertyLease } from '../types';

/** The tenant's leases with property and company joined: one call for the dashboard's lease cards. */
export const searchLeases = () =>
  search<PropertyLease>(
    'property_lease',
    { conditions: [], joins: ['property', 'company', 'parentCompany'] },
    { page: 1, recordsPerPage: 100 },
  );

export const leasesQueryOptions = () => queryOptions({ queryKey: leaseKeys.list({ joins: 'dashboard' }), queryFn: searchLeases });

export function useLeases() {
  return useQuery(leasesQueryOptions());
}
