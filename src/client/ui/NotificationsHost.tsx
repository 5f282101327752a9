/**
 * Mounts Mantine's notifications container the first time an alert is raised (ui/notify.ts), so
 * the first page loads without it. Alerts shown before it mounts wait in the notifications store.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

export const NOTIFY_EVENT = 'runway:notify';

const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

export function NotificationsHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const show = () => setNeeded(true);
    window.addEventListener(NOTIFY_EVENT, show);
    return () => window.removeEventListener(NOTIFY_EVENT, show);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
