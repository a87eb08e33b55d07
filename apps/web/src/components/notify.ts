// Toasts (spec 1 §2 Shell: toast notifications). Callers pass text already translated with t().
// The Mantine notifications package loads with the first toast (components/toast-host.tsx mounts its container),
// so routes that never toast do not carry it.
import i18n from '../lib/i18n';

type NotificationsModule = typeof import('@mantine/notifications');

interface NotifyOptions {
  title?: string;
  /** Milliseconds before the toast hides itself; false keeps it until closed. */
  autoClose?: number | false;
  id?: string;
}

let hostWanted = false;
const hostListeners = new Set<() => void>();
let loading: Promise<NotificationsModule> | null = null;

export function subscribeToastHost(fn: () => void): () => void {
  hostListeners.add(fn);
  return () => hostListeners.delete(fn);
}
export const isToastHostWanted = () => hostWanted;

export function loadNotifications(): Promise<NotificationsModule> {
  loading ??= import('@mantine/notifications');
  return loading;
}

function show(color: string, message: string, opts: NotifyOptions = {}): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const fn of hostListeners) fn();
  }
  void loadNotifications().then(({ notifications }) => {
    notifications.show({
      color,
      message,
      title: opts.title,
      id: opts.id,
      autoClose: opts.autoClose ?? 5000,
      withBorder: true,
      // WCAG 4.1.2: Mantine's close button is an unnamed icon; named in the language the app speaks when it shows.
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
    });
  });
}

export const notifySuccess = (message: string, opts?: NotifyOptions) => show('green', message, opts);
export const notifyError = (message: string, opts?: NotifyOptions) => show('red', message, { autoClose: 8000, ...opts });
export const notifyInfo = (message: string, opts?: NotifyOptions) => show('blue', message, opts);
