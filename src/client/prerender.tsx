/**
 * The build's prerender (vite.config.ts `prerender()`): renders the visitor's pages
 * (src/shared/app-paths.ts `PRERENDERED_PAGES`) to HTML with the app's own tree (app.tsx), so they
 * are drawn before any script and the page's script hydrates them (main.tsx).
 *
 * It renders what a visitor's first render shows: nobody signed in, online, no installable-app
 * notice, and for the sign-in and sign-up forms a mirror that has not answered yet (their live
 * queries render their loading state, as on the page while the mirror opens). Nothing here runs in
 * the browser.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import type { DataLayer, DataLayerState } from './data/layer-api.ts';
import { createDeferredDataLayer } from './data/deferred-layer.ts';
import { SIGNED_OUT, type KeyValueStorage } from './data/session/session.ts';
import { createPwaController } from './pwa/controller.ts';
import { createAppRouter } from './router.tsx';

const NOBODY: KeyValueStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/**
 * The data layer the sign-in and sign-up pages load before they render, as it answers before the
 * mirror has: signed out, and no live query has a value yet. Anything else a render reaches is a
 * page that should not be prerendered.
 */
function prerenderLayer(): DataLayer {
  const state: DataLayerState = { session: SIGNED_OUT, online: true, channel: { state: 'disconnected', error: null }, hold: null, subscriptionCheck: 'unknown' };
  const members: Partial<DataLayer> = {
    getState: () => state,
    getSession: () => state.session,
    dispose: () => {},
    subscribe: () => () => {},
    onSessionExpired: () => () => {},
    onEditQueued: () => () => {},
    useObservable: (() => undefined) as unknown as DataLayer['useObservable'],
    liveQuery: (() => ({ subscribe: () => ({ unsubscribe: () => {} }) })) as unknown as DataLayer['liveQuery'],
    ready: Promise.resolve(),
  };
  return new Proxy(members as DataLayer, {
    get(target, member: string) {
      if (member in target) return target[member as keyof DataLayer];
      if (member === 'then') return undefined;
      throw new Error(`A prerendered page used the data layer's ${member}: it cannot be prerendered`);
    },
  });
}

/** The HTML of the app's `<div id="root">` at `pathname`, as a visitor's first render draws it. */
export async function renderPage(pathname: string): Promise<string> {
  const layer = createDeferredDataLayer({ storage: NOBODY, isOnline: () => true, create: async () => prerenderLayer() });
  const router = createAppRouter({ dataLayer: layer }, createMemoryHistory({ initialEntries: [pathname] }));
  await router.load();
  const failed = router.state.matches.find((match) => match.status !== 'success');
  if (router.state.location.pathname !== pathname || failed) throw new Error(`Prerendering ${pathname} ended at ${router.state.location.pathname} (${failed ? `${failed.routeId}: ${failed.status} ${String(failed.error)}` : 'no match failed'})`);
  const html = renderToString(<App router={router} layer={layer} pwa={createPwaController()} />);
  layer.dispose();
  return html;
}
