// Toasts (spec 1 §2 Shell: toast notifications) on the Mantine notifications already mounted in providers.tsx.
// Callers pass text already translated with t().
import { notifications } from '@mantine/notifications';

interface NotifyOptions {
  title?: string;
  /** Milliseconds before the toast hides itself; false keeps it until closed. */
  autoClose?: number | false;
  id?: string;
}

function show(color: string, message: string, opts: NotifyOptions = {}): string {
  return notifications.show({
    color,
    message,
    title: opts.title,
    id: opts.id,
    autoClose: opts.autoClose ?? 5000,
    withBorder: true,
  });
}

export const notifySuccess = (message: string, opts?: NotifyOptions) => show('green', message, opts);
export const notifyError = (message: string, opts?: NotifyOptions) => show('red', message, { autoClose: 8000, ...opts });
export const notifyInfo = (message: string, opts?: NotifyOptions) => show('blue', message, opts);
