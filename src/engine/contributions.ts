/**
 * Retirement contributions before retirement (docs/projection-rules.md#contributions).
 *
 * Per account, each month: interest = round(opening × expected_return_rate / 100 / 12),
 * closing = opening + interest + contributions, where contributions are the employee's
 * round(contribution_amount × factor) plus the employer's round(employer_contribution_amount × factor)
 * in months from the month of next_deposit_date through the month before the retirement month.
 * Month 1 opens on starting_balance; an actual end balance replaces the closing balance of its
 * month and the next month opens on it. A computed closing balance is held at MAX_BALANCE.
 * A working month's surplus transfer (docs/projection-rules.md#surplus) is one more employee
 * deposit into the surplus account, counted in its `contributions` and `total_contributions`:
 *   closing = opening + interest + contributions + transfer
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { MAX_BALANCE } from './horizon.ts';
import { monthlyAmount } from './cycles.ts';
import type { Cents } from './money.ts';
import { cents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthSeries } from './months.ts';
import { interestAt } from './rates.ts';
import type { ReturnPath } from './returns.ts';
import { extraInterest } from './returns.ts';
import type { ContributionActual, ContributionMonth, EntityMonths, RetirementAccountInput } from './types.ts';

/** An account's monthly contributions, each rounded on its own. */
export interface MonthlyContribution {
  readonly employee: Cents;
  readonly employer: Cents;
}

/**
 * The monthly employee and employer contributions of an account:
 *   employee = round(contribution_amount × factor), employer = round(employer_contribution_amount × factor)
 * Example: 100.00 and 50.00 biweekly → employee 21 667¢ (10 000 × 26/12 = 21 666.67), employer 10 833¢.
 */
export function monthlyContribution(account: RetirementAccountInput): MonthlyContribution {
  return {
    employee: monthlyAmount(account.contributionAmount, account.contributionCycle),
    employer: monthlyAmount(account.employerContributionAmount, account.contributionCycle),
  };
}

/**
 * Whether the account receives contributions in `month`:
 *   month(next_deposit_date) ≤ month < retirement month   (no upper bound without a plan)
 * A next deposit date before the plan start means the deposits are already running: they count
 * from month 1.
 */
export function contributesIn(account: RetirementAccountInput, month: MonthKey, retirementMonth: MonthKey | null): boolean {
  return inDepositWindow(month, monthOfDate(account.nextDepositDate), retirementMonth);
}

/**
 * contributesIn with the month of next_deposit_date already read (a projection asks for every
 * month of every account): firstDeposit ≤ month < retirementMonth.
 */
export function inDepositWindow(month: MonthKey, firstDeposit: MonthKey, retirementMonth: MonthKey | null): boolean {
  return month >= firstDeposit && (retirementMonth === null || month < retirementMonth);
}

export interface ContributionOptions {
  readonly planStart: MonthKey;
  /** Rows per account: month 1 to the month before retirement (see projectionHorizon). */
  readonly months: number;
  readonly retirementMonth: MonthKey | null;
  readonly actuals: readonly ContributionActual[];
  /** Monte Carlo and history: a market path over the expected returns (returns.ts); absent: the fixed rates. */
  readonly returns?: ReturnPath | null;
  /** The working months' surplus transfers into one account (docs/projection-rules.md#surplus); absent: none. */
  readonly surplus?: SurplusDeposits | null;
}

/**
 * Extra employee deposits into one account, per month index from month 1 (the income table's
 * `saved` column): each joins that month's contributions after the month's interest.
 */
export interface SurplusDeposits {
  readonly accountId: number;
  readonly amounts: readonly Cents[];
}

export interface ContributionsProjection {
  readonly accounts: readonly EntityMonths<ContributionMonth>[];
  /** The accounts summed per month; empty when there are no accounts. */
  readonly total: readonly ContributionMonth[];
}

/** The contribution rows of every account and their total. */
export function projectContributions(accounts: readonly RetirementAccountInput[], options: ContributionOptions): ContributionsProjection {
  const actuals = indexActuals(options.actuals, (a) => a.accountId, (a) => a.month, (a) => a.endBalance);
  const months = monthSeries(options.planStart, options.months);
  const projected = accounts.map((account) => ({
    id: account.id,
    name: account.name,
    months: accountRows(account, options, months, actualsOf(actuals, account.id)),
  }));
  return { accounts: projected, total: sumContributionRows(projected.map((p) => p.months)) };
}

function accountRows(
  account: RetirementAccountInput,
  options: ContributionOptions,
  months: readonly MonthKey[],
  actuals: ReadonlyMap<MonthKey, Cents>,
): ContributionMonth[] {
  // Nothing of the account is read for a table with no months (as before the reads were hoisted).
  if (options.months <= 0) return [];
  const { employee, employer } = monthlyContribution(account);
  const monthly = cents(employee + employer);
  const firstDeposit = monthOfDate(account.nextDepositDate);
  const interestOn = interestAt(account.expectedReturnRate);
  const extra = options.surplus?.accountId === account.id ? options.surplus.amounts : null;
  const rows: ContributionMonth[] = [];
  let opening = account.startingBalance;
  let total = ZERO;
  for (let index = 0; index < options.months; index += 1) {
    const month = months[index] ?? addMonths(options.planStart, index);
    const scheduled = inDepositWindow(month, firstDeposit, options.retirementMonth) ? monthly : ZERO;
    const contributions = extra === null ? scheduled : cents(scheduled + (extra[index] ?? 0));
    const interest = cents(interestOn(opening) + extraInterest(options.returns, index, account.expectedReturnRate, opening));
    const balance = cents(Math.min(MAX_BALANCE, opening + interest + contributions));
    const input = actualIn(actuals, month);
    total = cents(total + contributions);
    rows.push({
      month,
      contributions,
      totalContributions: total,
      interestEarned: interest,
      balance,
      displayBalance: input ?? balance,
      inputEndBalance: input,
      withdrawals: ZERO,
    });
    opening = input ?? balance;
  }
  return rows;
}

// Written out field by field, like the other two total-row loops: one generic sum by field name
// made project() 2.7× slower (docs/performance.md#projection-engine).
/** Sums account rows month by month (all accounts have the same months); inputEndBalance is null. */
export function sumContributionRows(perAccount: readonly (readonly ContributionMonth[])[]): ContributionMonth[] {
  const first = perAccount[0];
  if (first === undefined) return [];
  return first.map((head, index) => {
    let contributions = 0;
    let totalContributions = 0;
    let interest = 0;
    let balance = 0;
    let display = 0;
    let withdrawals = 0;
    for (const months of perAccount) {
      const row = months[index];
      if (row === undefined) continue;
      contributions += row.contributions;
      totalContributions += row.totalContributions;
      interest += row.interestEarned;
      balance += row.balance;
      display += row.displayBalance;
      withdrawals += row.withdrawals;
    }
    return {
      month: head.month,
      contributions: cents(contributions),
      totalContributions: cents(totalContributions),
      interestEarned: cents(interest),
      balance: cents(balance),
      displayBalance: cents(display),
      inputEndBalance: null,
      withdrawals: cents(withdrawals),
    };
  });
}
