import type { PropertyLease } from '../../../../api/types';
import { useTranslation } from '../../../../lib/i18n';

/** The lease as the dashboard names it: '{property} – Unit {unit}', or the property alone. */
export function useLeaseName(lease: PropertyLease): string {
  const { t } = useTranslation();
  const property = lease.joins.property?.propertyName ?? '';
  return lease.unit ? t('dashboard.lease.name', { property, unit: lease.unit }) : property;
}
