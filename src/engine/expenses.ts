/** Monthly and one-time expenses as monthly lines (DESIGN §4, income and retirement living). */
import type { Cents } from './money.ts';
import { cents, sumCents } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthsBetween } from './months.ts';
import type { MonthlyExpenseInput, OtherExpenseInput } from './types.ts';

/** Σ monthly expenses: every monthly expense's amount, each month. Example: 1 200.00 + 80.50 → 128 050¢. */
export function monthlyExpenseTotal(expenses: readonly MonthlyExpenseInput[]): Cents {
  return sumCents(expenses.map((expense) => expense.amount));
}

/**
 * One-time expenses per month index: line[k] = Σ amounts of the expenses dated planStart + k,
 * for k in 0…count − 1. Expenses dated before month 1 or after the last month fall outside every row.
 * Example: planStart 2026-01, one 500.00 in 2026-03 → [0, 0, 50 000, 0, …].
 */
export function oneTimeExpensesByMonth(expenses: readonly OtherExpenseInput[], planStart: MonthKey, count: number): Cents[] {
  const line: number[] = new Array<number>(count).fill(0);
  for (const expense of expenses) {
    const index = monthsBetween(planStart, expense.month);
    if (index >= 0 && index < count) line[index] = (line[index] ?? 0) + expense.amount;
  }
  return line.map((value) => cents(value));
}
