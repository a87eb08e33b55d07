// The dashboard's credit-reporting place (spec 2 §2 "Dashboard service cards"; spec 1 §2 login=cr). Kept small: it is
// in the dashboard's first load. The card and its modal load only for a tenant offered the service, who has a
// subscription, or who arrived with login=cr (issue 22: the first load does not grow for the others).

import { Card } from '@mantine/core';
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
  const offered = leases.filter((l) => offersCreditReporting(l)).length;
  const subscribed = (subscriptions.data?.records.length ?? 0) > 0;
  // spec 2 §2: shown where offered or subscribed; login=cr always gets an answer (the sign-up, or why not)
  if (!offered && !subscribed && !signup) return null;
  // the card's place is kept while the subscriptions and its code load (no "sign up" flashing before "edit", no shift)
  const placeholder = <CardPlaceholder rows={Math.max(offered, 1)} />;
  if (subscriptions.isLoading) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CreditReportingCard
        leases={leases}
        subscriptions={subscriptions.data?.records ?? []}
        subscriptionsFailed={subscriptions.isError}
        signup={signup}
      />
    </Suspense>
  );
}

/** An empty card of about the card's height: the title and intro, then a row per lease offered the service. */
function CardPlaceholder({ rows }: { rows: number }) {
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      aria-hidden="true"
      data-testid="credit-reporting-placeholder"
      mih={110 + 70 * rows}
    />
  );
}
