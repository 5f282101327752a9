/**
 * "Where should the next dollar go?": a monthly amount (default $100.00) tried four ways, each as a
 * changed plan projected in full, ranked by net worth at retirement in today's dollars.
 *
 *   debt  the amount added to the debt plan's extra payment (applyWhatIf's extraDebtPayment: the
 *         current strategy, or avalanche when there is none)
 *   401k  the amount added to the employee contribution of the user's 401(k) (traditional or Roth;
 *         with several, the highest expected return, as savingsTarget picks)
 *   ira   the amount added to the user's IRA, or, without one, to a new Roth IRA (newRothIra)
 *   cash  the amount left in cash — which is the plan as it stands: the income table already keeps
 *         every dollar that is not spent (end balance = previous + income − outflows), so "the next
 *         dollar" is today's leftover and every other option is measured against the unchanged plan
 *
 * The money is the same in every option: the income table gives up `amount` a month to the debt,
 * the account or nothing. One exception: with no debt plan (or plan 'none') the debt option also
 * switches to avalanche, whose rollover sends each paid-off debt's minimum on to the next debt
 * instead of back to cash, so with several debts it moves more than `amount` in some months; its
 * reason line says the plan switched. Each option's figures are planOutcome's (what-if.ts), so they match the
 * what-if sandbox to the cent, and `changes` is the sandbox change that reproduces it.
 * Not modelled, and said so in the reasons: an employer match (the records hold an employer amount,
 * not a formula, so it stays as entered); taxes on contributions (a traditional contribution's tax
 * saving today) — balances count before tax, so traditional and Roth money rank alike.
 *
 * Ranking: net worth at retirement, highest first (an option without one last); ties in the order
 * cash, debt, 401k, ira: at equal net worth, money you can still reach beats money locked away,
 * and a guaranteed saving on interest beats an expected return. Options that do not apply (no
 * debts, no 401(k), no return to assume for a new IRA) follow the ranked ones, flagged
 * `applies: false` with the reason.
 */
import { is401k } from './limits.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUpBig, formatCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthsBetween } from './months.ts';
import { project } from './project.ts';
import { decimalFraction, type AnnualPercent } from './rates.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';
import { debtOrder } from './debts.ts';
import { investedShareOf } from './learning.ts';
import {
  applyWhatIf,
  formatPercent,
  MAX_MONTHLY_CHANGE,
  placeSavings,
  planOutcome,
  savingsTarget,
  whatIfDebtPlan,
  type PlanOutcome,
  type SavingsPlacement,
  type WhatIfChanges,
} from './what-if.ts';

export const NEXT_DOLLAR_KINDS = ['debt', '401k', 'ira', 'cash'] as const;
export type NextDollarKind = (typeof NEXT_DOLLAR_KINDS)[number];

/** The amount asked about when none is given: $100.00 a month. */
export const DEFAULT_NEXT_DOLLAR: Cents = cents(10_000);
/** The largest amount nextDollar takes: MAX_MONTHLY_CHANGE, $100,000.00 a month. */
export const MAX_NEXT_DOLLAR: Cents = MAX_MONTHLY_CHANGE;

/** The order of options with equal net worth at retirement (see the file's doc comment). */
const TIE_ORDER: readonly NextDollarKind[] = ['cash', 'debt', '401k', 'ira'];

/** An option that applies, with its figures. */
export interface NextDollarChoice {
  readonly kind: NextDollarKind;
  readonly applies: true;
  /** 1 = where the next dollar does the most. */
  readonly rank: number;
  readonly label: string;
  /** The what-if change that is this option ({} for cash); null for a new IRA, which no change makes. */
  readonly changes: WhatIfChanges | null;
  /** Net worth at retirement in today's dollars (PlanOutcome.netWorthAtRetirement). */
  readonly netWorthAtRetirement: Cents | null;
  /** netWorthAtRetirement − the unchanged plan's; null when either is null. 0 for cash. */
  readonly deltaNetWorth: Cents | null;
  readonly debtFreeMonth: MonthKey | null;
  /** Σ interest over the debt table, nominal. */
  readonly interestPaid: Cents;
  readonly runsOut: MonthKey | null;
  readonly moneyLastsAge: number | null;
  /** One plain-English line on what the option does and why it ranks where it does. */
  readonly reason: string;
}

/** An option that does not apply to this plan, and why. */
export interface NextDollarSkipped {
  readonly kind: NextDollarKind;
  readonly applies: false;
  readonly label: string;
  readonly reason: string;
}

export type NextDollarOption = NextDollarChoice | NextDollarSkipped;

/**
 * Messages for an amount nextDollar cannot take ({} when it can): whole cents,
 * 0 < amount ≤ MAX_NEXT_DOLLAR. Example: 0 → { amount: 'Amount must be more than $0.00' }.
 */
export function nextDollarErrors(amount: Cents): Record<string, string> {
  if (!Number.isSafeInteger(amount)) return { amount: 'Amount must be a whole number of cents' };
  if (amount <= 0) return { amount: `Amount must be more than ${formatCents(ZERO)}` };
  if (amount > MAX_NEXT_DOLLAR) return { amount: `Amount can be at most ${formatCents(MAX_NEXT_DOLLAR)} a month` };
  return {};
}

/**
 * The four options for `amount` cents a month, the applicable ones ranked (rank 1 first), then the
 * skipped ones in NEXT_DOLLAR_KINDS order. `birthYear` gives the money-lasts ages (null: none).
 * Each applicable option is one projection of its changed plan (cash is the unchanged plan's):
 *   deltaNetWorth = option.netWorthAtRetirement − plan.netWorthAtRetirement   (today's dollars)
 * Throws a RangeError for an amount nextDollarErrors refuses.
 * Example (next-dollar.test.ts): a 500.00 card at 24 % and a 401(k) at 12 %, retiring in 3
 * months, 100.00 a month → debt +6.04 (it saves 24.56 − 18.52 of interest by then), 401(k) +3.01
 * (1.00 + 2.01 of growth), a new Roth IRA at the accounts' 12 % +3.01, cash 0.
 */
export function nextDollar(input: ProjectionInput, amount: Cents = DEFAULT_NEXT_DOLLAR, birthYear: number | null = null): NextDollarOption[] {
  const errors = Object.values(nextDollarErrors(amount));
  if (errors.length > 0) throw new RangeError(`Invalid next-dollar amount: ${errors.join('; ')}`);
  const baseline = planOutcome(input, project(input), birthYear);
  const outcomeOf = (changed: ProjectionInput): PlanOutcome => planOutcome(changed, project(changed), birthYear);
  const options = [debtOption(input, amount, baseline, outcomeOf), k401Option(input, amount, baseline, outcomeOf), iraOption(input, amount, baseline, outcomeOf), cashOption(input, amount, baseline)];

  const applying = options.filter((o): o is Unranked => o.applies);
  applying.sort((a, b) => compareNetWorth(a.netWorthAtRetirement, b.netWorthAtRetirement) || TIE_ORDER.indexOf(a.kind) - TIE_ORDER.indexOf(b.kind));
  const ranked: NextDollarOption[] = applying.map((option, index) => ({ ...option, rank: index + 1 }));
  return [...ranked, ...options.filter((o): o is NextDollarSkipped => !o.applies)];
}

/**
 * The account a new Roth IRA would be: `amount` a month from the later of today's month and the
 * plan start (a new account's deposits start now, not in months already lived), starting at 0, no
 * employer money, not payroll-deducted, id one above the largest. Its expected return:
 *   the plain mean of the accounts' expected returns, rounded half-up to 4 decimals (the precision
 *   a rate is entered with); without accounts the retirement plan's interest rate; else null (no
 *   return to assume, and no IRA option).
 * The mean of the rates as entered, not weighted by balance, so the reason line can say where
 * the figure came from in a few words. Example: accounts at 7 % and 6.5 % → 6.75 %.
 */
export function newRothIra(input: ProjectionInput, amount: Cents): RetirementAccountInput | null {
  const rate = assumedReturn(input);
  if (rate === null) return null;
  const start = input.today > input.planStart ? input.today : input.planStart;
  return {
    id: input.retirementAccounts.reduce((most, a) => Math.max(most, a.id), 0) + 1,
    name: 'New Roth IRA',
    contributionAmount: amount,
    employerContributionAmount: ZERO,
    startingBalance: ZERO,
    expectedReturnRate: rate,
    contributionCycle: 'monthly',
    nextDepositDate: `${start}-01`,
    payrollDeducted: false,
    accountType: 'roth_ira',
  };
}

type Unranked = Omit<NextDollarChoice, 'rank'>;
type OutcomeOf = (changed: ProjectionInput) => PlanOutcome;

function debtOption(input: ProjectionInput, amount: Cents, baseline: PlanOutcome, outcomeOf: OutcomeOf): Unranked | NextDollarSkipped {
  const label = 'Pay down debt';
  const owed = input.debts.filter((debt) => debt.remainingAmount > 0);
  if (owed.length === 0) return { kind: 'debt', applies: false, label, reason: 'You have no debts to pay down.' };
  const changes: WhatIfChanges = { extraDebtPayment: amount };
  const { plan, switched } = whatIfDebtPlan(input.debtPlan, amount);
  const outcome = outcomeOf(applyWhatIf(input, changes));
  const planType = plan.planType === 'snowball' ? 'snowball' : 'avalanche';
  const target = owed.find((debt) => debt.id === debtOrder(owed, planType)[0]) ?? owed[0]!;
  const first = `${switched ? 'paying' : 'Paying'} ${target.name} at ${formatPercent(target.apr)} first`;
  let effect: string;
  if (baseline.debtFree.status === 'never' || outcome.debtFree.status === 'never') {
    effect =
      outcome.debtFree.status === 'never'
        ? 'still leaves a debt unpaid when the projection stops'
        : `pays your debts off by ${outcome.debtFreeMonth}, which your current plan never does`;
  } else {
    const saved = cents(baseline.interestPaid - outcome.interestPaid);
    const sooner = baseline.debtFreeMonth !== null && outcome.debtFreeMonth !== null ? monthsBetween(outcome.debtFreeMonth, baseline.debtFreeMonth) : 0;
    const when = sooner > 0 ? `makes you debt-free ${sooner} ${sooner === 1 ? 'month' : 'months'} sooner (${outcome.debtFreeMonth})` : `leaves you debt-free in ${outcome.debtFreeMonth} as before`;
    effect = `saves ${formatCents(saved)} of interest and ${when}`;
  }
  const prefix = switched ? 'Your debts have no payoff plan, so this goes avalanche-style: ' : '';
  return choice('debt', label, changes, outcome, baseline, `${prefix}${first} ${effect}; ${netWorthEffect(outcome, baseline)}.`);
}

function k401Option(input: ProjectionInput, amount: Cents, baseline: PlanOutcome, outcomeOf: OutcomeOf): Unranked | NextDollarSkipped {
  const account = savingsTarget({ retirementAccounts: input.retirementAccounts.filter((a) => is401k(a.accountType ?? '')) });
  if (account === null) return { kind: '401k', applies: false, label: 'Your 401(k)', reason: 'You have no 401(k) in your plan.' };
  const changes: WhatIfChanges = { monthlySavings: amount, savingsAccountId: account.id };
  const { placement } = placeSavings(input, account.id, amount);
  const outcome = outcomeOf(applyWhatIf(input, changes));
  const reason =
    `Adding ${formatCents(amount)} a month to ${account.name}${asDeposits(placement)}, earning ${formatPercent(account.expectedReturnRate)} a year, ` +
    `${netWorthEffect(outcome, baseline)}${payCutText(placement)}. Your employer contribution stays as entered: the plan holds an amount, not a match formula, so a match on this money is not counted.`;
  return choice('401k', `Raise ${account.name}`, changes, outcome, baseline, reason);
}

function iraOption(input: ProjectionInput, amount: Cents, baseline: PlanOutcome, outcomeOf: OutcomeOf): Unranked | NextDollarSkipped {
  const existing = savingsTarget({ retirementAccounts: input.retirementAccounts.filter((a) => isIra(a.accountType)) });
  if (existing !== null) {
    const changes: WhatIfChanges = { monthlySavings: amount, savingsAccountId: existing.id };
    const { placement } = placeSavings(input, existing.id, amount);
    const outcome = outcomeOf(applyWhatIf(input, changes));
    const reason = `Adding ${formatCents(amount)} a month to ${existing.name}${asDeposits(placement)}, earning ${formatPercent(existing.expectedReturnRate)} a year, ${netWorthEffect(outcome, baseline)}${payCutText(placement)}.`;
    return choice('ira', `Raise ${existing.name}`, changes, outcome, baseline, reason);
  }
  const account = newRothIra(input, amount);
  if (account === null) {
    return { kind: 'ira', applies: false, label: 'Open a Roth IRA', reason: 'There is no return to assume for a new IRA: add a retirement account or a retirement plan first.' };
  }
  const outcome = outcomeOf({ ...input, retirementAccounts: [...input.retirementAccounts, account] });
  const source = input.retirementAccounts.length > 0 ? "the average of your accounts' expected returns" : "your retirement plan's interest rate";
  const reason = `Opening a Roth IRA with ${formatCents(amount)} a month from ${account.nextDepositDate.slice(0, 7)}, earning ${formatPercent(account.expectedReturnRate)} a year (${source}), ${netWorthEffect(outcome, baseline)}.`;
  return choice('ira', 'Open a Roth IRA', null, outcome, baseline, reason);
}

function cashOption(input: ProjectionInput, amount: Cents, baseline: PlanOutcome): Unranked {
  const rate = input.assumptions?.cashInterestRate ?? 0;
  const earning = rate > 0 ? `earning ${formatPercent(rate)} a year` : 'earning nothing, as no cash interest rate is set';
  const share = investedShareOf(input);
  // With a surplus account, what a month leaves over is partly invested already (docs/projection-rules.md#surplus).
  const stays = share === null ? 'income you do not spend already stays in cash' : `income you do not spend already goes where your plan sends it (${formatPercent(share)} of each month's surplus to your surplus account, the rest to cash)`;
  const reason = `Leaving ${formatCents(amount)} a month in cash is your plan as it stands: ${stays}, ${earning}, so this is what the other options are measured against.`;
  return choice('cash', 'Keep it in cash', {}, baseline, baseline, reason);
}

function choice(kind: NextDollarKind, label: string, changes: WhatIfChanges | null, outcome: PlanOutcome, baseline: PlanOutcome, reason: string): Unranked {
  return {
    kind,
    applies: true,
    label,
    changes,
    netWorthAtRetirement: outcome.netWorthAtRetirement,
    deltaNetWorth: delta(outcome, baseline),
    debtFreeMonth: outcome.debtFreeMonth,
    interestPaid: outcome.interestPaid,
    runsOut: outcome.runsOut,
    moneyLastsAge: outcome.moneyLastsAge,
    reason,
  };
}

function delta(outcome: PlanOutcome, baseline: PlanOutcome): Cents | null {
  if (outcome.netWorthAtRetirement === null || baseline.netWorthAtRetirement === null) return null;
  return cents(outcome.netWorthAtRetirement - baseline.netWorthAtRetirement);
}

/** "adds $3.01 to your net worth at retirement (end of 2026-03, in today's dollars)" and its other cases. */
function netWorthEffect(outcome: PlanOutcome, baseline: PlanOutcome): string {
  const change = delta(outcome, baseline);
  if (change === null) return 'with no working months left to compare at retirement';
  if (change === 0) return 'leaves your net worth at retirement unchanged';
  const at = outcome.atRetirementMonth === null ? '' : ` (end of ${outcome.atRetirementMonth}, in today's dollars)`;
  return change > 0 ? `adds ${formatCents(change)} to your net worth at retirement${at}` : `leaves your net worth at retirement ${formatCents(cents(-change))} lower${at}`;
}

/** ", as $46.15 each biweekly deposit" for an account not paid monthly; '' for a monthly one. */
function asDeposits(placement: SavingsPlacement): string {
  return placement.cycle === 'monthly' ? '' : `, as ${formatCents(placement.perCycle)} each ${placement.cycle} deposit`;
}

/** The pay cut of a payroll-deducted account, as a clause; '' otherwise. */
function payCutText(placement: SavingsPlacement): string {
  if (placement.payCut === null) return '';
  return ` (it comes out of your pay: net pay falls by ${formatCents(placement.payCut.perCycle)} a ${placement.payCut.cycle} paycheck)`;
}

/** Higher first; null (no figure) last. */
function compareNetWorth(a: Cents | null, b: Cents | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

function isIra(accountType: string | undefined): boolean {
  return accountType === 'traditional_ira' || accountType === 'roth_ira';
}

/**
 * The plan's typical return, which a new account is assumed to earn (newRothIra) and the what-if
 * sandbox starts its return slider on: the plain mean of the accounts' expected returns, exact to
 * 4 decimals (half up); without accounts the retirement plan's interest rate; else null.
 * Example: 7 % and 6.5 % → 6.75 %; 6 %, 6 % and 7 % → 19/3 = 6.3333 %.
 */
export function assumedReturn(input: ProjectionInput): AnnualPercent | null {
  const accounts = input.retirementAccounts;
  if (accounts.length === 0) return input.retirementPlan?.interestRate ?? null;
  // Each rate in ten-thousandths of a percent, exactly (rates are entered with at most 4 decimals).
  let sum = 0n;
  for (const account of accounts) {
    const { numerator, denominator } = decimalFraction(account.expectedReturnRate);
    sum += divRoundHalfUpBig(numerator * 10_000n, denominator);
  }
  return Number(divRoundHalfUpBig(sum, BigInt(accounts.length))) / 10_000;
}

