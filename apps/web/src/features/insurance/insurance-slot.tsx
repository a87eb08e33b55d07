// The dashboard's insurance place (spec 2 §2 "Dashboard service cards"). Kept small: it is in the dashboard's first
// load. The card, its policies and its modals load only for a tenant with an ACTIVE lease that offers insurance (issue
// 22: the first load does not grow for the others, and their dashboard fetches nothing more).
import { serviceAvailability } from '@portal/domain/service-availability';
import { lazy, Suspense } from 'react';
import type { PropertyLease } from '../../api/types';
import { withChunkTimeout } from '../../lib/lazy-chunk';

const InsuranceCards = lazy(() =>
  withChunkTimeout(() => import('./components/insurance-card')).then((m) => ({ default: m.InsuranceCards })),
);

/** spec 2 §4: options only on ACTIVE leases; spec 2 §9 and the switches: serviceAvailability decides the rest. */
function offersInsurance(lease: PropertyLease): boolean {
  if (lease.status !== 'ACTIVE') return false;
  const offer = serviceAvailability(lease);
  return offer.insuranceUpload || offer.insurancePartners.length > 0;
}

export function InsuranceSlot({ leases }: { leases: readonly PropertyLease[] | undefined }) {
  if (!leases?.some(offersInsurance)) return null;
  return (
    <Suspense fallback={null}>
      <InsuranceCards leases={leases} />
    </Suspense>
  );
}
