/**
 * The analytics tabs, each loaded when it is opened: the page's own chunk holds the tab strip and
 * the chosen tab's code comes beside it, so the first tab shown (most often the Overview) does not
 * wait for the other five. The route (routes/analytics.tsx) starts the stored tab's code with the
 * page's. The service worker precaches every tab, so they open offline too.
 */
import { warmLive, type LiveRead, type Warmed } from '../../data/bindings/live-reads.ts';
import type { DataLayer } from '../../data/layer-api.ts';
import { PLAN_INPUT_READS } from '../../model/plan-input-reads.ts';
import { recallForPage } from '../../model/remembered.ts';
import { storedAnalyticsTab, type AnalyticsTab } from './tabs.ts';
import { lazyPreloaded, preloadable } from '../../ui/preloadable-lazy.ts';

const CODE = {
  overview: preloadable(() => import('./overview/OverviewTab.tsx')),
  'income-future': preloadable(() => import('./income-future/IncomeFutureTab.tsx')),
  'debt-progress': preloadable(() => import('./debt-progress/DebtProgressTab.tsx')),
  'retirement-contributions': preloadable(() => import('./retirement-contributions/RetirementContributionsTab.tsx')),
  'retirement-living': preloadable(() => import('./retirement-living/RetirementLivingTab.tsx')),
  'what-if': preloadable(() => import('./what-if/WhatIfTab.tsx')),
} satisfies Record<AnalyticsTab, unknown>;

export const AnalyticsOverviewTab = lazyPreloaded(CODE.overview, (module) => module.AnalyticsOverviewTab);
export const IncomeFutureTab = lazyPreloaded(CODE['income-future'], (module) => module.IncomeFutureTab);
export const DebtProgressTab = lazyPreloaded(CODE['debt-progress'], (module) => module.DebtProgressTab);
export const RetirementContributionsTab = lazyPreloaded(CODE['retirement-contributions'], (module) => module.RetirementContributionsTab);
export const RetirementLivingTab = lazyPreloaded(CODE['retirement-living'], (module) => module.RetirementLivingTab);
export const WhatIfTab = lazyPreloaded(CODE['what-if'], (module) => module.WhatIfTab);

/**
 * What a tab reads from the mirror first, started with its code when the page is opened: the tabs
 * drawn from the engine's input read it (plan-input-reads.ts). A tab not listed reads as it renders.
 */
const TAB_READS: Partial<Record<AnalyticsTab, readonly LiveRead[]>> = {
  overview: PLAN_INPUT_READS,
  'what-if': PLAN_INPUT_READS,
};

/** Starts loading the code of the tab the page will open with (the stored one, else the Overview). */
export function preloadStoredTab(): void {
  CODE[storedAnalyticsTab()].load().catch(() => {
    // The tab's own lazy load reports a failure when it renders.
  });
}

/**
 * Starts reading what the stored tab reads from the mirror (warmLive), so its first render has its
 * figures; null for a tab with nothing listed.
 */
export function warmStoredTab(layer: DataLayer): Warmed | null {
  const tab = storedAnalyticsTab();
  // The Overview's projection, if this data was projected before (model/remembered.ts).
  if (tab === 'overview') recallForPage(layer);
  const reads = TAB_READS[tab];
  return reads ? warmLive(layer, reads) : null;
}
