import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { localStorageColorSchemeManager } from '@mantine/core';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { COLOR_SCHEME_KEY, EARLY_INSTALL_OFFER, PRERENDERED_ATTRIBUTE } from '../shared/page-boot.ts';
import { App } from './app.tsx';
import { createDeferredDataLayer } from './data/deferred-layer.ts';
import { prerenderedStylesheet } from './page-stylesheet.ts';
import { createPwaController, type InstallPromptEvent } from './pwa/controller.ts';
import { whenOnline } from './pwa/online.ts';
import { isStandalone } from './pwa/platform.ts';
import { reloadOnStaleChunkInBrowser } from './pwa/stale-chunk.ts';
import { createAppRouter } from './router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** The main thread's first idle moment (soon, on a browser without requestIdleCallback). */
const idle = (timeout: number) =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout }) : setTimeout(resolve, 0)));

/**
 * What a signed-in page's first sync waits for when the mirror holds data (the data layer's
 * `beforeFirstSync`, which data/session/session-owner.ts awaits): on a slow
 * phone (4× CPU throttling) the screen is drawn from the mirror within about a second of the data
 * layer's start, so the sync, which rewrites the mirror and re-renders the screen, starts a second
 * later, at the main thread's next idle moment. The signed-in app's files wait for the same before
 * the worker caches them (pwa/register-sw.ts).
 */
const firstScreenDrawn = () => new Promise<void>((resolve) => setTimeout(resolve, 1000)).then(() => idle(1000));

// One data layer per page: the mirror, the outbox and the live channel outlive every screen. Its
// code (Dexie, the HTTP client, sync) loads when a page needs it (routes/__root.tsx): at once when
// someone is signed in, so it arrives beside the route's code; a visitor on '/' never loads it.
const layer = createDeferredDataLayer({
  storage: window.localStorage,
  create: () =>
    import('./data/data-layer.ts').then(({ createDataLayer }) =>
      createDataLayer({
        storage: window.localStorage,
        baseUrl: window.location.origin,
        wsOrigin: window.location.origin.replace(/^http/, 'ws'),
        beforeFirstSync: firstScreenDrawn,
      }),
    ),
});
const router = createAppRouter({ dataLayer: layer });
if (layer.getSession().isAuthenticated) {
  layer.load().catch(() => {
    // The router's first load asks again and shows the failure.
  });
  // The root route waits for the data layer before its pages' code is fetched: fetch it meanwhile.
  for (const match of router.matchRoutes(router.latestLocation.pathname)) {
    router.loadRouteChunk(router.routesById[match.routeId])?.catch(() => {
      // The router loads it again and shows the failure.
    });
  }
}

// The installable app: the controller is tiny; workbox-window and the registration load later.
const pwa = createPwaController({
  storage: window.localStorage,
  ...(navigator.storage ? { storageManager: navigator.storage } : {}),
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints,
  standalone: isStandalone(window),
});
// The offer can come before the app renders: keep it for the Install button, and stop Chrome's
// own mini-infobar (the button replaces it). One that came before this script ran, the boot script
// kept (page-boot.ts).
const offers = window as unknown as Record<string, InstallPromptEvent | undefined>;
const earlyOffer = offers[EARLY_INSTALL_OFFER];
if (earlyOffer) pwa.installOffered(earlyOffer);
delete offers[EARLY_INSTALL_OFFER];
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  pwa.installOffered(event as unknown as InstallPromptEvent);
});
window.addEventListener('appinstalled', () => pwa.appInstalled());
// A page still running an old version whose lazily loaded files are gone loads the current one
// (only when the server serves a different build: see stale-chunk.ts).
if (import.meta.env.PROD) reloadOnStaleChunkInBrowser();
// The worker registers after the page has loaded, the first sync is over and the page is first
// idle, so its precache downloads (every chunk: the analytics tabs and the charts too, so the
// installed app opens them offline) compete with none of them. With no worker controlling the
// page, only online: offline the registration chunk would fail to load. A worker that controls the
// page serves that chunk from its precache, so it loads at once, offline too: edits made offline
// then register a background sync (register-sw.ts waits for the network only to register). Dev
// builds (vite serve) have no worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, layer.ready])
    .then(() => idle(2000))
    .then(() => (navigator.serviceWorker.controller ? undefined : whenOnline()))
    .then(() => import('./pwa/register-sw.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker(pwa, layer, firstScreenDrawn))
    .catch((error: unknown) => console.warn('The service worker could not be started', error));
}

// The colour scheme persists in local storage; 'auto' follows the system until the user picks one.
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** How long a signed-in page's first render waits for its route to load (see below). */
const FIRST_ROUTE_WAIT_MS = 1500;

const signedIn = layer.getSession().isAuthenticated;
const app = <App router={router} layer={layer} pwa={pwa} colorSchemeManager={colorSchemeManager} />;

if (!signedIn && root.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  // A visitor's page the build prerendered (scripts/prerender-plugin.ts) is on screen already: once
  // its route's code has loaded, the app takes over the same markup. The
  // router renders as it did in the build (`ssr` set: no Suspense boundary of its own around the
  // root). Should the route's code not load (offline before the worker had it), the page stays as
  // drawn: its links are plain links.
  router.ssr = { manifest: undefined };
  void router.load().then(
    () => {
      // In a transition, React hydrates in slices that let the browser take input between them;
      // hydrated at once, the landing page was one task of about 160 ms at 4× CPU throttling.
      if (router.state.matches.every((match) => match.status === 'success')) startTransition(() => void hydrateRoot(root, app));
    },
    () => undefined,
  );
} else {
  // A visitor's markup is never shown to someone signed in (the boot script hides it,
  // src/shared/page-boot.ts): the app draws the signed-in page in its place. That page is not
  // covered by the prerendered page's inline CSS, so it also waits for the full stylesheet, which
  // the boot script links only after the first frame (page-stylesheet.ts).
  const stylesheet = root.hasAttribute(PRERENDERED_ATTRIBUTE) ? prerenderedStylesheet() : Promise.resolve();
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTRIBUTE);

  /**
   * Signed in, the first render waits for the route's first load (the data layer and the page's
   * code, a few hundred milliseconds from the service worker's cache on a slow phone), so it
   * renders the page itself. Rendered before, the router's answer re-rendered the whole page
   * synchronously (the router's state is an external store, whose updates React cannot slice): one
   * task of about 200 ms at 4× CPU throttling. A load slower than FIRST_ROUTE_WAIT_MS (a slow
   * network, no service worker yet) renders meanwhile, as before, and the router shows its own
   * progress and failures.
   */
  const firstRoute = signedIn
    ? Promise.race([Promise.all([router.load().catch(() => undefined), stylesheet]), new Promise<void>((resolve) => setTimeout(resolve, FIRST_ROUTE_WAIT_MS))])
    : stylesheet;

  // A transition: the first render is done in slices that let the browser paint and take input, not
  // in one long task (Lighthouse's Total Blocking Time on a slow phone).
  const reactRoot = createRoot(root);
  void firstRoute.then(() => startTransition(() => reactRoot.render(app)));
}
