// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test-support/render.testing.tsx';
import { OverviewTab } from './OverviewTab.tsx';

const debt = (id: number, remaining: number) => ({ id, name: `Debt ${id}`, creditor: 'Bank', original_amount: 5000, remaining_amount: remaining, apr: 5, monthly_payment: 100, original_term: 36, due_day: 1 });
const expense = (id: number, amount: number) => ({ id, name: `Expense ${id}`, amount, due_day: id });

const tile = (title: string) => screen.getByRole('group', { name: title });

describe('OverviewTab', () => {
  it('greets the user by email', async () => {
    renderScreen(<OverviewTab onNavigate={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Welcome back, ann@example.com!' })).toBeTruthy();
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
    expect(within(tile('Monthly Expenses')).getByText('3 expenses per month')).toBeTruthy();
  });

  it('shows zeros with no data and marks Financial Health as coming soon', async () => {
    const { layer } = renderScreen(<OverviewTab onNavigate={vi.fn()} />);
    await layer.ready;
    await waitFor(() => expect(screen.getByTestId('tile-active-debts').textContent).toBe('0'));
    expect(screen.getByTestId('tile-debt-balance').textContent).toBe('$0.00 total balance');
    expect(screen.getByTestId('tile-monthly-expenses').textContent).toBe('$0.00');
    expect(within(tile('Financial Health')).getByText('Coming Soon')).toBeTruthy();
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
