/**
 * One net worth (docs/projection-rules.md#one-net-worth): every screen that shows a net worth —
 * the Overview's timeline, Progress Tracking's baselines, the check-in, what-if and the next
 * dollar — takes it from netWorth over the month's holdings that monthlyHoldings reads from a
 * projection, so the same month shows the same figure everywhere.
 */
import { grownAmount } from './assumptions.ts';
import { mortgageActuals, mortgageBalances } from './housing.ts';
import { incomeDisplayEndBalance } from './insights.ts';
import type { Cents } from './money.ts';
import { cents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthsBetween } from './months.ts';
import { planStartDay } from './typed-balances.ts';
import type { ContributionMonth, IncomeMonth, Projection, ProjectionInput, RetirementTotalMonth } from './types.ts';

/** What a household holds and owes at the end of a month, in cents. */
export interface Holdings {
  /** Cash (negative when overdrawn). */
  readonly cash: Cents;
  /** Every retirement and taxable account's balance. */
  readonly savings: Cents;
  /** Everything owed on debts. */
  readonly debts: Cents;
  /** The home's value; absent: no home counted. */
  readonly home?: Cents;
  /** The mortgage balance; absent: none counted. */
  readonly mortgage?: Cents;
}

/**
 * The only net worth:
 *   netWorth = cash + savings + home − mortgage − debts
 * with an absent home or mortgage counting 0. Units: cents.
 * Example: cash −100.00, accounts 1 100.00, home 300 000.00, mortgage 500.00, a card 150.00 →
 * 300 350.00; without the home and mortgage 850.00.
 */
export function netWorth(h: Holdings): Cents {
  return cents(h.cash + h.savings + (h.home ?? ZERO) - (h.mortgage ?? ZERO) - h.debts);
}

/** One month's holdings. */
export interface MonthHoldings extends Holdings {
  readonly month: MonthKey;
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

/** The accounts' total rows of a projection: the retirement table's, or without one the contribution table's. */
export function accountsTable(projection: Projection): readonly (RetirementTotalMonth | ContributionMonth)[] {
  return projection.retirementTotal.length > 0 ? projection.retirementTotal : projection.contributionTotal;
}

/**
 * The holdings of each month from month 1 to the last month of any table, from a projection that
 * `project(input)` made:
 *   cash(m)     the income table's shown end balance (the actual when given, else computed); in a
 *               living month where cash is spent (spend_cash_in_retirement), the retirement total
 *               row's cash_balance
 *   savings(m)  the retirement table's total display balance; without a retirement plan (no
 *               retirement table) the contribution table's
 *   debts(m)    the debt table's total display end balance
 *   home(m)     homeValues: the plan assumptions' home value grown by F_appreciation(n) for month n,
 *               restarted from a check-in's value; null (not counted) while no value is known
 *   mortgage(m) with that home: the mortgage's end-of-month balance (mortgageBalances, not
 *               amortised in a month 1 whose payment was made before the plan start, replaced by
 *               a check-in's balance and amortised from it)
 * A table that has ended carries its last value forward (the income table stops the month before
 * retirement and nothing spends that cash afterwards unless cash is spent in retirement; the debt
 * total ends at 0 at the last payoff); a table with no rows counts 0. The mortgage is counted only
 * with the home it pays for: a loan without its house would understate net worth by the home's
 * whole value.
 * Example: month 1 with cash 500.00, accounts 1 110.00, debts 150.00 and no home →
 * { cash: 50 000, savings: 111 000, debts: 15 000 }.
 */
export function monthlyHoldings(input: ProjectionInput, projection: Projection): MonthHoldings[] {
  const accounts = accountsTable(projection);
  let last: MonthKey | null = null;
  for (const table of [projection.income, projection.debtTotal, accounts]) {
    const month = table.at(-1)?.month ?? null;
    if (month !== null && (last === null || month > last)) last = month;
  }
  const count = last === null ? 0 : monthsBetween(input.planStart, last) + 1;

  const incomeCash = series(projection.income, (i) => incomeDisplayEndBalance(projection.income[i]!));
  const livingCash = new Map<MonthKey, Cents>();
  for (const row of projection.retirementTotal) if (row.cashBalance !== undefined) livingCash.set(row.month, row.cashBalance);
  const debtAt = series(projection.debtTotal, (i) => projection.debtTotal[i]!.displayEndBalance);
  const accountsAt = series(accounts, (i) => accounts[i]!.displayBalance);
  const homes = homeValues(input, count);
  const mortgage = homes.some((home) => home !== null) ? mortgageBalances(input.housing, count, planStartDay(input), mortgageActuals(input)) : null;

  const months: MonthHoldings[] = [];
  for (let index = 0; index < count; index += 1) {
    const month = addMonths(input.planStart, index);
    // Read every month, so the income series' pointer walks in order.
    const fromIncome = incomeCash(month);
    const held = { month, cash: livingCash.get(month) ?? fromIncome, savings: accountsAt(month), debts: debtAt(month) };
    const home = homes[index] ?? null;
    months.push(home === null || mortgage === null ? held : { ...held, home, mortgage: mortgage[index] ?? ZERO });
  }
  return months;
}

/**
 * The home's value at each month index 0…count − 1 (month n = index + 1), or null while no value is
 * known (docs/projection-rules.md#the-home-in-a-check-in). With a = home_appreciation_rate (0
 * without plan assumptions) and y(n) = floor((n − 1) / 12), the plan year of month n:
 *   after a check-in value V_k for month k ≤ n (the latest one through today):
 *               home(n) = roundHalfUp(V_k × (1 + a/100)^(y(n) − y(k)))
 *   else with plan assumptions' home_value H:
 *               home(n) = roundHalfUp(H × (1 + a/100)^y(n))
 *   else        null: the home is not counted (nor its mortgage)
 * A check-in value restarts the growth from what the home is worth then, in the same plan-year
 * steps as every grown amount; before the first value known the home is not counted.
 * Example: H 300 000.00, a 3 %, a check-in of 320 000.00 in month 6 → months 1–5: 300 000.00,
 * months 6–12: 320 000.00, month 13: 329 600.00; without H, months 1–5 count no home.
 */
export function homeValues(input: Pick<ProjectionInput, 'actuals' | 'assumptions' | 'planStart' | 'today'>, count: number): (Cents | null)[] {
  const base = input.assumptions?.homeValue ?? null;
  const appreciation = input.assumptions?.homeAppreciationRate ?? 0;
  const given = new Map<number, Cents>();
  for (const actual of input.actuals.home ?? []) {
    if (actual.month < input.planStart || actual.month > input.today) continue;
    given.set(monthsBetween(input.planStart, actual.month), actual.value);
  }
  const values: (Cents | null)[] = [];
  let anchor: { index: number; value: Cents } | null = null;
  for (let index = 0; index < count; index += 1) {
    const value = given.get(index);
    if (value !== undefined) anchor = { index, value };
    if (anchor !== null) {
      // grownAmount's exponent is floor((n′ − 1) / 12); n′ = 12 × (y(n) − y(k)) + 1 gives y(n) − y(k).
      const years = Math.floor(index / 12) - Math.floor(anchor.index / 12);
      values.push(grownAmount(anchor.value, appreciation, 12 * years + 1));
    } else values.push(base === null ? null : grownAmount(base, appreciation, index + 1));
  }
  return values;
}

/**
 * The income rows with the mortgage balance and home value the user gave for their month
 * (`inputMortgageBalance`, `inputHomeValue`), so the tables carry every actual a check-in wrote.
 * Rows without one are returned as they are.
 */
export function withHomeActuals(rows: IncomeMonth[], input: Pick<ProjectionInput, 'actuals'>): IncomeMonth[] {
  const mortgage = new Map((input.actuals.mortgage ?? []).map((a) => [a.month, a.balance]));
  const home = new Map((input.actuals.home ?? []).map((a) => [a.month, a.value]));
  if (mortgage.size === 0 && home.size === 0) return rows;
  return rows.map((row) => {
    const m = mortgage.get(row.month);
    const h = home.get(row.month);
    return m === undefined && h === undefined ? row : { ...row, ...(m === undefined ? {} : { inputMortgageBalance: m }), ...(h === undefined ? {} : { inputHomeValue: h }) };
  });
}

/**
 * The home and its mortgage at the end of `month`, as a check-in shows them before the user
 * corrects them: home is homeValues' value (null while no value is known); mortgage is the
 * mortgage's end balance (mortgageBalances with the check-ins' balances; null when the housing is
 * not a mortgage). Units: cents. A month before the plan start has neither.
 * Example: a Mortgage of 200 000.00 at 0 % paying 1 000.00 a month, plan start 2026-01, no home
 * value → for 2026-03: { home: null, mortgage: 197 000.00 }.
 */
export function homeAt(input: ProjectionInput, month: MonthKey): { home: Cents | null; mortgage: Cents | null } {
  const index = monthsBetween(input.planStart, month);
  if (index < 0) return { home: null, mortgage: null };
  const home = homeValues(input, index + 1)[index] ?? null;
  if (input.housing?.housingType !== 'Mortgage') return { home, mortgage: null };
  return { home, mortgage: mortgageBalances(input.housing, index + 1, planStartDay(input), mortgageActuals(input))[index] ?? ZERO };
}
