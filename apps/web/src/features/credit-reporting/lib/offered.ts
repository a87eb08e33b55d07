// spec 2 §9 / issue 22: whether a lease offers credit reporting, by the one availability rule the server applies too.
import { serviceAvailability } from '@portal/domain/service-availability';
import type { PropertyLease } from '../../../api/types';

export function offersCreditReporting(lease: PropertyLease): boolean {
  const { company, property, parentCompany } = lease.joins;
  return serviceAvailability({
    status: lease.status,
    joins: { company: company ?? null, property: property ?? null, parentCompany: parentCompany ?? null },
  }).creditReporting;
}
