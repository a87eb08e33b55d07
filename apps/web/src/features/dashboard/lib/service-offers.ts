// The services each lease offers, in the lease cards' order (issue 22): one availability rule for every card
// (@portal/domain/service-availability), computed once for the whole services area.
import { type ServiceAvailability, serviceAvailability } from '@portal/domain/service-availability';
import type { PropertyLease } from '../../../api/types';
import { orderLeases } from './lease-order';

export interface LeaseServiceOffer {
  lease: PropertyLease;
  offer: ServiceAvailability;
  /** The property to name on the lease's cards when the tenant has several leases, else null. */
  propertyName: string | null;
}

export function serviceOffers(leases: readonly PropertyLease[]): LeaseServiceOffer[] {
  const several = leases.length > 1;
  return orderLeases(leases).map((lease) => ({
    lease,
    offer: serviceAvailability(lease),
    propertyName: several ? (lease.joins.property?.propertyName ?? null) : null,
  }));
}
