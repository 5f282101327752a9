/**
 * Alerts that float over the page (a refused delete, spec section 4). The notifications module
 * loads on first use and NotificationsHost mounts its container then, so neither is part of the
 * first page's code.
 */
import { NOTIFY_EVENT } from './NotificationsHost.tsx';

export async function notifyError(title: string, message: string): Promise<void> {
  window.dispatchEvent(new Event(NOTIFY_EVENT));
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}
