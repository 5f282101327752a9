/**
 * Which URLs are pages of the web app and which belong to the server. The server answers a GET of
 * a page with the app's index.html; the service worker answers a navigation to a page with its
 * cached copy. One list, so the two never disagree: an API GET must never get HTML back, and the
 * test-mode payment pages (server-rendered) must never be replaced by the app's shell.
 */

/** Paths that belong to the server. '/payments/' holds the test-mode provider's own pages. */
export const SERVER_PREFIXES = ['/api/', '/users', '/cable', '/admin/', '/payments/'] as const;

/**
 * Pages of the web app under a server prefix: the reset link of the password mail
 * (docs/product.md#screens-and-routes).
 */
export const PAGES_UNDER_SERVER_PREFIXES: ReadonlySet<string> = new Set(['/users/password/edit']);

/** True for the API, the live channel, the account calls, admin routes and the payment pages. */
export function isServerPath(pathname: string): boolean {
  if (PAGES_UNDER_SERVER_PREFIXES.has(pathname)) return false;
  return SERVER_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/** True when the last segment names a file (`/sw.js`, `/icons/icon-192.png`): files are never pages. */
export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.lastIndexOf('.') > 0;
}

/** A page of the single-page app: answered with index.html by the server and the service worker. */
export function isAppPage(pathname: string): boolean {
  return !isServerPath(pathname) && !hasFileExtension(pathname);
}
