// spec 2 §8 / §6: bank payments blocked by the manager raise an alert naming the property, once per lease: autopay with
// a bank account will not be processed. Shown on the lease card; remembered on this device with the payment page's
// record of the same alert (features/payments blocked-methods-notice.tsx), so a lease alerts once whichever shows it.
import { Alert } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyLease } from '../../../api/types';

/** localStorage: ids of the leases whose bank-blocked alert was shown (shared with the payment page). */
const SHOWN_KEY = 'payments.bankBlockedAlertShown';

function shownLeaseIds(): string[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

const isBankBlocked = (lease: PropertyLease) =>
  !!(lease.blockPayments as { TYPE_BANK_ACCOUNT?: { blocked?: boolean } } | null)?.TYPE_BANK_ACCOUNT?.blocked;

export function BankBlockedAlert({ lease }: { lease: PropertyLease }) {
  const { t } = useTranslation();
  // decided once, on the first render: the alert stays for this visit and does not come back
  const [open, setOpen] = useState(() => isBankBlocked(lease) && !shownLeaseIds().includes(lease.id));
  useEffect(() => {
    if (!open) return;
    try {
      window.localStorage.setItem(SHOWN_KEY, JSON.stringify([...new Set([...shownLeaseIds(), lease.id])]));
    } catch {
      // storage full or disabled: the alert may show again, which is harmless
    }
  }, [open, lease.id]);
  if (!open) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('dashboard.autopay.bankBlockedTitle')}
      withCloseButton
      closeButtonLabel={t('dashboard.autopay.dismiss')}
      onClose={() => setOpen(false)}
      data-testid="bank-blocked-alert"
    >
      {t(MSG.paymentMethodBankBlockedForProperty, { property: lease.joins.property?.propertyName ?? lease.unit ?? '' })}
    </Alert>
  );
}
