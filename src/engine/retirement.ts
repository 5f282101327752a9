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
 * housing lines arrive grown by inflation (the expense line with other spending, or the retirement
 * budget in its place: docs/projection-rules.md#retirement-spending).
 * available_i is held at MAX_BALANCE.
 *
 * Where the money goes (docs/projection-rules.md#where-the-money-goes), with plan assumptions: cash
 * earns its interest every living month; an overdraft left by the last working month joins the
 * first living month's need and cash restarts at 0; the need is paid by payLivingNeed (cash first
 * when spent first, the accounts in passes until the need is met or every account is empty, then
 * cash), and total rows carry `need`, and on living rows `cashBalance` and `cashWithdrawals`.
 */
import { actualIn, actualsOf, indexActuals } from './actuals.ts';
import { cashInterest, grossWithdrawal, grownAmount, isPreTax, netOfTax } from './assumptions.ts';
import { projectContributions, type SurplusDeposits } from './contributions.ts';
import { MAX_BALANCE } from './horizon.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, minCents, mulDivFloor, sumCents, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { addMonths, monthOf, monthOfDate, monthSeries } from './months.ts';
import { interestAt, type AnnualPercent } from './rates.ts';
import type { ReturnPath } from './returns.ts';
import { extraInterest } from './returns.ts';
import { accountKinds, calendarOf, LivingLedger, type BracketRules, type LedgerSetup, type TaxYearFigures } from './retirement-tax.ts';
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
  /** The last working month's overdraft, repaid in the first living month (docs/projection-rules.md#overdraft); absent: 0. */
  readonly overdraftRepayment?: Cents;
}

/**
 * What cash and the accounts must pay in a living month, never below 0:
 *   need = max(0, housing + debts + monthly expenses + other expenses + overdraft repayment − Social Security)
 * `monthlyExpenses` is the month's spending: the monthly expenses and other spending, or the
 * retirement budget in their place. Example: housing 1 500.00, expenses 1 000.00, Social Security
 * 2 000.00 → 50 000¢; with Social Security 3 000.00 → 0; with an overdraft of 800.00 to repay and
 * Social Security 2 000.00 → 130 000¢.
 */
export function livingNeed(costs: LivingCosts): Cents {
  const outflows = costs.housing + costs.debts + costs.monthlyExpenses + costs.otherExpenses + (costs.overdraftRepayment ?? 0);
  return maxCents(ZERO, cents(outflows - costs.socialSecurityIncome));
}

/** Cash in a living month (docs/projection-rules.md#cash-in-retirement): what it holds at the month's start, never below 0. */
export interface LivingCash {
  readonly balance: Cents;
  /** What cash earns, % a year. */
  readonly interestRate: AnnualPercent;
  /** spend_cash_in_retirement: cash pays the need before the accounts; otherwise only what they cannot. */
  readonly spendFirst: boolean;
}

/** How a living month's need was paid. */
export interface LivingPayment {
  /** Per account, in input order: what left it (gross of tax). */
  readonly gross: Cents[];
  /** Per account: the tax part of `gross`. */
  readonly taxes: Cents[];
  /** What cash paid. */
  readonly cashWithdrawals: Cents;
  /** Cash at the end of the month (0 without cash). */
  readonly cashBalance: Cents;
  /** The need nothing could pay. */
  readonly shortfall: Cents;
  /** What cash earned this month (cashInterest on its opening; 0 without cash). */
  readonly cashInterest: Cents;
}

/**
 * Pays a living month's need (docs/projection-rules.md#no-early-shortfall). The one rule the
 * retirement table, Monte Carlo and the history replay (risk.ts replayPath) share.
 *   cash       earns cashInterest on its opening first (held at MAX_BALANCE); when spent first it
 *              pays min(need, cash)
 *   pass       the net need R left is split over the accounts' balances h_i by splitWithdrawal
 *              (shares floored to the cent, leftover cents to the largest balances first) as
 *              w = min(R, Σ h_i); a share s is paid in full by a Roth or untaxed account; a traditional
 *              account (preTax, rate t > 0) pays g = grossWithdrawal(s, t) when it holds that much,
 *              else its whole balance g = h_i, delivering netOfTax(g, t) = floor(g × (1 − t/100))
 *   again      what the capped accounts left unmet, plus R − w, is split again over the balances
 *              left, until it is met or every account is empty (each pass that leaves need unmet
 *              empties at least one account, so there are at most n + 1 passes)
 *   cash       when not spent first, it pays what the accounts could not: min(rest, cash)
 *   shortfall  what is still unpaid
 * With `groups` (withdrawalGroups, the tax-aware order) the passes run inside each group in turn,
 * lowest first, and what a group cannot pay falls to the next; null: one group of every account.
 * `released` is money already taken out of the accounts (December's required minimum
 * distributions, retirement-tax.ts): it pays the need after cash spent first and before the
 * accounts, and what it brought beyond the need is added to cash.
 * Units: cents; t in % of the gross. `available` are the balances after the month's interest,
 * each ≥ 0. Example at 20 %, a traditional account and a Roth each holding 100.00, need 170.00:
 * pass 1 shares 85.00 / 85.00; 85.00 would need 106.25 gross, so the traditional account pays its
 * 100.00 and delivers 80.00; the Roth pays 85.00 (15.00 left). Pass 2 takes the unmet 5.00 from the
 * Roth (10.00 left): no shortfall. With need 190.00 the Roth has 5.00 for the 15.00 unmet and
 * 10.00 is short (before cash).
 */
export function payLivingNeed(
  need: Cents,
  available: readonly Cents[],
  preTax: readonly boolean[],
  taxRate: AnnualPercent,
  cash: LivingCash | null,
  groups: readonly number[] | null = null,
  released: Cents = ZERO,
): LivingPayment {
  const earned = cash === null ? ZERO : cashInterest(cash.balance, cash.interestRate);
  let cashBalance = cash === null ? ZERO : minCents(cents(MAX_BALANCE), cents(cash.balance + earned));
  let cashWithdrawals = ZERO;
  let rest: number = need;
  if (cash?.spendFirst) {
    cashWithdrawals = minCents(need, maxCents(ZERO, cashBalance));
    cashBalance = cents(cashBalance - cashWithdrawals);
    rest -= cashWithdrawals;
  }
  // December's required distributions, already out of the accounts, pay what cash left of the need.
  const fromReleased = Math.min(rest, released);
  rest -= fromReleased;
  const held: Cents[] = available.slice();
  const gross: Cents[] = available.map(() => ZERO);
  const taxes: Cents[] = available.map(() => ZERO);
  // One group of every account (proportional), or the tax-aware groups in their order.
  const order = groups === null ? PROPORTIONAL : groupOrder(groups);
  const reachable: Cents[] = groups === null ? held : new Array<Cents>(held.length);
  for (const group of order) {
    while (rest > 0) {
      // The proportional path (every Monte Carlo path's) stays a plain sum over the balances.
      if (groups !== null) for (let i = 0; i < held.length; i += 1) reachable[i] = groups[i] === group ? held[i]! : ZERO;
      let total = 0;
      for (const h of reachable) total += h;
      if (total <= 0) break;
      const withdrawal = Math.min(rest, total);
      const shares = splitWithdrawal(cents(withdrawal), reachable);
      let unmet = rest - withdrawal;
      for (let i = 0; i < held.length; i += 1) {
        const share = shares[i] ?? ZERO;
        if (share === 0) continue;
        const holds = held[i] ?? ZERO;
        let paid: Cents = share;
        let delivered: Cents = share;
        if (taxRate > 0 && preTax[i] === true) {
          const wanted = grossWithdrawal(share, taxRate);
          if (wanted <= holds) paid = wanted;
          else {
            paid = holds;
            delivered = netOfTax(holds, taxRate);
            unmet += share - delivered;
          }
        }
        gross[i] = cents((gross[i] ?? 0) + paid);
        taxes[i] = cents((taxes[i] ?? 0) + paid - delivered);
        held[i] = cents(holds - paid);
      }
      rest = unmet;
    }
  }
  if (cash !== null && !cash.spendFirst && rest > 0) {
    const paid = minCents(cents(rest), maxCents(ZERO, cashBalance));
    cashWithdrawals = paid;
    cashBalance = cents(cashBalance - paid);
    rest -= paid;
  }
  // What the required distributions brought beyond the need is kept as cash.
  if (released > fromReleased) cashBalance = minCents(cents(MAX_BALANCE), cents(cashBalance + released - fromReleased));
  return { gross, taxes, cashWithdrawals, cashBalance, shortfall: cents(rest), cashInterest: earned };
}

const PROPORTIONAL: readonly (number | null)[] = [null];
const groupOrders = new WeakMap<readonly number[], readonly number[]>();
/** The distinct groups in ascending order, once per groups array (a ledger's setup keeps one). */
function groupOrder(groups: readonly number[]): readonly number[] {
  let order = groupOrders.get(groups);
  if (order === undefined) {
    order = [...new Set(groups)].sort((a, b) => a - b);
    groupOrders.set(groups, order);
  }
  return order;
}

/**
 * The withdrawal group of each account (docs/projection-rules.md#the-tax-aware-order): null under
 * `proportional` (every account shares each withdrawal in proportion to its balance); under
 * `tax_aware` taxable accounts first (0), then traditional ones (1, isPreTax), then Roth accounts
 * and any account without a type (2). Example: [roth_ira, taxable, traditional_401k] → [2, 0, 1].
 */
export function withdrawalGroups(accounts: readonly { readonly accountType?: string }[], order: 'proportional' | 'tax_aware'): readonly number[] | null {
  if (order === 'proportional') return null;
  return accounts.map((account) => (account.accountType === 'taxable' ? 0 : isPreTax(account.accountType) ? 1 : 2));
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
  return proportionalShares(amount, available, total);
}

/**
 * `amount` shared in proportion to `weights` (Σ weights > 0), with no cap: floor(amount × w_i / Σ w),
 * then the leftover cents (fewer than the weights above 0) one each to the largest weights first,
 * ties to the earlier. The shares sum to `amount`. splitWithdrawal's rule, also the Roth
 * conversion's into the Roth accounts (retirement-tax.ts). Example: 100.00 over [200.00, 100.00] →
 * [66.67, 33.33]. `total` is Σ weights when the caller has it.
 */
export function proportionalShares(amount: Cents, weights: readonly Cents[], total: number = sumCents(weights)): Cents[] {
  const shares = weights.map((a) => (a > 0 ? mulDivFloor(amount, a, total) : ZERO));
  let leftover = amount - sumCents(shares);
  // The next in (largest weight, earlier index) order after (lastA, lastIndex), found by a scan.
  let lastA = Number.POSITIVE_INFINITY;
  let lastIndex = -1;
  while (leftover > 0) {
    let best = -1;
    let bestA = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < weights.length; i += 1) {
      const a = weights[i]!;
      const after = a < lastA || (a === lastA && i > lastIndex);
      if (after && a > 0 && a > bestA) {
        best = i;
        bestA = a;
      }
    }
    if (best < 0) break;
    shares[best] = cents(shares[best]! + 1);
    leftover -= 1;
    lastA = bestA;
    lastIndex = best;
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
   * Present when plan assumptions are set: the tax on traditional withdrawals, and cash as the last
   * working month left it (`opening`: the income table's last shown end balance; negative, an
   * overdraft that the first living month repays), what it earns and whether it pays the need
   * first (spend_cash_in_retirement) or only what the accounts cannot.
   */
  readonly living?: {
    readonly retirementTaxRate: number;
    /** Which accounts pay first (withdrawalGroups); absent: proportional. */
    readonly withdrawalOrder?: 'proportional' | 'tax_aware';
    /** Bracket mode's rules (retirement-tax.ts); absent or null: the flat retirementTaxRate. */
    readonly brackets?: BracketRules | null;
    readonly cash: { readonly opening: Cents; readonly interestRate: number; readonly spendFirst: boolean };
  } | null;
  /** The working months' surplus transfers into the surplus account (docs/projection-rules.md#surplus); absent: none. */
  readonly surplus?: SurplusDeposits | null;
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
    surplus: options.surplus ?? null,
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
  const living = options.living ?? null;
  // An overdraft is repaid by the first living month's need; cash restarts at 0 and accrues nothing more.
  const opening = living?.cash.opening ?? ZERO;
  const overdraft = opening < 0 ? cents(-opening) : ZERO;
  const cash: LivingCash | null = living === null ? null : { balance: maxCents(ZERO, opening), interestRate: living.cash.interestRate, spendFirst: living.cash.spendFirst };
  const setup = ledgerSetup(accounts, options);
  // The plan's dates and rate are only read when there are living months.
  if (options.livingMonths > 0) {
    const months = monthSeries(options.planStart, options.preMonths + options.livingMonths);
    const socialSecurityStart = monthOfDate(options.plan.socialSecurityStartDate);
    const interestOn = interestAt(options.plan.interestRate);
    const first = months[options.preMonths] ?? addMonths(options.planStart, options.preMonths);
    const decemberIndex = options.preMonths - monthOf(first);
    const ledger = new LivingLedger(
      setup,
      states.map((s) => cents(s.account.startingBalance + s.totalContributions)),
      states.map((s) => (decemberIndex >= 0 ? (s.rows[decemberIndex]?.displayBalance ?? s.account.startingBalance) : s.account.startingBalance)),
    );
    let state = cash;
    for (let step = 0; step < options.livingMonths; step += 1) {
      const index = options.preMonths + step;
      const month = months[index] ?? addMonths(options.planStart, index);
      const last = step === options.livingMonths - 1;
      const outcome = livingMonth(states, options, { index, month, last, socialSecurityStart, interestOn, ledger, overdraft: step === 0 ? overdraft : ZERO }, state);
      outcomes.push(outcome);
      if (state !== null) state = { ...state, balance: outcome.cashBalance };
    }
  }
  const taxed = living !== null;
  const bracketed = setup.brackets !== null;
  const shown = (row: RetirementMonth): RetirementMonth => (bracketed ? { ...row, taxes: ZERO, conversion: row.conversion ?? ZERO } : withTaxes(row));
  return {
    accounts: states.map((s) => ({ id: s.account.id, name: s.account.name, months: taxed ? s.rows.map(shown) : s.rows })),
    total: totalRows(states, options.preMonths, outcomes, taxed, bracketed),
  };
}

/** How the living months are taxed (retirement-tax.ts), for the table and every path alike. */
export function ledgerSetup(accounts: readonly RetirementAccountInput[], options: RetirementOptions): LedgerSetup {
  const living = options.living ?? null;
  return {
    kinds: accountKinds(accounts),
    groups: withdrawalGroups(accounts, living?.withdrawalOrder ?? 'proportional'),
    flatRate: living?.retirementTaxRate ?? 0,
    brackets: living?.brackets ?? null,
  };
}

/** What a living month left: its need, the unmet need, and cash's part; in bracket mode the tax paid, the conversion and a closed year. */
interface LivingOutcome {
  readonly need: Cents;
  readonly shortfall: Cents;
  readonly cashBalance: Cents;
  readonly cashWithdrawals: Cents;
  readonly taxesPaid: Cents;
  readonly converted: Cents;
  readonly year: TaxYearFigures | null;
}

/** The month a living row is for, and what every living month reads. */
interface LivingMonthContext {
  readonly index: number;
  readonly month: MonthKey;
  /** The month of social_security_start_date (socialSecurityIn, parsed once). */
  readonly socialSecurityStart: MonthKey;
  /** The monthly interest at the plan's rate. */
  readonly interestOn: (balance: Cents) => Cents;
  /** Whether this is the last living month. */
  readonly last: boolean;
  /** Pays the month and keeps the tax year (retirement-tax.ts). */
  readonly ledger: LivingLedger;
  /** The overdraft this month repays (the first living month only). */
  readonly overdraft: Cents;
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
 * One living month of every account; answers the month's need, shortfall and what cash did.
 *   need       = livingNeed of the month's costs, with the overdraft repayment in the first
 *                living month
 *   available  = opening + interest (+ a path's extra interest), held to 0 … MAX_BALANCE
 *   then payLivingNeed pays the need from cash and the accounts; each account's withdrawal is
 *   its gross, its taxes the tax part
 * Example: net share 1 000.00 at 22 % from 50 000.00 → withdrawal 1 282.05, taxes 282.05.
 */
function livingMonth(states: readonly AccountState[], options: RetirementOptions, context: LivingMonthContext, cash: LivingCash | null): LivingOutcome {
  const { index, month } = context;
  const housing = options.housing[index] ?? ZERO;
  const debts = options.debts[index] ?? ZERO;
  const monthlyExpenses = options.monthlyExpenses[index] ?? ZERO;
  const otherExpenses = options.otherExpenses[index] ?? ZERO;
  const socialSecurityIncome = month >= context.socialSecurityStart ? grownAmount(options.plan.socialSecurityIncome, options.socialSecurityCola ?? 0, index + 1) : ZERO;
  const need = livingNeed({ housing, debts, monthlyExpenses, otherExpenses, socialSecurityIncome, overdraftRepayment: context.overdraft });
  const interest: Cents[] = [];
  const available: Cents[] = [];
  for (const state of states) {
    const earned = cents(context.interestOn(state.balance) + extraInterest(options.returns, index, options.plan.interestRate, state.balance));
    interest.push(earned);
    available.push(cents(Math.max(0, Math.min(MAX_BALANCE, state.balance + earned))));
  }
  const { year, calendarMonth } = calendarOf(month);
  const paid = context.ledger.month({ index, year, calendarMonth, last: context.last, need, socialSecurity: socialSecurityIncome, available }, cash);
  const closing: Cents[] = [];
  states.forEach((state, i) => {
    const held = available[i] ?? ZERO;
    const gross = paid.gross[i] ?? ZERO;
    const taxes = paid.taxes[i] ?? ZERO;
    const converted = paid.conversion?.[i] ?? ZERO;
    const balance = cents(held + converted - gross);
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
    const withConversion = paid.conversion === null ? row : { ...row, conversion: converted };
    state.rows.push(taxes > 0 ? { ...withConversion, taxes } : withConversion);
    state.balance = input ?? balance;
    closing.push(state.balance);
  });
  context.ledger.closeMonth(calendarMonth, closing);
  return {
    need: paid.need,
    shortfall: paid.shortfall,
    cashBalance: paid.cashBalance,
    cashWithdrawals: paid.cashWithdrawals,
    taxesPaid: paid.taxesPaid,
    converted: paid.converted,
    year: paid.year,
  };
}

// Written out field by field, like the other two total-row loops: one generic sum by field name
// made project() 2.7× slower (docs/performance.md#projection-engine).
/**
 * Sums the accounts' rows month by month. Household columns are the month's own figures (the
 * same in every account's row), not multiplied by the number of accounts; shortfall is 0 before
 * retirement. With plan assumptions (`taxed`) every row carries `taxes` and `need` (0 before
 * retirement), and living rows `cashBalance` and `cashWithdrawals`.
 */
function totalRows(states: readonly AccountState[], preMonths: number, outcomes: readonly LivingOutcome[], taxed: boolean, bracketed: boolean): RetirementTotalMonth[] {
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
    // Bracket mode: the tax paid this month (account rows carry 0) and what was converted.
    const withTaxesRow = bracketed
      ? { ...total, taxes: outcome?.taxesPaid ?? ZERO, need: outcome?.need ?? ZERO, conversion: outcome?.converted ?? ZERO }
      : { ...total, taxes: cents(taxes), need: outcome?.need ?? ZERO };
    // Before retirement cash is the income table's; the living rows say what is left of it.
    if (!outcome) return withTaxesRow;
    const living = { ...withTaxesRow, cashBalance: outcome.cashBalance, cashWithdrawals: outcome.cashWithdrawals };
    return outcome.year === null ? living : { ...living, ...yearColumns(outcome.year) };
  });
}

/** A closed tax year as the total row's year columns (RetirementTotalMonth). */
function yearColumns(year: TaxYearFigures): Partial<RetirementTotalMonth> {
  return {
    yearOrdinaryIncome: year.ordinary,
    yearTaxableSocialSecurity: year.taxableSocialSecurity,
    yearGains: year.gains,
    yearDeduction: year.deduction,
    yearFederalTax: year.federal,
    yearStateTax: year.state,
    yearPenalty: year.penalty,
    yearEffectiveRate: year.effectiveRate,
    yearMarginalRate: year.marginalRate,
    yearRmd: year.rmd,
    yearConversion: year.conversion,
  };
}
