/**
 * The analytics tabs, each loaded when it is opened: the page's own chunk holds the tab strip and
 * the chosen tab's code comes beside it, so the first tab shown (most often the Overview) does not
 * wait for the other five. The route (routes/analytics.tsx) starts the stored tab's code with the
 * page's. The service worker precaches every tab, so they open offline too.
 */
import { lazy } from 'react';
import { warmLive, type LiveRead, type Warmed } from '../../data/live-reads.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import { PLAN_INPUT_READS } from './overview/plan-input-reads.ts';
import { storedAnalyticsTab, type AnalyticsTab } from './tabs.ts';

const CODE = {
  overview: () => import('./overview/OverviewTab.tsx'),
  'income-future': () => import('./income-future/IncomeFutureTab.tsx'),
  'debt-progress': () => import('./debt-progress/DebtProgressTab.tsx'),
  'retirement-contributions': () => import('./retirement-contributions/RetirementContributionsTab.tsx'),
  'retirement-living': () => import('./retirement-living/RetirementLivingTab.tsx'),
  'what-if': () => import('../what-if/WhatIfTab.tsx'),
} satisfies Record<AnalyticsTab, () => Promise<unknown>>;

export const AnalyticsOverviewTab = lazy(() => CODE.overview().then((module) => ({ default: module.AnalyticsOverviewTab })));
export const IncomeFutureTab = lazy(() => CODE['income-future']().then((module) => ({ default: module.IncomeFutureTab })));
export const DebtProgressTab = lazy(() => CODE['debt-progress']().then((module) => ({ default: module.DebtProgressTab })));
export const RetirementContributionsTab = lazy(() => CODE['retirement-contributions']().then((module) => ({ default: module.RetirementContributionsTab })));
export const RetirementLivingTab = lazy(() => CODE['retirement-living']().then((module) => ({ default: module.RetirementLivingTab })));

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
  CODE[storedAnalyticsTab()]().catch(() => {
    // The tab's own lazy load reports a failure when it renders.
  });
}

/**
 * Starts reading what the stored tab reads from the mirror (warmLive), so its first render has its
 * figures; null for a tab with nothing listed.
 */
export function warmStoredTab(layer: DataLayer): Warmed | null {
  const reads = TAB_READS[storedAnalyticsTab()];
  return reads ? warmLive(layer, reads) : null;
}
