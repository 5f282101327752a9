/**
 * The analytics tabs, each loaded when it is opened: the page's own chunk holds the tab strip and
 * the chosen tab's code comes beside it, so the first tab shown (most often the Overview) does not
 * wait for the other five. The route (routes/analytics.tsx) starts the stored tab's code with the
 * page's. The service worker precaches every tab, so they open offline too.
 */
import { lazy } from 'react';
import { warmLive } from '../../data/live-reads.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import { STORAGE_KEYS } from '../../data/session.ts';
import { PLAN_INPUT_READS } from './overview/plan-input-reads.ts';
import { isAnalyticsTab, type AnalyticsTab } from './tabs.ts';

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

/** The tabs drawn from the engine's input, whose reads of the mirror start with their code. */
const READS_PLAN_INPUT: ReadonlySet<AnalyticsTab> = new Set(['overview', 'what-if']);

/**
 * Starts loading the code of the tab the page will open with (the stored one, else the Overview)
 * and, for a tab drawn from the engine's input and when `readMirror` (the page is being opened, not
 * preloaded on a hover), reading that input from the mirror (warmLive), so the tab's first render
 * has its figures.
 */
export function preloadStoredTab(layer: DataLayer, { readMirror }: { readonly readMirror: boolean }): void {
  const stored = window.localStorage.getItem(STORAGE_KEYS.analyticsTab);
  const tab = isAnalyticsTab(stored) ? stored : 'overview';
  CODE[tab]().catch(() => {
    // The tab's own lazy load reports a failure when it renders.
  });
  if (readMirror && READS_PLAN_INPUT.has(tab) && layer.getSession().isAuthenticated) warmLive(layer, PLAN_INPUT_READS);
}
