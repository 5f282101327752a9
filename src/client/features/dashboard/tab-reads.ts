/**
 * What the dashboard's first screen reads from the mirror, started by the route's loader
 * (routes/dashboard.tsx) while the page's code loads, so the stored tab's first render has its
 * rows and figures instead of a skeleton (`warmLive` in data/bindings/live-reads.ts). Only the tabs a person most often
 * opens on are listed: the Overview (the installed app's start page: its tiles, the month tables'
 * balances and the Financial Health figures, which read the engine's input) and the Debts list.
 * `tab-reads.test.tsx` renders each after warming it and expects no wait.
 */
import type { DataLayer } from '../../data/layer-api.ts';
import { warmLive, type LiveRead, type Warmed } from '../../data/bindings/live-reads.ts';
import { PLAN_INPUT_READS } from '../../model/plan-input-reads.ts';
import { recallForPage } from '../../model/remembered.ts';
import { storedDashboardTab, type DashboardTab } from './tabs.ts';

/** The Debts list's order (DebtsTab): a warmed read must be the list's own, sort included. */
export const DEBTS_ORDER = { sort: 'due_day' } as const;

export const TAB_READS: Partial<Record<DashboardTab, readonly LiveRead[]>> = {
  // The Financial Health figures read the engine's input; the tiles, this month's balances in the tables.
  overview: [
    ...PLAN_INPUT_READS,
    { kind: 'months', name: 'incomeMonths' },
    { kind: 'months', name: 'debtMonths' },
    { kind: 'months', name: 'contributionMonths' },
    { kind: 'months', name: 'retirementMonths' },
  ],
  debts: [{ kind: 'collection', name: 'debts', ...DEBTS_ORDER }, { kind: 'months', name: 'debtMonths' }],
};

/** Starts the reads of the tab the dashboard will open on (warmLive); null for a tab with nothing listed. */
export function warmStoredTab(layer: DataLayer): Warmed | null {
  const tab = storedDashboardTab();
  // The Financial Health figures' projection, if this data was projected before.
  if (tab === 'overview') recallForPage(layer);
  const reads = TAB_READS[tab];
  return reads ? warmLive(layer, reads) : null;
}
