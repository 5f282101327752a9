import { createRouter } from '@tanstack/react-router';
import type { DeferredDataLayer } from './data/deferred-layer.ts';
import { routeTree } from './routeTree.gen.ts';

/** What every route's `beforeLoad` receives: the page's data layer, loaded there when a page needs it. */
export interface RouterContext {
  dataLayer: DeferredDataLayer;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
