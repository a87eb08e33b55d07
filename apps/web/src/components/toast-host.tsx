// The toasts' container, mounted once something asks for a toast (see notify.ts).
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastHostWanted, loadNotifications, subscribeToastHost } from './notify';

const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastHost, isToastHostWanted, isToastHostWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={4000} />
    </Suspense>
  );
}
