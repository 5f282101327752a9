/**
 * The analytics tabs in the documented order (docs/product.md#screens-and-routes), then What if
 * (docs/projection-rules.md#what-if); the value is what persists.
 */
import { STORAGE_KEYS } from '../../data/session/session.ts';
import { tabList } from '../../ui/tab-list.ts';

export const ANALYTICS_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'income-future', label: 'Income Future' },
  { value: 'debt-progress', label: 'Debt Progress' },
  { value: 'retirement-contributions', label: 'Retirement Contributions' },
  { value: 'retirement-living', label: 'Retirement Living' },
  { value: 'what-if', label: 'What if' },
] as const;

export type AnalyticsTab = (typeof ANALYTICS_TABS)[number]['value'];

const list = tabList(ANALYTICS_TABS, STORAGE_KEYS.analyticsTab);

/** The tab the page opens with: the one stored under its documented key, else the Overview. */
export const storedAnalyticsTab: () => AnalyticsTab = list.storedTab;

/** The page's chosen tab and how to choose one (stored, so a reload opens on it). */
export const useAnalyticsTab: () => [AnalyticsTab, (value: string | null) => void] = list.useTab;
