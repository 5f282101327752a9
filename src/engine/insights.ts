/**
 * Figures the analytics screens show beside the month tables: card totals and averages, the
 * 5/10/20-year end balances, the Insights & Trends panel, when the debts are gone, when the money
 * runs out, and the three debt plans side by side (docs/product.md#screens-and-routes, Analytics;
 * docs/product.md#constants-and-limits). Components only format these; every sum, average and
 * rounding lives here.
 *
 * The totals take the rows the caller passes (a whole table, or the months a view shows) and
 * are 0 for no rows (the cards show "$0 when there are no rows"). Averages are rounded half-up to the
 * cent once, from the exact integer sum.
 */
import { todaysDollars } from './assumptions.ts';
import { actualsBetween } from './actuals.ts';
import { projectDebts } from './debts.ts';
import { planStartDay } from './typed-balances.ts';
import type { Cents } from './money.ts';
import { averageCents, cents, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths } from './months.ts';
import type {
  ContributionMonth,
  DebtMonth,
  DebtPlanType,
  DebtProjection,
  IncomeMonth,
  ProjectionInput,
  RetirementMonth,
  RetirementTotalMonth,
} from './types.ts';

/** The years ahead of the Income Future end-balance cards (docs/product.md#constants-and-limits). */
export const PROJECTION_YEARS = [5, 10, 20] as const;

/** A month's figure, e.g. an income row's end balance. */
export interface MonthValue {
  readonly month: MonthKey;
  readonly value: Cents;
}

/**
 * The value of the row dated `years` years after `today`:
 *   target = today + years × 12 months;  answer = value of the row whose month is target
 * null (shown as N/A) when no row has that month, and 0 when there are no rows at all (the
 * cards' "$0 when there are no rows" wins over N/A).
 * Example: today 2026-03, rows 2026-01…2060-12 → 5 years is the 2031-03 row's value; with rows
 * only to 2030-12 it is null.
 */
export function projectedEndBalanceAt(rows: readonly MonthValue[], today: MonthKey, years: number): Cents | null {
  if (rows.length === 0) return ZERO;
  const target = addMonths(today, years * 12);
  return rows.find((row) => row.month === target)?.value ?? null;
}

/**
 * The end balance an income row shows: the user's actual when given, else the computed one
 * (the Income Future tab, docs/product.md#screens-and-routes).
 */
export function incomeDisplayEndBalance(row: IncomeMonth): Cents {
  return row.inputEndBalance ?? row.endBalance;
}

/** The income rows as (month, shown end balance), the rows `projectedEndBalanceAt` reads. */
export function incomeEndBalances(rows: readonly IncomeMonth[]): MonthValue[] {
  return rows.map((row) => ({ month: row.month, value: incomeDisplayEndBalance(row) }));
}

/**
 * The average of the last `count` values, rounded half-up to the cent:
 *   average = averageCents(v[n−count] + … + v[n−1], count)  (exact, half away from zero)
 * null unless there are at least `count` values (the Insights panel shows the 3- and 6-month
 * averages only with at least 3 or 6 rows, docs/product.md#constants-and-limits).
 * Example: [1.00, 2.00, 3.00, 4.00] with 3 → (2 + 3 + 4) / 3 = 3.00; 1¢, 1¢, 2¢ → 4/3 → 1¢.
 */
export function lastMonthsAverage(values: readonly Cents[], count: 3 | 6): Cents | null {
  if (values.length < count) return null;
  return averageOf(values.slice(values.length - count));
}

export type BalanceTrend = 'Growing' | 'Declining' | 'Stable';

/**
 * The balance trend of a run of balances (docs/product.md#constants-and-limits): 'Stable' with
 * fewer than 2 values, else 'Growing' when the last exceeds the first and 'Declining' otherwise.
 * An unchanged balance is 'Declining', as the rule words it ("Declining otherwise").
 */
export function balanceTrend(balances: readonly Cents[]): BalanceTrend {
  const first = balances[0];
  const last = balances.at(-1);
  if (balances.length < 2 || first === undefined || last === undefined) return 'Stable';
  return last > first ? 'Growing' : 'Declining';
}

/**
 * The colour band of a % Paid figure (docs/product.md#constants-and-limits): 'high' (green) at 50
 * or more, 'medium' (yellow) at 25 or more, else 'low' (red).
 */
export function percentPaidBand(percent: number): 'high' | 'medium' | 'low' {
  if (percent >= 50) return 'high';
  return percent >= 25 ? 'medium' : 'low';
}

/** When the last debt is paid off. */
export interface DebtFree {
  /** The month the last debt reaches 0; null when nothing is owed at month 1 or some debt never gets there. */
  readonly month: MonthKey | null;
  /** True when some debt is never paid off within the projection (its rows stop at a limit). */
  readonly never: boolean;
}

/**
 * The month the last debt is paid off: the latest payoff month over the debts. A debt owing
 * nothing at month 1 does not count. { month: null, never: false } when no debt is owed;
 * { month: null, never: true } when some debt is never paid off (it is truncated).
 * Takes a Projection or projectDebts' answer.
 * Example: payoffs 2027-03 and 2029-11 → { month: '2029-11', never: false }.
 */
export function debtFreeMonth(projection: { readonly debts: readonly DebtProjection[] }): DebtFree {
  let month: MonthKey | null = null;
  for (const debt of projection.debts) {
    if (debt.truncated) return { month: null, never: true };
    if (debt.payoffMonth !== null && (month === null || debt.payoffMonth > month)) month = debt.payoffMonth;
  }
  return { month, never: false };
}

/**
 * The first month of retirement living whose need the accounts cannot cover: the first total row
 * with a shortfall above 0, or null when the money lasts (or there is no retirement table).
 * Rows before the retirement month always have a shortfall of 0.
 */
export function moneyRunsOutMonth(projection: { readonly retirementTotal: readonly RetirementTotalMonth[] }): MonthKey | null {
  return projection.retirementTotal.find((row) => row.shortfall > 0)?.month ?? null;
}

/** Debt Progress cards (docs/product.md#screens-and-routes): over the rows given, one debt's or the total's. */
export interface DebtTotals {
  readonly totalPayments: Cents;
  readonly interestPaid: Cents;
  readonly principalPaid: Cents;
}

/**
 * Σ payment, Σ interest paid and Σ principal paid over some debt rows. Every row has
 * payment = principal + interest, so totalPayments = principalPaid + interestPaid.
 */
export function debtTotals(rows: readonly DebtMonth[]): DebtTotals {
  return {
    totalPayments: sumOf(rows, (r) => r.payment),
    interestPaid: sumOf(rows, (r) => r.interestPaid),
    principalPaid: sumOf(rows, (r) => r.principalPaid),
  };
}

/** Retirement Contributions cards (docs/product.md#screens-and-routes). */
export interface ContributionTotals {
  /** Σ employee + employer contributions of the rows. */
  readonly totalContributions: Cents;
  /** Σ interest earned of the rows. */
  readonly totalInterest: Cents;
  /** The last row's display balance (0 with no rows). */
  readonly balanceAtRetirement: Cents;
}

/**
 * Σ contributions, Σ interest earned and the last row's display balance. Over a whole table
 * totalContributions equals the last row's cumulative totalContributions.
 */
export function contributionTotals(rows: readonly ContributionMonth[]): ContributionTotals {
  return {
    totalContributions: sumOf(rows, (r) => r.contributions),
    totalInterest: sumOf(rows, (r) => r.interestEarned),
    balanceAtRetirement: rows.at(-1)?.displayBalance ?? ZERO,
  };
}

/** Retirement Living cards (docs/product.md#screens-and-routes). */
export interface RetirementLivingTotals {
  readonly totalWithdrawals: Cents;
  readonly totalInterest: Cents;
  /**
   * What the accounts hold when living starts: the display balance of the last row before the
   * retirement month (the balance the first living month opens on, and the Retirement
   * Contributions tab's "Balance at Retirement"). null when the rows hold no such month (retired
   * at or before the plan start).
   */
  readonly balanceAtRetirement: Cents | null;
  /** The last row's display balance (0 with no rows). */
  readonly balanceAtEndOfRetirement: Cents;
}

/**
 * Σ withdrawals and Σ interest earned over the rows given (the table holds the contribution rows,
 * then the living rows), the balance at retirement and the balance at the end of retirement.
 * `retirementMonth` is the month of retirement_date. Pass the whole table: a view that hides the
 * months before retirement hides the balance at retirement too.
 */
export function retirementLivingTotals(rows: readonly RetirementMonth[], retirementMonth: MonthKey): RetirementLivingTotals {
  const before = rows.filter((row) => row.month < retirementMonth).at(-1);
  return {
    totalWithdrawals: sumOf(rows, (r) => r.withdrawals),
    totalInterest: sumOf(rows, (r) => r.interestEarned),
    balanceAtRetirement: before?.displayBalance ?? null,
    balanceAtEndOfRetirement: rows.at(-1)?.displayBalance ?? ZERO,
  };
}

/** Income Future average cards (docs/product.md#screens-and-routes). */
export interface IncomeAverages {
  readonly averageNetIncome: Cents;
  /** Average of every outflow of a month: retirement + housing + expenses + other + debts. */
  readonly averageTotalExpenses: Cents;
  /** Average of (net income − total expenses): how much the end balance moves in an average month, before interest and Saved. */
  readonly averageIncomeLessExpenses: Cents;
}

/**
 * The outflows of an income row: retirement contributions + housing + expenses + other + debts.
 * "Total expenses" reads as everything the end balance formula subtracts
 * (docs/projection-rules.md#income), the table's Retirement, Housing, Expenses (expenses plus
 * other) and Debts columns, so that net income − total expenses is the month's change in the
 * computed end balance before cash interest (Interest Earned) and what moves to a surplus account
 * (Saved), which the plan assumptions add (docs/projection-rules.md#where-the-money-goes).
 */
export function incomeTotalExpenses(row: IncomeMonth): Cents {
  return cents(row.retirementContributions + row.housing + row.expenses + row.other + row.debts);
}

/**
 * Averages over the income rows given, each rounded half-up once from its exact sum:
 *   averageNetIncome          = averageCents(Σ net income, n)
 *   averageTotalExpenses      = averageCents(Σ total expenses, n)
 *   averageIncomeLessExpenses = averageCents(Σ net income − Σ total expenses, n)
 * so the third may differ by a cent from the first minus the second. All 0 with no rows.
 * Example: net 3 000.00 and 3 000.01, total expenses 1 000.00 both months → 3 000.01 (half-up
 * of 3 000.005), 1 000.00, 2 000.01.
 */
export function incomeAverages(rows: readonly IncomeMonth[]): IncomeAverages {
  const net = sumOf(rows, (r) => r.netIncome);
  const outflows = sumOf(rows, incomeTotalExpenses);
  return {
    averageNetIncome: averageCents(net, rows.length),
    averageTotalExpenses: averageCents(outflows, rows.length),
    averageIncomeLessExpenses: averageCents(cents(net - outflows), rows.length),
  };
}

/** When one debt is paid off under a plan. */
export interface DebtPayoff {
  readonly id: number;
  readonly name: string;
  /** null when it owed nothing at month 1, or is never paid off (truncated). */
  readonly payoffMonth: MonthKey | null;
  readonly truncated: boolean;
}

/** One plan's result in the comparison. */
export interface DebtPlanOutcome {
  readonly planType: DebtPlanType;
  /** The extra payment the plan spends (always 0 under 'none'). */
  readonly extraPayment: Cents;
  /** Per debt, in input order. */
  readonly debts: readonly DebtPayoff[];
  readonly debtFree: DebtFree;
  /** Σ interest of every debt month of the plan. */
  readonly totalInterest: Cents;
  /** Σ payments of every debt month of the plan. */
  readonly totalPayments: Cents;
  /**
   * 'none''s total interest − this plan's (0 for 'none'). null when either plan leaves a debt
   * unpaid: its total covers only the months up to the limit, so the difference means nothing.
   */
  readonly interestSaved: Cents | null;
}

/**
 * The debts projected under each plan type with the user's figures: 'none' pays each debt's
 * minimum; 'snowball' and 'avalanche' spend Σ minimums + the user's extra payment (0 without a
 * debt plan). Uses the same actuals as `project` (month 1 through today) and leaves out of month 1
 * the same debts (typed-balances.ts), so the user's own plan here matches the Debt Progress
 * tables. Each plan is one projectDebts run.
 *
 * With `todaysDollars` (display only, docs/projection-rules.md#plan-assumptions) each month's
 * interest and payment is first converted, todaysDollars(amount, inflation, n) for month n, and the
 * totals sum the converted amounts. Example at 3 %: 100.00 of interest in each of months 12 and 13
 * totals 100.00 + 97.09 = 197.09.
 */
export function compareDebtPlans(input: ProjectionInput, options: { todaysDollars?: boolean } = {}): Readonly<Record<DebtPlanType, DebtPlanOutcome>> {
  const actuals = actualsBetween(input.actuals.debt, input.planStart, input.today);
  const extra = input.debtPlan?.extraPayment ?? ZERO;
  const run = (planType: DebtPlanType): Omit<DebtPlanOutcome, 'interestSaved'> => {
    const extraPayment = planType === 'none' ? ZERO : extra;
    const result = projectDebts(input.debts, { planType, extraPayment }, { planStart: input.planStart, actuals, startDay: planStartDay(input) });
    const inflation = options.todaysDollars ? (input.assumptions?.inflationRate ?? 0) : 0;
    const rows = inflation === 0 ? result.total : result.total.map((row, index) => ({ ...row, interestPaid: todaysDollars(row.interestPaid, inflation, index + 1), payment: todaysDollars(row.payment, inflation, index + 1) }));
    const totals = debtTotals(rows);
    return {
      planType,
      extraPayment,
      debts: result.debts.map((d) => ({ id: d.id, name: d.name, payoffMonth: d.payoffMonth, truncated: d.truncated })),
      debtFree: debtFreeMonth(result),
      totalInterest: totals.interestPaid,
      totalPayments: totals.totalPayments,
    };
  };
  const none = run('none');
  const saved = (plan: Omit<DebtPlanOutcome, 'interestSaved'>): DebtPlanOutcome => ({
    ...plan,
    interestSaved: none.debtFree.never || plan.debtFree.never ? null : cents(none.totalInterest - plan.totalInterest),
  });
  return { none: saved(none), snowball: saved(run('snowball')), avalanche: saved(run('avalanche')) };
}

function sumOf<Row>(rows: readonly Row[], pick: (row: Row) => Cents): Cents {
  let total = 0;
  for (const row of rows) total += pick(row);
  return cents(total);
}

function averageOf(values: readonly Cents[]): Cents {
  return averageCents(sumCents(values), values.length);
}

