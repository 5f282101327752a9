/**
 * Which URLs are pages of the web app and which belong to the server, and which built file answers
 * each page. The server answers a GET of a page with that file; the service worker answers a
 * navigation to a page with its cached copy. One list, so the two never disagree: an API GET must never get HTML back, and the
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

/** A page of the single-page app: answered with its HTML by the server and the service worker (`pageFile`). */
export function isAppPage(pathname: string): boolean {
  return !isServerPath(pathname) && !hasFileExtension(pathname);
}

/**
 * The pages the build writes as HTML, drawn before any script (the visitor's pages: the landing
 * page, sign-in, sign-up and the legal texts), and the file of each. Every other page of the app is
 * `APP_SHELL_FILE`, an empty page the app's script draws from the mirror.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/privacy-policy': 'privacy-policy.html',
  '/terms-of-service': 'terms-of-service.html',
};

/** The page of every other path of the app: the script draws it. */
export const APP_SHELL_FILE = 'app.html';

/** The build's file that answers a page of the app: `pageFile('/login')` is 'login.html', `pageFile('/dashboard')` 'app.html'. */
export function pageFile(pathname: string): string {
  return PRERENDERED_PAGES[pathname] ?? APP_SHELL_FILE;
}
