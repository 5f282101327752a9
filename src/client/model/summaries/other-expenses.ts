/**
 * The One-Time Expenses tab's split (docs/product.md#screens-and-routes): an expense is current
 * while its month is this month or later, and moves to Past once its month is earlier than the
 * current month. Months are 'YYYY-MM' text, which compares and sorts as dates do.
 */
import type { MonthKey } from '../../../engine/months.ts';
import type { WireRecordOf } from '../../../shared/resources.ts';

type Expense = WireRecordOf<'otherExpenses'>;

export interface ExpenseSplit {
  /** This month or later, earliest first. */
  current: Expense[];
  /** Earlier months, latest first. */
  past: Expense[];
}

export function splitByMonth(expenses: readonly Expense[], currentMonth: MonthKey): ExpenseSplit {
  const current: Expense[] = [];
  const past: Expense[] = [];
  for (const expense of expenses) (expense.month < currentMonth ? past : current).push(expense);
  // 'YYYY-MM' text orders as the months do. Ties by id, so rows of one month keep the order they
  // were added in.
  const byMonth = (a: Expense, b: Expense) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0);
  current.sort((a, b) => byMonth(a, b) || a.id - b.id);
  past.sort((a, b) => byMonth(b, a) || a.id - b.id);
  return { current, past };
}

/** The year and month inputs of the form from a stored 'YYYY-MM' ('2026-03' → '2026', '3'). */
export function monthFields(month: unknown): { year: string; month: string } {
  const match = /^(\d{4})-(\d{1,2})/.exec(typeof month === 'string' ? month : '');
  return match ? { year: String(Number(match[1])), month: String(Number(match[2])) } : { year: '', month: '' };
}
