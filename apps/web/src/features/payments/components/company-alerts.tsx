// Issue 21 §2 (spec 1 §8 "Payment methods may need re-entry after security changes (one-time alert for listed
// companies)", spec 2 §8 "Re-entry and fee-change alerts"): each alert of a flagged company of the tenant's leases shows
// once. It is remembered as shown (server-side) when it appears, and stays on the page until the tenant dismisses it.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { COMPANY_ALERT_TEXT_KEYS } from '@portal/domain/company-alerts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useMarkCompanyAlertSeen, usePendingCompanyAlerts } from '../api/company-alerts';

const keyOf = (a: { companyId: string; alert: string }) => `${a.companyId}:${a.alert}`;

export function CompanyAlerts({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation();
  const pending = usePendingCompanyAlerts(enabled);
  const markSeen = useMarkCompanyAlertSeen();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(new Set<string>());
  const alerts = (pending.data?.records ?? []).filter((a) => !dismissed.has(keyOf(a)));

  useEffect(() => {
    for (const a of pending.data?.records ?? []) {
      if (marked.current.has(keyOf(a))) continue;
      marked.current.add(keyOf(a));
      markSeen.mutate({ companyId: a.companyId, alert: a.alert });
    }
  }, [pending.data, markSeen.mutate]);

  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('common.companyAlerts.regionLabel')}>
      {alerts.map((a) => (
        <Alert
          key={keyOf(a)}
          color="yellow"
          variant="light"
          role="note"
          title={t('common.companyAlerts.title', { company: a.companyName })}
          data-testid="company-alert"
        >
          <Text size="sm">{t(COMPANY_ALERT_TEXT_KEYS[a.alert], { company: a.companyName })}</Text>
          <Group mt="xs">
            <Button size="xs" variant="white" onClick={() => setDismissed((d) => new Set(d).add(keyOf(a)))}>
              {t('common.companyAlerts.dismiss')}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
