// spec 1 §5 / §8: the warning listing each lease's blocked methods, and the bank-blocked alert shown once per lease.
import { Alert, List, Stack } from '@mantine/core';
import { type BlockPayments, bankBlockedAlert, blockedMethodsWarning } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useRef, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { readShownLeaseIds, writeShownLeaseIds } from '../../../lib/bank-blocked-memory';
import { useTranslation } from '../../../lib/i18n';
import { isOpenLease } from './method-display';

const propertyOf = (lease: PropertyLease) => lease.joins.property?.propertyName ?? lease.unit ?? '';

/** The bank-blocked alerts of leases not alerted before; remembers them so each shows once. */
function useBankBlockedAlerts(leases: readonly PropertyLease[] | undefined) {
  const [alerts, setAlerts] = useState<{ leaseId: string; message: MessageRef }[]>([]);
  const done = useRef(false);
  useEffect(() => {
    if (!leases || done.current) return;
    done.current = true;
    const shown = readShownLeaseIds();
    const fresh: { leaseId: string; message: MessageRef }[] = [];
    for (const lease of leases) {
      const message = bankBlockedAlert(
        { id: lease.id, propertyName: propertyOf(lease), blockPayments: lease.blockPayments as BlockPayments },
        shown,
      );
      if (message) fresh.push({ leaseId: lease.id, message });
    }
    if (fresh.length === 0) return;
    for (const a of fresh) shown.add(a.leaseId);
    writeShownLeaseIds(shown);
    setAlerts(fresh);
  }, [leases]);
  const dismiss = (leaseId: string) => setAlerts((all) => all.filter((a) => a.leaseId !== leaseId));
  return { alerts, dismiss };
}

export function BlockedMethodsNotice({ leases }: { leases: readonly PropertyLease[] | undefined }) {
  const { t } = useTranslation();
  const open = (leases ?? []).filter(isOpenLease);
  const { alerts, dismiss } = useBankBlockedAlerts(leases ? open : undefined);
  const warnings = open
    .map((lease) => ({ lease, messages: blockedMethodsWarning(lease.blockPayments as BlockPayments) }))
    .filter((w) => w.messages.length > 0);

  if (alerts.length === 0 && warnings.length === 0) return null;
  return (
    <Stack gap="sm">
      {alerts.map((a) => (
        <Alert
          key={a.leaseId}
          color="red"
          variant="light"
          role="alert"
          title={t('payments.blocked.bankTitle')}
          withCloseButton
          closeButtonLabel={t('payments.blocked.dismiss')}
          onClose={() => dismiss(a.leaseId)}
        >
          {t(a.message.key, a.message.values)}
        </Alert>
      ))}
      {warnings.map(({ lease, messages }) => (
        // a standing warning, not an interruption (Mantine's Alert is role="alert" by default)
        <Alert
          key={lease.id}
          color="yellow"
          variant="light"
          role="note"
          title={t('payments.blocked.title', { property: propertyOf(lease) })}
        >
          <List size="sm" spacing={4}>
            {messages.map((m) => (
              <List.Item key={m.valueKeys.method}>{t(m.key, { ...m.values, method: t(m.valueKeys.method) })}</List.Item>
            ))}
          </List>
        </Alert>
      ))}
    </Stack>
  );
}
