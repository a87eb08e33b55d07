import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useMemo } from 'react';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { CreditReportingSlot } from '../../credit-reporting';
import { InsuranceSlot } from '../../insurance';
import classes from '../dashboard.module.css';
import { serviceOffers } from '../lib/service-offers';
import { ConciergeCard } from './services/concierge-card';
import { CustomServiceCard } from './services/custom-service-card';
import { MicrolendingCard } from './services/microlending-card';
import { NeobankBanner } from './services/neobank-banner';

/**
 * spec 2 §2 "Dashboard service cards": the add-on services of the tenant's leases (credit reporting, insurance,
 * microlending, the custom card, the concierge, the Canada-only neobank banner). Each card decides from
 * serviceAvailability (@portal/domain/service-availability, through lib/service-offers.ts) whether it shows.
 *
 * No layout shift (issue 22): nothing renders until the leases are here (they arrive with the lease cards above), and
 * a tenant offered nothing gets no box at all (the grid is `:empty`, display none). So a card that shows nothing must
 * render null, never an empty wrapper.
 *
 * Adding a service's cards: one line in the per-lease block below (a card per lease that offers it, naming the
 * property when the tenant has several: `propertyName`), or beside the concierge for a card shown once. Modals load on
 * demand (components/lazy-modal.tsx), so the dashboard's first load does not grow.
 */
export function ServiceCards({
  leasesQuery,
  creditReportingSignup = false,
}: {
  leasesQuery: UseQueryResult<SearchResult<PropertyLease>>;
  /** spec 1 §2: the dashboard was opened with login=cr. */
  creditReportingSignup?: boolean;
}) {
  const { t } = useTranslation();
  const leases = leasesQuery.data?.records;
  const offers = useMemo(() => (leases ? serviceOffers(leases) : []), [leases]);
  if (!leases) return null;
  // Shown once, however many leases offer them: one promotion for the tenant, one concierge to join.
  const neobank = offers.some((o) => o.offer.neobankPromotion);
  const concierge = offers.some((o) => o.offer.concierge);
  return (
    <section aria-label={t('dashboard.services.label')} className={classes.serviceGrid}>
      {neobank && <NeobankBanner />}
      <CreditReportingSlot leases={leases} signup={creditReportingSignup} />
      {/* issue 22: insurance, a card per ACTIVE lease that offers it (features/insurance) */}
      <InsuranceSlot leases={leases} />
      {offers.map(({ lease, offer, propertyName }) => (
        <Fragment key={lease.id}>
          {/* per lease: credit reporting and insurance cards go here */}
          {offer.microloanPartners.length > 0 && (
            <MicrolendingCard leaseId={lease.id} partners={offer.microloanPartners} propertyName={propertyName} />
          )}
          {offer.customCard && <CustomServiceCard leaseId={lease.id} card={offer.customCard} propertyName={propertyName} />}
        </Fragment>
      ))}
      {concierge && <ConciergeCard />}
    </section>
  );
}
