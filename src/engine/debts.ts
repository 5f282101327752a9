/**
 * Debt payoff projection (docs/projection-rules.md#debts).
 *
 * Each month, for every debt still owing: interest = round(balance × apr / 100 / 12), then
 * the payment, capped at balance + interest so the payoff month pays exactly that and no balance
 * goes below 0. Plans:
 * - none: every debt pays its own minimum; nothing moves between debts (extra_payment is unused).
 * - snowball / avalanche: the month's budget is Σ every debt's minimum (a paid-off debt's minimum
 *   rolls over) + extra_payment. Every open debt gets its minimum (capped at what it owes); the rest
 *   goes to the first open debt in the plan order, and what is left after it is paid off spills to
 *   the next one in the same month. Money left once every debt is paid is not spent.
 * An actual remaining balance replaces the month's end balance and the next month opens on it; an
 * actual of 0 pays the debt off that month.
 * Typed balances are today's (typed-balances.ts): with a start day s > 1, a debt due before day s
 * is left out of month 1 — no payment, no interest, balance unchanged — and out of that month's
 * plan: its minimum is not in the budget and the extra payment goes to the first target not left
 * out (with every debt left out, nothing is paid that month).
 * Limits: a debt still owing after MAX_PROJECTION_MONTHS stops there; a debt whose end balance
 * passes MAX_BALANCE stops in that month (its payment can never catch its interest). Both are
 * reported with `truncated: true` and no payoff month. A stopped debt gets no more money; under a
 * plan the budget stays Σ every minimum + extra, so its minimum goes to the other debts.
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { applyPayment } from './amortization.ts';
import { MAX_BALANCE, MAX_PROJECTION_MONTHS } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUpBig, maxCents, minCents, mulDivRound, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthSeries } from './months.ts';
import { interestAt } from './rates.ts';
import { paidBeforeStart } from './typed-balances.ts';
import type { DebtActual, DebtInput, DebtMonth, DebtPlanInput, DebtProjection } from './types.ts';

export interface DebtsProjection {
  /** One entry per input debt, in input order. */
  readonly debts: readonly DebtProjection[];
  /** All debts summed, month 1 to the last payoff (or the horizon). */
  readonly total: readonly DebtMonth[];
  /** Total debt payments per month index (the total rows' payment); months past the end pay 0. */
  readonly payments: readonly Cents[];
}

export interface DebtProjectionOptions {
  readonly planStart: MonthKey;
  /** Actual remaining balances; actuals on months with no row of that debt are ignored. */
  readonly actuals: readonly DebtActual[];
  /** The longest a projection runs (default MAX_PROJECTION_MONTHS). */
  readonly maxMonths?: number;
  /**
   * The plan start day (typed-balances.ts planStartDay): debts due before it are left out of
   * month 1. Default 1: none is.
   */
  readonly startDay?: number;
}

/**
 * The percent of the original amount paid off, rounded half-up to 2 decimals:
 *   percentPaid = (original − endBalance) / original × 100
 * Example: original 10 000.00, end balance 7 500.00 → 25; 3.00 of 9.00 left → 66.67.
 * Negative when the balance has grown above the original. With an original of 0 the answer is 100
 * when nothing is owed, else 0 (there is no ratio to take).
 * A percent, not money: a balance grown to some 10¹² times a small original (toward MAX_BALANCE)
 * has more hundredths of a percent than a double holds exactly, and the answer is then the
 * nearest double rather than an error.
 */
export function percentPaid(original: Cents, endBalance: Cents): number {
  if (original <= 0) return endBalance <= 0 ? 100 : 0;
  const paid = original - endBalance;
  const hundredths = paid * 10_000;
  if (Number.isSafeInteger(hundredths) && Math.abs(hundredths) <= Number.MAX_SAFE_INTEGER - original) {
    return mulDivRound(paid, 10_000, original) / 100;
  }
  return Number(divRoundHalfUpBig(BigInt(paid) * 10_000n, BigInt(original))) / 100;
}

/**
 * The fixed target order of a plan, as debt ids, from the opening balances (remainingAmount):
 *   snowball:  balance ascending, then APR descending, then creation order, then id
 *   avalanche: APR descending, then balance ascending, then creation order, then id
 * Example: A 500.00 @ 20 % and B 300.00 @ 5 % → snowball [B, A], avalanche [A, B].
 */
export function debtOrder(debts: readonly DebtInput[], planType: 'snowball' | 'avalanche'): number[] {
  const byBalance = (a: DebtInput, b: DebtInput): number => a.remainingAmount - b.remainingAmount;
  const byApr = (a: DebtInput, b: DebtInput): number => b.apr - a.apr;
  const [first, second] = planType === 'snowball' ? [byBalance, byApr] : [byApr, byBalance];
  return [...debts]
    .sort((a, b) => first(a, b) || second(a, b) || a.creationOrder - b.creationOrder || a.id - b.id)
    .map((debt) => debt.id);
}

interface DebtState {
  readonly debt: DebtInput;
  readonly minimum: Cents;
  /** Monthly interest at the debt's APR. */
  readonly interestOn: (balance: Cents) => Cents;
  /** This debt's actual remaining balances by month. */
  readonly actuals: ReadonlyMap<MonthKey, Cents>;
  balance: Cents;
  open: boolean;
  /** Stopped past MAX_BALANCE. */
  stopped: boolean;
  payoffMonth: MonthKey | null;
  readonly rows: DebtMonth[];
  /** The current month's interest, what it owes at the month's end, and what it is paid. */
  interest: Cents;
  due: Cents;
  paid: Cents;
}

/**
 * Projects every debt month by month under the plan (null = 'none' without extra payment).
 * Rows of a debt run from month 1 to its payoff month; a debt owing nothing at month 1 has no rows.
 * A debt still owing after `maxMonths` months, or past MAX_BALANCE, stops with `truncated: true`.
 */
export function projectDebts(
  debts: readonly DebtInput[],
  plan: DebtPlanInput | null,
  options: DebtProjectionOptions,
): DebtsProjection {
  const maxMonths = options.maxMonths ?? MAX_PROJECTION_MONTHS;
  const actuals = indexActuals(options.actuals, (a) => a.debtId, (a) => a.month, (a) => a.remaining);
  const states: DebtState[] = debts.map((debt) => {
    const balance = maxCents(ZERO, debt.remainingAmount);
    return {
      debt,
      minimum: maxCents(ZERO, debt.monthlyPayment),
      // A debt owing nothing never charges interest (and its APR is never read).
      interestOn: balance > 0 ? interestAt(debt.apr) : () => ZERO,
      actuals: actualsOf(actuals, debt.id),
      balance,
      open: balance > 0,
      stopped: false,
      payoffMonth: null,
      rows: [],
      interest: ZERO,
      due: ZERO,
      paid: ZERO,
    };
  });
  const planType = plan?.planType ?? 'none';
  const byId = new Map(states.map((state) => [state.debt.id, state]));
  const targets: DebtState[] =
    planType === 'none' ? [] : debtOrder(debts, planType).flatMap((id) => byId.get(id) ?? []);
  const budget =
    planType === 'none' ? ZERO : cents(sumCents(states.map((s) => s.minimum)) + maxCents(ZERO, plan?.extraPayment ?? ZERO));

  // Month 1's debts already paid before the plan started, and that month's budget without their minimums.
  const startDay = options.startDay ?? 1;
  const paidBefore = new Set(states.filter((s) => paidBeforeStart(s.debt.dueDay, startDay)));
  const firstBudget = planType === 'none' ? ZERO : cents(budget - sumCents([...paidBefore].map((s) => s.minimum)));

  let open = states.filter((s) => s.open);
  for (let index = 0; index < maxMonths && open.length > 0; index += 1) {
    // The series grows month by month: a debt that pays off early never asks for far months.
    const month = monthSeries(options.planStart, index + 1)[index] ?? addMonths(options.planStart, index);
    if (index === 0 && paidBefore.size > 0) projectMonth(open, targets, firstBudget, month, paidBefore);
    else projectMonth(open, targets, budget, month);
    open = open.filter((s) => s.open);
  }

  const projections = states.map((state) => ({
    id: state.debt.id,
    name: state.debt.name,
    apr: state.debt.apr,
    monthlyPayment: state.debt.monthlyPayment,
    payoffMonth: state.payoffMonth,
    truncated: state.open || state.stopped,
    months: state.rows,
  }));
  const total = totalRows(states, options.planStart);
  return { debts: projections, total, payments: total.map((row) => row.payment) };
}

/**
 * One month of the open debts (in input order). First what each debt owes at the end of the
 * month (balance + interest) and what it is paid: its minimum, capped at what it owes; under a
 * plan the rest of the budget goes to the targets in order, each up to what it still owes. Then
 * each debt takes its payment through the shared amortization step. A debt in `skipped` (month 1's
 * debts paid before the plan started) owes no interest, is paid nothing and takes no extra.
 */
function projectMonth(open: readonly DebtState[], targets: readonly DebtState[], budget: Cents, month: MonthKey, skipped?: ReadonlySet<DebtState>): void {
  let minimums = 0;
  for (const state of open) {
    if (skipped?.has(state)) {
      state.interest = ZERO;
      state.due = state.balance;
      state.paid = ZERO;
      continue;
    }
    state.interest = state.interestOn(state.balance);
    state.due = cents(state.balance + state.interest);
    state.paid = maxCents(ZERO, minCents(state.minimum, state.due));
    minimums += state.paid;
  }
  if (targets.length > 0) {
    let pool = cents(budget - minimums);
    for (const target of targets) {
      if (pool <= 0) break;
      // A target paid off (or stopped) before this month, or left out of it, takes nothing.
      if (!target.open || skipped?.has(target)) continue;
      const extra = minCents(pool, cents(target.due - target.paid));
      if (extra <= 0) continue;
      target.paid = cents(target.paid + extra);
      pool = cents(pool - extra);
    }
  }
  for (const state of open) {
    const step = applyPayment(state.balance, state.interest, state.paid);
    const input = actualIn(state.actuals, month);
    const display = input ?? step.balance;
    state.rows.push({
      month,
      payment: step.payment,
      principalPaid: step.principal,
      interestPaid: step.interest,
      remainingAmount: step.balance,
      displayEndBalance: display,
      percentPaid: percentPaid(state.debt.originalAmount, display),
      inputRemainingBalance: input,
    });
    state.balance = display;
    if (display <= 0) {
      state.open = false;
      state.payoffMonth = month;
    } else if (display > MAX_BALANCE) {
      state.open = false;
      state.stopped = true;
    }
  }
}

// Written out field by field, like the other two total-row loops: one generic sum by field name
// made project() 2.7× slower (docs/performance.md#projection-engine).
/**
 * The total rows: for each month up to the last row of any debt, the sums over debts of payment,
 * principal, interest, computed and display end balances (a paid-off debt counts 0), and
 *   percentPaid = (Σ originals − Σ display end balances) / Σ originals × 100
 * over every debt (one already paid off at month 1 counts as paid).
 */
function totalRows(states: readonly DebtState[], planStart: MonthKey): DebtMonth[] {
  let length = 0;
  for (const state of states) length = Math.max(length, state.rows.length);
  const original = sumCents(states.map((s) => s.debt.originalAmount));
  const months = monthSeries(planStart, length);
  const rows: DebtMonth[] = [];
  for (let index = 0; index < length; index += 1) {
    let payment = 0;
    let principal = 0;
    let interest = 0;
    let remaining = 0;
    let display = 0;
    for (const state of states) {
      const row = state.rows[index];
      if (row === undefined) continue;
      payment += row.payment;
      principal += row.principalPaid;
      interest += row.interestPaid;
      remaining += row.remainingAmount;
      display += row.displayEndBalance;
    }
    rows.push({
      month: months[index] ?? addMonths(planStart, index),
      payment: cents(payment),
      principalPaid: cents(principal),
      interestPaid: cents(interest),
      remainingAmount: cents(remaining),
      displayEndBalance: cents(display),
      percentPaid: percentPaid(original, cents(display)),
      inputRemainingBalance: null,
    });
  }
  return rows;
}
