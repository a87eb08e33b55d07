// issue 2 "Benchmark": the dashboard's three data calls, as API requests and as the exact SQL the API runs for them,
// so the benchmark compares (a) through the API with (b) the same statements through the raw driver.
import { pastPaymentConditions } from '@portal/domain/receipt';
import type { SearchCondition } from './conditions.ts';
import { RECORD_TYPES } from './registry.ts';
import { buildSearchQuery, type RawQuery } from './search-records.ts';

export interface DashboardSearch {
  recordType: 'property_lease' | 'open_charge' | 'payment_transaction';
  /** Query string of POST /api/{recordType}/search. */
  query: { page: number; recordsPerPage: number };
  body: { conditions: SearchCondition[]; joins: string[] };
}

/** The three calls as the web dashboard makes them (leases with their joins; open charges of a lease; a page of 5 transactions). */
export function dashboardSearches(leaseId: string): DashboardSearch[] {
  return [
    {
      recordType: 'property_lease',
      query: { page: 1, recordsPerPage: 100 },
      body: { conditions: [], joins: ['property', 'company', 'parentCompany'] },
    },
    {
      recordType: 'open_charge',
      query: { page: 1, recordsPerPage: 20 },
      body: { conditions: [{ field: 'billingAccountId', operator: 'EQUALS', value: leaseId }], joins: [] },
    },
    {
      recordType: 'payment_transaction',
      query: { page: 1, recordsPerPage: 5 },
      body: { conditions: pastPaymentConditions(), joins: ['property', 'company'] },
    },
  ];
}

/** The exact SQL (positional $1.. parameters) the API runs for dashboardSearches(leaseId) by tenant customerId. */
export function dashboardQueries(customerId: string, leaseId: string): RawQuery[] {
  return dashboardSearches(leaseId).map((s) =>
    buildSearchQuery(RECORD_TYPES[s.recordType], { role: 'tenant', id: customerId }, { ...s.body, ...s.query }),
  );
}
