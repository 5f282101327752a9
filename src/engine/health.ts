/**
 * Financial Health: four figures about where the household stands this month, each with one
 * plain-English line saying why. Everything is read from a projection that `project` made; the
 * month figures come from the rows of `today` (the current month, a parameter: the engine has no
 * clock). A figure that cannot be worked out has null values and a `why` that says what is missing.
 *
 * Rounding: a ratio is a division, so it is rounded half-up once, exactly on integers
 * (divRoundHalfUpBig, money.ts), like every other division in the engine.
 */
import { debtFreeMonth, incomeDisplayEndBalance, moneyRunsOutMonth } from './insights.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUpBig, formatCents, maxCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { ageIn } from './timeline.ts';
import type { IncomeMonth, Projection } from './types.ts';

/** When the debts are gone. */
export interface DebtFreeFigure {
  /** 'no-debts': nothing owed at month 1; 'debt-free': every debt reaches 0 in `month`; 'never': some debt is still owed when its rows stop at a limit. */
  readonly status: 'no-debts' | 'debt-free' | 'never';
  /** The month the last debt reaches 0 (only with 'debt-free'). */
  readonly month: MonthKey | null;
  readonly why: string;
}

/** How many months of this month's outgoings the cash on hand would pay. */
export interface CashCoverFigure {
  /** Months of cover in tenths of a month (33 = 3.3 months); null without an income row for today or without outgoings. */
  readonly tenths: number | null;
  /** Cash at the end of today: the income row's shown end balance. */
  readonly cash: Cents | null;
  /** This month's outgoings: housing + expenses + other + debts. */
  readonly outgoings: Cents | null;
  readonly why: string;
}

/** The share of this month's income that is saved. */
export interface SavingsRateFigure {
  /** savings ÷ income in basis points (1234 = 12.34 %); null without an income row for today or without net income. */
  readonly basisPoints: number | null;
  /** contributions + leftover. */
  readonly savings: Cents | null;
  /** Employee + employer contributions into every account this month. */
  readonly contributions: Cents | null;
  /** The cash the month leaves over, never below 0. */
  readonly leftover: Cents | null;
  /** The income row's net income (the net pay entered). */
  readonly netIncome: Cents | null;
  /** The denominator: net income + the contributions that never passed through it. */
  readonly income: Cents | null;
  readonly why: string;
}

/** Whether the savings last through retirement. */
export interface MoneyLastsFigure {
  /** true: no living month has a shortfall; false: some month does; null: there is no retirement table. */
  readonly lasts: boolean | null;
  /** The first month with a shortfall (moneyRunsOutMonth), or null. */
  readonly runsOut: MonthKey | null;
  /** The age in the run-out month, or in `through` when the money lasts; null without a birth year. */
  readonly age: number | null;
  /** The last month of the retirement table, or null without one. */
  readonly through: MonthKey | null;
  readonly why: string;
}

export interface FinancialHealth {
  readonly today: MonthKey;
  readonly debtFree: DebtFreeFigure;
  readonly cashCover: CashCoverFigure;
  readonly savingsRate: SavingsRateFigure;
  readonly moneyLasts: MoneyLastsFigure;
}

/**
 * The four Financial Health figures of `projection` in the month `today`; `birthYear` gives ages
 * (null: no ages). See debtFreeFigure, cashCover, savingsRate and moneyLasts for each rule.
 * Every figure comes from the projection alone: the retirement month is where the income and
 * contribution tables stop, so no other input is needed.
 */
export function financialHealth(projection: Projection, today: MonthKey, birthYear: number | null): FinancialHealth {
  const debtFree = debtFreeFigure(projection, today);
  const lasts = moneyLasts(projection, birthYear);
  const row = projection.income.find((r) => r.month === today);
  if (row === undefined) {
    const why = missingIncomeRow(projection.income, today);
    return {
      today,
      debtFree,
      cashCover: { tenths: null, cash: null, outgoings: null, why },
      savingsRate: { basisPoints: null, savings: null, contributions: null, leftover: null, netIncome: null, income: null, why },
      moneyLasts: lasts,
    };
  }
  const contributions = projection.contributionTotal.find((r) => r.month === today)?.contributions ?? ZERO;
  return { today, debtFree, cashCover: cashCover(row), savingsRate: savingsRate(row, contributions), moneyLasts: lasts };
}

/**
 * When every debt is gone (insights' debtFreeMonth): the latest payoff month over the debts.
 *   no debt owed at month 1   → 'no-debts'   "You have no debts."
 *   a debt stopped at a limit → 'never'      (its payment never catches its interest, or 100 years are not enough)
 *   otherwise                 → 'debt-free' in the latest payoff month
 * The line is in the past tense when that month is before `today`.
 * Example: payoffs 2027-03 and 2029-09, today 2026-11 → 'All debts paid off in 2029-09 under your plan.'
 */
export function debtFreeFigure(projection: Pick<Projection, 'debts'>, today: MonthKey): DebtFreeFigure {
  const free = debtFreeMonth(projection);
  if (free.never) {
    return { status: 'never', month: null, why: 'At least one debt is never paid off under your plan: it is still owed when the projection stops.' };
  }
  if (free.month === null) return { status: 'no-debts', month: null, why: 'You have no debts.' };
  const why = free.month < today ? `All debts were paid off in ${free.month}.` : `All debts paid off in ${free.month} under your plan.`;
  return { status: 'debt-free', month: free.month, why };
}

/**
 * Months of outgoings the cash on hand covers, in tenths of a month:
 *   cash      = the row's shown end balance (the actual when given, else computed; Cents)
 *   outgoings = housing + expenses + other + debts of the row (Cents; retirement contributions
 *               are savings, which a household short of money could stop, so they are left out)
 *   tenths    = roundHalfUp(cash × 10 / outgoings)   when cash > 0
 *             = 0                                    when cash ≤ 0
 *             = null                                 when outgoings ≤ 0 (nothing to cover)
 * Example: cash 10 000.00, outgoings 3 000.00 → 1 000 000 × 10 / 300 000 = 33.33 → 33 (3.3 months);
 * cash 10 050.00 → 33.5 → 34.
 */
export function cashCover(row: IncomeMonth): CashCoverFigure {
  const cash = incomeDisplayEndBalance(row);
  const outgoings = cents(row.housing + row.expenses + row.other + row.debts);
  if (outgoings <= 0) {
    return { tenths: null, cash, outgoings, why: `Nothing goes out in ${row.month}, so there are no outgoings for cash to cover.` };
  }
  if (cash <= 0) {
    return { tenths: 0, cash, outgoings, why: `You have no cash at the end of ${row.month} (${formatCents(cash)}), so it covers none of the month's outgoings of ${formatCents(outgoings)}.` };
  }
  const tenths = Number(divRoundHalfUpBig(BigInt(cash) * 10n, BigInt(outgoings)));
  return {
    tenths,
    cash,
    outgoings,
    why: `Your cash of ${formatCents(cash)} covers ${formatTenths(tenths)} months of this month's outgoings of ${formatCents(outgoings)}.`,
  };
}

/**
 * The savings rate of one month, in basis points. With the income row's columns (IncomeMonth):
 *   contributions = employee + employer contributions into every account this month (the
 *                   contribution total row's `contributions`; 0 from retirement on or with no accounts)
 *   leftover      = max(0, netIncome − retirementContributions − housing − expenses − other − debts
 *                   − saved)
 *                   — the month's change in the computed end balance (income.ts) without cash
 *                   interest, which is a return on savings rather than income saved. The row's
 *                   `retirementContributions` holds only the employee contributions that come out
 *                   of the net pay (not payroll_deducted), so nothing is subtracted twice; `saved`
 *                   (the surplus transfer, docs/projection-rules.md#surplus) is already in
 *                   `contributions`.
 *   savings       = contributions + leftover
 *   income        = netIncome + (contributions − retirementContributions − saved)
 *                   — net pay plus the contributions that reach the accounts without passing
 *                   through it: the employer's, and the employee's payroll_deducted ones.
 *   basisPoints   = roundHalfUp(savings × 10 000 / income);  null when netIncome ≤ 0
 * Counting those contributions in the income too keeps the rate within 0–100 % and the same
 * whether or not a contribution is taken before the net pay the user entered. Without employer
 * or payroll-deducted contributions, income = netIncome.
 * Example: net pay 5 000.00, employee 500.00 from the net pay, employer 250.00, housing 1 500.00,
 * expenses 1 200.00, debts 300.00 → leftover 5 000 − 500 − 1 500 − 1 200 − 300 = 1 500.00,
 * savings 750 + 1 500 = 2 250.00, income 5 000 + 750 − 500 = 5 250.00,
 * 2 250 / 5 250 = 42.857 % → 4 286 bp. The same household with the 500.00 payroll-deducted
 * (net pay 4 500.00, no Retirement column) gives 1 500 + 750 over 4 500 + 750: again 4 286 bp.
 */
export function savingsRate(row: IncomeMonth, contributions: Cents): SavingsRateFigure {
  const saved = row.saved ?? ZERO;
  const leftover = maxCents(ZERO, cents(row.netIncome - row.retirementContributions - row.housing - row.expenses - row.other - row.debts - saved));
  const savings = cents(contributions + leftover);
  const netIncome = row.netIncome;
  const income = cents(netIncome + Math.max(0, contributions - row.retirementContributions - saved));
  if (netIncome <= 0) {
    return { basisPoints: null, savings, contributions, leftover, netIncome, income: null, why: `No net income in ${row.month}, so there is no savings rate.` };
  }
  const basisPoints = Number(divRoundHalfUpBig(BigInt(savings) * 10_000n, BigInt(income)));
  return {
    basisPoints,
    savings,
    contributions,
    leftover,
    netIncome,
    income,
    why: `You save ${formatCents(savings)} of the ${formatCents(income)} coming in this month (${formatBasisPoints(basisPoints)}): ${formatCents(contributions)} into retirement accounts and ${formatCents(leftover)} left in cash.`,
  };
}

/**
 * Whether the savings last through retirement: the money lasts when no total row of the
 * retirement table has a shortfall (insights' moneyRunsOutMonth is null).
 *   through = the last month of the retirement table
 *   age     = ageIn(runsOut, birthYear) when it runs out, else ageIn(through, birthYear)
 *   lasts   = null with no retirement table (no retirement plan, or no accounts): nothing says
 *             whether the money lasts
 * Example: born 1960, table to 2027-06, first shortfall 2027-03 → { lasts: false,
 * runsOut: '2027-03', age: 67, through: '2027-06' }.
 */
export function moneyLasts(projection: Pick<Projection, 'retirementTotal'>, birthYear: number | null): MoneyLastsFigure {
  const through = projection.retirementTotal.at(-1)?.month ?? null;
  if (through === null) {
    return { lasts: null, runsOut: null, age: null, through: null, why: 'There is no retirement table yet: add a retirement plan and an account to see how long your savings last.' };
  }
  const runsOut = moneyRunsOutMonth(projection);
  const age = birthYear === null ? null : ageIn(runsOut ?? through, birthYear);
  if (runsOut === null) {
    const at = age === null ? '' : ` (age ${age})`;
    return { lasts: true, runsOut: null, age, through, why: `Your savings cover every month of retirement through ${through}${at}.` };
  }
  const at = age === null ? '' : `, at age ${age}`;
  return { lasts: false, runsOut, age, through, why: `Your savings run short in ${runsOut}${at}; the plan runs through ${through}.` };
}

/** Why there is no income row for `today`. */
function missingIncomeRow(rows: readonly IncomeMonth[], today: MonthKey): string {
  const first = rows[0]?.month;
  const last = rows.at(-1)?.month;
  if (first === undefined || last === undefined) return `The plan has no income months, so there is nothing to read for ${today}.`;
  return `The plan has no income month for ${today}: the income table runs ${first} to ${last}.`;
}

/** 33 → '3.3'. */
function formatTenths(tenths: number): string {
  return `${Math.trunc(tenths / 10)}.${Math.abs(tenths % 10)}`;
}

/** 4286 → '42.86%'. Basis points here are never negative. */
function formatBasisPoints(basisPoints: number): string {
  return `${Math.trunc(basisPoints / 100)}.${String(Math.abs(basisPoints % 100)).padStart(2, '0')}%`;
}
