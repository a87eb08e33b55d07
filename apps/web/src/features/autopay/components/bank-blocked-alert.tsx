// spec 2 §8 / §6: bank payments blocked by the manager raise an alert naming the property, once per lease: autopay with
// a bank account will not be processed. Shown on the lease card; remembered on this device with the payment page's
// record of the same alert (features/payments bank-blocked-memory.ts), so a lease alerts once whichever shows it.
import { Alert } from '@mantine/core';
import { type BlockPayments, bankBlockedAlert } from '@portal/domain/payment-methods';
import { useEffect, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { readShownLeaseIds, writeShownLeaseIds } from '../../../lib/bank-blocked-memory';
import { useTranslation } from '../../../lib/i18n';

const propertyName = (lease: PropertyLease) => lease.joins.property?.propertyName ?? lease.unit ?? '';

export function BankBlockedAlert({ lease }: { lease: PropertyLease }) {
  const { t } = useTranslation();
  // decided once, on the first render: the alert stays for this visit and does not come back
  const [message, setMessage] = useState(() =>
    bankBlockedAlert(
      { id: lease.id, propertyName: propertyName(lease), blockPayments: lease.blockPayments as BlockPayments },
      readShownLeaseIds(),
    ),
  );
  useEffect(() => {
    if (message) writeShownLeaseIds(readShownLeaseIds().add(lease.id));
  }, [message, lease.id]);
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('dashboard.autopay.bankBlockedTitle')}
      withCloseButton
      closeButtonLabel={t('dashboard.autopay.dismiss')}
      onClose={() => setMessage(null)}
      data-testid="bank-blocked-alert"
    >
      {t(message.key, message.values)}
    </Alert>
  );
}
