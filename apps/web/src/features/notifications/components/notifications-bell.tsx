// The portal's notices (issue 10: autopay reminders 7 days before a charge, payment outcomes, skipped occurrences…): a
// bell in the shell header with the unread count, opening the list (notifications-drawer.tsx, loaded on the first
// open). The bell itself is loaded after the first paint (app-shell.tsx), outside the routes' JavaScript budget.
import { notifications } from '@portal/i18n/locales/en.json?lazy';
import { useState } from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useUnreadNotificationCount } from '../api/get-notifications';
import classes from './notifications.module.css';

addEnglish({ notifications });

const NotificationsDrawer = lazyModal(() => import('./notifications-drawer').then((m) => m.NotificationsDrawer));

/** More than this shows as "99+". */
const MAX_SHOWN_COUNT = 99;

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function NotificationsBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotificationCount(true).data ?? 0;
  return (
    <>
      <button
        type="button"
        className={classes.bell}
        onClick={() => setOpened(true)}
        aria-label={t('notifications.bell', { count: unread })}
        aria-haspopup="dialog"
        data-testid="notifications-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span className={classes.count} aria-hidden="true">
            {unread > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : unread}
          </span>
        )}
      </button>
      <NotificationsDrawer opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
