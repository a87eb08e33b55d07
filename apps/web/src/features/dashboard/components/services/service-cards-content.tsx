// The dashboard's own service cards (issue 22, spec 2 §2): microlending and the custom card per lease, the neobank
// banner and the concierge card once. A chunk of its own, with its English texts: loaded only for a tenant offered one
// of them (lib/load-service-cards.ts), so the dashboard's first load does not grow for the others.
import { services } from '@portal/i18n/locales/en.json?lazy';
import { Fragment } from 'react';
import { addEnglish } from '../../../../lib/i18n';
import type { LeaseServiceOffer } from '../../lib/service-offers';
import { ConciergeCard } from './concierge-card';
import { CustomServiceCard } from './custom-service-card';
import { MicrolendingCard } from './microlending-card';
import { NeobankBanner } from './neobank-banner';

addEnglish({ services });

/** The cards before the other services' (the banner spans the first row). */
export function LeadingServiceCards({ offers }: { offers: LeaseServiceOffer[] }) {
  return offers.some((o) => o.offer.neobankPromotion) ? <NeobankBanner /> : null;
}

/** The per-lease cards, then the concierge (one for the tenant, however many leases offer it). */
export function ServiceCardsContent({ offers }: { offers: LeaseServiceOffer[] }) {
  return (
    <>
      {offers.map(({ lease, offer, propertyName }) => (
        <Fragment key={lease.id}>
          {offer.microloanPartners.length > 0 && (
            <MicrolendingCard leaseId={lease.id} partners={offer.microloanPartners} propertyName={propertyName} />
          )}
          {offer.customCard && <CustomServiceCard leaseId={lease.id} card={offer.customCard} propertyName={propertyName} />}
        </Fragment>
      ))}
      {offers.some((o) => o.offer.concierge) && <ConciergeCard />}
    </>
  );
}
