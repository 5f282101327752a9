import { STORAGE_KEYS } from '../../data/session/session.ts';
import { tabList } from '../../ui/tab-list.ts';

/** The dashboard's tabs in the documented order (docs/product.md#screens-and-routes); the value is what persists. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'income', label: 'Income' },
  { value: 'housing', label: 'Housing' },
  { value: 'debts', label: 'Debts' },
  { value: 'debt-plan', label: 'Debt Plan' },
  { value: 'monthly-expenses', label: 'Monthly Expenses' },
  { value: 'other-expenses', label: 'One-Time Expenses' },
  { value: 'retirement-accounts', label: 'Retirement Accounts' },
  { value: 'retirement-plan', label: 'Retirement Plan' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

const list = tabList(DASHBOARD_TABS, STORAGE_KEYS.dashboardTab);

/** The tab the page opens with: the one stored under its documented key, else the Overview. */
export const storedDashboardTab: () => DashboardTab = list.storedTab;

/** The page's chosen tab and how to choose one (stored, so a reload opens on it). */
export const useDashboardTab: () => [DashboardTab, (value: string | null) => void] = list.useTab;
