/**
 * The retirement table (DESIGN §4 "Retirement months"): per account, the contribution rows, then
 * retirement living from the retirement month for years_of_retirement × 12 months; and the total.
 *
 * Each living month:
 *   need        = max(0, housing + debt payments + Σ monthly expenses + one-time expenses − Social Security)
 *   interest_i  = round(opening_i × plan interest_rate / 100 / 12)
 *   available_i = opening_i + interest_i
 *   withdrawal  = min(need, Σ available_i), shared in proportion to available_i (splitWithdrawal)
 *   closing_i   = available_i − withdrawal_i          (never below 0)
 *   shortfall   = need − withdrawal                   (on the total row)
 * A `balance` actual replaces that account's closing balance of its month; the next month opens on it.
 * available_i is held at MAX_BALANCE.
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { projectContributions } from './contributions.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, minCents, mulDivFloor, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthSeries } from './months.ts';
import { interestAt } from './rates.ts';
import type {
  ContributionActual,
  ContributionMonth,
  EntityMonths,
  RetirementAccountInput,
  RetirementActual,
  RetirementMonth,
  RetirementPlanInput,
  RetirementTotalMonth,
} from './types.ts';

/** The household's outflows and Social Security in one month. */
export interface LivingCosts {
  readonly housing: Cents;
  readonly debts: Cents;
  readonly monthlyExpenses: Cents;
  readonly otherExpenses: Cents;
  readonly socialSecurityIncome: Cents;
}

/**
 * What the accounts must pay in a living month, never below 0:
 *   need = max(0, housing + debts + monthly expenses + other expenses − Social Security)
 * Example: housing 1 500.00, expenses 1 000.00, Social Security 2 000.00 → 50 000¢; with
 * Social Security 3 000.00 → 0.
 */
export function livingNeed(costs: LivingCosts): Cents {
  const outflows = costs.housing + costs.debts + costs.monthlyExpenses + costs.otherExpenses;
  return maxCents(ZERO, cents(outflows - costs.socialSecurityIncome));
}

/**
 * Social Security received in `month`: social_security_income from the month of
 * social_security_start_date on, else 0. It only enters living months: a start date before the
 * retirement month means it is received from the first living month.
 * Example: start 2040-06-01, income 2 000.00 → 2040-05: 0, 2040-06: 200 000¢.
 */
export function socialSecurityIn(plan: RetirementPlanInput, month: MonthKey): Cents {
  return month >= monthOfDate(plan.socialSecurityStartDate) ? plan.socialSecurityIncome : ZERO;
}

/**
 * Shares a withdrawal between accounts in proportion to what each holds:
 *   share_i = floor(amount × available_i / Σ available)
 * then the leftover cents (amount − Σ share_i, fewer than the number of accounts holding money)
 * go one each to the largest available balances first (ties: earlier account first). The shares
 * sum to `amount` exactly and none exceeds its account. `amount` must not exceed Σ available.
 * Example: 100.00 from [200.00, 100.00] → [66.67, 33.33]: floor gives 6 666 and 3 333, and the
 * leftover cent goes to the larger account.
 */
export function splitWithdrawal(amount: Cents, available: readonly Cents[]): Cents[] {
  const total = sumCents(available);
  if (amount > total) throw new RangeError(`Cannot withdraw ${amount} from ${total}`);
  if (amount <= 0 || total <= 0) return available.map(() => ZERO);
  const shares = available.map((a) => (a > 0 ? mulDivFloor(amount, a, total) : ZERO));
  let leftover = amount - sumCents(shares);
  if (leftover <= 0) return shares;
  const order = available
    .map((a, index) => ({ a, index }))
    .sort((x, y) => y.a - x.a || x.index - y.index)
    .map((entry) => entry.index);
  for (const index of order) {
    if (leftover <= 0) break;
    shares[index] = cents((shares[index] ?? 0) + 1);
    leftover -= 1;
  }
  return shares;
}

export interface RetirementOptions {
  readonly planStart: MonthKey;
  readonly plan: RetirementPlanInput;
  /** The month of retirement_date. */
  readonly retirementMonth: MonthKey;
  /** Contribution rows before the living phase (see projectionHorizon). */
  readonly preMonths: number;
  /** Living rows after them. */
  readonly livingMonths: number;
  /** Per month index from month 1: the housing line, total debt payments, one-time expenses. */
  readonly housing: readonly Cents[];
  readonly debts: readonly Cents[];
  readonly otherExpenses: readonly Cents[];
  /** Σ monthly expenses. */
  readonly monthlyExpenses: Cents;
  readonly contributionActuals: readonly ContributionActual[];
  readonly retirementActuals: readonly RetirementActual[];
}

export interface RetirementProjection {
  readonly accounts: readonly EntityMonths<RetirementMonth>[];
  /** The accounts summed per month with the shortfall; empty when there are no accounts. */
  readonly total: readonly RetirementTotalMonth[];
}

interface AccountState {
  readonly account: RetirementAccountInput;
  readonly rows: RetirementMonth[];
  /** This account's `balance` actuals by month. */
  readonly actuals: ReadonlyMap<MonthKey, Cents>;
  balance: Cents;
  totalContributions: Cents;
}

/**
 * The retirement table. The contribution phase is the contributions table's computation with
 * both kinds of actuals: a retirement `balance` actual of a month before retirement wins over a
 * contribution actual of the same month (it was typed in this table), and re-anchors the later
 * months of this table only. In those rows the household columns and withdrawals are 0, and
 * inputBalance is whichever actual replaced the balance, so displayBalance = inputBalance ?? balance.
 * In living rows each account's row repeats the month's household columns (Social Security,
 * housing, debts, expenses) so an account's view reads alone; its withdrawals, interest and
 * balances are its own.
 */
export function projectRetirement(accounts: readonly RetirementAccountInput[], options: RetirementOptions): RetirementProjection {
  const contributionPhase = projectContributions(accounts, {
    planStart: options.planStart,
    months: options.preMonths,
    retirementMonth: options.retirementMonth,
    actuals: [
      ...options.contributionActuals,
      ...options.retirementActuals.map((a) => ({ accountId: a.accountId, month: a.month, endBalance: a.balance })),
    ],
  });
  const actuals = indexActuals(options.retirementActuals, (a) => a.accountId, (a) => a.month, (a) => a.balance);
  const states: AccountState[] = accounts.map((account, index) => {
    const rows = (contributionPhase.accounts[index]?.months ?? []).map(toRetirementRow);
    const last = rows.at(-1);
    return {
      account,
      rows,
      actuals: actualsOf(actuals, account.id),
      balance: last?.displayBalance ?? account.startingBalance,
      totalContributions: last?.totalContributions ?? ZERO,
    };
  });
  const shortfalls: Cents[] = [];
  // The plan's dates and rate are only read when there are living months.
  if (options.livingMonths > 0) {
    const months = monthSeries(options.planStart, options.preMonths + options.livingMonths);
    const socialSecurityStart = monthOfDate(options.plan.socialSecurityStartDate);
    const interestOn = interestAt(options.plan.interestRate);
    for (let living = 0; living < options.livingMonths; living += 1) {
      const index = options.preMonths + living;
      const month = months[index] ?? addMonths(options.planStart, index);
      shortfalls.push(livingMonth(states, options, index, month, socialSecurityStart, interestOn));
    }
  }
  return {
    accounts: states.map((s) => ({ id: s.account.id, name: s.account.name, months: s.rows })),
    total: totalRows(states, options.preMonths, shortfalls),
  };
}

function toRetirementRow(row: ContributionMonth): RetirementMonth {
  return {
    month: row.month,
    balance: row.balance,
    displayBalance: row.displayBalance,
    inputBalance: row.inputEndBalance,
    contributions: row.contributions,
    totalContributions: row.totalContributions,
    withdrawals: ZERO,
    interestEarned: row.interestEarned,
    socialSecurityIncome: ZERO,
    housing: ZERO,
    debts: ZERO,
    monthlyExpenses: ZERO,
    otherExpenses: ZERO,
  };
}

/**
 * One living month of every account; answers the month's shortfall. `socialSecurityStart` is
 * the month of social_security_start_date (socialSecurityIn, parsed once); `interestOn` is the
 * monthly interest at the plan's rate.
 */
function livingMonth(
  states: readonly AccountState[],
  options: RetirementOptions,
  index: number,
  month: MonthKey,
  socialSecurityStart: MonthKey,
  interestOn: (balance: Cents) => Cents,
): Cents {
  const housing = options.housing[index] ?? ZERO;
  const debts = options.debts[index] ?? ZERO;
  const { monthlyExpenses } = options;
  const otherExpenses = options.otherExpenses[index] ?? ZERO;
  const socialSecurityIncome = month >= socialSecurityStart ? options.plan.socialSecurityIncome : ZERO;
  const need = livingNeed({ housing, debts, monthlyExpenses, otherExpenses, socialSecurityIncome });
  const interest: Cents[] = [];
  const available: Cents[] = [];
  let total = 0;
  for (const state of states) {
    const earned = interestOn(state.balance);
    const held = cents(Math.max(0, Math.min(MAX_BALANCE, state.balance + earned)));
    interest.push(earned);
    available.push(held);
    total += held;
  }
  const withdrawal = minCents(need, cents(total));
  const shares = splitWithdrawal(withdrawal, available);
  states.forEach((state, i) => {
    const balance = cents((available[i] ?? 0) - (shares[i] ?? 0));
    const input = actualIn(state.actuals, month);
    state.rows.push({
      month,
      balance,
      displayBalance: input ?? balance,
      inputBalance: input,
      contributions: ZERO,
      totalContributions: state.totalContributions,
      withdrawals: shares[i] ?? ZERO,
      interestEarned: interest[i] ?? ZERO,
      housing,
      debts,
      monthlyExpenses,
      otherExpenses,
      socialSecurityIncome,
    });
    state.balance = input ?? balance;
  });
  return cents(need - withdrawal);
}

/**
 * Sums the accounts' rows month by month. Household columns are the month's own figures (the
 * same in every account's row), not multiplied by the number of accounts; shortfall is 0 before
 * retirement.
 */
function totalRows(states: readonly AccountState[], preMonths: number, shortfalls: readonly Cents[]): RetirementTotalMonth[] {
  const first = states[0];
  if (first === undefined) return [];
  return first.rows.map((row, index) => {
    let balance = 0;
    let display = 0;
    let contributions = 0;
    let totalContributions = 0;
    let withdrawals = 0;
    let interest = 0;
    for (const state of states) {
      const r = state.rows[index];
      if (r === undefined) continue;
      balance += r.balance;
      display += r.displayBalance;
      contributions += r.contributions;
      totalContributions += r.totalContributions;
      withdrawals += r.withdrawals;
      interest += r.interestEarned;
    }
    return {
      month: row.month,
      balance: cents(balance),
      displayBalance: cents(display),
      inputBalance: null,
      contributions: cents(contributions),
      totalContributions: cents(totalContributions),
      withdrawals: cents(withdrawals),
      interestEarned: cents(interest),
      socialSecurityIncome: row.socialSecurityIncome,
      housing: row.housing,
      debts: row.debts,
      monthlyExpenses: row.monthlyExpenses,
      otherExpenses: row.otherExpenses,
      shortfall: index < preMonths ? ZERO : (shortfalls[index - preMonths] ?? ZERO),
    };
  });
}
