/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) with workbox-window and connects it to
 * the page. Loaded after the page and the first sync (main.tsx), so neither workbox-window nor the
 * precache downloads compete with the first paint.
 *
 * - A new version that installs while a version controls the page waits: the controller shows the
 *   update prompt, and Reload sends SKIP_WAITING; once the new version controls the page, the page
 *   reloads into it. Only the page whose user chose Reload reloads; other open pages keep the
 *   prompt (a silent reload could drop what is typed in an open form), and show it again even
 *   after Later: they now run old code whose lazily loaded files the new version removed. Their
 *   Reload then simply reloads (nothing waits any more).
 * - A waiting version is noticed however it arrived: workbox-window's event, an installation that
 *   was already under way when the page registered (workbox-window misses those), or a check.
 * - "Runway is ready to work offline." shows once the worker has just cached the signed-in app's
 *   files (precacheAppWhenSignedIn), which is when every tab opens offline. Not on the worker's
 *   first activation: that caches only the public pages' shell, with which a visitor can read the
 *   landing page offline but a signed-in user cannot open a tab.
 * - Updates are looked for when the page becomes visible again, a few seconds after the network
 *   comes back, and every hour (the browser itself only looks on navigations, which a single-page
 *   app rarely makes). Never while the device is offline: a check that meets no network cannot
 *   succeed, and the browser reports its failed script fetch as a console error. For the same
 *   reason the registration itself (which fetches the worker's script) waits for the network.
 * - An edit queued while offline registers a background sync, from the start: on the registration
 *   the page already has while the registration waits for the network. The worker's wake-up
 *   message flushes the outbox (the data layer's 'online' trigger usually gets there first: the outbox sends each
 *   edit once, with its Idempotency-Key, whoever asks).
 */
import { Workbox } from 'workbox-window';
import { OUTBOX_SYNC_TAG, SW_MESSAGE, type AppCacheStatus } from '../../../sw/protocol.ts';
import type { DataLayer } from '../data/layer-api.ts';
import type { PwaController } from './controller.ts';
import { whenOnline } from './online.ts';

export const SW_URL = '/sw.js';
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long after the 'online' event the update check waits: a phone's connection often flaps as it
 * comes back, and the event can come before every part of the browser sees the network again.
 */
export const ONLINE_SETTLE_MS = 5_000;

/** The workbox-window pieces used here (`Workbox` in the browser, a fake in tests). */
export interface WorkboxLike {
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean; isExternal?: boolean }) => void): void;
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
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener' | 'controller' | 'getRegistration'>;
  /** `window` (online) and `document` (visibilitychange). */
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  reload: () => void;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** `navigator.onLine`: false when the device surely has no network. */
  isOnline?: () => boolean;
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
  const setDelay = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearDelay = deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
  const isOnline = deps.isOnline ?? (() => navigator.onLine);

  let registration: ServiceWorkerRegistration | undefined;
  // The registration the page already has (a worker that served it before), read before anything
  // waits: registering waits for the network, and an app started offline needs it sooner.
  const existing = (async () => container.getRegistration())().catch(() => undefined);

  // Subscribed first: an edit queued while offline, before the registration below (which waits for
  // the network), still asks for a background sync, on the registration already there.
  const stopQueued = layer.onEditQueued(() => {
    void existing.then((found) => {
      const sync = ((registration ?? found) as (ServiceWorkerRegistration & SyncRegistration) | undefined)?.sync;
      // Where the browser has no background sync, the 'online' event alone brings the edits home.
      return sync?.register(OUTBOX_SYNC_TAG).catch((error: unknown) => log.warn('Background sync could not be registered', error));
    });
  });

  let reloadRequested = false;
  const activate = () => {
    if (registration?.waiting) {
      reloadRequested = true;
      workbox.messageSkipWaiting();
    } else {
      // Another page already activated it: the new version is there for a plain reload.
      deps.reload();
    }
  };
  const waiting = (worker: ServiceWorker | null | undefined) => {
    if (container.controller) controller.updateFound(activate, worker ?? undefined);
  };
  /** Shows the prompt once a worker that is installing now reaches 'installed' (and so waits). */
  const watchInstalling = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration?.waiting === worker) waiting(worker);
    });
  };

  // Own or external (another tab found it, or an update check did): either way this page runs
  // the old version until it reloads.
  workbox.addEventListener('waiting', () => waiting(registration?.waiting));
  workbox.addEventListener('controlling', (event) => {
    if (reloadRequested) deps.reload();
    // A version this page did not ask for took over (another page's Reload): ask again, even
    // after Later (a fresh version key), since this page's old code now lacks its files.
    else if (event.isUpdate) controller.updateFound(activate, {});
  });

  const onMessage = (event: Event) => {
    const data: unknown = (event as MessageEvent).data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SW_MESSAGE.flushOutbox) void layer.flush();
  };
  container.addEventListener('message', onMessage);

  try {
    // The page may have gone offline since main.tsx checked (the chunk load is asynchronous).
    await whenOnline(deps.window, isOnline);
    registration = await workbox.register();
  } catch (error) {
    log.warn('The service worker could not be registered', error);
  }
  if (registration) {
    const found = registration;
    found.addEventListener('updatefound', () => watchInstalling(found.installing));
    watchInstalling(found.installing);
    if (found.waiting) waiting(found.waiting);
  }

  async function checkForUpdate() {
    if (!registration || !isOnline()) return;
    try {
      await workbox.update();
    } catch (error) {
      // Offline, or the server is down: the next trigger tries again.
      log.warn('Looking for a new version failed', error);
      return;
    }
    // workbox-window reports one update per page; a second one found by a later check is seen here
    // (the version key keeps a dismissed one quiet).
    if (registration.waiting) waiting(registration.waiting);
  }

  const onVisible = () => {
    if (deps.document.visibilityState === 'visible') void checkForUpdate();
  };
  let settling: unknown = null;
  const onOnline = () => {
    if (settling !== null) clearDelay(settling);
    settling = setDelay(() => {
      settling = null;
      void checkForUpdate();
    }, ONLINE_SETTLE_MS);
  };
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
      if (settling !== null) clearDelay(settling);
    },
  };
}

/** The first wait before asking the worker again, after a request that left files missing. */
export const PRECACHE_RETRY_FIRST_MS = 15_000;
/** The longest wait between two such requests. */
export const PRECACHE_RETRY_MAX_MS = 5 * 60 * 1000;
/** How many times the page asks again on its own timer (the network's return asks regardless). */
export const PRECACHE_RETRY_TRIES = 6;

/** The wait before the `retry`-th request again (from 1): 15 s, 30 s, 1 min, 2 min, 4 min, 5 min. */
export function precacheRetryDelay(retry: number): number {
  return Math.min(PRECACHE_RETRY_FIRST_MS * 2 ** (retry - 1), PRECACHE_RETRY_MAX_MS);
}

export interface PrecacheAppDeps {
  layer: Pick<DataLayer, 'getSession' | 'subscribe'>;
  /** `navigator.serviceWorker`: its active worker is asked. */
  container: Pick<ServiceWorkerContainer, 'ready'>;
  /** Resolves once the page has drawn its screen and is idle. */
  settled: () => Promise<void>;
  /** Called when the worker has just cached the whole app (it fetched files, and none is missing). */
  onAppCached?: () => void;
  /** `window`: its 'online' event asks again when a request left files missing. */
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** `navigator.onLine`: false when the device surely has no network. */
  isOnline?: () => boolean;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/**
 * Asks the worker to cache the signed-in app's files (sw/sw.ts, PRECACHE_APP) once someone is
 * signed in, after the page has settled: at once on a signed-in page, or when a visitor signs in
 * or up. A visitor who never signs in never downloads them. The worker skips what it has, and
 * answers on a port how many files are cached and how many it fetched. When it fetched some and
 * none is missing, the app has just become able to open every tab offline: `onAppCached`. A page
 * loaded after that (nothing fetched) says nothing, and asks no more.
 *
 * Until the answer says every file is cached, the page asks again, one request at a time: after a
 * fill that failed part-way (the connection dropped, a fetch failed) or when the registration had
 * no active worker, 15 s later, then 30 s, 1 min, 2 min, 4 min and 5 min after each failure (six
 * tries, some 13 minutes), and `ONLINE_SETTLE_MS` after each return of the network. On a flaky
 * phone most failures are a connection lost for seconds, so the first try comes soon; the doubling
 * keeps a dead spot or a struggling server from being asked every few seconds (each request
 * fetches what is missing on the connection the page uses); past that the timer stops, since what
 * ends a longer outage is the network's return, which asks anyway, as does the next page. Never
 * while offline or signed out: a try due then waits for the 'online' event, or the next sign-in.
 * Answers the unsubscribe, which also drops a try that waits.
 */
export function precacheAppWhenSignedIn(deps: PrecacheAppDeps): () => void {
  const { layer, container, settled, onAppCached } = deps;
  const target = deps.window ?? window;
  const isOnline = deps.isOnline ?? (() => navigator.onLine);
  const setDelay = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearDelay = deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));

  /**
   * idle: nothing asked (or signed out since); asking: a request is under way; waiting: the last one
   * left files missing (or met no network), and a timer or the network's return asks again; done:
   * the whole app is cached; stopped: unsubscribed.
   */
  let state: 'idle' | 'asking' | 'waiting' | 'done' | 'stopped' = 'idle';
  let failures = 0;
  let timer: unknown = null;
  const cancelTimer = () => {
    if (timer !== null) clearDelay(timer);
    timer = null;
  };
  const askLater = (ms: number) => {
    cancelTimer();
    timer = setDelay(() => {
      timer = null;
      retry();
    }, ms);
  };
  const signedOut = () => {
    cancelTimer();
    state = 'idle';
    failures = 0;
  };

  const failed = () => {
    if (state !== 'asking') return;
    state = 'waiting';
    failures += 1;
    if (failures <= PRECACHE_RETRY_TRIES) askLater(precacheRetryDelay(failures));
  };
  const ask = (first: boolean) => {
    state = 'asking';
    void (first ? settled() : Promise.resolve())
      .then(() => container.ready)
      .then((registration) => {
        if (state !== 'asking') return;
        if (!layer.getSession().isAuthenticated) return signedOut();
        // The 'online' event asks (a fill that meets no network fetches nothing).
        if (!isOnline()) return void (state = 'waiting');
        const worker = registration.active;
        if (!worker) return failed();
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<AppCacheStatus>) => {
          channel.port1.close();
          if (state !== 'asking') return;
          if (event.data.cached < event.data.total) return failed();
          state = 'done';
          if (appJustCached(event.data)) onAppCached?.();
        };
        worker.postMessage({ type: SW_MESSAGE.precacheApp }, [channel.port2]);
      })
      .catch(failed);
  };
  const retry = () => {
    if (state !== 'waiting') return;
    if (!layer.getSession().isAuthenticated) signedOut();
    else if (isOnline()) ask(false);
  };

  const check = () => {
    if (!layer.getSession().isAuthenticated) {
      if (state === 'waiting') signedOut();
    } else if (state === 'idle') ask(true);
  };
  // A phone's connection flaps as it comes back: the request waits for it to settle.
  const onOnline = () => {
    if (state === 'waiting') askLater(ONLINE_SETTLE_MS);
  };
  target.addEventListener('online', onOnline);
  const stop = layer.subscribe(check);
  check();
  return () => {
    stop();
    target.removeEventListener('online', onOnline);
    cancelTimer();
    state = 'stopped';
  };
}

/** The worker's answer says this request has made the whole app cached: it fetched files, and none is missing. */
export function appJustCached({ cached, total, added }: Pick<AppCacheStatus, 'cached' | 'total' | 'added'>): boolean {
  return added > 0 && cached === total;
}

/**
 * The page's own wiring: the real workbox-window, navigator.serviceWorker, window and document;
 * the signed-in app's files are cached once someone is signed in and the page has `settled`
 * (main.tsx: its screen drawn and an idle moment, the same wait as the first sync's), and the
 * "ready to work offline" notice shows when that caching has just completed.
 */
export function registerServiceWorker(
  controller: PwaController,
  layer: Pick<DataLayer, 'flush' | 'onEditQueued' | 'getSession' | 'subscribe'>,
  settled: () => Promise<void>,
): Promise<ServiceWorkerHandle> {
  precacheAppWhenSignedIn({ layer, container: navigator.serviceWorker, settled, onAppCached: () => controller.offlineReadyFound() });
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
