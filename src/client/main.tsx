import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDataLayer } from './data/data-layer.ts';
import { DataLayerProvider } from './data/hooks.ts';
import { createPwaController, type InstallPromptEvent } from './pwa/controller.ts';
import { PwaProvider } from './pwa/hooks.ts';
import { whenOnline } from './pwa/online.ts';
import { isStandalone } from './pwa/platform.ts';
import { reloadOnStaleChunkInBrowser } from './pwa/stale-chunk.ts';
import { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { NotificationsHost } from './ui/NotificationsHost.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// One data layer per page: the mirror, the outbox and the live channel outlive every screen.
const layer = createDataLayer({
  storage: window.localStorage,
  baseUrl: window.location.origin,
  wsOrigin: window.location.origin.replace(/^http/, 'ws'),
});
const router = createAppRouter();

// The installable app: the controller is tiny; workbox-window and the registration load later.
const pwa = createPwaController({
  storage: window.localStorage,
  ...(navigator.storage ? { storageManager: navigator.storage } : {}),
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints,
  standalone: isStandalone(window),
});
// The offer can come before the app renders: keep it for the Install button, and stop Chrome's
// own mini-infobar (the button replaces it).
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  pwa.installOffered(event as unknown as InstallPromptEvent);
});
window.addEventListener('appinstalled', () => pwa.appInstalled());
// A page still running an old version whose lazily loaded files are gone loads the current one
// (only when the server serves a different build: see stale-chunk.ts).
if (import.meta.env.PROD) reloadOnStaleChunkInBrowser();
// The worker registers after the page has loaded and the first sync is over, so its precache
// downloads compete with neither. With no worker controlling the page, only online: offline the
// registration chunk would fail to load. A worker that controls the page serves that chunk from its
// precache, so it loads at once, offline too: edits made offline then register a background sync
// (register-sw.ts waits for the network only to register). Dev builds (vite serve) have no worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, layer.ready])
    .then(() => (navigator.serviceWorker.controller ? undefined : whenOnline()))
    .then(() => import('./pwa/register-sw.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker(pwa, layer))
    .catch((error: unknown) => console.warn('The service worker could not be started', error));
}

// The colour scheme persists in local storage; 'auto' follows the system until the user picks one.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'runway-color-scheme' });

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <NotificationsHost />
      <DataLayerProvider layer={layer}>
        <PwaProvider controller={pwa}>
          <RouterProvider router={router} />
        </PwaProvider>
      </DataLayerProvider>
    </MantineProvider>
  </StrictMode>,
);
