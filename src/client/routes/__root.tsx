import { createRootRoute, Navigate, Outlet } from '@tanstack/react-router';
import { Layout } from '../features/shell/Layout.tsx';

export const Route = createRootRoute({
  component: () => (
    <Layout>
      <Outlet />
    </Layout>
  ),
  // Any other path redirects to / (spec section 2).
  notFoundComponent: () => <Navigate to="/" replace />,
});
