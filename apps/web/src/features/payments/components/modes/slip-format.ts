// Small display helpers of the cash slips and the payment modes (kept apart from the slip card so the payment page's
// list does not load the QR code library).

import type { PropertyLease } from '../../../../api/types';
import { useTranslation } from '../../../../lib/i18n';

/** '1234567890123456' → '1234 5678 9012 3456' (the slip's number as the store types it). */
export const groupSlipNumber = (token: string) => token.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The lease as the dashboard names it: '{property} – Unit {unit}', or the property alone. */
export function useLeaseLabel(): (lease: PropertyLease) => string {
  const { t } = useTranslation();
  return (lease) => {
    const property = lease.joins.property?.propertyName ?? '';
    return lease.unit ? t('dashboard.lease.name', { property, unit: lease.unit }) : property;
  };
}
