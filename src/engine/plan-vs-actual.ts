/**
 * Plan vs actual (docs/projection-rules.md#plan-vs-actual): a baseline is the plan's totals month
 * by month, saved at one moment; comparing it with today's projection (which holds the actual
 * balances the user has checked in) shows how far the household is ahead of or behind that plan,
 * and why.
 *
 * A baseline is stored on the server as JSON with money in dollars (snapshotToWire); everything
 * here works in integer cents.
 */
import type { Cents } from './money.ts';
import { cents, centsToDollars, parseCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { parseMonthKey } from './months.ts';
import { accountsTable, monthlyHoldings, netWorth, type Holdings } from './net-worth.ts';
import type { Projection, ProjectionInput } from './types.ts';

export { netWorth } from './net-worth.ts';

/**
 * One month of a baseline snapshot, money in cents: the month's holdings (net-worth.ts) and what
 * the accounts took in. `home` and `mortgage` are absent only in a snapshot saved before baselines
 * kept them; a newer one always has both (0 without a home).
 */
export interface BaselineMonth extends Holdings {
  readonly month: MonthKey;
  /** Cash at the end of the month. */
  readonly cash: Cents;
  /** Everything owed on debts at the end of the month. */
  readonly debts: Cents;
  /** Every retirement and taxable account's balance at the end of the month. */
  readonly savings: Cents;
  /** Employee + employer contributions of the month. */
  readonly contributions: Cents;
  /** Interest the accounts earned in the month. */
  readonly returns: Cents;
}

/**
 * The plan's totals per month, the figures a baseline keeps: the month's holdings as the net-worth
 * timeline counts them (net-worth.ts monthlyHoldings: cash, savings, debts, home and mortgage,
 * each carried forward past its table's end), with home and mortgage 0 when no home is counted, and
 *   contributions = the accounts' total row's `contributions` (the retirement table's, or without a
 *                   retirement plan the contribution table's; 0 in a month without one)
 *   returns       = that total row's `interestEarned` (0 in a month without one)
 * Months: month 1 to the last month of any table, in order. So netWorth of each month is the
 * timeline's net worth of that month.
 * Example: month 1 with cash 500.00, debts 150.00, savings 1 110.00 (1 000.00 + 10.00 interest +
 * 100.00 contributed), no home → { cash: 50 000, debts: 15 000, savings: 111 000, home: 0,
 * mortgage: 0, contributions: 10 000, returns: 1 000 }.
 */
export function baselineSnapshot(input: ProjectionInput, projection: Projection): BaselineMonth[] {
  const totals = new Map(accountsTable(projection).map((row) => [row.month, row]));
  return monthlyHoldings(input, projection).map((held) => {
    const total = totals.get(held.month);
    return {
      month: held.month,
      cash: held.cash,
      debts: held.debts,
      savings: held.savings,
      home: held.home ?? ZERO,
      mortgage: held.mortgage ?? ZERO,
      contributions: total?.contributions ?? ZERO,
      returns: total?.interestEarned ?? ZERO,
    };
  });
}

/** One month of the comparison: how far actual net worth is from the plan's, and why. */
export interface PlanGapMonth {
  readonly month: MonthKey;
  /** netWorth of the baseline month (with the current home and mortgage when the baseline kept none). */
  readonly planned: Cents;
  /** netWorth of the current month. */
  readonly actual: Cents;
  /** actual − planned. */
  readonly gap: Cents;
  /** Contributions beyond (or short of) the plan, summed from the first compared month. */
  readonly contributions: Cents;
  /** Everything else that moved the accounts and the home: market growth, the home's value, balances the user entered. */
  readonly returns: Cents;
  /** What cash and debts explain: income not spent, debt and mortgage paid or owed beyond the plan. */
  readonly spending: Cents;
}

/**
 * The gap between the current plan (with its actuals) and a baseline, month by month, split in
 * three. For each month m present in both lists with m ≤ `through` (today), in month order, with
 * b = baseline and a = current:
 *   planned       = netWorth(b(m)),  actual = netWorth(a(m)),  gap = actual − planned
 *   contributions = Σ over compared months k ≤ m of (a.contributions(k) − b.contributions(k))
 *   returns       = (a.savings(m) − b.savings(m)) − contributions + (a.home(m) − b.home(m))
 *   spending      = gap − contributions − returns
 *                 = (a.cash − b.cash) − (a.debts − b.debts) − (a.mortgage − b.mortgage)   at m
 * so contributions + returns + spending = gap exactly, to the cent, by construction.
 * A baseline month saved before baselines kept the home and mortgage (both absent) made no plan
 * for them: it is compared as if they went as the current plan has them (b.home = a.home,
 * b.mortgage = a.mortgage), so the home's whole equity does not show as a gap.
 * Example, baseline and current (no home):
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
  for (const kept of planned) {
    const a = now.get(kept.month) as BaselineMonth;
    const b: BaselineMonth = kept.home === undefined && kept.mortgage === undefined ? { ...kept, home: a.home, mortgage: a.mortgage } : kept;
    contributions += a.contributions - b.contributions;
    const plannedWorth = netWorth(b);
    const actualWorth = netWorth(a);
    const gap = actualWorth - plannedWorth;
    const returns = a.savings - b.savings - contributions + ((a.home ?? ZERO) - (b.home ?? ZERO));
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
  /** Absent in a snapshot saved before baselines kept the home. */
  readonly home?: number;
  /** Absent in a snapshot saved before baselines kept the mortgage. */
  readonly mortgage?: number;
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
/** Money a snapshot may lack: one saved before baselines kept the home has neither. */
const OPTIONAL_MONEY_FIELDS = ['home', 'mortgage'] as const;

/** The snapshot as JSON, money as dollars: 123 456¢ → 1234.56. Home and mortgage are written when the month has them. */
export function snapshotToWire(months: readonly BaselineMonth[]): BaselineSnapshotWire {
  return {
    months: months.map((m) => ({
      month: m.month,
      cash: centsToDollars(m.cash),
      debts: centsToDollars(m.debts),
      savings: centsToDollars(m.savings),
      ...(m.home === undefined ? {} : { home: centsToDollars(m.home) }),
      ...(m.mortgage === undefined ? {} : { mortgage: centsToDollars(m.mortgage) }),
      contributions: centsToDollars(m.contributions),
      returns: centsToDollars(m.returns),
    })),
  };
}

/**
 * What is wrong with a stored or POSTed snapshot, or null when it is valid: an object whose
 * `months` is a list of at most MAX_SNAPSHOT_MONTHS objects, each with a 'YYYY-MM' month and
 * cash, debts, savings, contributions and returns as JSON numbers of dollars with at most 2
 * decimals (home and mortgage too when present: a snapshot saved before baselines kept them has
 * neither), in strictly increasing month order. Months are counted from 1 in the messages. Other
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
    for (const field of [...MONEY_FIELDS, ...OPTIONAL_MONEY_FIELDS]) {
      const value = entry[field];
      if (value === undefined && (OPTIONAL_MONEY_FIELDS as readonly string[]).includes(field)) continue;
      if (typeof value !== 'number' || parseCents(value) === null) {
        return `Snapshot month ${n} ${field} must be an amount in dollars with at most 2 decimals`;
      }
    }
    previous = month;
  }
  return null;
}

/**
 * The snapshot read back from JSON (dollars → cents, through text: no float multiplication); null
 * when snapshotError finds anything wrong. A month without home and mortgage (saved before
 * baselines kept them) reads back without them, as stored.
 */
export function snapshotFromWire(json: unknown): BaselineMonth[] | null {
  if (snapshotError(json) !== null) return null;
  const months = (json as { months: readonly Record<string, unknown>[] }).months;
  return months.map((entry) => {
    const money = (field: (typeof MONEY_FIELDS)[number] | (typeof OPTIONAL_MONEY_FIELDS)[number]): Cents => parseCents(entry[field] as number) as Cents;
    return {
      month: entry.month as MonthKey,
      cash: money('cash'),
      debts: money('debts'),
      savings: money('savings'),
      ...(entry.home === undefined ? {} : { home: money('home') }),
      ...(entry.mortgage === undefined ? {} : { mortgage: money('mortgage') }),
      contributions: money('contributions'),
      returns: money('returns'),
    };
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
