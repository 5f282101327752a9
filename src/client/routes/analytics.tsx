import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../features/analytics/AnalyticsPage.tsx';

export const Route = createFileRoute('/analytics')({
  // The tab the page opens with loads beside the page's code (and on a link's hover), not after the
  // page has rendered. Nothing is awaited: the page shows its skeleton until the tab is there.
  loader: () => {
    void import('../features/analytics/lazy-tabs.tsx').then(({ preloadStoredTab }) => preloadStoredTab());
  },
  component: AnalyticsPage,
});
