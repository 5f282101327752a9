// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataLayer } from '../../data/layer-api.ts';
import { STORAGE_KEYS } from '../../data/session/session.ts';
import { makePlanLayer, monthTablesInMirror } from '../../test-support/plan-mirror.testing.ts';
import { Providers } from '../../test-support/render.testing.tsx';
import { renderRoutes } from '../../test-support/routes.testing.tsx';
import { DebtsTab } from './debts/DebtsTab.tsx';
import { OverviewTab } from './overview/OverviewTab.tsx';
import { warmStoredTab } from './tab-reads.ts';

const NOW = new Date(2026, 2, 15, 12, 0, 0);

const debt = (id: number, name: string, dueDay: number) => ({ id, name, creditor: 'Bank', original_amount: 3000, remaining_amount: 1500, apr: 12, monthly_payment: 100, original_term: 60, due_day: dueDay });

const RECORDS = {
  '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-03-31', gross_pay: 5000, net_pay: 4000 }],
  '/api/v1/debts': [debt(2, 'Visa', 20), debt(3, 'Car', 3)],
  '/api/v1/monthly_expenses': [{ id: 4, name: 'Phone', amount: 45.5, due_day: 5 }],
};

/** A subscriber's mirror filled from the server, month tables included, as on a second visit. */
async function filledMirror(): Promise<DataLayer> {
  const { layer } = makePlanLayer(RECORDS);
  await monthTablesInMirror(layer);
  return layer;
}

/** Renders `ui` over a filled mirror, warmed first for the stored tab when `warm`. */
async function open(ui: React.ReactNode, warm: boolean) {
  const layer = await filledMirror();
  const warmed = warm ? warmStoredTab(layer) : null;
  await warmed?.ready;
  render(
    <Providers layer={layer} now={NOW}>
      {ui}
    </Providers>,
  );
  return () => warmed?.release();
}

const debtRows = () => screen.queryAllByRole('row').slice(1).map((row) => row.querySelector('td,th')?.textContent);

afterEach(() => {
  cleanup();
  window.localStorage.removeItem(STORAGE_KEYS.dashboardTab);
});

describe('TAB_READS', () => {
  it("debts: warmed for the stored Debts tab, the list's first render has its rows in its order; not warmed, it first shows its skeleton", async () => {
    window.localStorage.setItem(STORAGE_KEYS.dashboardTab, 'debts');
    await open(<DebtsTab />, false);
    expect(screen.queryByRole('table', { name: 'Debts' })).toBeNull();
    await waitFor(() => expect(debtRows()).toEqual(['Car', 'Visa']), { timeout: 10_000 });
    cleanup();

    const release = await open(<DebtsTab />, true);
    expect(debtRows()).toEqual(['Car', 'Visa']);
    release();
  });

  it('overview: warmed, the tiles and the Financial Health figures are drawn without a wait; not warmed, the figures are first worked out', async () => {
    /** Opens the Overview (it links to the check-in: in a router) and notes whether the health figures were ever shown loading. */
    async function openOverview(warm: boolean) {
      const made = makePlanLayer(RECORDS);
      await monthTablesInMirror(made.layer);
      // No stored tab: the dashboard opens on the Overview.
      const warmed = warm ? warmStoredTab(made.layer) : null;
      if (warm) expect(warmed).not.toBeNull();
      await warmed?.ready;
      // Whether the figures were ever shown loading, and every total the expenses tile showed.
      const seen = { loading: false, expenses: new Set<string>() };
      const observer = new MutationObserver(() => {
        if (document.querySelector('[aria-label="Loading financial health"]')) seen.loading = true;
        const expenses = document.querySelector('[data-testid="tile-monthly-expenses"]')?.textContent;
        if (expenses) seen.expenses.add(expenses);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      renderRoutes('/dashboard', { '/dashboard': () => <OverviewTab onNavigate={vi.fn()} /> }, { made, now: NOW });
      await waitFor(() => expect(screen.queryByRole('list', { name: 'Financial health figures' })).not.toBeNull(), { timeout: 10_000 });
      await waitFor(() => expect(screen.getByTestId('tile-monthly-expenses').textContent).toBe('$45.50'), { timeout: 10_000 });
      observer.disconnect();
      const figures = screen.getByRole('list', { name: 'Financial health figures' }).textContent;
      warmed?.release();
      cleanup();
      return { seen, figures };
    }

    const cold = await openOverview(false);
    expect(cold.seen.loading).toBe(true);
    expect(cold.seen.expenses.has('$0.00')).toBe(true);
    const warm = await openOverview(true);
    expect(warm.seen).toEqual({ loading: false, expenses: new Set(['$45.50']) });
    // The same figures either way.
    expect(warm.figures).toBe(cold.figures);
  });

  it('starts nothing for a tab with no reads listed', async () => {
    const layer = await filledMirror();
    window.localStorage.setItem(STORAGE_KEYS.dashboardTab, 'income');
    expect(warmStoredTab(layer)).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.dashboardTab, 'debts');
    const warmed = warmStoredTab(layer);
    expect(warmed).not.toBeNull();
    warmed?.release();
  });
});
