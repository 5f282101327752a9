// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataLayer } from '../../data/data-layer.ts';
import { warmLive } from '../../data/live-reads.ts';
import { makePlanLayer, monthTablesInMirror } from '../../test-support/plan-mirror.testing.ts';
import { Providers } from '../../test-support/render.testing.tsx';
import { renderRoutes } from '../auth/test-routes.testing.tsx';
import { DebtsTab } from './debts/DebtsTab.tsx';
import { OverviewTab } from './overview/OverviewTab.tsx';
import { TAB_READS } from './tab-reads.ts';

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

/** Renders `ui` over `layer`, warmed with `reads` first when given. */
async function open(ui: React.ReactNode, warm?: Parameters<typeof warmLive>[1]) {
  const layer = await filledMirror();
  const warmed = warm ? warmLive(layer, warm) : null;
  await warmed?.ready;
  render(
    <Providers layer={layer} now={NOW}>
      {ui}
    </Providers>,
  );
  return () => warmed?.release();
}

const debtRows = () => screen.queryAllByRole('row').slice(1).map((row) => row.querySelector('td,th')?.textContent);

afterEach(cleanup);

describe('TAB_READS', () => {
  it("debts: warmed, the list's first render has its rows in its order; not warmed, it first shows its skeleton", async () => {
    await open(<DebtsTab />);
    expect(screen.queryByRole('table', { name: 'Debts' })).toBeNull();
    await waitFor(() => expect(debtRows()).toEqual(['Car', 'Visa']), { timeout: 10_000 });
    cleanup();

    const release = await open(<DebtsTab />, TAB_READS.debts);
    expect(debtRows()).toEqual(['Car', 'Visa']);
    release();
  });

  it('overview: warmed, the tiles and the Financial Health figures are drawn without a wait; not warmed, the figures are first worked out', async () => {
    /** Opens the Overview (it links to the check-in: in a router) and notes whether the health figures were ever shown loading. */
    async function openOverview(warm: boolean) {
      const made = makePlanLayer(RECORDS);
      await monthTablesInMirror(made.layer);
      const warmed = warm ? warmLive(made.layer, TAB_READS.overview ?? []) : null;
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
});
