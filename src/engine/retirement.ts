/**
 * The retirement table (docs/projection-rules.md#retirement-months): per account, the contribution
 * rows, then retirement living from the retirement month for years_of_retirement × 12 months; and
 * the total.
 *
 * Each living month:
 *   need        = max(0, housing + debt payments + Σ monthly expenses + one-time expenses − Social Security)
 *   interest_i  = round(opening_i × plan interest_rate / 100 / 12)
 *   available_i = opening_i + interest_i
 *   withdrawal  = min(need, Σ available_i), shared in proportion to available_i (splitWithdrawal)
 *   closing_i   = available_i − withdrawal_i          (never below 0)
 *   shortfall   = need − withdrawal                   (on the total row)
 * A `balance` actual replaces that account's closing balance of its month; the next month opens on it.
 * With plan assumptions (docs/projection-rules.md#plan-assumptions) Social Security in month n is
 * roundHalfUp(social_security_income × (1 + COLA/100)^floor((n − 1) / 12)), and the expense and
 * housing lines arrive grown by inflation.
 * available_i is held at MAX_BALANCE.
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { cashInterest, grossWithdrawal, grownAmount, isPreTax, taxOn } from './assumptions.ts';
import { projectContributions } from './contributions.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, minCents, mulDivFloor, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOfDate, monthSeries } from './months.ts';
import { interestAt } from './rates.ts';
import type { ReturnPath } from './returns.ts';
import { extraInterest } from './returns.ts';
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
  /** Σ monthly expenses per month index (monthlyExpenseLine). */
  readonly monthlyExpenses: readonly Cents[];
  /** Plan assumptions: Social Security grows by this % a year (plan years from month 1); absent: 0. */
  readonly socialSecurityCola?: number;
  /**
   * Present when plan assumptions are set: the tax on traditional withdrawals, and the cash that
   * pays the need first when the user spends cash in retirement (null: it does not).
   */
  readonly living?: {
    readonly retirementTaxRate: number;
    readonly cash: { readonly opening: Cents; readonly interestRate: number } | null;
  } | null;
  readonly contributionActuals: readonly ContributionActual[];
  readonly retirementActuals: readonly RetirementActual[];
  /**
   * Monte Carlo and history: a market path over the fixed rates of both phases (returns.ts);
   * absent: the fixed rates.
   */
  readonly returns?: ReturnPath | null;
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
    returns: options.returns ?? null,
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
  const outcomes: LivingOutcome[] = [];
  const cash = options.living?.cash ? { balance: maxCents(ZERO, options.living.cash.opening), interestRate: options.living.cash.interestRate } : null;
  // The plan's dates and rate are only read when there are living months.
  if (options.livingMonths > 0) {
    const months = monthSeries(options.planStart, options.preMonths + options.livingMonths);
    const socialSecurityStart = monthOfDate(options.plan.socialSecurityStartDate);
    const interestOn = interestAt(options.plan.interestRate);
    for (let living = 0; living < options.livingMonths; living += 1) {
      const index = options.preMonths + living;
      const month = months[index] ?? addMonths(options.planStart, index);
      outcomes.push(livingMonth(states, options, index, month, socialSecurityStart, interestOn, cash));
    }
  }
  const taxed = options.living !== null && options.living !== undefined;
  return {
    accounts: states.map((s) => ({ id: s.account.id, name: s.account.name, months: taxed ? s.rows.map(withTaxes) : s.rows })),
    total: totalRows(states, options.preMonths, outcomes, taxed, cash !== null),
  };
}

/** What a living month left: the unmet need, and cash's part when cash is spent. */
interface LivingOutcome {
  readonly shortfall: Cents;
  readonly cashBalance: Cents;
  readonly cashWithdrawals: Cents;
}

/** A row with its `taxes` column (0 where none were withheld), for tables with plan assumptions. */
const withTaxes = (row: RetirementMonth): RetirementMonth => ({ ...row, taxes: row.taxes ?? ZERO });

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
 * One living month of every account; answers the month's shortfall and what cash did.
 * `socialSecurityStart` is the month of social_security_start_date (socialSecurityIn, parsed
 * once); `interestOn` is the monthly interest at the plan's rate.
 *
 * With plan assumptions (docs/projection-rules.md#plan-assumptions):
 *   cash       (when spent) earns cashInterest first, then pays min(need, cash); the rest is the
 *              accounts' net need, shared as without assumptions
 *   a traditional account's share s is withdrawn grossed up, g = min(grossWithdrawal(s, t), available);
 *              when the cap bites the account delivers g − taxOn(g, t) and the rest of s joins the shortfall
 *   taxes      = g − what it delivered
 * Example: net share 1 000.00 at 22 % from 50 000.00 → withdrawal 1 282.05, taxes 282.05.
 */
function livingMonth(
  states: readonly AccountState[],
  options: RetirementOptions,
  index: number,
  month: MonthKey,
  socialSecurityStart: MonthKey,
  interestOn: (balance: Cents) => Cents,
  cash: { balance: Cents; readonly interestRate: number } | null,
): LivingOutcome {
  const housing = options.housing[index] ?? ZERO;
  const debts = options.debts[index] ?? ZERO;
  const monthlyExpenses = options.monthlyExpenses[index] ?? ZERO;
  const otherExpenses = options.otherExpenses[index] ?? ZERO;
  const socialSecurityIncome = month >= socialSecurityStart ? grownAmount(options.plan.socialSecurityIncome, options.socialSecurityCola ?? 0, index + 1) : ZERO;
  const need = livingNeed({ housing, debts, monthlyExpenses, otherExpenses, socialSecurityIncome });
  let cashWithdrawals = ZERO;
  if (cash) {
    cash.balance = minCents(cents(MAX_BALANCE), cents(cash.balance + cashInterest(cash.balance, cash.interestRate)));
    cashWithdrawals = minCents(need, cash.balance);
    cash.balance = cents(cash.balance - cashWithdrawals);
  }
  const netNeed = cents(need - cashWithdrawals);
  const taxRate = options.living?.retirementTaxRate ?? 0;
  const interest: Cents[] = [];
  const available: Cents[] = [];
  let total = 0;
  for (const state of states) {
    const earned = cents(interestOn(state.balance) + extraInterest(options.returns, index, options.plan.interestRate, state.balance));
    const held = cents(Math.max(0, Math.min(MAX_BALANCE, state.balance + earned)));
    interest.push(earned);
    available.push(held);
    total += held;
  }
  const withdrawal = minCents(netNeed, cents(total));
  const shares = splitWithdrawal(withdrawal, available);
  let unmet = netNeed - withdrawal;
  states.forEach((state, i) => {
    const held = available[i] ?? ZERO;
    const share = shares[i] ?? ZERO;
    let gross = share;
    let taxes = ZERO;
    if (taxRate > 0 && share > 0 && isPreTax(state.account.accountType)) {
      const wanted = grossWithdrawal(share, taxRate);
      gross = minCents(wanted, held);
      taxes = wanted > held ? taxOn(gross, taxRate) : cents(gross - share);
      unmet += share - (gross - taxes);
    }
    const balance = cents(held - gross);
    const input = actualIn(state.actuals, month);
    const row: RetirementMonth = {
      month,
      balance,
      displayBalance: input ?? balance,
      inputBalance: input,
      contributions: ZERO,
      totalContributions: state.totalContributions,
      withdrawals: gross,
      interestEarned: interest[i] ?? ZERO,
      housing,
      debts,
      monthlyExpenses,
      otherExpenses,
      socialSecurityIncome,
    };
    state.rows.push(taxes > 0 ? { ...row, taxes } : row);
    state.balance = input ?? balance;
  });
  return { shortfall: cents(unmet), cashBalance: cash?.balance ?? ZERO, cashWithdrawals };
}

/**
 * Sums the accounts' rows month by month. Household columns are the month's own figures (the
 * same in every account's row), not multiplied by the number of accounts; shortfall is 0 before
 * retirement.
 */
function totalRows(states: readonly AccountState[], preMonths: number, outcomes: readonly LivingOutcome[], taxed: boolean, spendsCash: boolean): RetirementTotalMonth[] {
  const first = states[0];
  if (first === undefined) return [];
  return first.rows.map((row, index) => {
    let balance = 0;
    let display = 0;
    let contributions = 0;
    let totalContributions = 0;
    let withdrawals = 0;
    let interest = 0;
    let taxes = 0;
    for (const state of states) {
      const r = state.rows[index];
      if (r === undefined) continue;
      balance += r.balance;
      display += r.displayBalance;
      contributions += r.contributions;
      totalContributions += r.totalContributions;
      withdrawals += r.withdrawals;
      interest += r.interestEarned;
      taxes += r.taxes ?? 0;
    }
    const outcome = index < preMonths ? null : (outcomes[index - preMonths] ?? null);
    const total: RetirementTotalMonth = {
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
      shortfall: outcome?.shortfall ?? ZERO,
    };
    if (!taxed) return total;
    const withTaxesRow = { ...total, taxes: cents(taxes) };
    // Before retirement cash is the income table's; the living rows say what is left of it.
    return spendsCash && outcome ? { ...withTaxesRow, cashBalance: outcome.cashBalance, cashWithdrawals: outcome.cashWithdrawals } : withTaxesRow;
  });
}
