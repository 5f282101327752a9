import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../features/analytics/AnalyticsPage.tsx';

export const Route = createFileRoute('/analytics')({
  // The tab the page opens with loads beside the page's code (and on a link's hover), not after the
  // page has rendered, and, when the page is opened (not on a hover's preload: the month tables
  // weigh megabytes), what it reads from the mirror is read meanwhile (the root's beforeLoad has
  // loaded the data layer). Nothing is awaited: the page shows its skeleton until the tab is there.
  loader: ({ context, preload }) => {
    void import('../features/analytics/lazy-tabs.tsx').then(({ preloadStoredTab, warmStoredTab }) => {
      preloadStoredTab();
      if (!preload) warmStoredTab(context.dataLayer);
    });
  },
  component: AnalyticsPage,
});
