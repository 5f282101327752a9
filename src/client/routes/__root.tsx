import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { PAGES_WITHOUT_MIRROR } from '../data/deferred-layer.ts';
import { Layout } from '../features/shell/Layout.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but the public ones reads the mirror or signs in: the data layer loads first (once;
  // a link's hover or touch starts it early, with the page's own code). Signed in, every page needs
  // it: the top bar shows the sync state.
  beforeLoad: async ({ context, location }) => {
    if (context.dataLayer.getSession().isAuthenticated || !PAGES_WITHOUT_MIRROR.has(location.pathname)) await context.dataLayer.load();
  },
  component: () => (
    <Layout>
      <Outlet />
    </Layout>
  ),
  // Any other path redirects to / (docs/product.md#screens-and-routes).
  notFoundComponent: () => <Navigate to="/" replace />,
});
