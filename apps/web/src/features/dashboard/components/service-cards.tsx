import type { UseQueryResult } from '@tanstack/react-query';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { CreditReportingSlot } from '../../credit-reporting';
import classes from '../dashboard.module.css';

/**
 * spec 2 §2 "Dashboard service cards": the add-on services of the tenant's leases (credit reporting, insurance,
 * microlending, the custom card, the concierge, the Canada-only neobank banner). Each card decides from
 * serviceAvailability (@portal/domain/service-availability) whether it shows; a tenant offered nothing sees nothing,
 * and every card's modals load on demand (issue 22: the dashboard's first load must not grow).
 */
export function ServiceCards({
  leasesQuery,
  creditReportingSignup = false,
}: {
  leasesQuery: UseQueryResult<SearchResult<PropertyLease>>;
  /** spec 1 §2: the address asked for the credit-reporting sign-up (login=cr). */
  creditReportingSignup?: boolean;
}) {
  return (
    <div className={classes.serviceGrid}>
      <CreditReportingSlot leases={leasesQuery.data?.records} signup={creditReportingSignup} />
    </div>
  );
}
