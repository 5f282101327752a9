import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';

export const Route = createFileRoute('/dashboard')({
  // When the page is opened (not on a hover's preload), what the stored tab reads from the mirror is
  // read while the page's code loads (the root's beforeLoad has loaded the data layer), so its first
  // render has it. Nothing is awaited.
  loader: ({ context, preload }) => {
    if (!preload) void import('../features/dashboard/tab-reads.ts').then(({ warmStoredTab }) => warmStoredTab(context.dataLayer));
  },
  component: DashboardPage,
});
