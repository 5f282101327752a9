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
 * Other spending (docs/projection-rules.md#other-spending): the spending no listed expense claims,
 * one more monthly line with no due day, per month index 0…count − 1 (month n = index + 1):
 *   line[n − 1] = roundHalfUp(other_spending × (1 + inflation/100)^floor((n − 1) / 12))
 * Units: other_spending in cents a month in plan-start dollars, inflation in % a year.
 * Example: 400.00 at 3 % → months 1–12: 40 000¢, month 13: 41 200¢, month 25: 42 436¢;
 * 0 → 0 every month (the neutral rule).
 */
export function otherSpendingLine(otherSpending: Cents, count: number, inflation: AnnualPercent = 0): Cents[] {
  if (otherSpending === 0 || inflation === 0) return new Array<Cents>(count).fill(otherSpending);
  return Array.from({ length: count }, (_, index) => grownAmount(otherSpending, inflation, index + 1));
}

/**
 * The spending of every month, per month index 0…count − 1 (month n = index + 1), as the income
 * table's `expenses` and the living months' spending read it:
 *   working month (index < preMonths): expenses[n − 1] + other[n − 1]
 *   living month:  roundHalfUp(retirement_spending × (1 + inflation/100)^floor((n − 1) / 12)) when
 *                  a retirement budget is set (docs/projection-rules.md#retirement-spending), else
 *                  expenses[n − 1] + other[n − 1]
 * Units: cents; inflation in % a year. Example: expenses 1 200.00 and other spending 300.00, 12
 * working months, a budget of 2 000.00 at 3 %: months 1–12 150 000¢, month 13 206 000¢ (2 000.00 ×
 * 1.03); without the budget month 13 is 150 000¢ (its own grown lines).
 */
export function spendingLine(expenses: readonly Cents[], other: readonly Cents[], preMonths: number, retirementSpending: Cents | null, inflation: AnnualPercent = 0): Cents[] {
  return expenses.map((amount, index) =>
    index >= preMonths && retirementSpending !== null ? grownAmount(retirementSpending, inflation, index + 1) : cents(amount + (other[index] ?? 0)),
  );
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
