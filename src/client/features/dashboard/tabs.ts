import { STORAGE_KEYS } from '../../data/session.ts';

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

export function isDashboardTab(value: unknown): value is DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.value === value);
}

/** The tab the dashboard opens with: the one stored under its documented key, else the Overview. */
export function storedDashboardTab(): DashboardTab {
  const stored = window.localStorage.getItem(STORAGE_KEYS.dashboardTab);
  return isDashboardTab(stored) ? stored : 'overview';
}
