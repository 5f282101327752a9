/**
 * What the page and the service worker say to each other (one file, as `as const` objects).
 *
 * - page → worker `{type: SKIP_WAITING}`: the user chose to reload into the new version
 *   (workbox-window's `messageSkipWaiting()` sends exactly this).
 * - worker → pages `{type: FLUSH_OUTBOX}`: the browser's background sync says the network is
 *   back; the page's data layer sends its queued edits (the outbox lives in the page's IndexedDB
 *   and needs the page's session, so the worker only wakes it).
 * - page → worker `{type: PRECACHE_APP}`: someone is signed in, the first screen is drawn and the
 *   page is idle: the worker caches the signed-in app's files (`APP_CACHE`), so every tab opens
 *   offline. It answers `{type: APP_CACHE_STATUS, cached, total, added}` on the message's port, if
 *   any, once done: `added` files were fetched by this request (0 when all were there already).
 * - page → worker `{type: APP_CACHE_STATUS}`: how many of the signed-in app's files are cached,
 *   answered on the message's port as above, at once.
 */
export const SW_MESSAGE = {
  skipWaiting: 'SKIP_WAITING',
  flushOutbox: 'runway:flush-outbox',
  precacheApp: 'runway:precache-app',
  appCacheStatus: 'runway:app-cache-status',
} as const;

/** The worker's answer about the signed-in app's files. */
export interface AppCacheStatus {
  type: typeof SW_MESSAGE.appCacheStatus;
  cached: number;
  total: number;
  /** How many files the request being answered fetched (0 for a status question). */
  added: number;
}

/**
 * The cache of the signed-in app's files (every chunk the public pages do not run). A visitor's
 * visit never fills it; its existence tells a new version's install to fill it too.
 */
export const APP_CACHE = 'runway-app';

/** The background sync tag the page registers when an edit is queued offline. */
export const OUTBOX_SYNC_TAG = 'runway-outbox';
