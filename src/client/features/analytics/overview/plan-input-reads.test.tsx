// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../data/session/session.ts';
import type { DataLayer } from '../../../data/layer-api.ts';
import { makePlanLayer, monthTablesInMirror } from '../../../test-support/plan-mirror.testing.ts';
import { Providers } from '../../../test-support/render.testing.tsx';
import { warmStoredTab } from '../lazy-tabs.tsx';
import { ANALYTICS_TABS } from '../tabs.ts';
import { usePlanInput } from '../../../model/use-projection.ts';

const NOW = new Date(2026, 2, 15, 12, 0, 0);

/** A subscriber's mirror filled from the server: an income, a debt, an account, plans and the month tables. */
async function filledMirror(): Promise<DataLayer> {
  const { layer } = makePlanLayer(
    {
      '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-03-31', gross_pay: 5000, net_pay: 4000 }],
      '/api/v1/debts': [{ id: 2, name: 'Visa', creditor: 'Bank', original_amount: 3000, remaining_amount: 1500, apr: 24, monthly_payment: 100, original_term: 60, due_day: 1 }],
      '/api/v1/retirement_accounts': [{ id: 3, name: '401k', account_type: '401k', balance: 20000, monthly_contribution: 500, employer_match: 0, expected_return: 6 }],
    },
    { '/api/v1/debt_plan': { id: 9, plan_type: 'snowball', extra_payment: 100 } },
  );
  await monthTablesInMirror(layer);
  // The profile's birth year and sign-up day differ from the session's and from none, so an input
  // made without them differs from the one made with them.
  await layer.db.profile.put({ name: 'user', value: { id: 1, email: 'ann@example.com', birth_year: 1970, created_at: '2026-01-20T10:00:00Z' } });
  return layer;
}

/** The engine input's state at each render, as JSON (the records, the input, the birth year). */
function PlanInputStates({ seen }: { seen: string[] }) {
  const state = usePlanInput();
  seen.push(state.kind === 'ready' ? JSON.stringify(state) : state.kind);
  return null;
}

describe('PLAN_INPUT_READS (plan-input-reads.ts)', () => {
  it('covers every read of usePlanInput: warmed, its first render has the input it settles on; not warmed, it first waits', async () => {
    const cold = await filledMirror();
    const coldStates: string[] = [];
    render(
      <Providers layer={cold} now={NOW}>
        <PlanInputStates seen={coldStates} />
      </Providers>,
    );
    await waitFor(() => expect(coldStates.at(-1)).toContain('"birthYear":1970'), { timeout: 10_000 });
    const settled = coldStates.at(-1);
    expect(coldStates[0]).toBe('loading');
    expect(settled).toMatch(/^\{"kind":"ready"/);

    // The Analytics page's warm-up for its stored tab (none stored: the Overview).
    const warm = await filledMirror();
    const warmed = warmStoredTab(warm);
    expect(warmed).not.toBeNull();
    await warmed?.ready;
    const warmStates: string[] = [];
    render(
      <Providers layer={warm} now={NOW}>
        <PlanInputStates seen={warmStates} />
      </Providers>,
    );
    // The same input as the unwarmed screen settled on (its birth year and sign-up day included).
    expect(warmStates[0]).toBe(settled);
    warmed?.release();
  });

  it('is what the Analytics page reads early for the Overview and What if, and for no other tab', async () => {
    const layer = await filledMirror();
    const warmed: Record<string, boolean> = {};
    for (const tab of ANALYTICS_TABS) {
      window.localStorage.setItem(STORAGE_KEYS.analyticsTab, tab.value);
      const started = warmStoredTab(layer);
      warmed[tab.value] = started !== null;
      started?.release();
    }
    window.localStorage.removeItem(STORAGE_KEYS.analyticsTab);
    expect(warmed).toEqual({ overview: true, 'income-future': false, 'debt-progress': false, 'retirement-contributions': false, 'retirement-living': false, 'what-if': true });
  });
});
