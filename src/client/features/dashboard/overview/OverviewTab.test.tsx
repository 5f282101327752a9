// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeLayer, renderScreen } from '../../../test-support/render.testing.tsx';
import { renderRoutes, type RoutedOptions } from '../../../test-support/routes.testing.tsx';
import { serveMonths } from '../../../test-support/month-fixtures.testing.ts';
import { gate } from '../../../test-support/analytics.testing.tsx';
import { contributionBody, debtBody, DEBTS, incomeBody, LOAN, LOAN_ENTITY, NOV_15, VISA, VISA_ENTITY } from '../month-tables.testing.ts';
import { OverviewTab } from './OverviewTab.tsx';

const debt = (id: number, remaining: number) => ({ id, name: `Debt ${id}`, creditor: 'Bank', original_amount: 5000, remaining_amount: remaining, apr: 5, monthly_payment: 100, original_term: 36, due_day: 1 });
const expense = (id: number, amount: number) => ({ id, name: `Expense ${id}`, amount, due_day: id });

const tile = (title: string) => screen.getByRole('group', { name: title });

describe('OverviewTab', () => {
  it('welcomes the user by email on a first visit, and welcomes them back after', async () => {
    window.localStorage.removeItem('greeted:ann@example.com');
    const first = renderScreen(<OverviewTab onNavigate={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Welcome, ann@example.com!' });
    expect(window.localStorage.getItem('greeted:ann@example.com')).toBe('1');
    first.unmount();
    renderScreen(<OverviewTab onNavigate={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Welcome back, ann@example.com!' });
  });

  it('counts active debts with their balance, and totals monthly expenses, in cents', async () => {
    const { layer } = renderScreen(<OverviewTab onNavigate={vi.fn()} />, {
      records: {
        // A debt paid down to 0 is not active.
        '/api/v1/debts': [debt(1, 3200.55), debt(2, 12000.1), debt(3, 0)],
        '/api/v1/monthly_expenses': [expense(1, 1200), expense(2, 45.5), expense(3, 60.01)],
      },
    });
    await layer.ready;
    // 3,200.55 + 12,000.10 = 15,200.65
    await waitFor(() => expect(screen.getByTestId('tile-active-debts').textContent).toBe('2'));
    expect(screen.getByTestId('tile-debt-balance').textContent).toBe('$15,200.65 total balance');
    // 1,200.00 + 45.50 + 60.01 = 1,305.51
    expect(screen.getByTestId('tile-monthly-expenses').textContent).toBe('$1,305.51');
    within(tile('Monthly Expenses')).getByText('3 expenses per month');
  });

  it('shows zeros with no data and marks Financial Health as coming soon', async () => {
    const { layer } = renderScreen(<OverviewTab onNavigate={vi.fn()} />);
    await layer.ready;
    await waitFor(() => expect(screen.getByTestId('tile-active-debts').textContent).toBe('0'));
    expect(screen.getByTestId('tile-debt-balance').textContent).toBe('$0.00 total balance');
    expect(screen.getByTestId('tile-monthly-expenses').textContent).toBe('$0.00');
    within(tile('Financial Health')).getByText('Coming Soon');
  });

  it('switches tabs from the quick actions', async () => {
    const onNavigate = vi.fn();
    renderScreen(<OverviewTab onNavigate={onNavigate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Track Income' }));
    fireEvent.click(screen.getByRole('button', { name: 'Manage Debts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Track Expenses' }));
    expect(onNavigate.mock.calls).toEqual([['income'], ['debts'], ['monthly-expenses']]);
  });

  it('has a static Recent Activity list', async () => {
    renderScreen(<OverviewTab onNavigate={vi.fn()} />);
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByRole('listitem');
    const titles = ['Dashboard ready', 'Record your income', 'Plan your payoff', 'Look ahead'];
    expect(items).toHaveLength(titles.length);
    items.forEach((item, i) => expect(item.textContent?.startsWith(titles[i] ?? '?')).toBe(true));
  });
});

describe('OverviewTab for a subscriber', () => {
  const Overview = () => <OverviewTab onNavigate={vi.fn()} />;
  const CheckInStub = () => <p>check-in page</p>;
  const renderOverview = (options: RoutedOptions) => renderRoutes('/dashboard', { '/dashboard': Overview, '/check-in': CheckInStub }, { subscribed: true, now: NOV_15, ...options });
  const checkIn = () => within(tile('Monthly check-in'));
  /** The Financial Health tile, once the routed screen has rendered. */
  const health = async () => within(await screen.findByRole('group', { name: 'Financial Health' }));

  it("counts and sums this month's balances from the month tables, saying they are actual", async () => {
    renderOverview({ records: { [DEBTS]: [VISA, LOAN] }, intercept: serveMonths({ debtMonths: debtBody(VISA_ENTITY, LOAN_ENTITY) }) });
    // Visa: the actual 2,950.25 (its record says 3,200.55). Loan: paid off in 2026-06, so not active.
    await waitFor(() => expect(screen.getByTestId('tile-debt-balance').textContent).toBe('$2,950.25 total balance'));
    expect(screen.getByTestId('tile-active-debts').textContent).toBe('1');
    expect(screen.getByTestId('tile-debt-balance-note').textContent).toBe('actual as of 2026-11');
  });

  it("without the month tables shows the records' balances, with no note", async () => {
    const { layer } = renderOverview({ records: { [DEBTS]: [VISA] } });
    await layer.ready;
    await waitFor(() => expect(screen.getByTestId('tile-debt-balance').textContent).toBe('$3,200.55 total balance'));
    expect(screen.queryByTestId('tile-debt-balance-note')).toBeNull();
  });

  it('offers the monthly check-in while a balance of this month is still projected', async () => {
    const routed = renderOverview({
      records: { [DEBTS]: [VISA] },
      // Cash is still projected; the debt and the account have actuals.
      intercept: serveMonths({ incomeMonths: incomeBody(null), debtMonths: debtBody(VISA_ENTITY), contributionMonths: contributionBody(12345.67) }),
    });
    await routed.layer.ready;
    // The tables have reached the screen: the debt's actual shows.
    await screen.findByText('actual as of 2026-11');
    const link = screen.getByRole('link', { name: 'Check in' });
    checkIn().getByText('Monthly check-in');
    expect(screen.getByTestId('check-in-status').textContent).toBe("Update this month's balances so your plan starts from the truth.");
    expect(link.getAttribute('href')).toBe('/check-in');
    fireEvent.click(link);
    await waitFor(() => expect(routed.path()).toBe('/check-in'));
  });

  it('says the month is checked in once cash, every debt and every account have an actual, still linking to the check-in', async () => {
    renderOverview({ records: { [DEBTS]: [VISA] }, intercept: serveMonths({ incomeMonths: incomeBody(1500), debtMonths: debtBody(VISA_ENTITY), contributionMonths: contributionBody(12345.67) }) });
    await waitFor(() => expect(screen.getByTestId('check-in-status').textContent).toBe('Checked in for 2026-11'));
    expect(checkIn().getByRole('link', { name: 'Update check-in' }).getAttribute('href')).toBe('/check-in');
  });

  /**
   * A household worked by hand. Today is 2026-11 and no month table has been fetched, so the plan
   * starts in 2026-11 with no actuals and no cash at hand (no plan assumptions). Born 1985.
   *   income 5,000.00 net a month; 401k 500.00 from the net pay + 250.00 employer, balance 0, 0 %;
   *   rent 1,500.00; expenses 1,234.56; car loan 3,000.00 at 0 % paying 300.00;
   *   retirement 2027-01-15 for 1 year at 0 %, no Social Security.
   * 2026-11: leftover = 5,000 − 500 − 1,500 − 1,234.56 − 300 = 1,465.44 = the cash at month end.
   *   Debt-free: 3,000 / 300 = 10 payments, 2026-11 … 2027-08.
   *   Cash cover: outgoings 1,500 + 1,234.56 + 300 = 3,034.56; 146,544¢ × 10 / 303,456¢ = 4.83 → 5 tenths
   *   of a month (0.5 months).
   *   Savings: 750 + 1,465.44 = 2,215.44 of 5,000 + 750 − 500 = 5,250.00 → 4,219.88 → 4,220 bp.
   *   Money: two deposits of 750 make 1,500.00 by retirement; 2027-01 needs 3,034.56 → short in
   *   2027-01, at 2027 − 1985 = 42; the table runs 12 living months, through 2027-12.
   */
  const HOUSEHOLD: RoutedOptions = {
    records: {
      '/api/v1/incomes': [{ id: 1, name: 'Salary', pay_cycle: 'monthly', next_pay_date: '2026-11-28', gross_pay: 7000, net_pay: 5000 }],
      '/api/v1/retirement_accounts': [
        { id: 5, name: '401k', account_type: 'traditional_401k', contribution_amount: 500, employer_contribution_amount: 250, employer_match: 50, contribution_cycle: 'monthly', starting_balance: 0, expected_return_rate: 0, next_deposit_date: '2026-11-01' },
      ],
      '/api/v1/monthly_expenses': [{ id: 1, name: 'Living', amount: 1234.56, due_day: 1 }],
      [DEBTS]: [{ id: 2, name: 'Car', creditor: 'Ford', original_amount: 3000, remaining_amount: 3000, apr: 0, monthly_payment: 300, original_term: 10, due_day: 5 }],
    },
    singles: {
      '/api/v1/housing': { id: 1, housing_type: 'Rent', total_monthly_payment: 1500 },
      '/api/v1/retirement_plan': { id: 1, retirement_date: '2027-01-15', interest_rate: 0, social_security_income: 0, social_security_start_date: '2027-01-01', monthly_expenses: 0, years_of_retirement: 1 },
    },
  };

  it("shows the engine's four Financial Health figures of this month, each with why", async () => {
    renderOverview(HOUSEHOLD);
    const figures = await (await health()).findByRole('list', { name: 'Financial health figures' });
    const lines = within(figures)
      .getAllByRole('listitem')
      .map((item) => [...item.children].map((line) => line.textContent));
    expect(lines).toEqual([
      ['Debt-free: 2027-08', 'All debts paid off in 2027-08 under your plan.'],
      ['Cash covers 0.5 months', "Your cash of $1,465.44 covers 0.5 months of this month's outgoings of $3,034.56."],
      ['Saving 42.20% of income', 'You save $2,215.44 of the $5,250.00 coming in this month (42.20%): $750.00 into retirement accounts and $1,465.44 left in cash.'],
      ['Money runs short in 2027-01, age 42', 'Your savings run short in 2027-01, at age 42; the plan runs through 2027-12.'],
    ]);
    expect(within(tile('Financial Health')).queryByText('Coming Soon')).toBeNull();
  });

  it('shows a loader while the month tables are on their way', async () => {
    const made = makeLayer({ ...HOUSEHOLD, subscribed: true, now: NOV_15 });
    const held = gate(made.server, (request) => request.path === '/api/v1/debt_months');
    renderRoutes('/dashboard', { '/dashboard': Overview, '/check-in': CheckInStub }, { now: NOV_15, made });
    await (await health()).findByRole('status', { name: 'Loading financial health' });
    held.release();
    await (await health()).findByText('Debt-free: 2027-08');
  });

  it('says so when the figures cannot be worked out, and asks for records when there are none', async () => {
    const broken = { ...HOUSEHOLD, singles: { ...HOUSEHOLD.singles, '/api/v1/retirement_plan': { id: 1, retirement_date: 'someday', interest_rate: 0, social_security_income: 0, social_security_start_date: '', years_of_retirement: 1 } } };
    const { unmount } = renderOverview(broken);
    await (await health()).findByText(/^Your figures could not be worked out: /);
    unmount();
    const { layer } = renderOverview({});
    await layer.ready;
    await (await health()).findByText('Add your income, debts or retirement accounts to see your figures.');
  });

  it('a non-subscriber has no check-in card and keeps Coming Soon, even with month tables on the device', async () => {
    const { layer } = renderScreen(<OverviewTab onNavigate={vi.fn()} />, { now: NOV_15, records: { [DEBTS]: [VISA] } });
    await layer.ready;
    await layer.db.months.put({ name: 'debtMonths', body: debtBody(VISA_ENTITY), provisional: false });
    await waitFor(() => expect(screen.getByTestId('tile-debt-balance').textContent).toBe('$3,200.55 total balance'));
    expect(screen.queryByRole('group', { name: 'Monthly check-in' })).toBeNull();
    expect(screen.queryByTestId('tile-debt-balance-note')).toBeNull();
    within(tile('Financial Health')).getByText('Coming Soon');
  });
});
