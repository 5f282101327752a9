/**
 * Plan vs actual (docs/projection-rules.md#plan-vs-actual): a baseline is the plan's totals month
 * by month, saved at one moment; comparing it with today's projection (which holds the actual
 * balances the user has checked in) shows how far the household is ahead of or behind that plan,
 * and why.
 *
 * A baseline is stored on the server as JSON with money in dollars (snapshotToWire); everything
 * here works in integer cents.
 */
import { incomeDisplayEndBalance } from './insights.ts';
import type { Cents } from './money.ts';
import { cents, centsToDollars, parseCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { parseMonthKey } from './months.ts';
import type { Projection } from './types.ts';

/** One month of a baseline snapshot, money in cents. */
export interface BaselineMonth {
  readonly month: MonthKey;
  /** Cash at the end of the month. */
  readonly cash: Cents;
  /** Everything owed on debts at the end of the month. */
  readonly debts: Cents;
  /** Every retirement account's balance at the end of the month. */
  readonly savings: Cents;
  /** Employee + employer contributions of the month. */
  readonly contributions: Cents;
  /** Interest the accounts earned in the month. */
  readonly returns: Cents;
}

/**
 * The plan's totals per month, the figures a baseline keeps:
 *   cash          = the income row's shown end balance (the actual when given, else computed);
 *                   in a living month where cash is spent the retirement total row's
 *                   cash_balance
 *   debts         = the debt total row's displayEndBalance
 *   savings       = the retirement total row's displayBalance (contribution and living months, all
 *                   accounts); without a retirement plan (no retirement table) the contribution
 *                   total row's
 *   contributions = that total row's `contributions` (0 in a month without one)
 *   returns       = that total row's `interestEarned` (0 in a month without one)
 * Months: every month of any of the three tables (each runs from month 1, so month 1 to the last
 * month of the longest), in order. A balance of a month past its table's end carries the table's
 * last value forward, as projectionTimeline does: cash is not spent after the income table stops
 * at retirement (unless cash is spent in retirement), and the debt total ends at 0 at the last
 * payoff. A table with no rows counts 0. So cash + savings − debts is the timeline's net worth
 * without a home.
 * Example: month 1 with cash 500.00, debts 150.00, savings 1 110.00 (1 000.00 + 10.00 interest +
 * 100.00 contributed) → { cash: 50 000, debts: 15 000, savings: 111 000, contributions: 10 000,
 * returns: 1 000 }.
 */
export function baselineSnapshot(projection: Projection): BaselineMonth[] {
  const accounts = projection.retirementTotal.length > 0 ? projection.retirementTotal : projection.contributionTotal;
  const months = new Set<MonthKey>();
  for (const table of [projection.income, projection.debtTotal, accounts]) for (const row of table) months.add(row.month);
  const income = new Map(projection.income.map((row) => [row.month, incomeDisplayEndBalance(row)]));
  const livingCash = new Map<MonthKey, Cents>();
  for (const row of projection.retirementTotal) if (row.cashBalance !== undefined) livingCash.set(row.month, row.cashBalance);
  const debts = new Map(projection.debtTotal.map((row) => [row.month, row.displayEndBalance]));
  const totals = new Map(accounts.map((row) => [row.month, row]));

  let incomeCash: Cents = ZERO;
  let owed: Cents = ZERO;
  let savings: Cents = ZERO;
  const snapshot: BaselineMonth[] = [];
  for (const month of [...months].sort()) {
    incomeCash = income.get(month) ?? incomeCash;
    owed = debts.get(month) ?? owed;
    const total = totals.get(month);
    savings = total?.displayBalance ?? savings;
    snapshot.push({
      month,
      cash: livingCash.get(month) ?? incomeCash,
      debts: owed,
      savings,
      contributions: total?.contributions ?? ZERO,
      returns: total?.interestEarned ?? ZERO,
    });
  }
  return snapshot;
}

/** Net worth of a baseline month: cash + savings − debts. Example: 500.00 + 1 110.00 − 150.00 = 1 460.00. */
export function netWorth(m: BaselineMonth): Cents {
  return cents(m.cash + m.savings - m.debts);
}

/** One month of the comparison: how far actual net worth is from the plan's, and why. */
export interface PlanGapMonth {
  readonly month: MonthKey;
  /** netWorth of the baseline month. */
  readonly planned: Cents;
  /** netWorth of the current month. */
  readonly actual: Cents;
  /** actual − planned. */
  readonly gap: Cents;
  /** Contributions beyond (or short of) the plan, summed from the first compared month. */
  readonly contributions: Cents;
  /** Everything else that moved the accounts: market growth, balances the user entered. */
  readonly returns: Cents;
  /** What cash and debts explain: income not spent, debt paid or owed beyond the plan. */
  readonly spending: Cents;
}

/**
 * The gap between the current plan (with its actuals) and a baseline, month by month, split in
 * three. For each month m present in both lists with m ≤ `through` (today), in month order, with
 * b = baseline and a = current:
 *   planned       = netWorth(b(m)),  actual = netWorth(a(m)),  gap = actual − planned
 *   contributions = Σ over compared months k ≤ m of (a.contributions(k) − b.contributions(k))
 *   returns       = (a.savings(m) − b.savings(m)) − contributions
 *   spending      = gap − contributions − returns
 *                 = (a.cash − b.cash) − (a.debts − b.debts)   at m
 * so contributions + returns + spending = gap exactly, to the cent, by construction.
 * Example, baseline and current:
 *   2026-01  b: cash 500.00, debts 150.00, savings 1 110.00, contributions 100.00
 *            a: cash 450.00, debts 150.00, savings 1 250.00, contributions 150.00
 *   2026-02  b: cash 1 000.00, debts 50.00, savings 1 221.10, contributions 100.00
 *            a: cash 900.00,   debts 50.00, savings 1 400.00, contributions 150.00
 *   2026-01: planned 1 460.00, actual 1 550.00, gap 90.00; contributions 50.00;
 *            returns 140.00 − 50.00 = 90.00; spending 90.00 − 50.00 − 90.00 = −50.00
 *   2026-02: planned 2 171.10, actual 2 250.00, gap 78.90; contributions 50 + 50 = 100.00;
 *            returns 178.90 − 100.00 = 78.90; spending 78.90 − 100.00 − 78.90 = −100.00
 * (the extra contributions came out of cash; the accounts also grew 78.90 more than planned).
 */
export function planVsActual(baseline: readonly BaselineMonth[], current: readonly BaselineMonth[], through: MonthKey): PlanGapMonth[] {
  const now = new Map(current.map((m) => [m.month, m]));
  const planned = [...baseline].filter((m) => m.month <= through && now.has(m.month)).sort((x, y) => (x.month < y.month ? -1 : x.month > y.month ? 1 : 0));
  const gaps: PlanGapMonth[] = [];
  let contributions = 0;
  for (const b of planned) {
    const a = now.get(b.month) as BaselineMonth;
    contributions += a.contributions - b.contributions;
    const plannedWorth = netWorth(b);
    const actualWorth = netWorth(a);
    const gap = actualWorth - plannedWorth;
    const returns = a.savings - b.savings - contributions;
    gaps.push({
      month: b.month,
      planned: plannedWorth,
      actual: actualWorth,
      gap: cents(gap),
      contributions: cents(contributions),
      returns: cents(returns),
      spending: cents(gap - contributions - returns),
    });
  }
  return gaps;
}

/** A baseline month as stored on the server: money in dollars (1234.56). */
export interface BaselineMonthWire {
  readonly month: string;
  readonly cash: number;
  readonly debts: number;
  readonly savings: number;
  readonly contributions: number;
  readonly returns: number;
}

/** A baseline snapshot as stored on the server. */
export interface BaselineSnapshotWire {
  readonly months: readonly BaselineMonthWire[];
}

/** The most months a snapshot may hold: more than a projection's longest table (1 200 months). */
export const MAX_SNAPSHOT_MONTHS = 1500;

const MONEY_FIELDS = ['cash', 'debts', 'savings', 'contributions', 'returns'] as const;

/** The snapshot as JSON, money as dollars: 123 456¢ → 1234.56. */
export function snapshotToWire(months: readonly BaselineMonth[]): BaselineSnapshotWire {
  return {
    months: months.map((m) => ({
      month: m.month,
      cash: centsToDollars(m.cash),
      debts: centsToDollars(m.debts),
      savings: centsToDollars(m.savings),
      contributions: centsToDollars(m.contributions),
      returns: centsToDollars(m.returns),
    })),
  };
}

/**
 * What is wrong with a stored or POSTed snapshot, or null when it is valid: an object whose
 * `months` is a list of at most MAX_SNAPSHOT_MONTHS objects, each with a 'YYYY-MM' month and
 * cash, debts, savings, contributions and returns as JSON numbers of dollars with at most 2
 * decimals, in strictly increasing month order. Months are counted from 1 in the messages. Other
 * keys are ignored. Amounts may be negative (cash can be overdrawn).
 * Example: { months: [{ month: '2026-13', … }] } → 'Snapshot month 1 must be a month as YYYY-MM'.
 */
export function snapshotError(json: unknown): string | null {
  if (!isObject(json) || !Array.isArray(json.months)) return 'Snapshot must be an object with a months list';
  const months: readonly unknown[] = json.months;
  if (months.length > MAX_SNAPSHOT_MONTHS) return 'Snapshot has too many months';
  let previous: MonthKey | null = null;
  for (let index = 0; index < months.length; index += 1) {
    const entry = months[index];
    const n = index + 1;
    if (!isObject(entry)) return `Snapshot month ${n} must be an object`;
    const month = typeof entry.month === 'string' ? parseMonthKey(entry.month) : null;
    if (month === null) return `Snapshot month ${n} must be a month as YYYY-MM`;
    if (previous !== null && month <= previous) return `Snapshot month ${n} (${month}) must come after ${previous}`;
    for (const field of MONEY_FIELDS) {
      const value = entry[field];
      if (typeof value !== 'number' || parseCents(value) === null) {
        return `Snapshot month ${n} ${field} must be an amount in dollars with at most 2 decimals`;
      }
    }
    previous = month;
  }
  return null;
}

/** The snapshot read back from JSON (dollars → cents, through text: no float multiplication); null when snapshotError finds anything wrong. */
export function snapshotFromWire(json: unknown): BaselineMonth[] | null {
  if (snapshotError(json) !== null) return null;
  const months = (json as { months: readonly Record<string, unknown>[] }).months;
  return months.map((entry) => {
    const money = (field: (typeof MONEY_FIELDS)[number]): Cents => parseCents(entry[field] as number) as Cents;
    return {
      month: entry.month as MonthKey,
      cash: money('cash'),
      debts: money('debts'),
      savings: money('savings'),
      contributions: money('contributions'),
      returns: money('returns'),
    };
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
