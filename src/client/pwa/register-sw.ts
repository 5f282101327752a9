/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) with workbox-window and connects it to
 * the page. Loaded after the page and the first sync (main.tsx), so neither workbox-window nor the
 * precache downloads compete with the first paint.
 *
 * - A new version that installs while a version controls the page waits: the controller shows the
 *   update prompt, and Reload sends SKIP_WAITING; once the new version controls the page, the page
 *   reloads into it. Only the page whose user chose Reload reloads; other open pages keep the
 *   prompt (a silent reload could drop what is typed in an open form).
 * - The first version's activation tells the controller that the app now starts offline.
 * - Updates are looked for when the page becomes visible again, when the network comes back, and
 *   every hour (the browser itself only looks on navigations, which a single-page app rarely makes).
 * - An edit queued while offline registers a background sync; the worker's wake-up message flushes
 *   the outbox (the data layer's 'online' trigger usually gets there first: the outbox sends each
 *   edit once, with its Idempotency-Key, whoever asks).
 */
import { Workbox } from 'workbox-window';
import { OUTBOX_SYNC_TAG, SW_MESSAGE } from '../../../sw/protocol.ts';
import type { DataLayer } from '../data/data-layer.ts';
import type { PwaController } from './controller.ts';

export const SW_URL = '/sw.js';
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The workbox-window pieces used here (`Workbox` in the browser, a fake in tests). */
export interface WorkboxLike {
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
  addEventListener(type: 'waiting' | 'activated' | 'controlling', listener: (event: { isUpdate?: boolean; isExternal?: boolean }) => void): void;
}

/** The Background Sync API's part of a registration (not in TypeScript's DOM lib). */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export interface ServiceWorkerDeps {
  workbox: WorkboxLike;
  controller: PwaController;
  layer: Pick<DataLayer, 'flush' | 'onEditQueued'>;
  /** `navigator.serviceWorker`: the worker's messages to this page arrive there. */
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener' | 'controller'>;
  /** `window` (online) and `document` (visibilitychange). */
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  reload: () => void;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  log?: Pick<Console, 'warn'>;
}

export interface ServiceWorkerHandle {
  registration: ServiceWorkerRegistration | undefined;
  /** Looks for a new version now (what the triggers above call). */
  checkForUpdate(): Promise<void>;
  stop(): void;
}

export async function startServiceWorker(deps: ServiceWorkerDeps): Promise<ServiceWorkerHandle> {
  const { workbox, controller, layer, container, log = console } = deps;
  const setTimer = deps.setInterval ?? ((callback, ms) => globalThis.setInterval(callback, ms));
  const clearTimer = deps.clearInterval ?? ((handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>));

  let reloadRequested = false;
  const activate = () => {
    reloadRequested = true;
    workbox.messageSkipWaiting();
  };
  const waiting = () => controller.updateFound(activate);

  // Own or external (another tab found it, or an update check did): either way this page runs
  // the old version until it reloads.
  workbox.addEventListener('waiting', waiting);
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) controller.offlineReadyFound();
  });
  workbox.addEventListener('controlling', () => {
    if (reloadRequested) deps.reload();
  });

  const onMessage = (event: Event) => {
    const data: unknown = (event as MessageEvent).data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SW_MESSAGE.flushOutbox) void layer.flush();
  };
  container.addEventListener('message', onMessage);

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await workbox.register();
  } catch (error) {
    log.warn('The service worker could not be registered', error);
  }

  const stopQueued = layer.onEditQueued(() => {
    const sync = (registration as (ServiceWorkerRegistration & SyncRegistration) | undefined)?.sync;
    // Where the browser has no background sync, the 'online' event alone brings the edits home.
    sync?.register(OUTBOX_SYNC_TAG).catch((error: unknown) => log.warn('Background sync could not be registered', error));
  });

  async function checkForUpdate() {
    if (!registration) return;
    try {
      await workbox.update();
    } catch (error) {
      // Offline, or the server is down: the next trigger tries again.
      log.warn('Looking for a new version failed', error);
      return;
    }
    // workbox-window reports one update per page; a second one found by a later check is seen here.
    if (registration.waiting && container.controller && !controller.getState().updateReady) waiting();
  }

  const onVisible = () => {
    if (deps.document.visibilityState === 'visible') void checkForUpdate();
  };
  const onOnline = () => void checkForUpdate();
  deps.document.addEventListener('visibilitychange', onVisible);
  deps.window.addEventListener('online', onOnline);
  const timer = setTimer(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);

  return {
    registration,
    checkForUpdate,
    stop() {
      stopQueued();
      container.removeEventListener('message', onMessage);
      deps.document.removeEventListener('visibilitychange', onVisible);
      deps.window.removeEventListener('online', onOnline);
      clearTimer(timer);
    },
  };
}

/** The page's own wiring: the real workbox-window, navigator.serviceWorker, window and document. */
export function registerServiceWorker(controller: PwaController, layer: Pick<DataLayer, 'flush' | 'onEditQueued'>): Promise<ServiceWorkerHandle> {
  return startServiceWorker({
    workbox: new Workbox(SW_URL, { scope: '/' }),
    controller,
    layer,
    container: navigator.serviceWorker,
    window,
    document,
    reload: () => window.location.reload(),
  });
}
