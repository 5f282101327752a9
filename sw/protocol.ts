/**
 * What the page and the service worker say to each other (one file, as `as const` objects).
 *
 * - page → worker `{type: SKIP_WAITING}`: the user chose to reload into the new version
 *   (workbox-window's `messageSkipWaiting()` sends exactly this).
 * - worker → pages `{type: FLUSH_OUTBOX}`: the browser's background sync says the network is
 *   back; the page's data layer sends its queued edits (the outbox lives in the page's IndexedDB
 *   and needs the page's session, so the worker only wakes it).
 */
export const SW_MESSAGE = {
  skipWaiting: 'SKIP_WAITING',
  flushOutbox: 'runway:flush-outbox',
} as const;

/** The background sync tag the page registers when an edit is queued offline. */
export const OUTBOX_SYNC_TAG = 'runway-outbox';

/** The cached page every navigation of the app is answered with. */
export const APP_SHELL_URL = '/index.html';
