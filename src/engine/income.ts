/**
 * The income table (DESIGN §4 "Income"): month 1 to the month before the retirement month
 * (360 months without a plan).
 *   net income  = Σ over sources of round(net_pay × factor)
 *   retirement  = the month's employee contributions (not the employer's)
 *   end balance = previous end balance (0 before month 1) + net income − retirement − housing
 *                 − expenses − other − debts, held within ±MAX_BALANCE ($1 trillion)
 * An actual end balance replaces the month's end balance and the next month continues from it.
 * The bound keeps a running balance exact in integer cents: the largest valid weekly pay
 * (99 999 999 999.99) adds 43 333 333 333 329¢ a month, past 2^53 within 208 months; it stops at
 * 100 000 000 000 000¢ in month 3 instead (as an account or a mortgage is held at it).
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { contributesIn, inDepositWindow, monthlyContribution } from './contributions.ts';
import { monthlyAmount } from './cycles.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthSeries } from './months.ts';
import type { IncomeActual, IncomeMonth, IncomeSourceInput, RetirementAccountInput } from './types.ts';

/**
 * Net income per month: Σ round(net_pay × factor), each source rounded on its own.
 * Example: 1 000.00 weekly + 1 500.00 biweekly → 433 333¢ + 325 000¢ = 758 333¢.
 * Every source counts from month 1: next_pay_date is the next pay of a series that is already
 * running, so it does not delay the income (unlike next_deposit_date for contributions, which
 * DESIGN names as the start).
 */
export function monthlyNetIncome(incomes: readonly IncomeSourceInput[]): Cents {
  return sumCents(incomes.map((income) => monthlyAmount(income.netPay, income.payCycle)));
}

/** The employee contributions of every account that contributes in `month` (employer money never passes through pay). */
export function employeeContributionsIn(
  accounts: readonly RetirementAccountInput[],
  month: MonthKey,
  retirementMonth: MonthKey | null,
): Cents {
  return sumCents(
    accounts.filter((a) => contributesIn(a, month, retirementMonth)).map((a) => monthlyContribution(a).employee),
  );
}

export interface IncomeOptions {
  readonly planStart: MonthKey;
  /** Rows: month 1 to the month before retirement (see projectionHorizon). */
  readonly months: number;
  readonly retirementMonth: MonthKey | null;
  readonly incomes: readonly IncomeSourceInput[];
  readonly accounts: readonly RetirementAccountInput[];
  /** Per month index from month 1: the housing line, total debt payments, one-time expenses. */
  readonly housing: readonly Cents[];
  readonly debts: readonly Cents[];
  readonly otherExpenses: readonly Cents[];
  /** Σ monthly expenses. */
  readonly monthlyExpenses: Cents;
  readonly actuals: readonly IncomeActual[];
}

/** The income rows. */
export function projectIncome(options: IncomeOptions): IncomeMonth[] {
  const actuals = actualsOf(indexActuals(options.actuals, () => 0, (a) => a.month, (a) => a.endBalance), 0);
  const netIncome = monthlyNetIncome(options.incomes);
  if (options.months <= 0) return [];
  // employeeContributionsIn, with each account's amount and first deposit month worked out once.
  const deposits = options.accounts.map((account) => ({ employee: monthlyContribution(account).employee, from: monthOfDate(account.nextDepositDate) }));
  const months = monthSeries(options.planStart, options.months);
  const rows: IncomeMonth[] = [];
  let previous = ZERO;
  for (let index = 0; index < options.months; index += 1) {
    const month = months[index] ?? addMonths(options.planStart, index);
    let employee = 0;
    for (const deposit of deposits) if (inDepositWindow(month, deposit.from, options.retirementMonth)) employee += deposit.employee;
    const retirementContributions = cents(employee);
    const housing = options.housing[index] ?? ZERO;
    const other = options.otherExpenses[index] ?? ZERO;
    const debts = options.debts[index] ?? ZERO;
    const flow = previous + netIncome - retirementContributions - housing - options.monthlyExpenses - other - debts;
    const endBalance = cents(Math.max(-MAX_BALANCE, Math.min(MAX_BALANCE, flow)));
    const input = actualIn(actuals, month);
    rows.push({
      month,
      netIncome,
      retirementContributions,
      housing,
      expenses: options.monthlyExpenses,
      other,
      debts,
      endBalance,
      inputEndBalance: input,
    });
    previous = input ?? endBalance;
  }
  return rows;
}
