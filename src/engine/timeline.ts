/**
 * The net-worth timeline of a projection: month by month, what the household holds in cash and
 * in retirement accounts and what it owes, with the milestones that shape those paths.
 *
 * For each month m from month 1 to the last month of any table:
 *   cash(m)       = the income table's shown end balance (the actual when given, else computed)
 *   retirement(m) = the retirement table's total display balance; without a retirement plan (no
 *                   retirement table) the contribution table's total display balance
 *   debt(m)       = the debt table's total display end balance
 *   netWorth(m)   = cash(m) + retirement(m) − debt(m)
 * A table that has ended carries its last value forward: the income table stops the month before
 * retirement and nothing in the model spends that cash afterwards (the accounts pay for
 * retirement living); the debt total ends at 0 at the last payoff. A table with no rows counts 0.
 *
 * With plan assumptions (docs/projection-rules.md#plan-assumptions):
 *   cash(m)       in a living month where cash is spent (spend_cash_in_retirement), the
 *                 retirement total row's cash_balance; otherwise as above
 *   home(m)       roundHalfUp(home_value × (1 + home appreciation/100)^floor((n − 1) / 12)) for
 *                 month n, when a home value is set
 *   mortgage(m)   the mortgage's end-of-month balance (mortgageBalances; not amortised in a month 1
 *                 paid before the plan start day), counted with the home
 *   netWorth(m)   = cash + retirement + home − mortgage − debt
 * The mortgage is counted only with the home it pays for: a loan without its house would make net
 * worth look worse than it is by the home's whole value. Without a home value, or without plan
 * assumptions, neither is counted and the points carry no `home` or `mortgage`.
 *
 * Milestones (each null when it does not happen):
 *   debtFree           the month the last debt is paid off (insights' debtFreeMonth; `never` when
 *                      a debt is still owing when the table stops)
 *   retirement         the month of retirement_date
 *   socialSecurityStart the first month Social Security is received: max(month of
 *                      social_security_start_date, retirement month), when the income is above 0 and
 *                      that month falls before the end of retirement living
 *   moneyRunsOut       the first living month whose need the accounts cannot cover
 *                      (insights' moneyRunsOutMonth)
 *
 * Example: plan start 2026-01, net income 1 000.00, expenses 300.00, a 250.00 debt at 0 % paying
 * 100.00, an account of 1 000.00 taking 100.00 a month, retiring 2026-07 → cash 500.00, 1 000.00,
 * 1 550.00 …; debt 150.00, 50.00, 0 (debt-free 2026-03); net worth in 2026-01 =
 * 500.00 + 1 100.00 − 150.00 = 1 450.00. (timeline.test.ts works it through to the end.)
 */
import { debtFreeMonth, incomeDisplayEndBalance, moneyRunsOutMonth, type DebtFree } from './insights.ts';
import { projectionHorizon } from './horizon.ts';
import { grownAmount } from './assumptions.ts';
import { mortgageBalances } from './housing.ts';
import { planStartDay } from './typed-balances.ts';
import type { Cents } from './money.ts';
import { cents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthOf, monthsBetween } from './months.ts';
import type { Projection, ProjectionInput } from './types.ts';

/**
 * The age a person born in `birthYear` reaches during the year of `month`, as the IRS and most
 * planners count it: year − birth year. Example: 2040-03 for a person born 1982 → 58.
 */
export function ageIn(month: MonthKey, birthYear: number): number {
  return Number(month.slice(0, 4)) - birthYear;
}

/** One month of the timeline: end-of-month values in cents. */
export interface TimelinePoint {
  readonly month: MonthKey;
  readonly cash: Cents;
  readonly retirement: Cents;
  readonly debt: Cents;
  /** The home's value, when plan assumptions set one (docs/projection-rules.md#plan-assumptions). */
  readonly home?: Cents;
  /** The mortgage balance, counted with the home. */
  readonly mortgage?: Cents;
  /** cash + retirement + home − mortgage − debt. */
  readonly netWorth: Cents;
}

export interface TimelineMilestones {
  readonly debtFree: DebtFree;
  readonly retirement: MonthKey | null;
  readonly socialSecurityStart: MonthKey | null;
  readonly moneyRunsOut: MonthKey | null;
}

export interface Timeline {
  /** Month 1 to the last month of any table, one point per month (empty when every table is). */
  readonly points: readonly TimelinePoint[];
  /** The first point, each December, and the last point: the yearly view of `points`. */
  readonly yearly: readonly TimelinePoint[];
  /** The point with the highest net worth (the earliest of equals); null without points. */
  readonly peak: TimelinePoint | null;
  /** The point of `today`; null when today is outside the timeline. */
  readonly current: TimelinePoint | null;
  readonly milestones: TimelineMilestones;
  /** The projection's own flag: a limit shaped some table. */
  readonly truncated: boolean;
}

/** A month-indexed series read with carry-forward: the value of the latest row at or before m. */
function series(rows: readonly { readonly month: MonthKey }[], value: (index: number) => Cents): (month: MonthKey) => Cents {
  let next = 0;
  let current: Cents = ZERO;
  // Months are asked for in ascending order, so one pointer walks each table once.
  return (month) => {
    while (next < rows.length && (rows[next] as { month: MonthKey }).month <= month) {
      current = value(next);
      next += 1;
    }
    return current;
  };
}

function lastMonthOf(rows: readonly { readonly month: MonthKey }[]): MonthKey | null {
  return rows.at(-1)?.month ?? null;
}

/** The milestones of a projection made from `input` (see the file's doc comment). */
export function timelineMilestones(input: ProjectionInput, projection: Projection): TimelineMilestones {
  const plan = input.retirementPlan;
  const retirement = projectionHorizon(input.planStart, plan).retirementMonth;
  let socialSecurityStart: MonthKey | null = null;
  if (plan !== null && retirement !== null && plan.socialSecurityIncome > 0) {
    const claimed = monthOfDate(plan.socialSecurityStartDate);
    const first = claimed > retirement ? claimed : retirement;
    const livingEnd = addMonths(retirement, Math.max(0, Math.trunc(plan.yearsOfRetirement)) * 12);
    if (first < livingEnd) socialSecurityStart = first;
  }
  return {
    debtFree: debtFreeMonth(projection),
    retirement,
    socialSecurityStart,
    moneyRunsOut: moneyRunsOutMonth(projection),
  };
}

/** The net-worth timeline and milestones of `projection`, which `project(input)` made. */
export function projectionTimeline(input: ProjectionInput, projection: Projection): Timeline {
  const accounts = projection.retirementTotal.length > 0 ? projection.retirementTotal : projection.contributionTotal;
  const tables = [projection.income, projection.debtTotal, accounts];
  let last: MonthKey | null = null;
  for (const table of tables) {
    const month = lastMonthOf(table);
    if (month !== null && (last === null || month > last)) last = month;
  }
  const count = last === null ? 0 : monthsBetween(input.planStart, last) + 1;

  const incomeCash = series(projection.income, (i) => incomeDisplayEndBalance(projection.income[i]!));
  // Cash spent in retirement: the living rows say what is left of it.
  const livingCash = new Map<MonthKey, Cents>();
  for (const row of projection.retirementTotal) if (row.cashBalance !== undefined) livingCash.set(row.month, row.cashBalance);
  const cashAt = (month: MonthKey): Cents => {
    // Read every month, so the income series' pointer walks in order.
    const fromIncome = incomeCash(month);
    return livingCash.get(month) ?? fromIncome;
  };
  const homeValue = input.assumptions?.homeValue ?? null;
  const appreciation = input.assumptions?.homeAppreciationRate ?? 0;
  const mortgage = homeValue === null ? null : mortgageBalances(input.housing, count, planStartDay(input));
  const debtAt = series(projection.debtTotal, (i) => projection.debtTotal[i]!.displayEndBalance);
  const accountsAt = series(accounts, (i) => accounts[i]!.displayBalance);

  const points: TimelinePoint[] = [];
  let peak: TimelinePoint | null = null;
  for (let index = 0; index < count; index += 1) {
    const month = addMonths(input.planStart, index);
    const cash = cashAt(month);
    const retirement = accountsAt(month);
    const debt = debtAt(month);
    let point: TimelinePoint;
    if (homeValue === null || mortgage === null) point = { month, cash, retirement, debt, netWorth: cents(cash + retirement - debt) };
    else {
      const home = grownAmount(homeValue, appreciation, index + 1);
      const owed = mortgage[index] ?? ZERO;
      point = { month, cash, retirement, debt, home, mortgage: owed, netWorth: cents(cash + retirement + home - owed - debt) };
    }
    points.push(point);
    if (peak === null || point.netWorth > peak.netWorth) peak = point;
  }
  const yearly = points.filter((point, index) => index === 0 || index === points.length - 1 || monthOf(point.month) === 12);

  const current = points.find((point) => point.month === input.today) ?? null;
  return { points, yearly, peak, current, milestones: timelineMilestones(input, projection), truncated: projection.truncated };
}
