// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthRowId } from '../../../../shared/months/ids.ts';
import { CONTRIBUTION_BODY, MARCH_1, serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { card, cellsOf, monthsOf, renderTab } from '../../../test-support/analytics.testing.tsx';
import { RetirementContributionsTab } from './RetirementContributionsTab.tsx';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const insight = (label: string) => screen.queryByTestId(`insight-${label}`)?.textContent ?? null;

function setup(options: Parameters<typeof renderTab>[1] = {}) {
  return renderTab(<RetirementContributionsTab />, { now: MARCH_1, intercept: serveMonths({ contributionMonths: CONTRIBUTION_BODY }), ...options });
}

async function openAccount(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  await waitFor(() => screen.getByRole('table', { name: `Contribution months, ${name}` }));
}

describe('RetirementContributionsTab', () => {
  it('opens on All Accounts, view only, with the base columns', async () => {
    setup();
    const table = 'Contribution months, All Accounts';
    await waitFor(() => expect(monthsOf(table)).toEqual(['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All Accounts', '401k', 'IRA']);
    expect(within(screen.getByRole('table', { name: table })).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Month', 'Contributions', 'Interest Earned', 'Balance']);
    expect(cellsOf(table, '2026-03')).toEqual(['2026-03', '$500', '$10', '$2,021']);
  });

  it('sums the cards over the months shown; Balance at Retirement is the last row’s', async () => {
    setup();
    await openAccount('401k');
    // 2026-03 … 2026-08: 6 × 500.00; 6 × 10.25 = 61.50 → $62; the last balance 4,571.75 → $4,572.
    expect(card('Total Contributions')).toBe('$3,000');
    expect(card('Total Interest')).toBe('$62');
    expect(card('Balance at Retirement')).toBe('$4,572');
    fireEvent.click(screen.getByText('All Months'));
    await waitFor(() => expect(card('Total Contributions')).toBe('$4,000'));
    expect(card('Total Interest')).toBe('$82');
    expect(card('Balance at Retirement')).toBe('$4,572');
  });

  it('shows Insights & Trends: counts, the 3- and 6-month averages and the trend', async () => {
    setup();
    await openAccount('401k');
    screen.getByRole('heading', { name: 'Insights & Trends' });
    expect(insight('Months Shown')).toBe('6');
    expect(insight('Months with Actual Balances')).toBe('1');
    // (3,551.25 + 4,061.50 + 4,571.75) / 3 = 4,061.50 → $4,062.
    expect(insight('Average Balance (Last 3 Months)')).toBe('$4,062');
    // 19,776.75 / 6 = 3,296.125 → 3,296.13 → $3,296.
    expect(insight('Average Balance (Last 6 Months)')).toBe('$3,296');
    expect(insight('Balance Trend')).toBe('Growing');
  });

  it('leaves out an average until the view has enough months', async () => {
    // From 2026-04: five months, so no 6-month average.
    setup({ now: new Date(2026, 3, 1) });
    await openAccount('401k');
    expect(insight('Months Shown')).toBe('5');
    expect(insight('Average Balance (Last 3 Months)')).not.toBeNull();
    expect(insight('Average Balance (Last 6 Months)')).toBeNull();
  });

  it('shows no average and a trend with two months', async () => {
    setup({ now: new Date(2026, 6, 10) });
    await openAccount('401k');
    expect(insight('Months Shown')).toBe('2');
    expect(insight('Average Balance (Last 3 Months)')).toBeNull();
    expect(insight('Average Balance (Last 6 Months)')).toBeNull();
    expect(insight('Balance Trend')).toBe('Growing');
  });

  it('says No Data for an account without months, and links the empty state to the dashboard', async () => {
    const { unmount } = setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'IRA' }));
    await screen.findByText('No Data for IRA');
    unmount();
    setup({ intercept: serveMonths({ contributionMonths: { retirement_accounts: [], total: [] } }) });
    await screen.findByText('No retirement accounts yet');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('titles a load error Error Loading Contribution Months', async () => {
    setup({ intercept: (request) => (request.path === '/api/v1/contribution_months' ? { ok: false, kind: 'network', message: 'offline' } : undefined) });
    await screen.findByText('Error Loading Contribution Months');
    screen.getByText('Failed to fetch contribution months');
  });

  it('refuses a negative balance and sends a valid one', async () => {
    const { server } = setup();
    await openAccount('401k');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    expect(cellsOf('Contribution months, 401k', '2026-04').at(-1)).toBe('Future');
    fill('Actual End Balance', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Contribution Month' }));
    await screen.findByText('Actual End Balance is required');
    fill('Actual End Balance', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Contribution Month' }));
    await screen.findByText('Please enter a valid amount');
    expect(server.writes).toEqual([]);
    fill('Actual End Balance', '2100.10');
    fireEvent.click(screen.getByRole('button', { name: 'Update Contribution Month' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes.map((w) => [w.path, w.body])).toEqual([[`/api/v1/contribution_months/${monthRowId(5, '2026-03' as never)}`, { contribution_month: { input_end_balance: 2100.1 } }]]);
  });

  it('shows the failure wording when a contribution month edit is refused', async () => {
    setup({ intercept: (request) => (request.method === 'PUT' ? { ok: false, kind: 'http', status: 422, message: 'no', errors: null } : serveMonths({ contributionMonths: CONTRIBUTION_BODY })(request)) });
    await openAccount('401k');
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2026-03' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Contribution Month' }));
    await screen.findByText('Failed to update contribution month. Please try again.');
  });
});

describe('one actual per account and month', () => {
  it('shows a balance typed in Retirement Living, waiting offline, on the same month here', async () => {
    const { layer } = setup({ online: false });
    await layer.ready;
    await layer.db.months.put({ name: 'contributionMonths', body: CONTRIBUTION_BODY, provisional: false });
    // The account itself, for the device's recompute the queued edit starts.
    await layer.db.retirementAccounts.put({ id: 5, name: '401k', account_type: 'traditional_401k', contribution_amount: 500, employer_match: 0, employer_contribution_amount: 0, starting_balance: 1000, expected_return_rate: 12.3, contribution_cycle: 'monthly', next_deposit_date: '2026-01-01' });
    await waitFor(() => expect(monthsOf('Contribution months, All Accounts')).toContain('2026-03'));
    await openAccount('401k');
    const table = 'Contribution months, 401k';
    await waitFor(() => expect(monthsOf(table)).toContain('2026-03'));
    // An edit queued on the retirement table's row of the same account and month (same row id).
    await layer.mutations.editMonth('retirementMonths', monthRowId(5, '2026-03' as never), { balance: 22400 });
    await waitFor(() => expect(cellsOf(table, '2026-03')[0]).toBe('2026-03Actualpending sync'));
    await waitFor(() => expect(cellsOf(table, '2026-03')[3]).toBe('$22,400'));
  });
});
