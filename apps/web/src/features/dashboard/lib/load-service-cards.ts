// The dashboard's own service cards load on demand (issue 22: the first load does not grow for a tenant offered none).
// Wanted before the first render (app/preload-data.ts starts it with the leases), they show with the page: no shift.
import type { PropertyLease } from '../../../api/types';
import { type LeaseServiceOffer, serviceOffers } from './service-offers';

type Content = typeof import('../components/services/service-cards-content');
let loaded: Content | null = null;
let loading: Promise<Content> | null = null;

/** Whether any lease offers one of the cards this chunk holds. */
export const wantsServiceCards = (offers: readonly LeaseServiceOffer[]): boolean =>
  offers.some(
    ({ offer }) => offer.microloanPartners.length > 0 || !!offer.customCard || offer.concierge || offer.neobankPromotion,
  );

export function loadServiceCards(): Promise<Content> {
  loading ??= import('../components/services/service-cards-content').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

export const loadedServiceCards = (): Content | null => loaded;

/** For the first load: the chunk, when the tenant's leases want it (a failure is left to the dashboard's own load). */
export function preloadServiceCards(leases: readonly PropertyLease[] | undefined): Promise<unknown> {
  if (!leases || !wantsServiceCards(serviceOffers(leases))) return Promise.resolve();
  return loadServiceCards().catch(() => undefined);
}
