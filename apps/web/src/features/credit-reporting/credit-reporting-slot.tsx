// The dashboard's credit-reporting place (spec 2 §2 "Dashboard service cards"; spec 1 §2 login=cr). Kept small: it is
// in the dashboard's first load. The card and its modal load only for a tenant offered the service, who has a
// subscription, or who arrived with login=cr (issue 22: the first load does not grow for the others).

import { lazy, Suspense } from 'react';
import type { PropertyLease } from '../../api/types';
import { withChunkTimeout } from '../../lib/lazy-chunk';
import { useCreditReportSubscriptions } from './api/search-subscriptions';
import { offersCreditReporting } from './lib/offered';

const CreditReportingCard = lazy(() =>
  withChunkTimeout(() => import('./components/credit-reporting-card')).then((m) => ({ default: m.CreditReportingCard })),
);

export interface CreditReportingSlotProps {
  /** The tenant's leases (with property, company and parent company joins); undefined while they load. */
  leases: readonly PropertyLease[] | undefined;
  /** The dashboard was opened with login=cr: open the sign-up (spec 1 §2). */
  signup: boolean;
}

export function CreditReportingSlot({ leases, signup }: CreditReportingSlotProps) {
  // spec 2 §9: credit reporting exists in Canada only, so only a Canadian lease can have a subscription to look for
  const subscriptions = useCreditReportSubscriptions(leases?.filter((l) => l.joins.property?.country === 'CA').map((l) => l.id));
  if (!leases) return null;
  const offered = leases.some((l) => offersCreditReporting(l));
  const subscribed = (subscriptions.data?.records.length ?? 0) > 0;
  // spec 2 §2: shown where offered or subscribed; login=cr always gets an answer (the sign-up, or why not)
  if (!offered && !subscribed && !signup) return null;
  // asked for the sign-up: wait for the subscriptions, so an already subscribed lease is not offered again
  if (signup && subscriptions.isLoading) return null;
  return (
    <Suspense fallback={null}>
      <CreditReportingCard
        leases={leases}
        subscriptions={subscriptions.data?.records ?? []}
        subscriptionsFailed={subscriptions.isError}
        signup={signup}
      />
    </Suspense>
  );
}
