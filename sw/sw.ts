/**
 * Runway's service worker (vite-plugin-pwa, injectManifest): the app works offline because
 * everything it needs to start is precached, and its data lives in the page's mirror (IndexedDB).
 *
 * - Precache: the build's scripts (every route chunk and the lazily loaded ones: the data layer,
 *   the ActionCable client, the offline month recompute, each analytics tab and the charts),
 *   styles, index.html, icons and the manifest. The page registers the worker once it has loaded,
 *   its first sync is over and it is idle (main.tsx), so these downloads wait for the first
 *   screen; from then on an installed app opens Analytics offline, its code read from here. Old
 *   precaches are removed when a new version activates.
 * - Navigations to a page of the app (src/shared/app-paths.ts) are answered with the cached
 *   index.html, online or not, so every version runs the page that came with it. Navigations to
 *   the server's own paths (the API, /cable, /users/*, the test-mode payment pages) go to the
 *   network untouched.
 * - Nothing else is cached: no route is registered for API calls, so they reach the network as if
 *   there were no worker (and the mirror, not a cache, holds the data).
 * - A new version waits until the page asks it to take over (SKIP_WAITING, after the user chose
 *   Reload); the first version takes control of the open page at once.
 * - Background sync: when the browser says the network is back, open pages are told to flush
 *   their outbox.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isAppPage } from '../src/shared/app-paths.ts';
import { APP_SHELL_URL, OUTBOX_SYNC_TAG, SW_MESSAGE } from './protocol.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The Background Sync API's event (not in TypeScript's lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version controls the page that installed it without waiting for a reload (the page was
// loaded from the same build). A later version only activates on SKIP_WAITING.
clientsClaim();

const shell = createHandlerBoundToURL(APP_SHELL_URL);
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname), shell);

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SW_MESSAGE.skipWaiting) void self.skipWaiting();
});

async function wakeOutbox(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: SW_MESSAGE.flushOutbox });
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(wakeOutbox());
});
