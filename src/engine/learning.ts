/**
 * The plan learns from check-ins (docs/product.md#the-plan-learns-from-check-ins): what the
 * balances the user checked in say about the plan's spending, and whether the plan keeps idle
 * cash. Everything is read from a projection that `project` made (with the user's actuals); the
 * engine has no clock, so "from which month" is a parameter.
 *
 * A check-in is a month whose income row carries an actual cash end balance (`inputEndBalance`).
 * The month after a check-in continues from that actual (income.ts), so a later row's computed
 * `endBalance` is the plan's cash from the previous check-in on; at the next check-in b,
 *   endBalance(b) = actual(a) + planned change over the months after a up to b,
 * and actual(b) − endBalance(b) = actual change − planned change, to the cent.
 */
import type { PlanAssumptions } from './assumptions.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUp } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthsBetween } from './months.ts';
import { planStartDay } from './typed-balances.ts';
import { surplusAccountOf, surplusTransfer } from './income.ts';
import { incomeTotalExpenses } from './insights.ts';
import type { DebtProjection, IncomeMonth, Projection, ProjectionInput } from './types.ts';

/**
 * The share (%) of a working month's surplus the plan invests: the assumptions' surplus_share when
 * they name a taxable surplus account of the input (surplusAccountOf), else null.
 * Example: surplus account 4 (taxable), share 80 → 80; no surplus account → null.
 */
export function investedShareOf(input: Pick<ProjectionInput, 'retirementAccounts' | 'assumptions'>): number | null {
  const assumptions = input.assumptions ?? null;
  return assumptions === null || surplusAccountOf(input.retirementAccounts, assumptions) === null ? null : assumptions.surplusShare;
}

/** The overspending the check-ins show, before the thresholds of measuredOtherSpending. */
export interface SpendingEvidence {
  /** The first and the last check-in month. */
  readonly from: MonthKey;
  readonly to: MonthKey;
  /** How many check-ins (months with an actual cash balance) lie from `from` to `to`. */
  readonly checkIns: number;
  /** Months measured: the months after `from` up to and including `to` (≥ 1). */
  readonly months: number;
  /** Σ over the measured stretches of (planned − actual) spending part, in cents; positive: more spent than planned. */
  readonly overspent: Cents;
  /** Σ net income of the measured months, in cents. */
  readonly netIncome: Cents;
  /** overspent / months, rounded half up to the cent (negative when the household spent less). */
  readonly monthly: Cents;
}

/**
 * What the check-ins say about spending, or null with fewer than two check-ins.
 *
 * Check-ins c₁ < c₂ < … < c_k (k ≥ 2; distinct months, so a month or more apart). For each
 * stretch (c_{i−1}, c_i], in the language of plan vs actual (plan-vs-actual.ts, spending = gap −
 * contributions − returns = cash gap − debt gap), with the plan being the projection from the
 * check-in at c_{i−1}:
 *   cash gap      = actual(c_i) − (endBalance(c_i) − t(c_i))   (actual change − planned change of cash)
 *   t(c_i)        = the surplus transfer the plan makes in c_i had it no actual: surplusTransfer(
 *                   netIncome − retirementContributions − housing − expenses − other − debts,
 *                   endBalance, share) with a surplus account, else 0. A month with an actual moves
 *                   nothing (income.ts), so its endBalance is before the transfer; the cash the
 *                   household checks in is after it, and money invested is not money spent.
 *   debt gap      = Σ over debts with an actual in c_i of (inputRemainingBalance − remainingAmount)
 *                   (a debt checked in at c_i; its plan runs from its own previous actual, which a
 *                   check-in writes in the same month as the cash)
 *   spending part = cash gap − debt gap
 * Contributions and returns are the accounts' part: money that moved between the accounts and
 * cash shows in the cash gap, as plan vs actual counts it.
 *   overspent = Σ_i −(spending part of stretch i)        (cents; > 0 when more was spent)
 *   months    = monthsBetween(c₁, c_k)
 *   netIncome = Σ netIncome of the income rows after c₁ up to c_k
 *   monthly   = divRoundHalfUp(overspent, months)
 * Amounts are in the dollars of the months measured (nominal).
 * Example: check-ins 2026-01 (cash 1 000.00) and 2026-03 (cash 1 400.00); the plan from 2026-01
 * made 2026-03's end balance 2 000.00 (net income 3 000.00 a month, outgoings 2 500.00); a card
 * checked in at 250.00 where the plan had 150.00. Cash gap −600.00, debt gap +100.00, spending
 * part −700.00: overspent 700.00 over 2 months, monthly 350.00; net income 6 000.00. With 80 %
 * of the surplus invested and a month's change of 500.00, t = 400.00: the same check-ins measure
 * 700.00 − 400.00 = 300.00 over the 2 months.
 * `surplusShare`: the share (%) of the surplus the plan invests when a surplus account is named
 * (surplusAccountOf), else null.
 */
export function spendingEvidence(projection: Pick<Projection, 'income' | 'debts'>, surplusShare: number | null = null): SpendingEvidence | null {
  const checkIns = projection.income.filter((row): row is IncomeMonth & { inputEndBalance: Cents } => row.inputEndBalance !== null);
  const first = checkIns[0];
  const last = checkIns.at(-1);
  if (first === undefined || last === undefined || checkIns.length < 2) return null;
  const debtGaps = debtGapsByMonth(projection.debts);
  let overspent = 0;
  for (const row of checkIns.slice(1)) {
    const change = row.netIncome - incomeTotalExpenses(row);
    const invested = surplusShare === null ? 0 : surplusTransfer(cents(change), row.endBalance, surplusShare);
    const cashGap = row.inputEndBalance - (row.endBalance - invested);
    overspent -= cashGap - (debtGaps.get(row.month) ?? 0);
  }
  let netIncome = 0;
  for (const row of projection.income) if (row.month > first.month && row.month <= last.month) netIncome += row.netIncome;
  const months = monthsBetween(first.month, last.month);
  return {
    from: first.month,
    to: last.month,
    checkIns: checkIns.length,
    months,
    overspent: cents(overspent),
    netIncome: cents(netIncome),
    monthly: divRoundHalfUp(BigInt(overspent), BigInt(months)),
  };
}

/** Σ over debts of (actual − computed) remaining balance, by the month of the actual. */
function debtGapsByMonth(debts: readonly DebtProjection[]): Map<MonthKey, number> {
  const gaps = new Map<MonthKey, number>();
  for (const debt of debts) {
    for (const row of debt.months) {
      if (row.inputRemainingBalance === null) continue;
      gaps.set(row.month, (gaps.get(row.month) ?? 0) + row.inputRemainingBalance - row.remainingAmount);
    }
  }
  return gaps;
}

/** Spending beyond the plan worth naming: more than this a month, in cents ($50). */
export const OVERSPEND_FLOOR: Cents = cents(5_000);
/** … and more than this share of net income, in percent. */
export const OVERSPEND_SHARE = 5;

/**
 * The monthly spending the household's lists (and the plan's other spending) leave out, as the
 * check-ins measure it; null while it is not worth naming.
 *   answer = evidence.monthly when, exactly on the totals (no rounding first),
 *              overspent > 5 000 × months               (more than $50 a month on average)
 *              overspent × 100 > 5 × netIncome          (more than 5 % of net income on average)
 *            else null (also with fewer than two check-ins)
 * Units: cents a month, rounded half up once. It is on top of whatever other spending the plan
 * already counts: the stretches were measured against the plan with it.
 * Example: the spendingEvidence example, 700.00 over 2 months → 350.00 a month: above $50 and
 * above 5 % of 3 000.00 (150.00) → 35 000. With 90.00 over 2 months (45.00 a month) → null; with
 * 400.00 over 2 months of 5 000.00 net income (200.00 a month, 4 %) → null.
 */
export function measuredOtherSpending(projection: Pick<Projection, 'income' | 'debts'>, surplusShare: number | null = null): Cents | null {
  const evidence = spendingEvidence(projection, surplusShare);
  if (evidence === null) return null;
  const { overspent, months, netIncome } = evidence;
  const aboveFloor = overspent > OVERSPEND_FLOOR * months;
  const aboveShare = overspent * 100 > OVERSPEND_SHARE * netIncome;
  return aboveFloor && aboveShare ? evidence.monthly : null;
}

/**
 * The first month idleCash judges: today, but never a plan start month that began after the 1st
 * (planStartDay > 1), whose bills due before the start day are left out of it
 * (docs/projection-rules.md#typed-balances-are-todays) so that it keeps more than a whole month
 * would; then the month after it.
 * Example: plan start and today 2026-11, signed up on the 29th → 2026-12; signed up on the 1st →
 * 2026-11; today 2027-02 → 2027-02.
 */
export function idleCashFrom(input: Pick<ProjectionInput, 'today' | 'planStart' | 'assumptions' | 'planStartDay'>): MonthKey {
  return input.today <= input.planStart && planStartDay(input) > 1 ? addMonths(input.planStart, 1) : input.today;
}

/** A working month that keeps more than half of its net income as cash. */
export interface IdleCash {
  readonly month: MonthKey;
  /** What the month adds to cash, interest excluded. */
  readonly kept: Cents;
  readonly netIncome: Cents;
}

/**
 * The first working month from `from` on that keeps more than half of its net income as cash
 * while no surplus account is named; null when there is none, or when an account is named.
 * For each income row (a working month) with month ≥ from, in order:
 *   kept = netIncome − retirementContributions − housing − expenses − other − debts − saved
 *          (the month's change in cash without its interest; `saved` is 0 when absent)
 *   idle when netIncome > 0 and 2 × kept > netIncome
 * The plan's own figures are read, an actual balance or not: the question is where the plan sends
 * the money.
 * Example: net income 4 000.00, retirement 400.00, housing 1 200.00, expenses 300.00, debts 0 →
 * kept 2 100.00 > 2 000.00: idle. With expenses 500.00 → kept 1 900.00: not idle.
 */
export function idleCash(projection: Pick<Projection, 'income'>, assumptions: Pick<PlanAssumptions, 'surplusAccountId'> | null | undefined, from: MonthKey): IdleCash | null {
  if (assumptions && assumptions.surplusAccountId !== null) return null;
  for (const row of projection.income) {
    if (row.month < from || row.netIncome <= 0) continue;
    const kept = row.netIncome - incomeTotalExpenses(row) - (row.saved ?? 0);
    if (2 * kept > row.netIncome) return { month: row.month, kept: cents(kept), netIncome: row.netIncome };
  }
  return null;
}
