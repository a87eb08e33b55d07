import { chargeNameDisplay } from '@portal/domain/charge-names';
import type { TFunction } from './i18n';

/** issue 20: a charge as the tenant reads it: the portal's own names translated, the manager's text as written. */
export function chargeName(t: TFunction, charge: { code?: string | null; name?: string | null }): string {
  const shown = chargeNameDisplay(charge);
  return 'key' in shown ? t(shown.key) : shown.text;
}
