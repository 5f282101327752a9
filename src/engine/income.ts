/**
 * The income table (docs/projection-rules.md#income): month 1 to the month before the retirement month
 * (360 months without a plan).
 *   net income  = Σ over sources of round(net_pay × factor)
 *   retirement  = the month's employee contributions (not the employer's)
 *   end balance = previous end balance (0 before month 1) + net income − retirement − housing
 *                 − expenses − other − debts, held within ±MAX_BALANCE ($1 trillion)
 * An actual end balance replaces the month's end balance and the next month continues from it.
 *
 * With plan assumptions (docs/projection-rules.md#plan-assumptions), month n:
 *   net income  = Σ over sources received in the month (through endMonth; none from today's month
 *                 up to the month before nextPayMonth) of
 *                 roundHalfUp(round(net_pay × factor) × (1 + salary growth/100)^floor((n − 1) / 12))
 *   retirement  = the employee contributions of accounts not marked payroll_deducted
 *   interest    = roundHalfUp(max(0, previous end balance) × cash interest rate / 100 / 12)
 *   end balance = previous (cash_balance before month 1) + interest + net income − the outflows
 * Expenses and housing arrive already grown by inflation and bounded by end months; `expenses`
 * includes other spending (docs/projection-rules.md#other-spending).
 *
 * Where the money goes (docs/projection-rules.md#where-the-money-goes), with plan assumptions:
 *   interest    = −roundHalfUp(−previous × overdraft rate / 100 / 12) when the previous end
 *                 balance is negative (cashMonthInterest)
 *   c           = net income − retirement − housing − expenses − other − debts
 *   E           = previous + interest + c
 *   saved       = surplusTransfer(c, E, surplus share) in a month with no actual end balance, when
 *                 the surplus account names a taxable account of the input; else 0
 *   end balance = E − saved
 * Rows carry `saved` (0 when nothing moved) whenever plan assumptions are set.
 * The bound keeps a running balance exact in integer cents: the largest valid weekly pay
 * (99 999 999 999.99) adds 43 333 333 333 329¢ a month, past 2^53 within 208 months; it stops at
 * 100 000 000 000 000¢ in month 3 instead (as an account or a mortgage is held at it).
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { cashMonthInterest, grownAmount, runsIn, type PlanAssumptions } from './assumptions.ts';
import { contributesIn, inDepositWindow, monthlyContribution } from './contributions.ts';
import { monthlyAmount } from './cycles.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, minCents, mulDivRoundHalfUp, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthSeries } from './months.ts';
import { decimalFraction } from './rates.ts';
import type { IncomeActual, IncomeMonth, IncomeSourceInput, RetirementAccountInput } from './types.ts';

/**
 * Net income per month: Σ round(net_pay × factor), each source rounded on its own.
 * Example: 1 000.00 weekly + 1 500.00 biweekly → 433 333¢ + 325 000¢ = 758 333¢.
 * Every source counts from month 1: next_pay_date is the next pay of a series that is already
 * running, so it does not delay the income (unlike next_deposit_date for contributions, which
 * marks where they start).
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
  /** Today's month: a source's nextPayMonth only holds back pay from here on. */
  readonly today: MonthKey;
  /** Rows: month 1 to the month before retirement (see projectionHorizon). */
  readonly months: number;
  readonly retirementMonth: MonthKey | null;
  readonly incomes: readonly IncomeSourceInput[];
  readonly accounts: readonly RetirementAccountInput[];
  /** Per month index from month 1: the housing line, total debt payments, one-time expenses. */
  readonly housing: readonly Cents[];
  readonly debts: readonly Cents[];
  readonly otherExpenses: readonly Cents[];
  /** Σ monthly expenses per month index (monthlyExpenseLine). */
  readonly monthlyExpenses: readonly Cents[];
  readonly actuals: readonly IncomeActual[];
  /** docs/projection-rules.md#plan-assumptions; null: the neutral rule, and rows without `interestEarned` and `saved`. */
  readonly assumptions?: PlanAssumptions | null;
}

/**
 * Whether a source pays in `month`: not after its end month, and not from today's month up to the
 * month before its next pay. Example: today 2026-11, next pay month 2026-12, end 2027-06 →
 * 2026-10 yes (already paid), 2026-11 no, 2026-12 to 2027-06 yes, 2027-07 no.
 */
export function paysIn(source: IncomeSourceInput, month: MonthKey, today: MonthKey): boolean {
  if (source.nextPayMonth && month >= today && month < source.nextPayMonth) return false;
  return runsIn(source.endMonth, month);
}

/**
 * A source's net pay in month n (index n − 1): its monthly equivalent grown by salary growth, or
 * 0 in a month it does not pay (paysIn). Example: 1 000.00 biweekly at 5 %, month 13 →
 * 216 667¢ × 1.05 = 227 500.35 → 227 500¢.
 */
function netPayIn(monthly: Cents, source: IncomeSourceInput, month: MonthKey, n: number, growth: number, today: MonthKey): Cents {
  if (!paysIn(source, month, today)) return ZERO;
  return grownAmount(monthly, growth, n);
}

/**
 * The account a working month's surplus moves to (docs/projection-rules.md#surplus): the id of
 * `surplus_account_id` when it names a `taxable` account of the input, else null (no transfer: an
 * id the input does not hold, or an account of another type). Example: accounts 3 (roth_ira) and
 * 4 (taxable) → id 4 gives 4, id 3 gives null, id 9 gives null.
 */
export function surplusAccountOf(accounts: readonly RetirementAccountInput[], assumptions: PlanAssumptions | null | undefined): number | null {
  const id = assumptions?.surplusAccountId ?? null;
  if (id === null) return null;
  return accounts.some((account) => account.id === id && account.accountType === 'taxable') ? id : null;
}

/**
 * A working month's surplus transfer (docs/projection-rules.md#surplus): of the month's own
 * change c (interest excluded) no more than the end balance E before the transfer, so surplus
 * first repays an overdraft, and nothing when either is not positive:
 *   transfer = roundHalfUp(max(0, min(c, E)) × share / 100)
 * Units: cents; share in % (0–100). Example: c 1 500.00, E 20 000.00, share 80 → 1 200.00; c
 * 1 500.00, E 600.00 (after an overdraft of 900.00) → 600.00 at 100 %; c −50.00 → 0.
 */
export function surplusTransfer(change: Cents, endBefore: Cents, sharePercent: number): Cents {
  const base = maxCents(ZERO, minCents(change, endBefore));
  if (base === 0 || sharePercent === 100) return base;
  const { numerator, denominator } = decimalFraction(sharePercent);
  return mulDivRoundHalfUp(base, numerator, 100n * denominator);
}

/** The income rows. */
export function projectIncome(options: IncomeOptions): IncomeMonth[] {
  const actuals = actualsOf(indexActuals(options.actuals, () => 0, (a) => a.month, (a) => a.endBalance), 0);
  if (options.months <= 0) return [];
  const assumptions = options.assumptions ?? null;
  const growth = assumptions?.salaryGrowthRate ?? 0;
  const timed = options.incomes.some((source) => source.nextPayMonth || source.endMonth);
  // The neutral income: the same every month (docs/projection-rules.md#income).
  const steady = growth === 0 && !timed ? monthlyNetIncome(options.incomes) : null;
  const sources = options.incomes.map((source) => ({ source, monthly: monthlyAmount(source.netPay, source.payCycle) }));
  // employeeContributionsIn, with each account's amount and first deposit month worked out once;
  // contributions already taken from pay before the net pay entered are not taken again.
  const deposits = options.accounts
    .filter((account) => !account.payrollDeducted)
    .map((account) => ({ employee: monthlyContribution(account).employee, from: monthOfDate(account.nextDepositDate) }));
  const months = monthSeries(options.planStart, options.months);
  const surplusAccount = surplusAccountOf(options.accounts, assumptions);
  const rows: IncomeMonth[] = [];
  let previous = assumptions?.cashBalance ?? ZERO;
  for (let index = 0; index < options.months; index += 1) {
    const month = months[index] ?? addMonths(options.planStart, index);
    const netIncome = steady ?? sumCents(sources.map(({ source, monthly }) => netPayIn(monthly, source, month, index + 1, growth, options.today)));
    let employee = 0;
    for (const deposit of deposits) if (inDepositWindow(month, deposit.from, options.retirementMonth)) employee += deposit.employee;
    const retirementContributions = cents(employee);
    const housing = options.housing[index] ?? ZERO;
    const expenses = options.monthlyExpenses[index] ?? ZERO;
    const other = options.otherExpenses[index] ?? ZERO;
    const debts = options.debts[index] ?? ZERO;
    const interestEarned = assumptions ? cashMonthInterest(previous, assumptions.cashInterestRate, assumptions.overdraftInterestRate) : ZERO;
    const change = netIncome - retirementContributions - housing - expenses - other - debts;
    const before = cents(Math.max(-MAX_BALANCE, Math.min(MAX_BALANCE, previous + interestEarned + change)));
    const input = actualIn(actuals, month);
    // An actual end balance already says where the month's money went: nothing is moved.
    const saved = surplusAccount !== null && input === null && assumptions ? surplusTransfer(cents(change), before, assumptions.surplusShare) : ZERO;
    const endBalance = cents(before - saved);
    const row: IncomeMonth = { month, netIncome, retirementContributions, housing, expenses, other, debts, endBalance, inputEndBalance: input };
    rows.push(assumptions ? { ...row, interestEarned, saved } : row);
    previous = input ?? endBalance;
  }
  return rows;
}
