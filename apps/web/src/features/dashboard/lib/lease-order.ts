import type { PropertyLease } from '../../../api/types';

// Dashboard order of the lease cards: ACTIVE first, then PENDING, then the rest (stable within a group).
const RANK: Record<string, number> = { ACTIVE: 0, PENDING: 1 };

export function orderLeases(leases: readonly PropertyLease[]): PropertyLease[] {
  return leases
    .map((lease, index) => ({ lease, index }))
    .sort((a, b) => (RANK[a.lease.status] ?? 2) - (RANK[b.lease.status] ?? 2) || a.index - b.index)
    .map(({ lease }) => lease);
}

/** spec 1 §4: the leases of the company the dashboard's address asked for come first (stable, order kept otherwise). */
export function leasesOfCompanyFirst(leases: readonly PropertyLease[], companyId: string | null): PropertyLease[] {
  if (!companyId) return [...leases];
  return [...leases.filter((l) => l.companyId === companyId), ...leases.filter((l) => l.companyId !== companyId)];
}
