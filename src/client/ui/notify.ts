/**
 * Alerts that float over the page (a refused delete, docs/product.md#states-and-transitions; the
 * notice that an account was deleted). The notifications module loads on first use and
 * NotificationsHost mounts its container then, so neither is part of the first page's code.
 */
import { NOTIFY_EVENT } from './NotificationsHost.tsx';

async function show(color: string, title: string | undefined, message: string, autoClose: number): Promise<void> {
  window.dispatchEvent(new Event(NOTIFY_EVENT));
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ color, title, message, autoClose });
}

export function notifyError(title: string, message: string): Promise<void> {
  return show('red', title, message, 8000);
}

/** A notice that something went as asked (an account deleted); it stays a little longer. */
export function notifyNotice(message: string, title?: string): Promise<void> {
  return show('teal', title, message, 10_000);
}
