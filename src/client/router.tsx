import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { DeferredDataLayer } from './data/deferred-layer.ts';
import { routeTree } from './routeTree.gen.ts';

/** What every route's `beforeLoad` receives: the page's data layer, loaded there when a page needs it. */
export interface RouterContext {
  dataLayer: DeferredDataLayer;
}

/**
 * The app's router: the browser's history on the page; the build's prerender (prerender.tsx) hands
 * it a memory history at the page it renders, where there is no scroll to restore.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: !history, ...(history ? { history } : {}) });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
