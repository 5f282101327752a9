/**
 * "How likely": the plan's retirement savings under many market paths — Monte Carlo draws and the
 * months of history since 1871 — instead of one fixed return (docs/projection-rules.md#monte-carlo,
 * docs/projection-rules.md#history).
 *
 * Only the retirement accounts' returns vary. Debts, income, expenses and cash do not depend on
 * the market, so they are computed once (planScenario) and each path recomputes the retirement
 * table alone (projectRetirement with a ReturnPath, returns.ts). Months up to and including
 * `today` are history the user has lived: a path starts with the month after it.
 *
 * A path replays the retirement table's balances with replayPath, which keeps only what a path
 * changes (balances, withdrawals, cash in retirement, shortfall) and reads the rest from the
 * deterministic table: each account's contributions and actuals per month, and each living month's
 * need (which no return moves). It pays each need with projectRetirement's own payLivingNeed
 * (retirement.ts), so the two agree by construction; the rest of its rules are projectRetirement's —
 * risk.test.ts checks the two agree to the cent on random households under random paths — at a
 * tenth of the cost, because it builds no rows.
 *
 * A path's outcome, per sampled month m (the first path month, each December after it and the
 * plan's last month):
 *   savings(m) = the retirement table's total display balance + the plan's cash (timeline cash,
 *                which no return moves before retirement; in living months the path's own cash
 *                when plan assumptions track it), in cents of month m
 * and it ran short when any living month has a shortfall (success = no shortfall in any living
 * month). Figures shown are in today's dollars: todaysDollars(amount, inflation, n).
 */
import { todaysDollars } from './assumptions.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOf, monthsBetween } from './months.ts';
import type { RetirementScenario } from './project.ts';
import { planScenario } from './project.ts';
import { normals } from './random.ts';
import { ledgerSetup, livingNeed, type LivingCash } from './retirement.ts';
import { calendarOf, LivingLedger, type LedgerSetup } from './retirement-tax.ts';
import { interestAt } from './rates.ts';
import type { AnnualPercent } from './rates.ts';
import type { ReturnPath } from './returns.ts';
import { annualised, extraInterest } from './returns.ts';
import { projectionTimeline } from './timeline.ts';
import type { Projection, ProjectionInput } from './types.ts';

/**
 * Monte Carlo's defaults and bounds (the `return_volatility` and `stock_share` assumptions,
 * docs/api.md#plan-assumptions).
 */
export const DEFAULT_VOLATILITY = 15;
export const DEFAULT_STOCK_SHARE = 60;
export const DEFAULT_PATHS = 1000;
export const MAX_PATHS = 10_000;

/** Everything a path needs, computed once per plan. */
export interface RiskPlan {
  readonly planStart: MonthKey;
  readonly projection: Projection;
  /** null: no living phase (no retirement plan or no accounts) — nothing to simulate. */
  readonly scenario: RetirementScenario | null;
  /** Month index (0 = month 1) of the first month a path moves: the month after today. */
  readonly from: number;
  /** Months in the retirement table. */
  readonly span: number;
  /** Month index of the retirement month (the first living month). */
  readonly livingFrom: number;
  /** The month indices a path's savings are kept for (see the file's doc comment). */
  readonly samples: readonly number[];
  /** Timeline cash at each sampled month, in cents. */
  readonly cash: readonly Cents[];
  /** The plan's inflation assumption, % a year (0 without assumptions). */
  readonly inflation: number;
  /** What replayPath reads from the deterministic retirement table. */
  readonly replay: ReplayTable | null;
}

/** The parts of the retirement table no return moves. */
interface ReplayTable {
  readonly accounts: readonly {
    readonly startingBalance: Cents;
    readonly rate: AnnualPercent;
    readonly fixedInterest: (balance: Cents) => Cents;
    /** Contributions per month index before retirement. */
    readonly contributions: readonly Cents[];
    /** The balance actual per month index (null: none), as the retirement table applied it. */
    readonly actuals: readonly (Cents | null)[];
  }[];
  /** How living months are taxed (retirement-tax.ts): the table's own rules. */
  readonly setup: LedgerSetup;
  /** Per account: the taxable basis at retirement (starting balance + contributions). */
  readonly basis: readonly Cents[];
  /** Month index of the 31 December before the first living month; < 0: before the plan (starting balances). */
  readonly decemberIndex: number;
  /** Per month index: its calendar year and month (1–12). */
  readonly years: Uint16Array;
  readonly calendarMonths: Uint8Array;
  readonly planRate: AnnualPercent;
  readonly planInterest: (balance: Cents) => Cents;
  /**
   * Per living month: the need before any tax paid in it (the total row's `need` less its bracket
   * `taxes`; livingNeed of its columns without assumptions).
   */
  readonly needs: readonly Cents[];
  /** Per living month: Social Security received (the year's tax reads it). */
  readonly socialSecurity: readonly Cents[];
  /** Cash at the first living month (never below 0), with plan assumptions; null: cash is not in retirement. */
  readonly cash: LivingCash | null;
}

/** One path's outcome. */
export interface PathOutcome {
  /** Nominal savings at each of the plan's samples, in cents. */
  readonly savings: Float64Array;
  /** Month index of the first living month with a shortfall; −1 when the money lasted. */
  readonly runsOut: number;
}

/** The plan as the risk figures see it. Example: plan start 2026-01, today 2026-11 → from = 11. */
export function riskPlan(input: ProjectionInput): RiskPlan {
  const { projection, retirement } = planScenario(input);
  const total = projection.retirementTotal;
  const span = total.length;
  const from = Math.max(0, monthsBetween(input.planStart, input.today) + 1);
  const livingFrom = retirement?.options.preMonths ?? span;
  const samples: number[] = [];
  if (retirement !== null && from < span) {
    for (let index = from; index < span; index += 1) {
      if (index === from || index === span - 1 || monthOf(total[index]!.month) === 12) samples.push(index);
    }
  }
  const points = projectionTimeline(input, projection).points;
  let replay: ReplayTable | null = null;
  if (retirement !== null) {
    const { plan, preMonths } = retirement.options;
    const setup = ledgerSetup(retirement.accounts, retirement.options);
    replay = {
      accounts: retirement.accounts.map((account, i) => {
        const rows = projection.retirement[i]?.months ?? [];
        return {
          startingBalance: account.startingBalance,
          rate: account.expectedReturnRate,
          fixedInterest: interestAt(account.expectedReturnRate),
          contributions: rows.slice(0, preMonths).map((row) => row.contributions),
          actuals: rows.map((row) => row.inputBalance),
        };
      }),
      setup,
      basis: retirement.accounts.map((account, i) => cents(account.startingBalance + (projection.retirement[i]?.months[preMonths - 1]?.totalContributions ?? 0))),
      decemberIndex: preMonths - monthOf(total[preMonths]?.month ?? input.planStart),
      years: Uint16Array.from(total, (row) => calendarOf(row.month).year),
      calendarMonths: Uint8Array.from(total, (row) => calendarOf(row.month).calendarMonth),
      planRate: plan.interestRate,
      planInterest: interestAt(plan.interestRate),
      needs: total.slice(preMonths).map((row) => (row.need === undefined ? livingNeed(row) : cents(row.need - (setup.brackets === null ? 0 : (row.taxes ?? 0))))),
      socialSecurity: total.slice(preMonths).map((row) => row.socialSecurityIncome),
      cash: livingCash(retirement),
    };
  }
  return {
    planStart: input.planStart,
    projection,
    scenario: retirement,
    from,
    span,
    livingFrom,
    samples,
    cash: samples.map((index) => points[index]?.cash ?? points.at(-1)?.cash ?? (0 as Cents)),
    inflation: input.assumptions?.inflationRate ?? 0,
    replay,
  };
}

/** Cash as the first living month opens on it (an overdraft is repaid through the need: cash restarts at 0). */
function livingCash(scenario: RetirementScenario): LivingCash | null {
  const cash = scenario.options.living?.cash ?? null;
  if (cash === null) return null;
  return { balance: cents(Math.max(0, cash.opening)), interestRate: cash.interestRate, spendFirst: cash.spendFirst };
}

/**
 * The plan's retirement balances under one market path, reduced to its outcome. Per month index:
 * before retirement, each account's closing = min(MAX_BALANCE, opening + interest + contributions),
 * interest = fixed + extraInterest; while living, each account's available = opening + interest
 * held to [0, MAX_BALANCE] and the need is paid by payLivingNeed (cash, then the accounts in
 * passes, grossed up for tax; retirement.ts), and what nothing covers is the month's shortfall.
 * An actual balance replaces a closing balance in both phases.
 */
export function replayPath(plan: RiskPlan, path: ReturnPath | null): PathOutcome {
  const savings = new Float64Array(plan.samples.length);
  const table = plan.replay;
  if (table === null) return { savings, runsOut: -1 };
  const n = table.accounts.length;
  const balances: Cents[] = table.accounts.map((a) => a.startingBalance);
  const available: Cents[] = new Array<Cents>(n).fill(ZERO);
  let runsOut = -1;
  let sample = 0;
  // One mutable copy a path: a spread a living month was a third of a million objects a run.
  const cash: { balance: Cents; interestRate: AnnualPercent; spendFirst: boolean } | null = table.cash === null ? null : { ...table.cash };
  let december: readonly Cents[] = balances.slice();
  let ledger: LivingLedger | null = null;
  for (let index = 0; index < plan.span; index += 1) {
    if (index < plan.livingFrom) {
      for (let a = 0; a < n; a += 1) {
        const account = table.accounts[a]!;
        const opening = balances[a]!;
        const interest = account.fixedInterest(opening) + extraInterest(path, index, account.rate, opening);
        balances[a] = account.actuals[index] ?? cents(Math.min(MAX_BALANCE, opening + interest + (account.contributions[index] ?? 0)));
      }
      if (index === table.decemberIndex) december = balances.slice();
    } else {
      ledger ??= new LivingLedger(table.setup, table.basis, december);
      const step = index - plan.livingFrom;
      const need = table.needs[step] ?? ZERO;
      for (let a = 0; a < n; a += 1) {
        const opening = balances[a]!;
        const earned = table.planInterest(opening) + extraInterest(path, index, table.planRate, opening);
        available[a] = cents(Math.max(0, Math.min(MAX_BALANCE, opening + earned)));
      }
      const calendarMonth = table.calendarMonths[index]!;
      const paid = ledger.month({ index, year: table.years[index]!, calendarMonth, last: index === plan.span - 1, need, socialSecurity: table.socialSecurity[step] ?? ZERO, available }, cash);
      const conversion = paid.conversion;
      for (let a = 0; a < n; a += 1) balances[a] = table.accounts[a]!.actuals[index] ?? cents(available[a]! + (conversion === null ? 0 : conversion[a]!) - paid.gross[a]!);
      ledger.closeMonth(calendarMonth, balances);
      if (cash !== null) cash.balance = paid.cashBalance;
      if (paid.shortfall > 0 && runsOut < 0) runsOut = index;
    }
    if (plan.samples[sample] === index) {
      let held = 0;
      for (let a = 0; a < n; a += 1) held += balances[a]!;
      // Living cash moves with the path when it pays what the accounts cannot.
      savings[sample] = held + (cash !== null && index >= plan.livingFrom ? cash.balance : (plan.cash[sample] ?? 0));
      sample += 1;
    }
  }
  return { savings, runsOut };
}

/**
 * A Monte Carlo path: one market draw a month shared by every account (they sit in the same
 * market), each account keeping its own mean. With σ = volatility / 100 / √12 a month and the
 * cell's fixed monthly rate m = p / 1200 (the account's expected return, or the plan's rate while
 * living), the month's gross return is log-normal with mean 1 + m:
 *   g = exp(σ z − σ² / 2),   return = (1 + m) g − 1,   excess = return − m = (1 + m)(g − 1)
 * so at volatility 0 the excess is exactly 0 and the path is the deterministic plan.
 * Example: m = 0.005, σ = 0.15/√12 ≈ 0.0433, z = 1 → g ≈ 1.04331, return ≈ 4.85 %.
 */
export function monteCarloPath(plan: RiskPlan, seed: number, path: number, volatility: number): ReturnPath {
  const sigma = volatility / 100 / Math.sqrt(12);
  const draw = normals(seed, path);
  const growth = new Float64Array(Math.max(0, plan.span - plan.from));
  for (let i = 0; i < growth.length; i += 1) growth[i] = Math.exp(sigma * draw() - (sigma * sigma) / 2) - 1;
  return { from: plan.from, excess: (index, annualPercent) => (1 + annualPercent / 1200) * (growth[index - plan.from] ?? 0) };
}

/** Paths `first` … `first + count − 1` of a seeded run (path p uses stream p of the seed, random.ts). */
export function monteCarloOutcomes(plan: RiskPlan, options: { readonly seed: number; readonly volatility: number; readonly first: number; readonly count: number }): PathOutcome[] {
  const outcomes: PathOutcome[] = [];
  for (let p = options.first; p < options.first + options.count; p += 1) outcomes.push(replayPath(plan, monteCarloPath(plan, options.seed, p, options.volatility)));
  return outcomes;
}

/**
 * The monthly return of a history path in the plan's money: the real market return of the
 * history month, plus the plan's own inflation in the same yearly steps as the tables grow prices
 * (docs/projection-rules.md#history-replay-in-real-terms). The tables raise a grown amount once a
 * plan year, by F_inflation(n) = (1 + i/100)^floor((n − 1) / 12); the replay's price level is that
 * same F, so a month n that opens a plan year (13, 25, …) earns the year's inflation on top of the
 * real return and every other month earns the real return alone:
 *   step(n)  = F_inflation(n) / F_inflation(n − 1)  = 1 + i/100 when n > 1 and (n − 1) mod 12 = 0, else 1
 *   nominal  = (1 + real) × step(n) − 1,   excess = nominal − p / 1200
 * So a balance in today's dollars (÷ F_inflation(n)) grows by the real returns alone, and spending
 * that follows inflation is the same in today's dollars every month: a plan whose amounts all grow
 * with inflation has the same outcome whatever the inflation assumption (with none, the plan is in
 * today's dollars and so are the returns).
 * Example at 3 %: real 0.5 % in month 12 → 0.5 %; in month 13 → 1.005 × 1.03 − 1 = 3.515 %.
 */
export function historyPath(plan: RiskPlan, realReturns: ArrayLike<number>, start: number): ReturnPath {
  const yearly = 1 + plan.inflation / 100;
  return {
    from: plan.from,
    excess: (index, annualPercent) => {
      // Month n = index + 1 opens a plan year when index is a positive multiple of 12.
      const step = index > 0 && index % 12 === 0 ? yearly : 1;
      return (1 + (realReturns[start + index - plan.from] ?? 0)) * step - 1 - annualPercent / 1200;
    },
  };
}

/** How many start months of a return series hold the plan's whole path: n − (span − from) + 1, never below 0. */
export function historyStartCount(plan: RiskPlan, seriesLength: number): number {
  if (plan.scenario === null) return 0;
  return Math.max(0, seriesLength - (plan.span - plan.from) + 1);
}

/** The outcomes of start months `first` … `first + count − 1` of a real return series. */
export function historyOutcomes(plan: RiskPlan, realReturns: ArrayLike<number>, first: number, count: number): PathOutcome[] {
  const outcomes: PathOutcome[] = [];
  for (let start = first; start < first + count; start += 1) outcomes.push(replayPath(plan, historyPath(plan, realReturns, start)));
  return outcomes;
}

/** One point of a fan chart, in today's dollars (cents). */
export interface FanPoint {
  readonly month: MonthKey;
  readonly p10: Cents;
  readonly p50: Cents;
  readonly p90: Cents;
}

/**
 * The p-th percentile of values by nearest rank: the ⌈p/100 × n⌉-th smallest (1-based).
 * Example: p10 of 1 000 values is the 100th smallest; p50 the 500th; p90 the 900th.
 */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? 0;
}

/**
 * The 10th, 50th and 90th percentile of savings at each sample across outcomes, each converted to
 * today's dollars (the same deflator applies to every path of a month, so percentiles commute
 * with it).
 */
export function fanChart(plan: RiskPlan, outcomes: readonly PathOutcome[]): FanPoint[] {
  const column = new Float64Array(outcomes.length);
  return plan.samples.map((index, i) => {
    outcomes.forEach((o, k) => {
      column[k] = o.savings[i] ?? 0;
    });
    column.sort();
    const today = (value: number): Cents => todaysDollars(cents(Math.round(value)), plan.inflation, index + 1);
    return { month: addMonths(plan.planStart, index), p10: today(nearestRank(column, 10)), p50: today(nearestRank(column, 50)), p90: today(nearestRank(column, 90)) };
  });
}

/** A share of paths in basis points (1/100 of a per cent), rounded half up: 9 536 = 95.36 %. */
export function shareBasisPoints(count: number, of: number): number {
  return of === 0 ? 0 : Math.floor((count * 10_000) / of + 0.5);
}

/**
 * A yearly rate as a fraction (0.0364 = 3.64 %) in basis points, rounded half away from zero:
 *   basisPoints = sign(rate) × round(|rate| × 10 000)
 * Example: 0.036408 → 364; −0.00125 → −13.
 */
export function rateBasisPoints(rate: number): number {
  return Math.sign(rate) * Math.floor(Math.abs(rate) * 10_000 + 0.5) || 0;
}

/**
 * A yearly return after inflation, in basis points (rateBasisPoints of):
 *   real = (1 + nominal / 100) / (1 + inflation / 100) − 1
 * Units: both rates in % a year. The history replay earns the market's real return on top of the
 * plan's inflation, so this is the figure to set beside the market's when the two answers differ.
 * Example: 6.75 % with 3 % inflation → 1.0675 / 1.03 − 1 = 0.0364078 → 364 (3.64 %); 5 % with no
 * inflation → 500.
 */
export function realReturnBasisPoints(nominalPercent: AnnualPercent, inflationPercent: number): number {
  return rateBasisPoints((1 + nominalPercent / 100) / (1 + inflationPercent / 100) - 1);
}

/** Outcomes that never ran short. */
export function lasted(outcomes: readonly PathOutcome[]): number {
  return outcomes.reduce((n, o) => n + (o.runsOut < 0 ? 1 : 0), 0);
}

/** A Monte Carlo run's figures (docs/projection-rules.md#monte-carlo). */
export interface MonteCarloSummary {
  readonly seed: number;
  readonly paths: number;
  /** % a year. */
  readonly volatility: number;
  /** Paths that never ran short. */
  readonly lasted: number;
  /** lasted / paths in basis points (9 536 = 95.36 %). */
  readonly successBasisPoints: number;
  readonly fan: readonly FanPoint[];
  /** The month of the median path's first shortfall among paths that ran short; null when none did. */
  readonly typicalRunsOut: MonthKey | null;
}

/**
 * The figures of a finished run: the share of paths with no shortfall (success), the fan chart, and
 * for the paths that ran short the median month they did (nearest rank).
 * Example: 1 000 paths of which 912 never ran short → successBasisPoints 9 120 (91.2 %).
 */
export function monteCarloSummary(plan: RiskPlan, outcomes: readonly PathOutcome[], run: { readonly seed: number; readonly volatility: number }): MonteCarloSummary {
  const short = outcomes.filter((o) => o.runsOut >= 0).map((o) => o.runsOut).sort((a, b) => a - b);
  const ok = outcomes.length - short.length;
  return {
    seed: run.seed,
    paths: outcomes.length,
    volatility: run.volatility,
    lasted: ok,
    successBasisPoints: shareBasisPoints(ok, outcomes.length),
    fan: fanChart(plan, outcomes),
    typicalRunsOut: short.length === 0 ? null : addMonths(plan.planStart, nearestRank(short, 50)),
  };
}

/** One start month of the history replay. */
export interface HistoryStart {
  /** The history month the plan's first path month is played in. */
  readonly start: MonthKey;
  /** The history month the user's retirement month falls in under this start. */
  readonly retirement: MonthKey;
  /** Savings at the plan's last month, today's dollars (cents). */
  readonly endSavings: Cents;
  /** The plan month of the first shortfall; null when the money lasted. */
  readonly runsOut: MonthKey | null;
}

/** Retirements that started into famous bad markets, marked on the chart when history holds them. */
export const NOTABLE_YEARS: readonly number[] = [1929, 1937, 1966, 1973, 2000, 2008];

/** The history replay's figures (docs/projection-rules.md#history). */
export interface HistorySummary {
  /** % of savings in stocks. */
  readonly stockShare: number;
  readonly starts: readonly HistoryStart[];
  readonly lasted: number;
  /** lasted / starts in basis points. */
  readonly successBasisPoints: number;
  /** The worst start: the earliest shortfall, else the lowest end savings; null without starts. */
  readonly worst: { readonly start: HistoryStart; readonly path: readonly { readonly month: MonthKey; readonly savings: Cents }[] } | null;
  /** Each notable year whose January retirement history can replay in full, with its start. */
  readonly notable: readonly { readonly year: number; readonly start: HistoryStart }[];
  /**
   * What the replayed portfolio earned over all of history, after inflation: rateBasisPoints of
   * annualised(returns), from the month `marketFrom` to `marketTo` (the first and last return).
   */
  readonly market: { readonly realBasisPoints: number; readonly from: MonthKey; readonly to: MonthKey };
}

/**
 * The figures of a full replay: for start s (the history month months[s] plays the plan's first
 * path month), retirement falls in months[s + livingFrom − from]; the share of starts that never
 * ran short; the worst start and its savings path in today's dollars; the notable years; and the
 * real return of `returns` (the monthly real returns replayed, one per month of `months`).
 * Example: 1 470 starts of which 1 441 lasted → successBasisPoints 9 803 (98.03 %).
 */
export function historySummary(plan: RiskPlan, outcomes: readonly PathOutcome[], months: readonly MonthKey[], stockShare: number, returns: ArrayLike<number>): HistorySummary {
  const last = plan.samples.length - 1;
  const lastIndex = plan.samples[last] ?? 0;
  const offset = Math.max(0, plan.livingFrom - plan.from);
  const starts = outcomes.map((o, s): HistoryStart => ({
    start: months[s] ?? addMonths(months[0]!, s),
    retirement: months[s + offset] ?? addMonths(months[0]!, s + offset),
    endSavings: todaysDollars(cents(o.savings[last] ?? 0), plan.inflation, lastIndex + 1),
    runsOut: o.runsOut < 0 ? null : addMonths(plan.planStart, o.runsOut),
  }));
  let worst = -1;
  outcomes.forEach((o, s) => {
    if (worst < 0) {
      worst = s;
      return;
    }
    const w = outcomes[worst]!;
    const earlier = o.runsOut >= 0 && (w.runsOut < 0 || o.runsOut < w.runsOut);
    const poorer = o.runsOut === w.runsOut && (o.savings[last] ?? 0) < (w.savings[last] ?? 0);
    if (earlier || poorer) worst = s;
  });
  const ok = lasted(outcomes);
  return {
    stockShare,
    starts,
    lasted: ok,
    successBasisPoints: shareBasisPoints(ok, outcomes.length),
    worst:
      worst < 0
        ? null
        : {
            start: starts[worst]!,
            path: plan.samples.map((index, i) => ({ month: addMonths(plan.planStart, index), savings: todaysDollars(cents(outcomes[worst]!.savings[i] ?? 0), plan.inflation, index + 1) })),
          },
    notable: NOTABLE_YEARS.flatMap((year) => {
      const start = starts.find((s) => s.retirement === `${year}-01`);
      return start === undefined ? [] : [{ year, start }];
    }),
    market: { realBasisPoints: rateBasisPoints(annualised(returns)), from: months[0]!, to: months[returns.length - 1]! },
  };
}
