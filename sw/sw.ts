/**
 * Runway's service worker (vite-plugin-pwa, injectManifest): the app works offline because the
 * files it needs are cached here, and its data lives in the page's mirror (IndexedDB).
 *
 * - Two sets of files, marked by the build (vite.config.ts `swShell()`; docs/architecture.md):
 *   - the shell, precached at install: the pages (the prerendered visitor's pages and app.html),
 *     the stylesheet, the icons, the manifest, and the scripts the visitor's pages run. A visitor
 *     who never signs in downloads nothing more, and still reads those pages offline;
 *   - the signed-in app (every other chunk: the data layer, the ActionCable client, the offline
 *     month recompute, each tab, the charts), cached in `APP_CACHE` when a signed-in page asks
 *     (PRECACHE_APP, after its first screen and an idle moment: `precacheAppWhenSignedIn` in
 *     src/client/pwa/register-sw.ts). Once that
 *     cache exists, a new version's install fills it with its own files before it may take over,
 *     so a signed-in user's installed app keeps opening every tab offline across updates.
 *   Old precaches, and files of the app cache no version lists any more, go when a new version
 *   activates.
 * - Navigations to a page of the app (src/shared/app-paths.ts) are answered with its cached page
 *   (`pageFile`: a visitor's page prerendered, app.html for the rest), online or not, so every
 *   version runs the pages that came with it. Navigations to the server's own paths (the API,
 *   /cable, /users/*, the test-mode payment pages) go to the network untouched.
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
import { isAppPage, pageFile } from '../src/shared/app-paths.ts';
import { APP_CACHE, OUTBOX_SYNC_TAG, SW_MESSAGE, type AppCacheStatus } from './protocol.ts';

/** An entry of the build's list; `shell` marks the files precached at install (vite.config.ts). */
interface BuildEntry {
  url: string;
  revision: string | null;
  shell?: boolean;
}

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: unknown };

/** The Background Sync API's event (not in TypeScript's lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The build's list, with its shell marks (the precache module declares it as plain entries).
const entries = self.__WB_MANIFEST as unknown as BuildEntry[];
precacheAndRoute(entries.filter((entry) => entry.shell));
cleanupOutdatedCaches();

/**
 * The signed-in app's files: each URL the page asks for, and the key it is cached under. Most
 * carry a content hash in their name, so the URL is one version of one file; the few that do not
 * (the manifest's icons) are cached under their revision, as the precache does.
 */
const appFiles = new Map(
  entries
    .filter((entry) => !entry.shell)
    .map((entry) => {
      const url = new URL(entry.url, self.location.href);
      const key = new URL(url);
      if (entry.revision) key.searchParams.set('__WB_REVISION__', entry.revision);
      return [url.href, key.href] as const;
    }),
);
const appKeys = new Set(appFiles.values());

/** Caches every file of the signed-in app not cached yet; answers how many are, and how many it fetched. */
async function cacheApp(): Promise<AppCacheStatus> {
  const cache = await caches.open(APP_CACHE);
  const missing: string[] = [];
  for (const key of appKeys) if (!(await cache.match(key))) missing.push(key);
  // A few at a time: a phone's connection is shared with the page.
  for (let i = 0; i < missing.length; i += 6) await cache.addAll(missing.slice(i, i + 6));
  return appCacheStatus(cache, missing.length);
}

async function appCacheStatus(cache?: Cache, added = 0): Promise<AppCacheStatus> {
  const open = cache ?? (await caches.open(APP_CACHE));
  const cached = new Set((await open.keys()).map((request) => request.url));
  return { type: SW_MESSAGE.appCacheStatus, cached: [...appKeys].filter((key) => cached.has(key)).length, total: appKeys.size, added };
}

/** One fill at a time: a second request while one runs shares it. */
let filling: Promise<AppCacheStatus> | null = null;
function fillAppCache(): Promise<AppCacheStatus> {
  filling ??= cacheApp().finally(() => {
    filling = null;
  });
  return filling;
}

// A version installed for a signed-in user (the app cache exists) brings its own files with it.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.has(APP_CACHE).then((exists) => (exists ? fillAppCache() : undefined)));
});

// The files no version lists any more leave the app cache once this one is in charge.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.has(APP_CACHE).then(async (exists) => {
      if (!exists) return;
      const cache = await caches.open(APP_CACHE);
      for (const request of await cache.keys()) if (!appKeys.has(request.url)) await cache.delete(request);
    }),
  );
});

// The signed-in app's files come from the app cache when there, from the network otherwise.
registerRoute(
  ({ url }) => appFiles.has(url.href),
  async ({ request, url }) => (await caches.match(appFiles.get(url.href) ?? request, { cacheName: APP_CACHE })) ?? fetch(request),
);
// The first version controls the page that installed it without waiting for a reload (the page was
// loaded from the same build). A later version only activates on SKIP_WAITING.
clientsClaim();

/** Each page's cached file answers its navigations (one handler per file, made when first needed). */
const pageHandlers = new Map<string, ReturnType<typeof createHandlerBoundToURL>>();
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname),
  (options) => {
    const file = `/${pageFile(options.url.pathname)}`;
    let handler = pageHandlers.get(file);
    if (!handler) pageHandlers.set(file, (handler = createHandlerBoundToURL(file)));
    return handler(options);
  },
);

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  const answer = (status: AppCacheStatus) => event.ports[0]?.postMessage(status);
  if (type === SW_MESSAGE.skipWaiting) void self.skipWaiting();
  // A fill that failed part-way (the connection dropped) still answers, with what is cached: the
  // page then says nothing and asks again later (register-sw.ts), and that request fetches the rest.
  if (type === SW_MESSAGE.precacheApp) event.waitUntil(fillAppCache().catch(() => appCacheStatus()).then(answer));
  if (type === SW_MESSAGE.appCacheStatus) event.waitUntil(appCacheStatus().then(answer));
});

async function wakeOutbox(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: SW_MESSAGE.flushOutbox });
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(wakeOutbox());
});
