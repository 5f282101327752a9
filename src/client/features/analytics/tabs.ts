/**
 * The analytics tabs in the documented order (docs/product.md#screens-and-routes), then What if
 * (docs/projection-rules.md#what-if); the value is what persists.
 */
import { STORAGE_KEYS } from '../../data/session.ts';

export const ANALYTICS_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'income-future', label: 'Income Future' },
  { value: 'debt-progress', label: 'Debt Progress' },
  { value: 'retirement-contributions', label: 'Retirement Contributions' },
  { value: 'retirement-living', label: 'Retirement Living' },
  { value: 'what-if', label: 'What if' },
] as const;

export type AnalyticsTab = (typeof ANALYTICS_TABS)[number]['value'];

export function isAnalyticsTab(value: unknown): value is AnalyticsTab {
  return ANALYTICS_TABS.some((tab) => tab.value === value);
}

/** The tab the page opens with: the one stored under its documented key, else the Overview. */
export function storedAnalyticsTab(): AnalyticsTab {
  const stored = window.localStorage.getItem(STORAGE_KEYS.analyticsTab);
  return isAnalyticsTab(stored) ? stored : 'overview';
}
