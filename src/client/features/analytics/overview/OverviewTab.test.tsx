// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResult } from '../../../data/api.ts';
import type { WireRecord } from '../../../data/mirror/db.ts';
import { makeLayer, type SetupOptions } from '../../../test-support/render.testing.tsx';
import { renderRoutes, type RoutedOptions } from '../../../test-support/routes.testing.tsx';
import { simulateDebts, type SimDebt } from './debt-simulation.test-support.ts';
import { COMING_SOON_TILES, FEATURES, ROADMAP } from './ComingSoon.tsx';
import { AnalyticsOverviewTab } from './OverviewTab.tsx';

// "Today" is 2026-03 (local time); the month tables the server sent start in 2026-01.
const NOW = new Date(2026, 2, 15, 12, 0, 0);
/**
 * The tab in a memory router (its empty state links to /dashboard) over the data layer and
 * clock of test-support/render.tsx, as a subscriber.
 */
const renderOverview = (options: RoutedOptions = {}) => renderRoutes('/analytics', { '/analytics': AnalyticsOverviewTab }, { subscribed: true, now: NOW, ...options });

const DEBTS = '/api/v1/debts';
const INCOMES = '/api/v1/incomes';
const ACCOUNTS = '/api/v1/retirement_accounts';
const EXPENSES = '/api/v1/monthly_expenses';
const DEBT_PLAN = '/api/v1/debt_plan';
const RETIREMENT_PLAN = '/api/v1/retirement_plan';

/** Month table bodies as the server answers them; only what the Overview reads: first months and actuals. */
const TABLES: { readonly [path: string]: object } = {
  '/api/v1/income_months': { income_months: [{ id: 1, month: '2026-01', input_end_balance: null }] },
  '/api/v1/debt_months': { debts: [], total: [{ id: 2, month: '2026-01' }] },
};
function serveTables(tables: { readonly [path: string]: object } = TABLES) {
  return (request: ApiRequest): ApiResult | undefined => (request.method === 'GET' && request.path in tables ? { ok: true, status: 200, data: tables[request.path] } : undefined);
}

const debt = (id: number, name: string, remaining: number, apr: number, payment: number): WireRecord => ({
  id,
  name,
  creditor: 'Bank',
  original_amount: remaining * 2,
  remaining_amount: remaining,
  apr,
  monthly_payment: payment,
  original_term: 60,
  due_day: 1,
});

const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const whole = (cents: number) => WHOLE.format(cents / 100);

const simulate = (debts: readonly SimDebt[], plan: 'none' | 'snowball' | 'avalanche', extra: number) => simulateDebts(debts, plan, extra, '2026-01');

const columnOf = (table: HTMLElement, header: string) => {
  const headers = within(table).getAllByRole('columnheader');
  return headers.findIndex((h) => h.getAttribute('aria-label') === header || h.textContent === header);
};
const rowCells = (table: HTMLElement, rowName: string) => {
  const row = within(table).getByRole('rowheader', { name: rowName }).closest('tr') as HTMLTableRowElement;
  return [...row.cells].map((cell) => cell.textContent ?? '');
};

describe('AnalyticsOverviewTab: debt strategy comparison', () => {
  // Visa 1 500.00 at 24 %, Car 4 000.00 at 6 %, Store 400.00 at 12 %; snowball with 100.00 extra.
  const sim: SimDebt[] = [
    { name: 'Visa', balance: 150000, apr: 24, min: 10000, order: 1 },
    { name: 'Car', balance: 400000, apr: 6, min: 15000, order: 2 },
    { name: 'Store', balance: 40000, apr: 12, min: 4000, order: 3 },
  ];
  const records = { [DEBTS]: [debt(1, 'Visa', 1500, 24, 100), debt(2, 'Car', 4000, 6, 150), debt(3, 'Store', 400, 12, 40)] };
  const expected = { none: simulate(sim, 'none', 0), snowball: simulate(sim, 'snowball', 10000), avalanche: simulate(sim, 'avalanche', 10000) };

  it('the test\'s own simulation agrees with figures worked by hand', () => {
    // Store under none: 400.00 at 1 % a month paying 40.00 needs ln(1/0.9)/ln(1.01) ≈ 10.6 → 11 months.
    expect(expected.none.payoffs[2]).toBe('2026-11');
    // Snowball: budget 100 + 150 + 40 + 100 = 390.00, Store first.
    //   m1: Store 404.00 − 40 − (390 − 290 left after the minimums) = 264.00
    //   m2: 264.00 + 2.64 − 40 − 100 = 126.64
    //   m3: 126.64 + 1.27 = 127.91 ≤ 140: paid off in 2026-03, 12.09 spills to Visa.
    expect(expected.snowball.payoffs[2]).toBe('2026-03');
    // Interest in month 1 under every plan: Visa 30.00 + Car 20.00 + Store 4.00.
    expect(simulate(sim.map((d) => ({ ...d, min: d.balance * 2 })), 'none', 0).interest).toBe(5400);
  });

  it('shows each debt\'s payoff month, the debt-free month, total interest and interest saved for each plan, marking the user\'s plan', async () => {
    const { layer } = renderOverview({
      subscribed: true,
      now: NOW,
      records,
      singles: { [DEBT_PLAN]: { id: 9, plan_type: 'snowball', extra_payment: 100 } },
      intercept: serveTables(),
    });
    await layer.ready;
    const table = await screen.findByRole('table', { name: 'Debt strategy comparison' });
    const columns = { none: columnOf(table, 'None'), snowball: columnOf(table, 'Snowball (your plan)'), avalanche: columnOf(table, 'Avalanche') };
    expect(Object.values(columns).every((i) => i > 0)).toBe(true);
    expect(within(table).getAllByText('Your plan')).toHaveLength(1);

    sim.forEach((d, i) => {
      const cells = rowCells(table, d.name);
      for (const plan of ['none', 'snowball', 'avalanche'] as const) expect(cells[columns[plan]]).toBe(expected[plan].payoffs[i]);
    });
    const last = (payoffs: (string | null)[]) => [...payoffs].sort().at(-1);
    const debtFree = rowCells(table, 'Debt free');
    const interest = rowCells(table, 'Total interest');
    const saved = rowCells(table, 'Interest saved vs none');
    for (const plan of ['none', 'snowball', 'avalanche'] as const) {
      expect(debtFree[columns[plan]]).toBe(last(expected[plan].payoffs));
      expect(interest[columns[plan]]).toBe(whole(expected[plan].interest));
    }
    expect(saved[columns.none]).toBe('—');
    expect(saved[columns.snowball]).toBe(whole(expected.none.interest - expected.snowball.interest));
    expect(saved[columns.avalanche]).toBe(whole(expected.none.interest - expected.avalanche.interest));
    // Avalanche targets the 24 % card: it must save at least as much as snowball here.
    expect(expected.avalanche.interest).toBeLessThanOrEqual(expected.snowball.interest);
    screen.getByText(/plus your extra payment of \$100 a month/);
  });

  it('without a debt plan the user\'s plan is None and the strategies spend only the minimums', async () => {
    const { layer } = renderOverview({ subscribed: true, now: NOW, records, intercept: serveTables() });
    await layer.ready;
    const table = await screen.findByRole('table', { name: 'Debt strategy comparison' });
    expect(columnOf(table, 'None (your plan)')).toBe(1);
    const noExtra = simulate(sim, 'avalanche', 0);
    expect(rowCells(table, 'Total interest')[columnOf(table, 'Avalanche')]).toBe(whole(noExtra.interest));
  });

  it('applies the actual balances from the month tables', async () => {
    // 1 000.00 at 0 % paying 100.00 runs to 2026-10; the user recorded 300.00 left at the end of
    // 2026-02, so 200.00, 100.00, 0: paid off in 2026-05.
    const tables = {
      ...TABLES,
      '/api/v1/debt_months': { debts: [{ id: 1, debt_months: [{ id: 5, month: '2026-02', input_remaining_balance: 300 }] }], total: [{ id: 2, month: '2026-01' }] },
    };
    const { layer } = renderOverview({ subscribed: true, now: NOW, records: { [DEBTS]: [debt(1, 'Loan', 1000, 0, 100)] }, intercept: serveTables(tables) });
    await layer.ready;
    const table = await screen.findByRole('table', { name: 'Debt strategy comparison' });
    await waitFor(() => expect(rowCells(table, 'Loan')[1]).toBe('2026-05'));
    expect(screen.getByTestId('milestone-debtFree').textContent).toContain('2026-05');
  });
});

describe('AnalyticsOverviewTab: timeline and milestones', () => {
  // The household of src/engine/timeline.test.ts, as wire records: net 1 000.00 a month, expenses
  // 300.00, a 250.00 debt at 0 % paying 100.00, an account of 1 000.00 taking 100.00 a month,
  // retiring 2026-07 for a year, Social Security 150.00 from 2026-09.
  const household = {
    records: {
      [INCOMES]: [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-31', gross_pay: 1200, net_pay: 1000 }],
      [DEBTS]: [debt(1, 'Card', 250, 0, 100)],
      [EXPENSES]: [{ id: 1, name: 'Living', amount: 300, due_day: 1 }],
      [ACCOUNTS]: [
        {
          id: 1,
          name: '401k',
          account_type: 'traditional_401k',
          contribution_amount: 100,
          employer_match: 0,
          employer_contribution_amount: 0,
          starting_balance: 1000,
          expected_return_rate: 0,
          contribution_cycle: 'monthly',
          next_deposit_date: '2026-01-01',
        },
      ],
    },
    singles: {
      [RETIREMENT_PLAN]: { id: 4, retirement_date: '2026-07-01', interest_rate: 0, social_security_income: 150, social_security_start_date: '2026-09-15', years_of_retirement: 1 },
    },
  };

  it('lists the debt-free, retirement, Social Security and money-runs-out months, with the headline figures', async () => {
    const { layer } = renderOverview({ subscribed: true, now: NOW, ...household, intercept: serveTables() });
    await layer.ready;
    const milestones = await screen.findByRole('table', { name: 'Milestones' });
    // Cash 500, 1 000, 1 550 …; the account runs dry in 2027-03 (100.00 left against a need of 150.00).
    await waitFor(() =>
      expect(within(milestones).getAllByRole('row').map((row) => row.textContent)).toEqual([
        // The session's birth year is 1985: 2026 − 1985 = 41, 2027 − 1985 = 42.
        'Debt free2026-03 (age 41)',
        'Retirement2026-07 (age 41)',
        'Social Security starts2026-09 (age 41)',
        'Money runs out2027-03 (age 42)',
      ]),
    );
    // 2026-03: cash 1 550 + account 1 300 − debt 0; peak 2026-06: 3 350 + 1 600; end 2027-06: 3 350.
    expect(screen.getByTestId('figure-Net Worth Now').textContent).toBe('$2,850');
    expect(screen.getByTestId('figure-Peak Net Worth').textContent).toBe('$4,950');
    expect(screen.getByTestId('figure-At the End').textContent).toBe('$3,350');
    expect(screen.getByRole('img', { name: /^Net worth timeline/ }).getAttribute('aria-label')).toBe(
      'Net worth timeline from 2026-01 to 2027-06: $1,450 in 2026-01, peaking at $4,950 in 2026-06, $3,350 in 2027-06. Debt free: 2026-03. Retirement: 2026-07. Social Security starts: 2026-09. Money runs out: 2027-03.',
    );
  });

  it('shows the yearly values on request', async () => {
    const { layer } = renderOverview({ subscribed: true, now: NOW, ...household, intercept: serveTables() });
    await layer.ready;
    const toggle = await screen.findByRole('button', { name: 'Show yearly values' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'Net worth by year' });
    expect(within(table).getAllByRole('row').map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.textContent))).toEqual([
      ['Month', 'Cash', 'Retirement Savings', 'Debt', 'Net Worth'],
      ['2026-01 (age 41)', '$500', '$1,100', '$150', '$1,450'],
      ['2026-12 (age 41)', '$3,350', '$400', '$0', '$3,750'],
      ['2027-06 (age 42)', '$3,350', '$0', '$0', '$3,350'],
    ]);
    expect(screen.getByRole('button', { name: 'Hide yearly values' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('without a retirement plan: no retirement or Social Security markers and no crash', async () => {
    const { layer } = renderOverview({ subscribed: true, now: NOW, records: household.records, intercept: serveTables() });
    await layer.ready;
    const milestones = await screen.findByRole('table', { name: 'Milestones' });
    await waitFor(() =>
      expect(within(milestones).getAllByRole('row').map((row) => row.textContent)).toEqual([
        'Debt free2026-03 (age 41)',
        'RetirementNo retirement plan',
        'Social Security startsNo retirement plan',
        'Money runs outNo retirement plan',
      ]),
    );
    const label = screen.getByRole('img', { name: /^Net worth timeline/ }).getAttribute('aria-label') ?? '';
    // 360 months from 2026-01 without a plan.
    expect(label).toMatch(/^Net worth timeline from 2026-01 to 2055-12/);
    expect(label).not.toMatch(/Retirement|Social Security|Money runs out/);
  });

  it('with debts alone (no income, no accounts) it still projects', async () => {
    const { layer } = renderOverview({ subscribed: true, now: NOW, records: { [DEBTS]: [debt(1, 'Card', 250, 0, 100)] }, intercept: serveTables() });
    await layer.ready;
    await waitFor(() => expect(screen.getByTestId('milestone-debtFree').textContent).toBe('Debt free2026-03 (age 41)'));
    screen.getByRole('table', { name: 'Debt strategy comparison' });
  });

  it('with no debts the comparison says so', async () => {
    const { layer } = renderOverview({ subscribed: true, now: NOW, records: { [INCOMES]: household.records[INCOMES] }, intercept: serveTables() });
    await layer.ready;
    await screen.findByText('No debts to compare.');
    expect(screen.getByTestId('milestone-debtFree').textContent).toBe('Debt freeNo debts');
  });

  it('without month tables the projection starts this month, and says so', async () => {
    // The test server has no month endpoints: every month fetch fails.
    const { layer } = renderOverview({ subscribed: true, now: NOW, records: { [DEBTS]: [debt(1, 'Card', 250, 0, 100)] } });
    await layer.ready;
    await screen.findByText(/projection starts in 2026-03/);
    // 250.00 paying 100.00 from 2026-03: 150, 50, 0 in 2026-05.
    expect(screen.getByTestId('milestone-debtFree').textContent).toBe('Debt free2026-05 (age 41)');
  });

  it('a record the engine cannot read shows the error with a reload button instead of crashing', async () => {
    const { layer } = renderOverview({
      subscribed: true,
      now: NOW,
      records: household.records,
      singles: { [RETIREMENT_PLAN]: { id: 4, retirement_date: '', interest_rate: 0, social_security_income: 0, social_security_start_date: '', years_of_retirement: 1 } },
      intercept: serveTables(),
    });
    await layer.ready;
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Error Loading Projection');
    within(alert).getByRole('button', { name: 'Reload Page' });
    // The Coming Soon part of the Overview is still there.
    screen.getByRole('button', { name: 'Spending' });
  });
});

describe('AnalyticsOverviewTab: what the plan learns', () => {
  // Net pay 3 000.00 a month from 2026-01, expenses 1 000.00: the plan keeps 2 000.00 a month as cash.
  const saver = {
    records: {
      [INCOMES]: [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 4000, net_pay: 3000 }],
      [EXPENSES]: [{ id: 1, name: 'Living', amount: 1000, due_day: 1 }],
    },
  };
  const ASSUMPTIONS = '/api/v1/assumptions';
  // Check-ins: 2026-01 2 000.00 (as planned) and 2026-03 3 000.00, where the plan from 2026-01 had
  // 2 000.00 + 2 × 2 000.00 = 6 000.00: 3 000.00 more spent over 2 months, 1 500.00 a month —
  // above $50 and above 5 % of 3 000.00 (150.00).
  const checkedIn = {
    '/api/v1/income_months': {
      income_months: [
        { id: 1, month: '2026-01', input_end_balance: 2000 },
        { id: 2, month: '2026-02', input_end_balance: null },
        { id: 3, month: '2026-03', input_end_balance: 3000 },
      ],
    },
  };

  it('offers to set Other spending to what the check-ins measured, and saves it with one click', async () => {
    const { layer, server } = renderOverview({ ...saver, intercept: serveTables(checkedIn) });
    await layer.ready;
    const offer = await screen.findByTestId('spending-offer');
    expect(within(offer).getByText(/^Your check-ins say/).textContent).toBe('Your check-ins say you spend about $1,500.00 a month more than your lists. Set Other spending to $1,500.00?');
    fireEvent.click(within(offer).getByRole('button', { name: 'Set Other spending to $1,500.00' }));
    await waitFor(() => expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([['POST', ASSUMPTIONS, { assumptions: { other_spending: 1500 } }]]));
  });

  it('keeps the Other spending it sets offline in the outbox, and sends it once online', async () => {
    const made = makeLayer({ subscribed: true, now: NOW, ...saver, intercept: serveTables(checkedIn) });
    renderOverview({ made });
    await made.layer.ready;
    const offer = await screen.findByTestId('spending-offer');
    made.setOnline(false);
    fireEvent.click(within(offer).getByRole('button', { name: 'Set Other spending to $1,500.00' }));
    await waitFor(async () => expect(await made.layer.db.outbox.where('status').equals('pending').count()).toBe(1));
    expect(made.server.writes).toEqual([]);
    made.setOnline(true);
    await waitFor(() => expect(made.server.singles.get(ASSUMPTIONS)).toMatchObject({ other_spending: 1500 }));
  });

  it('makes no offer without two check-ins', async () => {
    const { layer } = renderOverview({ ...saver, intercept: serveTables() });
    await layer.ready;
    await screen.findByTestId('idle-cash');
    expect(screen.queryByTestId('spending-offer')).toBeNull();
  });

  const brokerage = { id: 9, name: 'Brokerage', account_type: 'taxable', contribution_amount: 0, employer_match: 0, employer_contribution_amount: 0, starting_balance: 0, expected_return_rate: 6, contribution_cycle: 'monthly', next_deposit_date: '2026-01-01' };

  it('names idle cash in one sentence with its two fixes; the second opens the assumptions form at the surplus account', async () => {
    renderOverview({ records: { ...saver.records, [ACCOUNTS]: [brokerage] }, intercept: serveTables() });
    const idle = await screen.findByTestId('idle-cash');
    // Today 2026-03: 3 000.00 − 1 000.00 = 2 000.00 kept, more than half of 3 000.00.
    expect(within(idle).getByText(/^From/).textContent).toBe(
      'From 2026-03 your plan keeps $2,000.00 of your $3,000.00 monthly net pay as cash, more than half: if you really spend it, set Other spending; if you save it, invest the surplus in a taxable account.',
    );
    // jsdom lays nothing out and cannot scroll (test-setup stubs scrollIntoView): watch the asks.
    const scrolled: Element[] = [];
    const stub = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this);
    };
    try {
      fireEvent.click(within(idle).getByRole('button', { name: 'Invest the surplus' }));
      const form = await screen.findByRole('dialog', { name: 'Plan assumptions' });
      const select = within(form).getByLabelText(/^Invest the surplus/);
      await waitFor(() => expect(document.activeElement).toBe(select));
      // Far down the form, the field is brought into view as it takes the focus.
      expect(scrolled).toContain(select);
    } finally {
      HTMLElement.prototype.scrollIntoView = stub;
    }
  });

  it('says nothing about idle cash once the surplus goes to a taxable account', async () => {
    renderOverview({ records: { ...saver.records, [ACCOUNTS]: [brokerage] }, singles: { [ASSUMPTIONS]: { id: 2, surplus_account_id: 9 } }, intercept: serveTables() });
    await screen.findByTestId('figure-Net Worth Now');
    await screen.findByRole('group', { name: 'Invest the surplus' });
    // The account's name arrives with its live query, a render after the group.
    await waitFor(() => expect(screen.getByTestId('assumption-surplus_account_id').textContent).toBe('100% to Brokerage'));
    expect(screen.queryByTestId('idle-cash')).toBeNull();
  });

  it('opens the form at Other spending from the first fix', async () => {
    renderOverview({ ...saver, intercept: serveTables() });
    const idle = await screen.findByTestId('idle-cash');
    fireEvent.click(within(idle).getByRole('button', { name: 'Set Other spending' }));
    const form = await screen.findByRole('dialog', { name: 'Plan assumptions' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/^Other spending/)));
  });

  it('says nothing about idle cash while the list claims the pay', async () => {
    const { layer } = renderOverview({ records: { ...saver.records, [EXPENSES]: [{ id: 1, name: 'Living', amount: 1600, due_day: 1 }] }, intercept: serveTables() });
    await layer.ready;
    await screen.findByTestId('figure-Net Worth Now');
    expect(screen.queryByTestId('idle-cash')).toBeNull();
  });
});

describe('AnalyticsOverviewTab: one net worth', () => {
  it("counts the home less its mortgage in Progress Tracking's figures, as the timeline does, leaving the gap as the engine splits it", async () => {
    // Net 3 000.00 a month, expenses 1 000.00; plan assumptions with a home worth 250 000.00 (no
    // mortgage). A baseline of 2026-03 kept cash 5 500.00, no debts, no savings. Now 2026-03 has
    // cash 6 000.00 (3 × 2 000.00): net worth now 6 000.00 + 250 000.00 = 256 000.00, plan
    // 5 500.00 + 250 000.00 = 255 500.00, ahead 500.00 — all spending (cash).
    const baseline = { id: 5, name: 'Check-in 2026-02', created_at: '2026-02-20T10:00:00Z', snapshot: { months: ['2026-01', '2026-02', '2026-03'].map((month, i) => ({ month, cash: [2000, 4000, 5500][i], debts: 0, savings: 0, contributions: 0, returns: 0 })) } };
    const { layer } = renderOverview({
      records: {
        [INCOMES]: [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 4000, net_pay: 3000 }],
        [EXPENSES]: [{ id: 1, name: 'Living', amount: 1000, due_day: 1 }],
        '/api/v1/baselines': [baseline],
      },
      singles: { '/api/v1/assumptions': { id: 1, home_value: 250000 } },
      intercept: serveTables(),
    });
    await layer.ready;
    await screen.findByText('2026-03: net worth $256,000.00, plan $255,500.00');
    expect(screen.getByTestId('figure-Net Worth Now').textContent).toBe('$256,000');
    const progress = screen.getByRole('region', { name: 'Progress Tracking' });
    within(progress).getByText(/Net worth = cash \+ retirement and taxable balances \+ home − mortgage − debts\./);
    const split = within(progress).getByRole('table', { name: 'Gap in 2026-03, by cause' });
    expect(within(split).getAllByRole('row').map((row) => row.textContent)).toEqual(['Contributions$0', 'Investment returns$0', 'Spending and debts+$500']);
  });
});

describe('AnalyticsOverviewTab: states and Coming Soon', () => {
  it('shows a skeleton until the records have loaded', async () => {
    const setup: SetupOptions = { subscribed: true, now: NOW };
    const made = makeLayer(setup);
    // Hold every answer of the server until the skeleton has been seen.
    const send = made.server.transport.request.bind(made.server.transport);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    made.server.transport.request = async (request) => {
      await gate;
      return send(request);
    };
    renderOverview({ ...setup, made });
    expect((await screen.findByLabelText('Loading projection')).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Nothing to project yet')).toBeNull();
    release();
    await made.layer.ready;
    await screen.findByText('Nothing to project yet');
    expect(screen.queryByLabelText('Loading projection')).toBeNull();
  });

  it('with nothing to project shows the empty state with a link to the dashboard', async () => {
    const { layer } = renderOverview();
    await layer.ready;
    await screen.findByText('Nothing to project yet');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('img', { name: /Net worth timeline/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Debt strategy comparison' })).toBeNull();
  });

  it('has Coming Soon tiles, four feature buttons and a coming-soon list', async () => {
    renderOverview();
    // Below the projection, these come once it is known (after the figures).
    await screen.findByRole('list', { name: 'Coming soon' });
    for (const tile of COMING_SOON_TILES) {
      const card = screen.getByRole('group', { name: tile.title });
      within(card).getByText('Coming Soon');
      within(card).getByText(tile.detail);
    }
    // Progress Tracking is real now (plan vs actual), so it is no longer among the tiles.
    expect(COMING_SOON_TILES.map((tile) => tile.title)).toEqual(['Spending Insights', 'Custom Reports']);
    expect(ROADMAP).not.toContain('Net worth history from your actual balances');
    expect(FEATURES.map((f) => f.label)).toEqual(['Spending', 'Income', 'Debt', 'Savings']);
    const list = screen.getByRole('list', { name: 'Coming soon' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...ROADMAP]);
  });

  it('each feature button opens the tab with its figures', async () => {
    const opened: string[] = [];
    renderRoutes('/analytics', { '/analytics': () => <AnalyticsOverviewTab onOpenTab={(tab) => opened.push(tab)} /> }, { subscribed: true, now: NOW });
    await screen.findByRole('button', { name: FEATURES[0]!.label });
    for (const feature of FEATURES) fireEvent.click(screen.getByRole('button', { name: feature.label }));
    expect(opened).toEqual(['income-future', 'income-future', 'debt-progress', 'retirement-contributions']);
    screen.getByText('Spending and Income open Income Future, Debt opens Debt Progress, Savings opens Retirement Contributions.');
  });
});
