/**
 * One net worth (docs/projection-rules.md#one-net-worth): every screen that shows a net worth —
 * the Overview's timeline, Progress Tracking's baselines, the check-in, what-if and the next
 * dollar — takes it from netWorth over the month's holdings that monthlyHoldings reads from a
 * projection, so the same month shows the same figure everywhere.
 */
import { grownAmount } from './assumptions.ts';
import { mortgageBalances } from './housing.ts';
import { incomeDisplayEndBalance } from './insights.ts';
import type { Cents } from './money.ts';
import { cents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthsBetween } from './months.ts';
import { planStartDay } from './typed-balances.ts';
import type { ContributionMonth, Projection, ProjectionInput, RetirementTotalMonth } from './types.ts';

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
 *   home(m)     with plan assumptions and a home value: roundHalfUp(home_value × F_appreciation(n))
 *               for month n
 *   mortgage(m) with that home: the mortgage's end-of-month balance (mortgageBalances, not
 *               amortised in a month 1 whose payment was made before the plan start)
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
  const homeValue = input.assumptions?.homeValue ?? null;
  const appreciation = input.assumptions?.homeAppreciationRate ?? 0;
  const mortgage = homeValue === null ? null : mortgageBalances(input.housing, count, planStartDay(input));

  const months: MonthHoldings[] = [];
  for (let index = 0; index < count; index += 1) {
    const month = addMonths(input.planStart, index);
    // Read every month, so the income series' pointer walks in order.
    const fromIncome = incomeCash(month);
    const held = { month, cash: livingCash.get(month) ?? fromIncome, savings: accountsAt(month), debts: debtAt(month) };
    months.push(homeValue === null || mortgage === null ? held : { ...held, home: grownAmount(homeValue, appreciation, index + 1), mortgage: mortgage[index] ?? ZERO });
  }
  return months;
}
