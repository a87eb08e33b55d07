// spec 1 §2 Shell: broadcast messages by severity: CRITICAL → alert, WARNING → warning, anything else → info.
// Each can be dismissed for the rest of the browser session.
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type BroadcastMessage, useBroadcastMessages } from '../api/get-broadcast-messages';

const DISMISSED_KEY = 'dismissed_broadcasts';

function readDismissed(): string[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

// Read once, when this module loads (while the first screen's data loads): a page's first sessionStorage read can take
// tens of milliseconds, too long inside the first render (issue 9: total blocking time). Kept in step by dismiss().
let dismissedIds = readDismissed();

function look(severity: BroadcastMessage['severity']) {
  if (severity === 'CRITICAL') return { color: 'red', role: 'alert', titleKey: 'broadcast.critical' } as const;
  if (severity === 'WARNING') return { color: 'yellow', role: 'status', titleKey: 'broadcast.warning' } as const;
  return { color: 'blue', role: 'status', titleKey: 'broadcast.info' } as const;
}

export function BroadcastAlerts() {
  const { t, i18n } = useTranslation();
  const { data } = useBroadcastMessages();
  const [dismissed, setDismissed] = useState<string[]>(() => dismissedIds);
  const visible = (data ?? []).filter((m) => !dismissed.includes(m.id));
  if (visible.length === 0) return null;

  const dismiss = (id: string) => {
    const next = [...dismissed, id];
    dismissedIds = next;
    setDismissed(next);
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
  };

  return (
    <Stack gap="xs" mb="md" aria-label={t('broadcast.regionLabel')} component="section">
      {visible.map((m) => {
        const { color, role, titleKey } = look(m.severity);
        const text = (i18n.language === 'fr' ? m.messageFr : m.messageEn) || m.message;
        return (
          <Alert
            key={m.id}
            color={color}
            variant="light"
            role={role}
            title={t(titleKey)}
            withCloseButton
            closeButtonLabel={t('broadcast.dismiss')}
            onClose={() => dismiss(m.id)}
            data-severity={m.severity}
          >
            {text}
          </Alert>
        );
      })}
    </Stack>
  );
}
