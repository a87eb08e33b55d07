// Display helpers of the payment page: labels (spec 1 §9), expiry MM/YY, country names, the platform check of spec 1 §5.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { paymentMethodLabel } from '@portal/domain/payment-method-label';
import type { PropertyLease } from '../../../api/types';
import { useTranslation } from '../../../lib/i18n';

export { countryName, localToday, useLang } from '../../../lib/locale';

/**
 * spec 1 §9: the method's label in the UI language ('Visa 4242', 'Bank Account 6789', 'PayPal', 'Wallet'); the
 * server's `label` (in the language of the call) for a type the rule has no label for.
 */
export function useMethodLabel(): (method: Pick<PaymentMethodRecord, 'type' | 'brand' | 'last4' | 'label'>) => string {
  const { t } = useTranslation();
  return (method) => {
    const ref = paymentMethodLabel(method);
    return ref ? t(ref.key, ref.values) : method.label;
  };
}

/** spec 1 §5: card expiry shown as MM/YY. */
export function formatExpiry(month: number | null, year: number | null): string | null {
  if (month == null || year == null) return null;
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** spec 1 §5: Apple Pay methods are removed from the list on Windows. */
export function isWindowsPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const hinted = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform;
  return /windows|win32|win64/i.test(hinted ?? navigator.userAgent ?? '');
}

/** Leases that can still be paid: a terminated lease's blocks and fees no longer matter. */
export const isOpenLease = (lease: Pick<PropertyLease, 'status'>) => lease.status !== 'TERMINATED';
