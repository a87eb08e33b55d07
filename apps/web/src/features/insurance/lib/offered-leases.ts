// Which of the tenant's leases offer insurance, and what (spec 2 §4: options only on ACTIVE leases; spec 2 §9 partners by
// province; the company's and the property's switches): the one rule of @portal/domain/service-availability.
import type { InsurancePartner } from '@portal/domain/entities';
import { serviceAvailability } from '@portal/domain/service-availability';
import type { PropertyLease } from '../../../api/types';
import type { TFunction } from '../../../lib/i18n';

export interface OfferedLease {
  id: string;
  /** "Harbourview Residences, unit 804". */
  label: string;
  partners: InsurancePartner[];
  upload: boolean;
}

export function leaseLabel(lease: PropertyLease, t: TFunction): string {
  const property = lease.joins.property?.propertyName ?? t('insurance.card.yourLease');
  return lease.unit ? t('insurance.card.leaseLabel', { property, unit: lease.unit }) : property;
}

/** The ACTIVE leases and their insurance offer (possibly none: e.g. in Quebec or the US). */
export function activeLeaseOffers(leases: readonly PropertyLease[] | undefined, t: TFunction): OfferedLease[] {
  return (leases ?? [])
    .filter((l) => l.status === 'ACTIVE')
    .map((l) => {
      const a = serviceAvailability(l);
      return { id: l.id, label: leaseLabel(l, t), partners: a.insurancePartners, upload: a.insuranceUpload };
    });
}

export const offersInsurance = (l: OfferedLease) => l.partners.length > 0 || l.upload;
