/**
 * The what-if sandbox (docs/projection-rules.md#what-if): changes to the plan — an extra debt
 * payment, a retirement date, more savings, a return, inflation, spending — recompute every table
 * without saving anything.
 *
 * A change acts exactly as an edit of the user's records would (the edit "Apply" writes through
 * the outbox), so the changed plan is an ordinary ProjectionInput and every engine rule applies to
 * it unchanged: the tables recompute from month 1, and the months the user has checked in keep
 * their actual balances. Nothing here projects anything itself; planOutcome reads the figures the
 * sandbox compares off a projection, each through the engine function that owns its rule.
 *
 * Units: money in integer cents, rates in percent a year, dates 'YYYY-MM-DD', months 'YYYY-MM'.
 */
import { NEUTRAL_ASSUMPTIONS, todaysDollars } from './assumptions.ts';
import { CYCLE_FACTORS, monthlyAmount, type Cycle } from './cycles.ts';
import { debtFreeFigure, moneyLasts, type DebtFreeFigure, type MoneyLastsFigure } from './health.ts';
import { projectionHorizon, YEARS_OF_RETIREMENT_MAX } from './horizon.ts';
import { debtTotals } from './insights.ts';
import type { Cents } from './money.ts';
import { cents, formatCents, mulDivRoundHalfUp, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthsBetween } from './months.ts';
import { decimalFraction, type AnnualPercent } from './rates.ts';
import { projectionTimeline } from './timeline.ts';
import type { DebtPlanInput, DebtPlanType, IncomeSourceInput, Projection, ProjectionInput, RetirementAccountInput } from './types.ts';

/** One sandbox's changes. Every field absent or null leaves that part of the plan as it is. */
export interface WhatIfChanges {
  /**
   * Cents a month added to the debt plan's extra_payment. Under plan 'none' (or with no plan) an
   * extra payment is unused (docs/projection-rules.md#debts), so the plan becomes 'avalanche' with
   * this extra: see whatIfDebtPlan. 0 changes nothing.
   */
  readonly extraDebtPayment?: Cents | null;
  /** 'YYYY-MM-DD' replacing the retirement plan's retirement_date (ignored without a plan). */
  readonly retirementDate?: string | null;
  /**
   * Cents a month added to one account's employee contribution (see placeSavings), the account
   * `savingsAccountId` or else savingsTarget's. 0 changes nothing.
   */
  readonly monthlySavings?: Cents | null;
  /** The account monthlySavings goes to; absent or null: savingsTarget(input). */
  readonly savingsAccountId?: number | null;
  /** % a year replacing every account's expected_return_rate and the plan's interest_rate. */
  readonly expectedReturn?: AnnualPercent | null;
  /** % a year replacing the inflation assumption (created from NEUTRAL_ASSUMPTIONS when absent). */
  readonly inflationRate?: AnnualPercent | null;
  /** Percent change of every monthly expense: −10 means each amount × 0.9. */
  readonly spendingChange?: number | null;
}

/** The ranges whatIfErrors checks, inclusive. */
export const WHAT_IF_RANGES = {
  expectedReturn: { min: -10, max: 20 },
  inflationRate: { min: 0, max: 20 },
  spendingChange: { min: -100, max: 100 },
} as const;

/**
 * The largest monthly amount a what-if or a next-dollar question takes: $100,000.00 a month. A
 * guard against a slip of the keyboard (an extra zero or three), far below MAX_BALANCE.
 */
export const MAX_MONTHLY_CHANGE: Cents = cents(10_000_000);

/**
 * Messages per field of WhatIfChanges for values out of range; {} when every change can be applied.
 *   extraDebtPayment, monthlySavings  whole cents, 0 ≤ amount ≤ MAX_MONTHLY_CHANGE
 *   savingsAccountId                  a whole number
 *   expectedReturn                    −10 … 20 (% a year)
 *   inflationRate                     0 … 20 (% a year, the inflation assumption's range)
 *   spendingChange                    −100 … 100 (%)
 *   retirementDate                    a real calendar date 'YYYY-MM-DD'
 * Example: { extraDebtPayment: −500, inflationRate: 25 } → { extraDebtPayment: 'Extra debt
 * payment cannot be negative', inflationRate: 'Inflation must be between 0% and 20% a year' }.
 */
export function whatIfErrors(changes: WhatIfChanges): Record<string, string> {
  const errors: Record<string, string> = {};
  const money = (field: 'extraDebtPayment' | 'monthlySavings', label: string): void => {
    const value = changes[field];
    if (value === null || value === undefined) return;
    if (!Number.isSafeInteger(value)) errors[field] = `${label} must be a whole number of cents`;
    else if (value < 0) errors[field] = `${label} cannot be negative`;
    else if (value > MAX_MONTHLY_CHANGE) errors[field] = `${label} can be at most ${formatCents(MAX_MONTHLY_CHANGE)} a month`;
  };
  const percent = (field: keyof typeof WHAT_IF_RANGES, label: string, unit: string): void => {
    const value = changes[field];
    if (value === null || value === undefined) return;
    const { min, max } = WHAT_IF_RANGES[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) errors[field] = `${label} must be a number`;
    else if (value < min || value > max) errors[field] = `${label} must be between ${min}% and ${max}%${unit}`;
  };
  money('extraDebtPayment', 'Extra debt payment');
  money('monthlySavings', 'Monthly savings');
  const account = changes.savingsAccountId;
  if (account !== null && account !== undefined && !Number.isSafeInteger(account)) errors.savingsAccountId = 'Savings account must be one of your accounts';
  percent('expectedReturn', 'Expected return', ' a year');
  percent('inflationRate', 'Inflation', ' a year');
  percent('spendingChange', 'Spending change', '');
  const date = changes.retirementDate;
  if (date !== null && date !== undefined && !isCalendarDate(date)) errors.retirementDate = 'Retirement date must be a date like 2045-06-01';
  return errors;
}

/**
 * The plan with every change of `changes` applied; `input` itself is never changed (the answer
 * shares the parts no change touches). Throws a RangeError when whatIfErrors finds a problem, or
 * when savingsAccountId names no account: callers check first, so either is a bug.
 *   extraDebtPayment  debtPlan = whatIfDebtPlan(debtPlan, extra).plan
 *   retirementDate    retirementPlan.retirementDate = date, and the plan keeps its end: with Δ =
 *                     (the saved date's year − the new date's year), yearsOfRetirement + Δ, held to
 *                     [1, YEARS_OF_RETIREMENT_MAX]; retiring earlier is more years to fund, not an
 *                     earlier end (no plan: nothing to move). Example: retiring 2051-01-01 for 30
 *                     years moved to 2046-01-01 → 35 years, both ending 2080-12.
 *   expectedReturn    every account's expectedReturnRate = r and retirementPlan.interestRate = r
 *   inflationRate     assumptions.inflationRate = r, from NEUTRAL_ASSUMPTIONS when there are none
 *   spendingChange    each monthly expense: roundHalfUp(amount × (100 + p) / 100), exactly;
 *                     housing, debt payments and one-time expenses are not "spending" here
 *   monthlySavings    placeSavings(input, savingsAccountId ?? savingsTarget(input), amount)
 *                     (no accounts: nowhere to put it, nothing changes)
 * Example: expenses 1 000.00 and 12.35 with spendingChange −10 → 900.00 and 11.12 (1 111.5¢ → 1 112¢).
 */
export function applyWhatIf(input: ProjectionInput, changes: WhatIfChanges): ProjectionInput {
  const errors = Object.values(whatIfErrors(changes));
  if (errors.length > 0) throw new RangeError(`Invalid what-if: ${errors.join('; ')}`);
  // The savings account is chosen on the plan as entered: a return change makes every rate equal.
  const savingsAccount = changes.savingsAccountId ?? savingsTarget(input)?.id ?? null;
  let next = input;
  const extra = changes.extraDebtPayment ?? ZERO;
  if (extra > 0) next = { ...next, debtPlan: whatIfDebtPlan(next.debtPlan, extra).plan };
  const date = changes.retirementDate ?? null;
  if (date !== null && next.retirementPlan !== null) {
    const plan = next.retirementPlan;
    const years = plan.yearsOfRetirement + Number(plan.retirementDate.slice(0, 4)) - Number(date.slice(0, 4));
    next = { ...next, retirementPlan: { ...plan, retirementDate: date, yearsOfRetirement: Math.max(1, Math.min(YEARS_OF_RETIREMENT_MAX, years)) } };
  }
  const rate = changes.expectedReturn ?? null;
  if (rate !== null) {
    next = {
      ...next,
      retirementAccounts: next.retirementAccounts.map((account) => ({ ...account, expectedReturnRate: rate })),
      retirementPlan: next.retirementPlan === null ? null : { ...next.retirementPlan, interestRate: rate },
    };
  }
  const inflation = changes.inflationRate ?? null;
  if (inflation !== null) next = { ...next, assumptions: { ...(next.assumptions ?? NEUTRAL_ASSUMPTIONS), inflationRate: inflation } };
  const spending = changes.spendingChange ?? null;
  if (spending !== null && spending !== 0) {
    next = { ...next, monthlyExpenses: next.monthlyExpenses.map((expense) => ({ ...expense, amount: changedByPercent(expense.amount, spending) })) };
  }
  const savings = changes.monthlySavings ?? ZERO;
  if (savings > 0 && savingsAccount !== null) next = placeSavings(next, savingsAccount, savings).input;
  return next;
}

/**
 * The debt plan an extra monthly payment makes:
 *   plan 'snowball' or 'avalanche'  the same plan, extraPayment + extra
 *   plan 'none' or no plan          'avalanche' with extraPayment = extra (`switched`: true)
 * Under 'none' the stored extra payment is unused (docs/projection-rules.md#debts), so it is not
 * added: only the new money is. Avalanche because it pays the least interest of the two orders
 * (highest APR first); a switched plan also rolls each paid-off debt's minimum over to the next, as
 * every plan does, and the UI should say so (PlanOutcome.debtPlanType, whatIfNotes).
 * Example: none with 50.00 stored, extra 100.00 → { avalanche, 100.00, switched: true };
 * snowball with 50.00, extra 100.00 → { snowball, 150.00, switched: false }.
 */
export function whatIfDebtPlan(plan: DebtPlanInput | null, extra: Cents): { readonly plan: DebtPlanInput; readonly switched: boolean } {
  if (plan === null || plan.planType === 'none') return { plan: { planType: 'avalanche', extraPayment: extra }, switched: true };
  return { plan: { ...plan, extraPayment: cents(plan.extraPayment + extra) }, switched: false };
}

/**
 * The account extra savings go to when none is named: the one with the highest expected return,
 * the earlier in the input of equals; null without accounts. The highest return because that is
 * where a saved dollar grows most under the plan's own figures. Taxes do not enter the choice:
 * only traditional accounts' withdrawals are grossed up for `retirement_tax_rate`
 * (docs/projection-rules.md#plan-assumptions), so with that rate set a Roth account
 * of the same return would serve better; the user can name the account instead.
 * Example: a 401(k) at 6 % and an IRA at 7 % → the IRA.
 */
export function savingsTarget(input: Pick<ProjectionInput, 'retirementAccounts'>): RetirementAccountInput | null {
  let best: RetirementAccountInput | null = null;
  for (const account of input.retirementAccounts) if (best === null || account.expectedReturnRate > best.expectedReturnRate) best = account;
  return best;
}

/** Where extra monthly savings went: what placeSavings changed. */
export interface SavingsPlacement {
  readonly accountId: number;
  readonly accountName: string;
  readonly cycle: Cycle;
  /** Added to the account's contribution per cycle. */
  readonly perCycle: Cents;
  /** What the account's monthly employee contribution rises by: monthly(new) − monthly(old). */
  readonly monthly: Cents;
  /** For a payroll-deducted account, the income source whose net pay falls, and by how much a pay; else null. */
  readonly payCut: { readonly incomeId: number; readonly cycle: Cycle; readonly perCycle: Cents } | null;
}

/**
 * Adds `monthly` cents a month to an account's employee contribution, as its records would hold it:
 *   perCycle = roundHalfUp(monthly ÷ cycle factor)   (the inverse of the monthly equivalent, cycles.ts)
 *   contributionAmount += perCycle
 * so the account's monthly contribution rises by round(new × factor) − round(old × factor), which
 * can differ from `monthly` by a cent. The employer contribution stays as entered: the records hold
 * an amount, not a match formula.
 * The money must come out of cash. An account not marked payroll_deducted is already subtracted
 * from the income table; a payroll-deducted one is not (its contributions left the pay before the
 * net pay the user entered), so the income source with the largest monthly net pay (the earlier of
 * equals) takes the cut: its net pay falls by roundHalfUp(rise ÷ its cycle factor) a pay. Taxes are
 * not modelled: a traditional contribution would lower take-home pay by less, so this is
 * conservative. Without an income source there is no pay to cut. Throws a RangeError when no
 * account has `accountId`.
 * Example: 100.00 a month into a biweekly account → 10 000 × 12 / 26 = 4 615.38 → +46.15 a
 * deposit, which is 4 615 × 26 / 12 = 9 999.58 → 100.00 a month.
 */
export function placeSavings(input: ProjectionInput, accountId: number, monthly: Cents): { readonly input: ProjectionInput; readonly placement: SavingsPlacement } {
  const account = input.retirementAccounts.find((a) => a.id === accountId);
  if (account === undefined) throw new RangeError(`No retirement account ${accountId}`);
  const cycle = account.contributionCycle;
  const perCycle = perCycleAmount(monthly, cycle);
  const raised: RetirementAccountInput = { ...account, contributionAmount: cents(account.contributionAmount + perCycle) };
  const rise = cents(monthlyAmount(raised.contributionAmount, cycle) - monthlyAmount(account.contributionAmount, cycle));
  const retirementAccounts = input.retirementAccounts.map((a) => (a === account ? raised : a));
  let incomes = input.incomes;
  let payCut: SavingsPlacement['payCut'] = null;
  const source = account.payrollDeducted ? largestIncome(input.incomes) : null;
  if (source !== null) {
    const cut = perCycleAmount(rise, source.payCycle);
    incomes = input.incomes.map((i) => (i === source ? { ...i, netPay: cents(i.netPay - cut) } : i));
    payCut = { incomeId: source.id, cycle: source.payCycle, perCycle: cut };
  }
  return {
    input: { ...input, retirementAccounts, incomes },
    placement: { accountId, accountName: account.name, cycle, perCycle, monthly: rise, payCut },
  };
}

/**
 * Plain-English lines for the choices applyWhatIf makes that the user did not spell out, for the
 * sandbox to show beside its figures (empty when there are none). One line per choice:
 * an extra debt payment switching plan 'none' to avalanche, or meeting no debts; a retirement
 * date with no plan to move; where the savings went (and the pay cut of a payroll-deducted
 * account, or no account to take them); inflation creating neutral assumptions; what spending
 * covers. Example: no debt plan, extra 100.00 → ['Your debts have no payoff plan, so the extra
 * $100.00 a month goes avalanche-style: highest APR first, each paid-off debt's minimum rolling
 * over to the next.'].
 */
export function whatIfNotes(input: ProjectionInput, changes: WhatIfChanges): string[] {
  const notes: string[] = [];
  const extra = changes.extraDebtPayment ?? ZERO;
  if (extra > 0) {
    if (!input.debts.some((debt) => debt.remainingAmount > 0)) {
      notes.push(`You have no debts, so the extra ${formatCents(extra)} a month has nothing to pay and stays in cash.`);
    } else if (whatIfDebtPlan(input.debtPlan, extra).switched) {
      notes.push(
        `Your debts have no payoff plan, so the extra ${formatCents(extra)} a month goes avalanche-style: highest APR first, each paid-off debt's minimum rolling over to the next.`,
      );
    }
  }
  if ((changes.retirementDate ?? null) !== null && input.retirementPlan === null) {
    notes.push('There is no retirement plan to move: add one to try a retirement date.');
  }
  const savings = changes.monthlySavings ?? ZERO;
  if (savings > 0) {
    const named = changes.savingsAccountId ?? null;
    const target = named === null ? savingsTarget(input) : (input.retirementAccounts.find((a) => a.id === named) ?? null);
    if (target === null) notes.push(`You have no retirement accounts, so the extra ${formatCents(savings)} a month has nowhere to go: add an account first.`);
    else {
      const { placement } = placeSavings(input, target.id, savings);
      const why = named === null ? ` (your account with the highest expected return, ${formatPercent(target.expectedReturnRate)} a year)` : '';
      const per = placement.cycle === 'monthly' ? '' : `, as ${formatCents(placement.perCycle)} each ${placement.cycle} deposit`;
      notes.push(`The extra ${formatCents(savings)} a month goes to ${target.name}${why}${per}.`);
      if (placement.payCut !== null) {
        notes.push(`${target.name} is taken from your pay, so your net pay falls by ${formatCents(placement.payCut.perCycle)} each ${placement.payCut.cycle} paycheck.`);
      }
    }
  }
  if ((changes.inflationRate ?? null) !== null && (input.assumptions ?? null) === null) {
    notes.push('Your plan has no assumptions yet, so everything but inflation stays neutral: no salary growth, no cash interest, no tax on withdrawals.');
  }
  const spending = changes.spendingChange ?? null;
  if (spending !== null && spending !== 0) notes.push(`Every monthly expense changes by ${formatPercent(spending)}; housing, debt payments and one-time expenses stay as they are.`);
  return notes;
}

/** One month of the net-worth path, in today's dollars. */
export interface NetWorthPoint {
  readonly month: MonthKey;
  readonly cents: Cents;
}

/** The figures a what-if compares between the saved plan and the changed one. */
export interface PlanOutcome {
  /** The timeline's net worth month by month, in today's dollars. */
  readonly netWorth: readonly NetWorthPoint[];
  /** The month of retirement_date, or null without a retirement plan. */
  readonly retirementMonth: MonthKey | null;
  /** The month netWorthAtRetirement is read in: the income table's last month, or null without one. */
  readonly atRetirementMonth: MonthKey | null;
  /** Net worth in atRetirementMonth, in today's dollars; null without income months. */
  readonly netWorthAtRetirement: Cents | null;
  /** The debt plan the projection ran under ('none' without one). */
  readonly debtPlanType: DebtPlanType;
  /** The extra payment that plan spends (0 under 'none', where it is unused). */
  readonly debtExtraPayment: Cents;
  /** health.ts's debt-free figure, with its plain-English line. */
  readonly debtFree: DebtFreeFigure;
  /** debtFree.month: the month the last debt is paid off; null without debts or when one is never paid off. */
  readonly debtFreeMonth: MonthKey | null;
  /** Σ interest over the debt table (nominal cents, as the Debt Progress cards show it). */
  readonly interestPaid: Cents;
  /** health.ts's money-lasts figure, with its plain-English line. */
  readonly moneyLasts: MoneyLastsFigure;
  /** moneyLasts.runsOut: the first living month with a shortfall, or null. */
  readonly runsOut: MonthKey | null;
  /** moneyLasts.age: the age when the money runs out, or at the end of the plan when it lasts; null without a birth year. */
  readonly moneyLastsAge: number | null;
}

/**
 * The figures of a plan that `project(input)` made, each read through the engine's own rule:
 *   netWorth              projectionTimeline's points, each todaysDollars(netWorth, inflation, n)
 *                         for month n (inflation: the input's assumption, 0 without one)
 *   netWorthAtRetirement  the netWorth point of the income table's last month: the month before
 *                         retirement (the end of working life, where insights' "balance at
 *                         retirement" is read too), or month 360 without a retirement plan; null
 *                         with no income months (retired at or before the plan start)
 *   debtFree, debtFreeMonth   health.debtFreeFigure(projection, today)
 *   interestPaid          insights.debtTotals(debt total rows).interestPaid
 *   moneyLasts, runsOut, moneyLastsAge   health.moneyLasts(projection, birthYear)
 * Example (what-if.test.ts): net pay 3 000.00, expenses 1 012.35, a 401(k) at 0 % taking 200.00
 * (+100.00 employer), a 1 000.00 card at 12 % paying 100.00, retiring 2026-07 → in 2026-06 cash
 * 6 × 1 687.65 = 10 125.90, the 401(k) 1 800.00, the card 446.32: netWorthAtRetirement 11 479.58;
 * interestPaid 58.98; debt-free 2026-11.
 */
export function planOutcome(input: ProjectionInput, projection: Projection, birthYear: number | null): PlanOutcome {
  const inflation = input.assumptions?.inflationRate ?? 0;
  const netWorth = projectionTimeline(input, projection).points.map((point, index) => ({ month: point.month, cents: todaysDollars(point.netWorth, inflation, index + 1) }));
  const atRetirementMonth = projection.income.at(-1)?.month ?? null;
  const atRetirement = atRetirementMonth === null ? undefined : netWorth[monthsBetween(input.planStart, atRetirementMonth)];
  const debtFree = debtFreeFigure(projection, input.today);
  const lasts = moneyLasts(projection, birthYear);
  const debtPlanType = input.debtPlan?.planType ?? 'none';
  return {
    netWorth,
    retirementMonth: projectionHorizon(input.planStart, input.retirementPlan).retirementMonth,
    atRetirementMonth,
    netWorthAtRetirement: atRetirement?.cents ?? null,
    debtPlanType,
    debtExtraPayment: debtPlanType === 'none' ? ZERO : (input.debtPlan?.extraPayment ?? ZERO),
    debtFree,
    debtFreeMonth: debtFree.month,
    interestPaid: debtTotals(projection.debtTotal).interestPaid,
    moneyLasts: lasts,
    runsOut: lasts.runsOut,
    moneyLastsAge: lasts.age,
  };
}

/**
 * A plan outcome's net worth in `month` (today's dollars), or null when its timeline has no such
 * month. The what-if compares both plans at the same month with it.
 * Example: netWorth [{ 2026-01, 100.00 }, { 2026-02, 250.00 }] → 2026-02: 25 000; 2027-01: null.
 */
export function netWorthAt(outcome: Pick<PlanOutcome, 'netWorth'>, month: MonthKey): Cents | null {
  return outcome.netWorth.find((point) => point.month === month)?.cents ?? null;
}

/** A percent as typed: 7 → '7%', −10 → '-10%', 24.99 → '24.99%'. */
export function formatPercent(percent: number): string {
  return `${percent}%`;
}

/**
 * A monthly amount as an amount per cycle, the inverse of monthlyAmount:
 *   perCycle = roundHalfUp(monthly × denominator / numerator) of the cycle factor
 * Example: 100.00 biweekly → 10 000 × 12 / 26 = 4 615.38 → 4 615¢; weekly → 2 307.69 → 2 308¢.
 */
export function perCycleAmount(monthly: Cents, cycle: Cycle): Cents {
  const factor = CYCLE_FACTORS[cycle];
  return mulDivRoundHalfUp(monthly, factor.denominator, factor.numerator);
}

/** amount × (100 + p) / 100, rounded half-up to the cent once, exactly: 1 235¢ at −10 → 1 111.5 → 1 112¢. */
function changedByPercent(amount: Cents, percent: number): Cents {
  const { numerator, denominator } = decimalFraction(percent);
  return mulDivRoundHalfUp(amount, 100n * denominator + numerator, 100n * denominator);
}

/** The source paying the most a month (monthlyAmount), the earlier of equals; null without sources. */
export function largestIncome(incomes: readonly IncomeSourceInput[]): IncomeSourceInput | null {
  let best: IncomeSourceInput | null = null;
  let most = 0;
  for (const income of incomes) {
    const monthly = monthlyAmount(income.netPay, income.payCycle);
    if (best === null || monthly > most) {
      best = income;
      most = monthly;
    }
  }
  return best;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar date 'YYYY-MM-DD' (leap days included). */
function isCalendarDate(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days;
}
