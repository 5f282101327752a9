/**
 * The One-Time Expenses tab's split (spec sections 2 and 4): an expense is current while its month
 * is this month or later, and moves to Past once its month is earlier than the current month.
 * Months are 'YYYY-MM' text, which compares and sorts as dates do.
 */
import type { MonthKey } from '../../../../engine/months.ts';
import type { WireRecord } from '../../../data/db.ts';

export interface ExpenseSplit {
  /** This month or later, earliest first. */
  current: WireRecord[];
  /** Earlier months, latest first. */
  past: WireRecord[];
}

export const monthText = (expense: WireRecord): string => String(expense.month ?? '');

export function splitByMonth(expenses: readonly WireRecord[], currentMonth: MonthKey): ExpenseSplit {
  const current: WireRecord[] = [];
  const past: WireRecord[] = [];
  for (const expense of expenses) (monthText(expense) < currentMonth ? past : current).push(expense);
  // Ties by id, so rows of one month keep the order they were added in.
  current.sort((a, b) => monthText(a).localeCompare(monthText(b)) || a.id - b.id);
  past.sort((a, b) => monthText(b).localeCompare(monthText(a)) || a.id - b.id);
  return { current, past };
}

/** The year and month inputs of the form from a stored 'YYYY-MM' ('2026-03' → '2026', '3'). */
export function monthFields(month: unknown): { year: string; month: string } {
  const match = /^(\d{4})-(\d{1,2})/.exec(typeof month === 'string' ? month : '');
  return match ? { year: String(Number(match[1])), month: String(Number(match[2])) } : { year: '', month: '' };
}
