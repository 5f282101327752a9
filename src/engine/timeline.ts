/**
 * The net-worth timeline of a projection: month by month, what the household holds in cash and
 * in retirement accounts and what it owes, with the milestones that shape those paths.
 *
 * For each month m from month 1 to the last month of any table, the month's holdings
 * (net-worth.ts monthlyHoldings: cash, retirement and taxable accounts, debts, and with plan
 * assumptions and a home value the home and its mortgage) and
 *   netWorth(m) = cash + retirement + home − mortgage − debt    (net-worth.ts netWorth, the only one)
 * Without a home value, or without plan assumptions, neither home nor mortgage is counted and the
 * points carry no `home` or `mortgage`.
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
import { debtFreeMonth, moneyRunsOutMonth, type DebtFree } from './insights.ts';
import { projectionHorizon } from './horizon.ts';
import type { Cents } from './money.ts';
import { ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthOf } from './months.ts';
import { monthlyHoldings, netWorth } from './net-worth.ts';
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
  const points: TimelinePoint[] = [];
  let peak: TimelinePoint | null = null;
  for (const held of monthlyHoldings(input, projection)) {
    const base = { month: held.month, cash: held.cash, retirement: held.savings, debt: held.debts };
    const point: TimelinePoint =
      held.home === undefined ? { ...base, netWorth: netWorth(held) } : { ...base, home: held.home, mortgage: held.mortgage ?? ZERO, netWorth: netWorth(held) };
    points.push(point);
    if (peak === null || point.netWorth > peak.netWorth) peak = point;
  }
  const yearly = points.filter((point, index) => index === 0 || index === points.length - 1 || monthOf(point.month) === 12);

  const current = points.find((point) => point.month === input.today) ?? null;
  return { points, yearly, peak, current, milestones: timelineMilestones(input, projection), truncated: projection.truncated };
}
