import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { CreditReportingSlot } from '../../credit-reporting';
import { InsuranceSlot } from '../../insurance';
import classes from '../dashboard.module.css';
import { loadedServiceCards, loadServiceCards, wantsServiceCards } from '../lib/load-service-cards';
import { serviceOffers } from '../lib/service-offers';

/**
 * spec 2 §2 "Dashboard service cards": the add-on services of the tenant's leases (credit reporting, insurance,
 * microlending, the custom card, the concierge, the Canada-only neobank banner). Each card decides from
 * serviceAvailability (@portal/domain/service-availability, through lib/service-offers.ts) whether it shows.
 *
 * No layout shift (issue 22): nothing renders until the leases are here (they arrive with the lease cards above), and
 * a tenant offered nothing gets no box at all (the grid is `:empty`, display none). So a card that shows nothing must
 * render null, never an empty wrapper.
 *
 * Adding a service: its slot below, a small first-load component that loads its cards and modals only for a tenant
 * offered the service (the dashboard's first load must not grow for the others); per lease, name the property when the
 * tenant has several (lib/service-offers.ts `propertyName`). The dashboard's own cards (microlending, custom card,
 * neobank banner, concierge) are one such chunk (lib/load-service-cards.ts), fetched with the leases on a first load.
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
  const cards = useServiceCardsChunk(wantsServiceCards(offers));
  if (!leases) return null;
  return (
    <section aria-label={t('dashboard.services.label')} className={classes.serviceGrid}>
      {cards && <cards.LeadingServiceCards offers={offers} />}
      <CreditReportingSlot leases={leases} signup={creditReportingSignup} />
      {/* issue 22: insurance, a card per ACTIVE lease that offers it (features/insurance) */}
      <InsuranceSlot leases={leases} />
      {cards && <cards.ServiceCardsContent offers={offers} />}
    </section>
  );
}

/** The cards' chunk once wanted: at once when already here (a first load fetched it with the leases), else loaded. */
function useServiceCardsChunk(wanted: boolean) {
  const [cards, setCards] = useState(loadedServiceCards);
  useEffect(() => {
    if (!wanted || cards) return;
    let current = true;
    // A chunk that fails to load costs the tenant these add-on cards only, never the dashboard.
    loadServiceCards().then(
      (loaded) => current && setCards(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, cards]);
  return wanted ? cards : null;
}
