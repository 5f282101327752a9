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
 * The money is the same in every option: `amount` of take-home pay a month goes to the debt, the
 * account or nothing. One exception: with no debt plan (or plan 'none') the debt option also
 * switches to avalanche, whose rollover sends each paid-off debt's minimum on to the next debt
 * instead of back to cash, so with several debts it moves more than `amount` in some months; its
 * reason line says the plan switched.
 *
 * The IRS's rules, for the calendar years from today's to the year before retirement
 * (docs/projection-rules.md#the-next-dollar-and-the-irs):
 * - **Room under the limits.** An account takes no more than fits under every year's contribution
 *   limits with the deposits already planned (roomPerDeposit, by age, the same counting as the
 *   limit warnings). What does not fit stays in cash, and the reason says how much and why; an
 *   account with no room is offered as full (applies: false).
 * - **Roth IRA income limits.** A Roth IRA's limit is reduced by the year's estimated income
 *   (nextDollarTax: gross pay less pre-tax 401(k) deposits) in the phase-out range of the filing
 *   status, and is 0 above it (phasedOutLimit, IRS Notice 2025-67, Pub. 590-A Worksheet 2-2).
 * - **Tax saved by pre-tax money.** A traditional 401(k), or a traditional IRA whose deduction is
 *   full, takes the amount grossed up at the marginal federal rate (2026 brackets of the filing
 *   status): the tax saved goes back to take-home pay, so the option costs `amount` of take-home
 *   pay like the others (fitUnderLimits). Its withdrawals are taxed later at the plan's retirement
 *   tax rate; net worth at retirement is before that tax, and the reason says so.
 * The filing status is the one the card is set to, else the plan assumptions', else a guess
 * from the incomes (guessFilingStatus).
 *
 * Each option's figures are planOutcome's (what-if.ts), so an option without tax saved matches the
 * what-if sandbox to the cent, and `changes` is the sandbox change that reproduces it (null when
 * the option saves tax, which the sandbox does not count).
 * Not modelled, and said so in the reasons: an employer match (the records hold an employer amount,
 * not a formula, so it stays as entered); state tax; a partial traditional IRA deduction (counted
 * as none).
 *
 * Ranking: net worth at retirement, highest first (an option without one last); ties in the order
 * cash, debt, 401k, ira: at equal net worth, money you can still reach beats money locked away,
 * and a guaranteed saving on interest beats an expected return. Options that do not apply (no
 * debts, no 401(k), no return to assume for a new IRA) follow the ranked ones, flagged
 * `applies: false` with the reason.
 */
import { CYCLE_FACTORS, type Cycle } from './cycles.ts';
import { FILING_STATUS_LABELS, marginalRate, STANDARD_DEDUCTION, type FilingStatus } from './federal-tax.ts';
import { iraIncomeLimitsFor, is401k, lastDepositMonth, PAYMENTS_PER_YEAR, YEARS_WITHOUT_PLAN, isIraKind, limitsFor, phasedOutLimit, roomPerDeposit, type AccountKind, type AccountRoom, type PlannedAccount } from './limits.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUpBig, formatCents, minCents, mulDivRoundHalfUp, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthOfDate, monthsBetween } from './months.ts';
import { project } from './project.ts';
import { decimalFraction, type AnnualPercent } from './rates.ts';
import type { ProjectionInput, RetirementAccountInput } from './types.ts';
import { debtOrder } from './debts.ts';
import { investedShareOf } from './learning.ts';
import {
  applyWhatIf,
  formatPercent,
  largestIncome,
  perCycleAmount,
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
export function nextDollar(input: ProjectionInput, amount: Cents = DEFAULT_NEXT_DOLLAR, birthYear: number | null = null, filingStatus: FilingStatus = guessFilingStatus(input)): NextDollarOption[] {
  const errors = Object.values(nextDollarErrors(amount));
  if (errors.length > 0) throw new RangeError(`Invalid next-dollar amount: ${errors.join('; ')}`);
  const baseline = planOutcome(input, project(input), birthYear);
  const outcomeOf = (changed: ProjectionInput): PlanOutcome => planOutcome(changed, project(changed), birthYear);
  const context = taxContext(input, birthYear, filingStatus);
  const options = [debtOption(input, amount, baseline, outcomeOf), k401Option(input, amount, baseline, outcomeOf, context), iraOption(input, amount, baseline, outcomeOf, context), cashOption(input, amount, baseline)];

  const applying = options.filter((o): o is Unranked => o.applies);
  applying.sort((a, b) => compareNetWorth(a.netWorthAtRetirement, b.netWorthAtRetirement) || TIE_ORDER.indexOf(a.kind) - TIE_ORDER.indexOf(b.kind));
  const ranked: NextDollarOption[] = applying.map((option, index) => ({ ...option, rank: index + 1 }));
  return [...ranked, ...options.filter((o): o is NextDollarSkipped => !o.applies)];
}

/**
 * The tax figures the next dollar uses for one calendar year (`year`, default today's), shown on
 * its card so the user can check them:
 *   grossPay          Σ gross pay × payments a year × the months of `year` it is paid at today's
 *                     rate ÷ 12 (yearAtRate; monthsAtTodaysRate: the whole year, less months
 *                     after its end month or before a start still to come)
 *   preTax            Σ the employee contribution to each traditional 401(k), the same way
 *                     (through the month before retirement)
 *   income            max(0, grossPay − preTax): the modified AGI the IRA income limits are
 *                     checked against (other pre-tax deductions are not known to the plan)
 *   taxableIncome     max(0, income − the standard deduction of the filing status)
 *   marginalRate      the 2026 federal bracket of the last taxable dollar (federal-tax.ts); state
 *                     tax and the 65+ deductions are not counted
 * Example: 9,000.00 gross a month all year, single, 500.00 a month to a traditional 401(k) →
 * 108,000.00 − 6,000.00 = 102,000.00; − 16,100.00 = 85,900.00 taxable → 22 %.
 */
export interface NextDollarTax {
  readonly year: number;
  readonly filingStatus: FilingStatus;
  readonly grossPay: Cents;
  readonly preTax: Cents;
  readonly income: Cents;
  readonly standardDeduction: Cents;
  readonly taxableIncome: Cents;
  readonly marginalRate: number;
}

/** The tax figures of `year` (see NextDollarTax). */
export function nextDollarTax(input: ProjectionInput, filingStatus: FilingStatus, year: number = Number(input.today.slice(0, 4))): NextDollarTax {
  const { grossPay, preTax, income } = estimatedIncome(input, year);
  const standardDeduction = STANDARD_DEDUCTION[filingStatus];
  const taxableIncome = cents(Math.max(0, income - standardDeduction));
  return { year, filingStatus, grossPay, preTax, income, standardDeduction, taxableIncome, marginalRate: marginalRate(taxableIncome, filingStatus) };
}

/**
 * The filing status assumed until the user picks one on the card: the plan assumptions' when set,
 * else married filing jointly with two or more incomes, else single (a guess the card says is one).
 */
export function guessFilingStatus(input: Pick<ProjectionInput, 'incomes' | 'assumptions'>): FilingStatus {
  return input.assumptions?.filingStatus ?? (input.incomes.length >= 2 ? 'married_joint' : 'single');
}

/** grossPay, preTax and income of NextDollarTax for `year`. */
function estimatedIncome(input: ProjectionInput, year: number): { grossPay: Cents; preTax: Cents; income: Cents } {
  let grossPay = 0;
  for (const income of input.incomes) {
    grossPay += yearAtRate(income.grossPay ?? ZERO, income.payCycle, monthsAtTodaysRate(input.today, year, income.nextPayMonth ?? null, income.endMonth ?? null));
  }
  const lastMonth = lastContributionMonth(input);
  let preTax = 0;
  for (const account of input.retirementAccounts) {
    if (account.accountType !== 'traditional_401k') continue;
    preTax += yearAtRate(account.contributionAmount, account.contributionCycle, monthsAtTodaysRate(input.today, year, monthOfDate(account.nextDepositDate), lastMonth));
  }
  return { grossPay: cents(grossPay), preTax: cents(preTax), income: cents(Math.max(0, grossPay - preTax)) };
}

/**
 * An amount paid every `cycle`, over `months` months: roundHalfUp(amount × payments a year ×
 * months ÷ 12), rounded once, so a whole year is exactly amount × payments a year.
 * Example: 950.00 biweekly, 12 months → 24,700.00; 4,000.00 biweekly, 10 months → 86,666.67.
 */
function yearAtRate(amount: Cents, cycle: Cycle, months: number): number {
  return mulDivRoundHalfUp(amount, BigInt(PAYMENTS_PER_YEAR[cycle] * months), 12n);
}

/**
 * The months of `year` a pay or a deposit runs at today's rate: from January, or from its first
 * month when that is after today's (a pay or an account yet to start), through its last month.
 * The months before the plan began are taken as paid at the same rate, since the year's tax counts
 * them. Example (today 2026-11): an income ending 2026-06 → 6; one starting 2027-03 → 0 in 2026
 * and 10 in 2027.
 */
function monthsAtTodaysRate(today: MonthKey, year: number, first: MonthKey | null, last: MonthKey | null): number {
  const january = `${year}-01` as MonthKey;
  const december = `${year}-12` as MonthKey;
  const from = first !== null && first > today && first > january ? first : january;
  const to = last !== null && last < december ? last : december;
  return to < from ? 0 : monthsBetween(from, to) + 1;
}

function taxContext(input: ProjectionInput, birthYear: number | null, filingStatus: FilingStatus): TaxContext {
  const lastMonth = lastContributionMonth(input);
  const fromYear = Number(input.today.slice(0, 4));
  const incomes = new Map<number, Cents>();
  const incomeIn = (year: number): Cents => {
    if (!incomes.has(year)) incomes.set(year, estimatedIncome(input, year).income);
    return incomes.get(year)!;
  };
  return {
    tax: nextDollarTax(input, filingStatus, fromYear),
    incomeIn,
    birthYear,
    planned: input.retirementAccounts.map((a) => plannedAccountOf(a, lastMonth)).filter((a): a is PlannedAccount => a !== null),
    fromYear,
    toYear: lastMonth === null ? fromYear + YEARS_WITHOUT_PLAN - 1 : Number(lastMonth.slice(0, 4)),
  };
}

/** The plan's last month with a deposit (lastDepositMonth); null without a plan. */
function lastContributionMonth(input: ProjectionInput): MonthKey | null {
  return lastDepositMonth(input.retirementPlan?.retirementDate ?? null);
}

/** An account's contribution plan as the limits see it; null for a taxable account. */
function plannedAccountOf(account: RetirementAccountInput, lastMonth: MonthKey | null): PlannedAccount | null {
  const type = account.accountType ?? '';
  if (!is401k(type) && !isIraKind(type)) return null;
  return {
    accountId: account.id,
    accountType: type as AccountKind,
    contribution: account.contributionAmount,
    employerContribution: account.employerContributionAmount,
    cycle: account.contributionCycle,
    firstDeposit: account.nextDepositDate,
    lastMonth,
  };
}

/**
 * Whether this year's traditional IRA money is deductible in full, and if not, why, in a sentence.
 * Someone covered by a retirement plan at work (taken as: the plan has a 401(k)) deducts it in full
 * only with income at or below the phase-out's start (IRS Notice 2025-67; Pub. 590-A, table 1-2);
 * a partial deduction is counted as none, which understates the option a little. Without a 401(k)
 * the deduction is full. Only the deduction is counted, at the marginal federal rate.
 */
function iraDeduction(input: ProjectionInput, context: TaxContext): { readonly full: boolean; readonly text: string } {
  const covered = input.retirementAccounts.some((a) => is401k(a.accountType ?? ''));
  const { year, income, filingStatus } = context.tax;
  const range = iraIncomeLimitsFor(year).deductionCovered[filingStatus];
  if (!covered || income <= range.from) return { full: true, text: '' };
  const status = FILING_STATUS_LABELS[filingStatus].toLowerCase();
  return {
    full: false,
    text: `With a 401(k) at work and an estimated ${year} income of ${formatCents(income)}, a traditional IRA contribution is not fully deductible (phase-out ${formatCents(range.from)}–${formatCents(range.to)} for ${status}, IRS Notice 2025-67), so no tax saving is counted.`,
  };
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

function k401Option(input: ProjectionInput, amount: Cents, baseline: PlanOutcome, outcomeOf: OutcomeOf, context: TaxContext): Unranked | NextDollarSkipped {
  const account = savingsTarget({ retirementAccounts: input.retirementAccounts.filter((a) => is401k(a.accountType ?? '')) });
  if (account === null) return { kind: '401k', applies: false, label: 'Your 401(k)', reason: 'You have no 401(k) in your plan.' };
  const label = `Raise ${account.name}`;
  const preTax = account.accountType === 'traditional_401k';
  const fit = fitUnderLimits(input, account, amount, preTax ? context.tax.marginalRate : 0, context);
  if (fit.kind === 'skipped') return { kind: '401k', applies: false, label, reason: fit.reason };
  const outcome = outcomeOf(fit.input);
  const reason =
    `${addingText(account, fit)}, earning ${formatPercent(account.expectedReturnRate)} a year, ${netWorthEffect(outcome, baseline)}${payCutText(fit.placement)}.` +
    `${taxSavedText(fit)}${cappedText(amount, fit, context)}${preTax ? withdrawalsText(input) : ''} Your employer contribution stays as entered: the plan holds an amount, not a match formula, so a match on this money is not counted.`;
  return choice('401k', label, fit.changes, outcome, baseline, reason);
}

function iraOption(input: ProjectionInput, amount: Cents, baseline: PlanOutcome, outcomeOf: OutcomeOf, context: TaxContext): Unranked | NextDollarSkipped {
  const existing = savingsTarget({ retirementAccounts: input.retirementAccounts.filter((a) => isIraKind(a.accountType ?? '')) });
  if (existing !== null) {
    const label = `Raise ${existing.name}`;
    const deduction = existing.accountType === 'traditional_ira' ? iraDeduction(input, context) : null;
    const rate = deduction === null || !deduction.full ? 0 : context.tax.marginalRate;
    const fit = fitUnderLimits(input, existing, amount, rate, context);
    if (fit.kind === 'skipped') return { kind: 'ira', applies: false, label, reason: fit.reason };
    const outcome = outcomeOf(fit.input);
    const noDeduction = deduction !== null && !deduction.full ? ` ${deduction.text}` : '';
    const reason = `${addingText(existing, fit)}, earning ${formatPercent(existing.expectedReturnRate)} a year, ${netWorthEffect(outcome, baseline)}${payCutText(fit.placement)}.${taxSavedText(fit)}${cappedText(amount, fit, context)}${noDeduction}${deduction !== null ? withdrawalsText(input) : ''}`;
    return choice('ira', label, fit.changes, outcome, baseline, reason);
  }
  const label = 'Open a Roth IRA';
  // The account with nothing in it yet, to measure its room.
  const probe = newRothIra(input, ZERO);
  if (probe === null) {
    return { kind: 'ira', applies: false, label, reason: 'There is no return to assume for a new IRA: add a retirement account or a retirement plan first.' };
  }
  const room = accountRoom(input, probe, context);
  const fits = room === null ? ZERO : largestMonthlyFor(room.perDeposit, 'monthly');
  const contribution = minCents(fits, amount);
  if (contribution <= 0) return { kind: 'ira', applies: false, label, reason: `A new Roth IRA cannot take money: ${room === null ? 'no month is left before you retire' : limitText(room, context)}.` };
  const account = newRothIra(input, contribution)!;
  const outcome = outcomeOf({ ...input, retirementAccounts: [...input.retirementAccounts, account] });
  const source = input.retirementAccounts.length > 0 ? "the average of your accounts' expected returns" : "your retirement plan's interest rate";
  const capped = contribution < amount && room !== null ? ` Only ${formatCents(contribution)} a month fits under the IRS limit (${limitText(room, context)}); the other ${formatCents(cents(amount - contribution))} stays in cash.` : '';
  const reason = `Opening a Roth IRA with ${formatCents(contribution)} a month from ${account.nextDepositDate.slice(0, 7)}, earning ${formatPercent(account.expectedReturnRate)} a year (${source}), ${netWorthEffect(outcome, baseline)}.${capped}`;
  return choice('ira', label, null, outcome, baseline, reason);
}

/** What the next dollar knows about taxes: the year's figures and the plan's contribution plan. */
interface TaxContext {
  readonly tax: NextDollarTax;
  /** The estimated income (modified AGI) of a year: estimatedIncome(input, year).income. */
  readonly incomeIn: (year: number) => Cents;
  readonly birthYear: number | null;
  readonly planned: readonly PlannedAccount[];
  readonly fromYear: number;
  readonly toYear: number;
}

/** An option's money placed under the limits: the changed plan and what it took. */
type Fit =
  | {
      readonly kind: 'placed';
      readonly input: ProjectionInput;
      readonly placement: SavingsPlacement;
      /** The monthly contribution wanted (amount, or grossed up for tax) and the one that fits. */
      readonly wanted: Cents;
      readonly contribution: Cents;
      /** Tax saved a month (rise × rate), added back to take-home pay; and the rate, in percent. */
      readonly taxSaved: Cents;
      readonly rate: number;
      readonly room: AccountRoom | null;
      /** The sandbox change that reproduces it; null when tax is saved (the sandbox does not count tax). */
      readonly changes: WhatIfChanges | null;
    }
  | { readonly kind: 'skipped'; readonly reason: string };

/**
 * `amount` of take-home pay a month into an existing account, within its room under the IRS limits
 * (roomPerDeposit, from this year to the year before retirement). At a tax rate r > 0 (a pre-tax
 * account) the amount buys a larger contribution, since the tax saved pays part of it:
 *   wanted = roundHalfUp(amount × 100 / (100 − r)),  contribution = min(wanted, what fits)
 *   taxSaved = roundHalfUp(rise × r / 100)  (rise: the account's monthly rise, placeSavings)
 * and the tax saved goes back to the pay of the source that pays for it (the pay cut's source,
 * else the largest), as a smaller pay cut would. Example: 100.00 at 22 % → 128.21 a month into a
 * traditional 401(k), 28.21 of tax saved, 100.00 less take-home pay.
 */
function fitUnderLimits(input: ProjectionInput, account: RetirementAccountInput, amount: Cents, rate: number, context: TaxContext): Fit {
  const room = accountRoom(input, account, context);
  if (room === null) return { kind: 'skipped', reason: `${account.name} takes no deposits between now and your retirement, so there is nothing to raise.` };
  const wanted = rate > 0 ? mulDivRoundHalfUp(amount, 100n, BigInt(100 - rate)) : amount;
  const fits = largestMonthlyFor(room.perDeposit, account.contributionCycle);
  const contribution = minCents(fits, wanted);
  if (contribution <= 0) return { kind: 'skipped', reason: `${account.name} is full: ${limitText(room, context)}, so no more fits.` };
  const placed = placeSavings(input, account.id, contribution);
  const taxSaved = rate > 0 ? mulDivRoundHalfUp(placed.placement.monthly, BigInt(rate), 100n) : ZERO;
  if (taxSaved <= 0) {
    return { kind: 'placed', input: placed.input, placement: placed.placement, wanted, contribution, taxSaved: ZERO, rate: 0, room, changes: { monthlySavings: contribution, savingsAccountId: account.id } };
  }
  const sourceId = placed.placement.payCut?.incomeId ?? largestIncome(placed.input.incomes)?.id ?? null;
  const source = placed.input.incomes.find((i) => i.id === sourceId);
  if (source === undefined) {
    return { kind: 'placed', input: placed.input, placement: placed.placement, wanted, contribution, taxSaved: ZERO, rate: 0, room, changes: { monthlySavings: contribution, savingsAccountId: account.id } };
  }
  const back = perCycleAmount(taxSaved, source.payCycle);
  const incomes = placed.input.incomes.map((i) => (i === source ? { ...i, netPay: cents(i.netPay + back) } : i));
  const payCut = placed.placement.payCut === null ? null : { ...placed.placement.payCut, perCycle: cents(placed.placement.payCut.perCycle - back) };
  return { kind: 'placed', input: { ...placed.input, incomes }, placement: { ...placed.placement, payCut }, wanted, contribution, taxSaved, rate, room, changes: null };
}

/** The room of `account` (existing, or a new one not yet in the plan) under the IRS limits; null: no deposit left. */
function accountRoom(input: ProjectionInput, account: RetirementAccountInput, context: TaxContext): AccountRoom | null {
  const target = plannedAccountOf(account, lastContributionMonth(input));
  if (target === null) return null;
  const rothLimit = (year: number): Cents => {
    const limits = limitsFor(year);
    const age = context.birthYear === null ? 0 : year - context.birthYear;
    const full = cents(limits.ira + (age >= 50 ? limits.iraCatchUp : 0));
    return phasedOutLimit(full, context.incomeIn(year), iraIncomeLimitsFor(year).roth[context.tax.filingStatus]);
  };
  return roomPerDeposit(target, context.planned, context.birthYear, context.fromYear, context.toYear, rothLimit);
}

/**
 * The largest monthly amount whose per-deposit amount (perCycleAmount, as placeSavings rounds it)
 * is at most `perDeposit`: a walk down from (perDeposit + 1¢) × the cycle factor, which takes at
 * most a few steps as one cent a month moves a deposit by at most a cent.
 * Example: 46.15 biweekly → 100.00 (100.01 × 12 / 26 = 46.158 would round to 46.16).
 */
function largestMonthlyFor(perDeposit: Cents, cycle: Cycle): Cents {
  if (perDeposit <= 0) return ZERO;
  const { numerator, denominator } = CYCLE_FACTORS[cycle];
  let monthly = Number(((BigInt(perDeposit) + 1n) * numerator + denominator - 1n) / denominator);
  while (monthly > 0 && perCycleAmount(cents(monthly), cycle) > perDeposit) monthly -= 1;
  return cents(monthly);
}

/** "Adding $100.00 a month to Sam Roth IRA, as $46.15 each biweekly deposit": the monthly rise placeSavings made. */
function addingText(account: RetirementAccountInput, fit: Extract<Fit, { kind: 'placed' }>): string {
  return `Adding ${formatCents(fit.placement.monthly)} a month to ${account.name}${asDeposits(fit.placement)}`;
}

/**
 * " It goes in before tax, so it costs $100.00 of take-home pay: at your 22% federal tax rate the
 * $28.21 of tax it saves pays the rest." when tax is saved; '' otherwise.
 */
function taxSavedText(fit: Extract<Fit, { kind: 'placed' }>): string {
  if (fit.taxSaved <= 0) return '';
  const cost = formatCents(cents(fit.placement.monthly - fit.taxSaved));
  return ` It goes in before tax, so it costs ${cost} of take-home pay: at your ${formatPercent(fit.rate)} federal tax rate the ${formatCents(fit.taxSaved)} of tax it saves pays the rest.`;
}

/** " Only $41.66 a month fits under the IRS limit (…); the other $58.34 stays in cash." when capped; '' otherwise. */
function cappedText(amount: Cents, fit: Extract<Fit, { kind: 'placed' }>, context: TaxContext): string {
  if (fit.contribution >= fit.wanted || fit.room === null) return '';
  const cost = cents(fit.placement.monthly - fit.taxSaved);
  const left = cents(Math.max(0, amount - cost));
  return ` Only ${formatCents(fit.placement.monthly)} a month fits under the IRS limit (${limitText(fit.room, context)}); the other ${formatCents(left)} stays in cash.`;
}

/** How withdrawals of pre-tax money are taxed in this plan, as a sentence. */
function withdrawalsText(input: ProjectionInput): string {
  if (input.assumptions?.filingStatus != null) {
    return " Its withdrawals in retirement are taxed by each year's brackets, which the money-lasts figures count; the net worth shown is before that tax.";
  }
  const rate = input.assumptions?.retirementTaxRate ?? 0;
  return rate > 0
    ? ` Its withdrawals in retirement are taxed at your plan's ${formatPercent(rate)}, which the money-lasts figures count; the net worth shown is before that tax.`
    : ' Its withdrawals in retirement are taxed, which your plan does not count until you set a tax rate on retirement withdrawals under Plan assumptions.';
}

/** The limit that leaves the least room, in words. Example: "2026's limit for your 401(k)s is $24,500.00 and your plan already puts $24,000.00 in them". */
function limitText(room: AccountRoom, context: TaxContext): string {
  const { year } = room;
  const already = `your plan already puts ${formatCents(room.planned)} in`;
  switch (room.kind) {
    case 'deferral':
      return `${year}'s limit for your 401(k)s is ${formatCents(room.limit)} and ${already} them`;
    case 'total':
      return `${year}'s limit on employee plus employer money in one 401(k) (§415(c)) is ${formatCents(room.limit)} and ${already} it`;
    case 'ira':
      return `${year}'s limit for your IRAs together is ${formatCents(room.limit)} and ${already} them`;
    case 'roth_income': {
      const range = iraIncomeLimitsFor(year).roth[context.tax.filingStatus];
      const status = FILING_STATUS_LABELS[context.tax.filingStatus].toLowerCase();
      const income = formatCents(context.incomeIn(year));
      const band = `${formatCents(range.from)}–${formatCents(range.to)} for ${status}`;
      return room.limit <= 0
        ? `your estimated ${year} income, ${income}, is above the Roth IRA income limit (${band}, IRS Notice 2025-67)`
        : `your estimated ${year} income, ${income}, lowers ${year}'s Roth IRA limit to ${formatCents(room.limit)} (phase-out ${band}, IRS Notice 2025-67) and ${already} your Roth IRAs`;
    }
  }
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

