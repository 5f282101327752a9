// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import type { MonthKey } from '../../../engine/months.ts';
import { project } from '../../../engine/project.ts';
import { monthRowId } from '../../../shared/months/ids.ts';
import { projectionInput } from '../../../shared/months/input.ts';
import { monthTableBody } from '../../../shared/months/tables.ts';
import { NET_WORTH_MEANS } from '../../model/net-worth.ts';
import { CONTRIBUTION_BODY, DEBT_BODY, INCOME_BODY, MARCH_1, RETIREMENT_BODY, serveMonths } from '../../test-support/month-fixtures.testing.ts';
import { renderTab } from '../../test-support/analytics.testing.tsx';
import { dexieStores } from '../../data/mirror/schema.ts';
import { CheckInPage, HOME_VALUE_UNKNOWN, tablesInStep } from './CheckInPage.tsx';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const row = (entity: number) => monthRowId(entity, '2026-03' as never);
/** Saves once the button takes it: it is held while the plan has not read the tables shown. */
async function saveCheckIn() {
  const button = screen.getByRole('button', { name: 'Save check-in' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

function setup(options: Parameters<typeof renderTab>[1] = {}) {
  return renderTab(<CheckInPage />, { now: MARCH_1, intercept: serveMonths({ incomeMonths: INCOME_BODY, debtMonths: DEBT_BODY, contributionMonths: CONTRIBUTION_BODY, retirementMonths: RETIREMENT_BODY }), ...options });
}

describe('CheckInPage', () => {
  it("lists this month's cash, debts and accounts with the balance each shows now", async () => {
    setup();
    // 2026-03: cash computes 4,600.00; the Visa already has an actual of 750.00; the 401k, before
    // retirement, is read from its contribution month: an actual of 2,020.50.
    // The IRA and the Loan have no row this month, so they are not asked for.
    await screen.findByLabelText('Visa');
    expect((screen.getByLabelText('Cash on hand') as HTMLInputElement).value).toBe('4600.00');
    screen.getByText('Projected for 2026-03: $4,600.00');
    screen.getByText('Your balance for 2026-03: $750.00');
    screen.getByText('Your balance for 2026-03: $2,020.50');
    expect(screen.queryByLabelText('IRA')).toBeNull();
    expect(screen.queryByLabelText('Loan')).toBeNull();
  });

  it('saves once the tables shown are the plan\'s, also when a page of an older version wrote one without a token', async () => {
    const { server, layer } = setup();
    await screen.findByLabelText('Visa');
    // A tab still on the version before the tables' tokens writes the income table (no token).
    const old = new Dexie(layer.db.name);
    old.version(5).stores(dexieStores(5));
    await old.table('months').put({ name: 'incomeMonths', body: INCOME_BODY, provisional: false });
    old.close();
    fill('Visa', '700');
    await saveCheckIn();
    await waitFor(() => expect(server.writes).toHaveLength(3));
  });

  it('refuses a bad balance with the month-edit message and writes nothing', async () => {
    const { server } = setup();
    await screen.findByLabelText('Visa');
    fill('Visa', '-5');
    await saveCheckIn();
    await screen.findByText('Please enter a valid positive amount');
    expect(server.writes).toEqual([]);
  });

  it('one Save writes every balance as this month’s actual, each once', async () => {
    const { server } = setup();
    await screen.findByLabelText('Visa');
    fill('Cash on hand', '3000.10');
    fill('Visa', '700');
    await saveCheckIn();
    await waitFor(() => expect(server.writes).toHaveLength(3));
    expect(server.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ['PUT', `/api/v1/income_months/${row(0)}`, { income_month: { input_end_balance: 3000.1 } }],
      ['PUT', `/api/v1/debt_months/${row(7)}`, { debt_month: { input_remaining_balance: 700 } }],
      // Unchanged, the 401k's balance is confirmed as its actual.
      ['PUT', `/api/v1/contribution_months/${row(5)}`, { contribution_month: { input_end_balance: 2020.5 } }],
    ]);
    await screen.findByText('Checked in for 2026-03');
  });

  it('offline, keeps the check-in on the device and says so', async () => {
    const { server, layer } = setup({ online: false });
    await layer.ready;
    // The tables the device already holds (fetched while online).
    await layer.db.months.bulkPut([
      { name: 'incomeMonths', body: INCOME_BODY, provisional: false },
      { name: 'debtMonths', body: DEBT_BODY, provisional: false },
      { name: 'contributionMonths', body: CONTRIBUTION_BODY, provisional: false },
      { name: 'retirementMonths', body: RETIREMENT_BODY, provisional: false },
    ]);
    await screen.findByLabelText('Visa');
    fill('Visa', '700');
    await saveCheckIn();
    await screen.findByText('Check-in saved on this device');
    expect(server.writes).toEqual([]);
    // Three edits wait in the outbox, one per balance.
    const queued = await layer.db.outbox.where('status').equals('pending').toArray();
    expect(queued.map((entry) => entry.mutation)).toEqual([
      { kind: 'month', table: 'incomeMonths', rowId: row(0), fields: { input_end_balance: 4600 } },
      { kind: 'month', table: 'debtMonths', rowId: row(7), fields: { input_remaining_balance: 700 } },
      { kind: 'month', table: 'contributionMonths', rowId: row(5), fields: { input_end_balance: 2020.5 } },
    ]);
  });

  it('a flag stored stale: the server is asked, and a subscriber gets the check-in, not the upsell', async () => {
    const { layer } = setup({ subscribed: false, serverSubscribed: true });
    await screen.findByLabelText('Visa');
    expect(screen.queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
    expect(layer.getSession().subscribed).toBe(true);
  });

  it('offers the subscription once the server says there is none', async () => {
    setup({ subscribed: false });
    await screen.findByRole('link', { name: 'Subscribe Now' });
    expect(screen.queryByRole('status', { name: 'Checking your subscription' })).toBeNull();
  });

  it('says how net worth moved, counting the home as every screen does', async () => {
    // Net 3 000.00 a month from 2026-01, expenses 1 000.00, a home worth 250 000.00 (plan
    // assumptions, no mortgage): cash at 2026-03 is 3 × 2 000.00 = 6 000.00, net worth
    // 256 000.00. Checking in 5 000.00 of cash makes it 255 000.00.
    const records = {
      '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 4000, net_pay: 3000 }],
      '/api/v1/monthly_expenses': [{ id: 1, name: 'Living', amount: 1000, due_day: 1 }],
    };
    const assumptions = { id: 1, home_value: 250000 };
    const input = projectionInput({ incomes: records['/api/v1/incomes'], debts: [], debtPlan: null, housing: null, monthlyExpenses: records['/api/v1/monthly_expenses'], otherExpenses: [], retirementAccounts: [], retirementPlan: null, assumptions }, { debt: [], contribution: [], retirement: [], income: [] }, '2026-01' as MonthKey, '2026-03' as MonthKey);
    const projection = project(input);
    const tables = { incomeMonths: monthTableBody('income', projection), debtMonths: monthTableBody('debt', projection), contributionMonths: monthTableBody('contribution', projection), retirementMonths: monthTableBody('retirement', projection) };
    const { layer, setOnline } = setup({ records, singles: { '/api/v1/assumptions': assumptions }, intercept: serveMonths(tables) });
    await layer.ready;
    await waitFor(() => expect((screen.getByLabelText('Cash on hand') as HTMLInputElement).value).toBe('6000.00'));
    // Offline, the tables are recomputed on the device from the balance entered.
    setOnline(false);
    fill('Cash on hand', '5000');
    await saveCheckIn();
    const changed = await screen.findByRole('list', { name: 'What changed' });
    await waitFor(() => expect(within(changed).getByText(/^Net worth this month/).textContent).toBe('Net worth this month: $256,000.00 → $255,000.00.'));
    screen.getByText(NET_WORTH_MEANS);
  });
  it('asks for the mortgage balance and the home value, sends them with the cash in one edit, and counts the home from then on', async () => {
    // Net 3 000.00 a month from 2026-01, expenses 1 000.00, a mortgage of 100 000.00 at 6 % paying
    // 1 000.00 of which 200.00 is escrow (P&I 800.00); no home value known. Cash at 2026-03:
    // 3 × (3 000.00 − 1 000.00 − 1 000.00) = 3 000.00. The mortgage: 100 000.00 + 500.00 − 800.00 =
    // 99 700.00; + 498.50 − 800.00 = 99 398.50; + 496.99 (99 398.50 × 0.5 % = 496.9925) − 800.00 = 99 095.49.
    const records = {
      '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 4000, net_pay: 3000 }],
      '/api/v1/monthly_expenses': [{ id: 1, name: 'Living', amount: 1000, due_day: 1 }],
    };
    const housing = { id: 1, housing_type: 'Mortgage', total_monthly_payment: 1000, interest_rate: 6, current_balance: 100000, escrow_payment: 200 };
    const input = projectionInput({ incomes: records['/api/v1/incomes'], debts: [], debtPlan: null, housing, monthlyExpenses: records['/api/v1/monthly_expenses'], otherExpenses: [], retirementAccounts: [], retirementPlan: null, assumptions: null }, { debt: [], contribution: [], retirement: [], income: [] }, '2026-01' as MonthKey, '2026-03' as MonthKey);
    const projection = project(input);
    const tables = { incomeMonths: monthTableBody('income', projection), debtMonths: monthTableBody('debt', projection), contributionMonths: monthTableBody('contribution', projection), retirementMonths: monthTableBody('retirement', projection) };
    const { layer, setOnline } = setup({ records, singles: { '/api/v1/housing': housing }, intercept: serveMonths(tables) });
    await layer.ready;
    await waitFor(() => expect((screen.getByLabelText('Mortgage balance') as HTMLInputElement).value).toBe('99095.49'));
    screen.getByText('Projected for 2026-03: $99,095.49');
    expect((screen.getByLabelText('Home value') as HTMLInputElement).value).toBe('');
    screen.getByText(HOME_VALUE_UNKNOWN);

    setOnline(false);
    fill('Mortgage balance', '98000');
    fill('Home value', '420000');
    await saveCheckIn();
    // One edit of the month row carries all three.
    await waitFor(async () => {
      const queued = await layer.db.outbox.where('status').equals('pending').toArray();
      // After the baseline of the plan as it stood.
      expect(queued.map((entry) => entry.mutation).filter((mutation) => mutation.kind === 'month')).toEqual([
        { kind: 'month', table: 'incomeMonths', rowId: row(0), fields: { input_end_balance: 3000, input_mortgage_balance: 98000, input_home_value: 420000 } },
      ]);
    });
    // Recomputed on the device: the home now counts, less the mortgage given:
    // 3 000.00 + 420 000.00 − 98 000.00 = 325 000.00.
    const changed = await screen.findByRole('list', { name: 'What changed' });
    await waitFor(() => expect(within(changed).getByText(/^Net worth this month/).textContent).toBe('Net worth this month: $3,000.00 → $325,000.00.'));
    await waitFor(() => screen.getByText('Your value for 2026-03: $420,000.00'));
  });

  it('refuses a negative home value with its message and writes nothing', async () => {
    const housing = { id: 1, housing_type: 'Own', total_monthly_payment: 400 };
    const records = { '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-01-01', gross_pay: 4000, net_pay: 3000 }] };
    const { server } = setup({ records, singles: { '/api/v1/housing': housing } });
    await screen.findByLabelText('Home value');
    fill('Home value', '-1');
    await saveCheckIn();
    await screen.findByText('Home value cannot be negative');
    expect(server.writes).toEqual([]);
  });
});

describe('tablesInStep', () => {
  const shown = (income: string | null, debt: string | null, failed = false) => [
    { kind: 'income' as const, actualsToken: income, failed: false },
    { kind: 'debt' as const, actualsToken: debt, failed },
  ];
  it('holds while a shown table is not the write the plan read, and never for a failed read', () => {
    expect(tablesInStep(shown('a', null), { income: 'a' }, false)).toBe(true);
    expect(tablesInStep(shown('a', 'd'), { income: 'a', debt: 'd' }, false)).toBe(true);
    // The income table was written again; the plan has not read it yet.
    expect(tablesInStep(shown('b', 'd'), { income: 'a', debt: 'd' }, false)).toBe(false);
    // A table the plan holds that the screen no longer shows (deleted), and the other way round.
    expect(tablesInStep(shown('a', null), { income: 'a', debt: 'd' }, false)).toBe(false);
    expect(tablesInStep(shown('a', 'd'), { income: 'a' }, false)).toBe(false);
    // Written without a token (an older version): neither names one.
    expect(tablesInStep(shown(null, null), {}, false)).toBe(true);
    // A failed read of the plan, or of a table, holds nothing.
    expect(tablesInStep(shown('b', 'd'), {}, true)).toBe(true);
    expect(tablesInStep(shown('a', null, true), { income: 'a', debt: 'd' }, false)).toBe(true);
  });
});
