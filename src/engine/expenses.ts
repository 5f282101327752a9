/**
 * Monthly and one-time expenses as monthly lines of the income and retirement living tables
 * (docs/projection-rules.md#income).
 */
import { grownAmount, runsIn } from './assumptions.ts';
import type { Cents } from './money.ts';
import { cents, sumCents } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthSeries, monthsBetween } from './months.ts';
import type { AnnualPercent } from './rates.ts';
import { paidBeforeStart } from './typed-balances.ts';
import type { MonthlyExpenseInput, OtherExpenseInput } from './types.ts';

/** Σ monthly expenses: every monthly expense's amount, each month. Example: 1 200.00 + 80.50 → 128 050¢. */
export function monthlyExpenseTotal(expenses: readonly MonthlyExpenseInput[]): Cents {
  return sumCents(expenses.map((expense) => expense.amount));
}

/**
 * Σ monthly expenses per month index 0…count − 1 (month n = index + 1), with the end months and
 * inflation of plan assumptions (docs/projection-rules.md#plan-assumptions):
 *   line[n − 1] = Σ over expenses whose end month is absent or ≥ that month of
 *                 roundHalfUp(amount × (1 + inflation/100)^floor((n − 1) / 12))
 * Each expense is rounded on its own. With no end months and 0 % it is monthlyExpenseTotal every
 * month (the neutral rule). Example: 1 000.00 ending 2026-02 and 50.00 at 10 %, from 2026-01 → months
 * 1–2: 105 000¢, months 3–12: 5 000¢, month 13: 5 500¢.
 * With a plan start day s (typed-balances.ts, default 1), month 1 leaves out every expense due
 * before day s: it was paid before the plan started. Example: 1 000.00 due on the 1st and 50.00 due
 * on the 20th, starting on the 15th → month 1: 5 000¢, month 2: 105 000¢.
 */
export function monthlyExpenseLine(expenses: readonly MonthlyExpenseInput[], planStart: MonthKey, count: number, inflation: AnnualPercent = 0, startDay = 1): Cents[] {
  if (count > 0 && expenses.some((e) => paidBeforeStart(e.dueDay, startDay))) {
    const due = expenses.filter((e) => !paidBeforeStart(e.dueDay, startDay));
    // Either line may run past `count` (monthSeries can hold more months): month 1 from one, the rest from the other.
    const line = monthlyExpenseLine(expenses, planStart, count, inflation).slice(0, count);
    line[0] = monthlyExpenseLine(due, planStart, 1, inflation)[0] ?? line[0]!;
    return line;
  }
  const bounded = expenses.some((expense) => expense.endMonth !== null && expense.endMonth !== undefined);
  if (!bounded && inflation === 0) return new Array<Cents>(count).fill(monthlyExpenseTotal(expenses));
  const months = monthSeries(planStart, count);
  return months.map((month, index) => sumCents(expenses.filter((e) => runsIn(e.endMonth, month)).map((e) => grownAmount(e.amount, inflation, index + 1))));
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
