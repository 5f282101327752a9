/**
 * The rules of the analytics month views (docs/product.md#screens-and-routes, Analytics;
 * docs/product.md#constants-and-limits): which months a view shows, which rows the user may
 * correct, the colour tone of a balance, the combined expense columns and the Insights & Trends
 * panel. Screens only format what these answer.
 *
 * Months compare as 'YYYY-MM' text, which sorts chronologically (months.ts), so "the current month
 * or earlier" is a string comparison by year and month — never a Date, whose time zone would move
 * the first or last day of a month into its neighbour.
 */
import { balanceTrend, incomeDisplayEndBalance, lastMonthsAverage, type BalanceTrend } from './insights.ts';
import { cents, type Cents } from './money.ts';
import type { MonthKey } from './months.ts';
import type { ContributionMonth, DebtMonth, IncomeMonth, RetirementMonth } from './types.ts';

/** The toggle of every month table: 'Current & Future' (the default) or 'All Months'. */
export const MONTH_RANGES = ['current-and-future', 'all'] as const;
export type MonthRange = (typeof MONTH_RANGES)[number];

/**
 * The rows a view shows, in their order:
 *   'current-and-future' → rows whose month ≥ today (months before the current month are hidden)
 *   'all'                → every row
 * Example: today 2026-03, rows 2026-01…2026-06 → 'current-and-future' shows 2026-03…2026-06.
 */
export function monthsInRange<Row extends { readonly month: MonthKey }>(rows: readonly Row[], range: MonthRange, today: MonthKey): readonly Row[] {
  return range === 'all' ? rows : rows.filter((row) => row.month >= today);
}

/**
 * A month row may be corrected only when its month is the current month or earlier, by year and
 * month (docs/product.md#screens-and-routes): month ≤ today. A later month has not happened, so it
 * has no actual balance.
 * Example: today 2026-03 → '2026-03' and '2025-12' are editable, '2026-04' is not.
 */
export function isEditableMonth(month: MonthKey, today: MonthKey): boolean {
  return month <= today;
}

/** The colour of an amount: green when it is 0 or more, red when negative. */
export type BalanceTone = 'positive' | 'negative';

/**
 * The tone of an Income Future end balance (green if >= 0, red if negative;
 * docs/product.md#screens-and-routes): 'positive' for value ≥ 0 (0 included), 'negative' below.
 */
export function balanceTone(value: Cents): BalanceTone {
  return value >= 0 ? 'positive' : 'negative';
}

/**
 * The Income Future "Expenses" column: the month's recurring expenses plus its one-time (other)
 * expenses (docs/product.md#screens-and-routes, "Expenses (expenses plus other)"): expenses +
 * other, in cents.
 * Example: 1 200.00 of monthly expenses and a 350.50 one-time repair → 1 550.50.
 */
export function incomeExpensesAndOther(row: IncomeMonth): Cents {
  return cents(row.expenses + row.other);
}

/**
 * The Retirement Living "Expenses" column: the month's recurring expenses plus its one-time
 * expenses, as for Income Future: monthlyExpenses + otherExpenses, in cents.
 */
export function retirementExpenses(row: RetirementMonth): Cents {
  return cents(row.monthlyExpenses + row.otherExpenses);
}

/** The user's actual balance on a month row of either retirement table, or null. */
export function actualBalanceOf(row: ContributionMonth | RetirementMonth): Cents | null {
  return 'inputEndBalance' in row ? row.inputEndBalance : row.inputBalance;
}

/**
 * Whether a month row shows the user's actual balance, and what that actual moved
 * (docs/projection-rules.md#actuals-and-check-ins).
 */
export interface MonthActual {
  /** True when the user gave this row's balance (always false on total rows). */
  readonly isActual: boolean;
  /**
   * adjustment = shown balance − computed balance, in cents: what the actual added (positive) or
   * took away (negative) beyond the month's own figures, so the row still adds up. 0 without an
   * actual. On a total row it is the sum of its accounts' (or debts') adjustments.
   */
  readonly adjustment: Cents;
}

/**
 * A row's actual and adjustment, for any of the four tables:
 *   income        shown = input_end_balance ?? end balance,  computed = end balance
 *   debt          shown = display end balance,               computed = remaining amount
 *   contribution  shown = display balance,                   computed = balance
 *   retirement    shown = display balance,                   computed = balance
 * Example: a Visa opens 2026-11 at 6 200.00 and pays 61.00 of principal, so it computes
 * 6 139.00; the user's actual is 6 050.00 → isActual, adjustment −89.00 (6 200 − 61 − 89 = 6 050).
 */
export function monthActual(row: IncomeMonth | DebtMonth | ContributionMonth | RetirementMonth): MonthActual {
  if ('remainingAmount' in row) return { isActual: row.inputRemainingBalance !== null, adjustment: cents(row.displayEndBalance - row.remainingAmount) };
  if ('endBalance' in row) return { isActual: row.inputEndBalance !== null, adjustment: cents(incomeDisplayEndBalance(row) - row.endBalance) };
  return { isActual: actualBalanceOf(row) !== null, adjustment: cents(row.displayBalance - row.balance) };
}

/**
 * The Insights & Trends panel of Retirement Contributions and Retirement Living
 * (docs/product.md#screens-and-routes, docs/product.md#constants-and-limits).
 */
export interface BalanceInsights {
  /** How many month rows the view holds. */
  readonly months: number;
  /** How many of them carry the user's actual balance. */
  readonly actualMonths: number;
  /** Average display balance of the last 3 rows; null with fewer than 3 rows. */
  readonly averageBalanceLast3: Cents | null;
  /** Average display balance of the last 6 rows; null with fewer than 6 rows. */
  readonly averageBalanceLast6: Cents | null;
  /** 'Growing' when the last display balance exceeds the first, 'Declining' otherwise, 'Stable' with fewer than 2 rows. */
  readonly trend: BalanceTrend;
}

/**
 * The panel's figures over the rows a view shows (in month order):
 *   averageBalanceLastN = round((b[n−N] + … + b[n−1]) / N) of the display balances, only when n ≥ N
 *   trend               = balanceTrend(display balances)
 * Example: display balances 100.00, 200.00, 300.00, 400.00 → last-3 average 300.00, no last-6
 * average, trend 'Growing'; 3 rows, one with an actual → actualMonths 1.
 */
export function balanceInsights(rows: readonly (ContributionMonth | RetirementMonth)[]): BalanceInsights {
  const balances = rows.map((row) => row.displayBalance);
  return {
    months: rows.length,
    actualMonths: rows.filter((row) => actualBalanceOf(row) !== null).length,
    averageBalanceLast3: lastMonthsAverage(balances, 3),
    averageBalanceLast6: lastMonthsAverage(balances, 6),
    trend: balanceTrend(balances),
  };
}
