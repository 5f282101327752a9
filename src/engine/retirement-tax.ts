/**
 * Taxes in the projection (docs/projection-rules.md#taxes-in-the-projection): how a living month is
 * paid once the plan has a filing status ("bracket mode"), and the flat rate's rule when it has
 * none. The retirement table (retirement.ts livingMonth) and every Monte Carlo and history path
 * (risk.ts replayPath) pay their living months through one LivingLedger, so the tables, the
 * success rate and the history replay apply the same tax rules by construction.
 *
 * Flat mode (no filing status): payLivingNeed grossed up at retirement_tax_rate, as before.
 *
 * Bracket mode, per living month, in this order (every amount in cents, rounded half up once):
 * 1. January, from the first living year to the year before RMDs begin: the Roth conversion
 *    c = min(roundHalfUp(roth_conversion × F_inflation(n)), Σ traditional balances after interest)
 *    leaves the traditional accounts in proportion to their balances and enters the Roth accounts in
 *    proportion to theirs (the first Roth account when they are all 0; no Roth account: none).
 *    Ordinary income of the year; not a withdrawal.
 * 2. April: the year before's tax (federal + state + penalty) joins the month's need. In the last
 *    living month an unpaid year before is paid too, and after the month is paid its own year's
 *    tax is computed and paid at once; that payment's withdrawals are not taxed.
 * 3. December, from the RMD year on: each traditional account first withdraws
 *    max(0, requiredMinimum(its 31 December balance of the year before, age) − its January–November
 *    withdrawals), held to its balance; that money pays the need after cash spent first, and what
 *    is left of it goes to cash.
 * 4. The need is paid by payLivingNeed with no gross-up (cash, then the accounts by the withdrawal
 *    order, then cash).
 * 5. The year's income: every gross traditional withdrawal (RMDs and tax payments included), the
 *    conversion and cash interest are ordinary income; withdrawals before July of birth year + 59
 *    (conversions excepted) are the penalty's base; Social Security received; and from a taxable
 *    account holding B after interest with basis P, a withdrawal W realises the long-term gain
 *      gain = roundHalfUp(W × max(0, B − P) / B),  then P −= W − gain
 *    (P starts as the starting balance plus every contribution).
 * 6. December or the last living month closes the year: yearTax (year-tax.ts) of its income.
 * Example (single, born 1961, 2026 figures, no inflation): a retiree of 65 withdrawing 50,000.00
 * from a traditional IRA in 2026 owes 50,000 − (16,100 + 2,050 + 6,000) = 25,850.00 taxable →
 * 1,240.00 + 13,450 × 12 % = 2,854.00, paid the next April.
 */
import { grownAmount, isPreTax } from './assumptions.ts';
import type { FilingStatus } from './federal-tax.ts';
import type { Cents } from './money.ts';
import { cents, mulDivRound, ZERO } from './money.ts';
import type { MonthKey } from './months.ts';
import { monthOf, yearOf } from './months.ts';
import type { AnnualPercent } from './rates.ts';
import type { RetirementTotalMonth } from './types.ts';
import { payLivingNeed, proportionalShares, type LivingCash } from './retirement.ts';
import { isBeforeFiftyNineAndAHalf, requiredMinimum, rmdStartAge } from './rmd.ts';
import { yearTax, type YearTax } from './year-tax.ts';

/** What bracket mode reads from the plan assumptions and the profile. */
export interface BracketRules {
  readonly filingStatus: FilingStatus;
  /** % of federal taxable income. */
  readonly stateTaxRate: AnnualPercent;
  /** Indexes the tax figures after 2026 and grows the conversion. % a year. */
  readonly inflationRate: AnnualPercent;
  /** A year's Roth conversion in plan-start dollars; 0: none. */
  readonly rothConversion: Cents;
  /** null: no ages — no 65+ deductions, no penalty, no RMDs, conversions every living year. */
  readonly birthYear: number | null;
}

/** A closed tax year: yearTax's figures with the year's RMDs and conversion. */
export interface TaxYearFigures extends YearTax {
  readonly year: number;
  /** Ordinary income without Social Security: traditional withdrawals, the conversion, cash interest. */
  readonly ordinary: Cents;
  /** Σ of each traditional account's required minimum for the year (0 before RMDs start). */
  readonly rmd: Cents;
  readonly conversion: Cents;
}

/** One living month as LivingLedger paid it. */
export interface LedgerMonth {
  /** Per account: everything that left it (the need's share, RMDs, tax payments). */
  readonly gross: readonly Cents[];
  /** Per account: flat mode's tax part of `gross`; bracket mode 0. */
  readonly taxes: readonly Cents[];
  /** Per account: the conversion moved (− out of traditional, + into Roth); null: none this month. */
  readonly conversion: readonly Cents[] | null;
  /** What the conversion moved in all. */
  readonly converted: Cents;
  /** The month's need with any tax paid in it. */
  readonly need: Cents;
  /** The total row's `taxes`: flat mode Σ taxes; bracket mode the tax paid this month. */
  readonly taxesPaid: Cents;
  readonly cashBalance: Cents;
  readonly cashWithdrawals: Cents;
  readonly shortfall: Cents;
  /** The year this month closed; null on other months and in flat mode. */
  readonly year: TaxYearFigures | null;
}

/** What a living month brings to the ledger. */
export interface LedgerMonthInput {
  /** Month index from month 1 (0-based): n = index + 1. */
  readonly index: number;
  /** The month's calendar year and month (1–12), read once per table by calendarOf. */
  readonly year: number;
  readonly calendarMonth: number;
  /** Whether this is the plan's last living month. */
  readonly last: boolean;
  /** livingNeed of the month (with an overdraft repayment), before any tax. */
  readonly need: Cents;
  readonly socialSecurity: Cents;
  /** Per account: the balance after the month's interest (not changed by the ledger). */
  readonly available: readonly Cents[];
}

interface YearIncomeSoFar {
  year: number;
  ordinary: number;
  socialSecurity: number;
  gains: number;
  early: number;
  rmd: number;
  conversion: number;
}

/** Each account's kind, as the ledger treats it. */
interface AccountKinds {
  readonly preTax: readonly boolean[];
  readonly roth: readonly boolean[];
  readonly taxable: readonly boolean[];
}

export function accountKinds(accounts: readonly { readonly accountType?: string }[]): AccountKinds {
  return {
    preTax: accounts.map((a) => isPreTax(a.accountType)),
    roth: accounts.map((a) => a.accountType === 'roth_401k' || a.accountType === 'roth_ira'),
    taxable: accounts.map((a) => a.accountType === 'taxable'),
  };
}

/** How a retirement's living months are taxed: the same for the table and every path. */
export interface LedgerSetup {
  readonly kinds: AccountKinds;
  /** Per account: its withdrawal group (withdrawalGroups); null: proportional. */
  readonly groups: readonly number[] | null;
  /** Flat mode's % of each traditional withdrawal. */
  readonly flatRate: AnnualPercent;
  /** null: flat mode. */
  readonly brackets: BracketRules | null;
}

/**
 * The year's income and what is owed, carried from one living month to the next (see the file's
 * doc comment). One per table or path: `basis` is each account's starting balance plus its
 * contributions up to retirement, `decemberBefore` each account's balance on 31 December before
 * the first living month (its starting balance when that day is before the plan).
 */
export class LivingLedger {
  private readonly setup: LedgerSetup;
  private readonly basis: number[];
  private december: readonly Cents[];
  /** Per account: this year's withdrawals so far (for December's RMD). */
  private readonly withdrawn: number[];
  private income: YearIncomeSoFar | null = null;
  /** The tax of the last closed year, until an April (or the last month) pays it. */
  private unpaid: Cents = ZERO;
  private readonly rmdYear: number | null;
  private readonly zeros: readonly Cents[];

  constructor(setup: LedgerSetup, basis: readonly Cents[], decemberBefore: readonly Cents[]) {
    this.setup = setup;
    this.basis = basis.slice();
    this.december = decemberBefore.slice();
    this.withdrawn = basis.map(() => 0);
    this.zeros = basis.map(() => ZERO);
    const birthYear = setup.brackets?.birthYear ?? null;
    this.rmdYear = birthYear === null ? null : birthYear + rmdStartAge(birthYear);
  }

  /** Pays one living month (flat or bracket mode). */
  month(input: LedgerMonthInput, cash: LivingCash | null): LedgerMonth {
    const { kinds, groups, brackets } = this.setup;
    if (brackets === null) {
      // Every Monte Carlo path pays each month here: a plain literal, no spread.
      const paid = payLivingNeed(input.need, input.available, kinds.preTax, this.setup.flatRate, cash, groups);
      let taxesPaid = 0;
      for (let i = 0; i < paid.taxes.length; i += 1) taxesPaid += paid.taxes[i]!;
      return {
        gross: paid.gross,
        taxes: paid.taxes,
        conversion: null,
        converted: ZERO,
        need: input.need,
        taxesPaid: cents(taxesPaid),
        cashBalance: paid.cashBalance,
        cashWithdrawals: paid.cashWithdrawals,
        shortfall: paid.shortfall,
        year: null,
      };
    }
    return this.bracketMonth(input, cash, brackets);
  }

  /** Each month's closing balances (after actuals): December's are next year's RMD base. */
  closeMonth(calendarMonth: number, balances: readonly Cents[]): void {
    if (calendarMonth === 12 && this.setup.brackets !== null) this.december = balances.slice();
  }

  private bracketMonth(input: LedgerMonthInput, cash: LivingCash | null, rules: BracketRules): LedgerMonth {
    const { kinds, groups } = this.setup;
    const { index, year, calendarMonth } = input;
    const n = input.available.length;
    if (this.income?.year !== year) {
      this.income = { year, ordinary: 0, socialSecurity: 0, gains: 0, early: 0, rmd: 0, conversion: 0 };
      this.withdrawn.fill(0);
    }
    const income = this.income;
    const held = input.available.slice();
    const gross: Cents[] = new Array<Cents>(n).fill(ZERO);

    // 1. January's conversion, while RMDs have not begun.
    let conversion: Cents[] | null = null;
    let converted = ZERO;
    if (calendarMonth === 1 && rules.rothConversion > 0 && (this.rmdYear === null || year < this.rmdYear) && kinds.roth.includes(true)) {
      const from = held.map((h, i) => (kinds.preTax[i] ? h : ZERO));
      let fromTotal = 0;
      for (const h of from) fromTotal += h;
      converted = cents(Math.min(grownAmount(rules.rothConversion, rules.inflationRate, index + 1), fromTotal));
      if (converted > 0) {
        const rothHeld = held.map((h, i) => (kinds.roth[i] ? h : ZERO));
        const into = rothHeld.some((h) => h > 0) ? proportionalShares(converted, rothHeld) : held.map((_, i) => (i === kinds.roth.indexOf(true) ? converted : ZERO));
        const out = proportionalShares(converted, from);
        conversion = held.map((_, i) => cents((into[i] ?? 0) - (out[i] ?? 0)));
        for (let i = 0; i < n; i += 1) held[i] = cents(held[i]! + conversion[i]!);
        income.ordinary += converted;
        income.conversion += converted;
      }
    }

    // 2. The year before's tax, in April or in the last month.
    let due = ZERO;
    if (this.unpaid > 0 && (calendarMonth === 4 || input.last)) {
      due = this.unpaid;
      this.unpaid = ZERO;
    }

    // 3. December's required minimum distributions.
    let released = 0;
    if (calendarMonth === 12 && this.rmdYear !== null && year >= this.rmdYear) {
      const age = year - rules.birthYear!;
      for (let i = 0; i < n; i += 1) {
        if (!kinds.preTax[i]) continue;
        const required = requiredMinimum(this.december[i] ?? ZERO, age) ?? ZERO;
        income.rmd += required;
        const top = Math.min(held[i]!, Math.max(0, required - this.withdrawn[i]!));
        held[i] = cents(held[i]! - top);
        gross[i] = cents(top);
        released += top;
      }
    }

    // 4. The need, with the tax due, untaxed by any gross-up.
    const need = cents(input.need + due);
    const paid = payLivingNeed(need, held, kinds.preTax, 0, cash, groups, cents(released));

    // 5. The year's income.
    const early = rules.birthYear !== null && isBeforeFiftyNineAndAHalf(year, calendarMonth, rules.birthYear);
    for (let i = 0; i < n; i += 1) {
      const taken = paid.gross[i] ?? ZERO;
      gross[i] = cents(gross[i]! + taken);
      if (kinds.preTax[i]) {
        income.ordinary += gross[i]!;
        if (early) income.early += gross[i]!;
        this.withdrawn[i]! += gross[i]!;
      } else if (kinds.taxable[i] && taken > 0) {
        const balance = held[i]!;
        const gain = mulDivRound(taken, Math.max(0, balance - this.basis[i]!), balance);
        income.gains += gain;
        this.basis[i] = this.basis[i]! - (taken - gain);
      }
    }
    income.ordinary += paid.cashInterest;
    income.socialSecurity += input.socialSecurity;

    // 6. The year closes in December or with the plan; the last month pays it at once.
    let closed: TaxYearFigures | null = null;
    let taxesPaid: number = due;
    let { cashBalance, cashWithdrawals, shortfall } = paid;
    if (calendarMonth === 12 || input.last) {
      const tax = yearTax(
        { ordinary: cents(income.ordinary), socialSecurity: cents(income.socialSecurity), gains: cents(income.gains), early: cents(income.early) },
        { filingStatus: rules.filingStatus, age: rules.birthYear === null ? 0 : year - rules.birthYear, year, inflationRate: rules.inflationRate, stateTaxRate: rules.stateTaxRate },
      );
      closed = {
        taxableSocialSecurity: tax.taxableSocialSecurity,
        ordinaryIncome: tax.ordinaryIncome,
        gains: tax.gains,
        deduction: tax.deduction,
        taxableIncome: tax.taxableIncome,
        ordinaryTaxable: tax.ordinaryTaxable,
        federal: tax.federal,
        state: tax.state,
        penalty: tax.penalty,
        total: tax.total,
        effectiveRate: tax.effectiveRate,
        marginalRate: tax.marginalRate,
        year,
        ordinary: cents(income.ordinary),
        rmd: cents(income.rmd),
        conversion: cents(income.conversion),
      };
      if (input.last) {
        if (tax.total > 0) {
          const left = held.map((h, i) => cents(h - (paid.gross[i] ?? 0)));
          const cashLeft = cash === null ? null : { ...cash, balance: cashBalance, interestRate: 0 };
          const final = payLivingNeed(tax.total, left, kinds.preTax, 0, cashLeft, groups);
          for (let i = 0; i < n; i += 1) gross[i] = cents(gross[i]! + (final.gross[i] ?? 0));
          cashBalance = final.cashBalance;
          cashWithdrawals = cents(cashWithdrawals + final.cashWithdrawals);
          shortfall = cents(shortfall + final.shortfall);
          taxesPaid += tax.total;
        }
      } else this.unpaid = tax.total;
    }
    return {
      gross,
      taxes: this.zeros,
      conversion,
      converted,
      need: cents(input.need + taxesPaid),
      taxesPaid: cents(taxesPaid),
      cashBalance,
      cashWithdrawals,
      shortfall,
      year: closed,
    };
  }
}

/** A month's calendar year and month: calendarOf('2027-04') → { year: 2027, calendarMonth: 4 }. */
export function calendarOf(month: MonthKey): { readonly year: number; readonly calendarMonth: number } {
  return { year: yearOf(month), calendarMonth: monthOf(month) };
}

/** The tax a closed year owes (what the next April pays): federal + state + penalty, 0 on a row that closes no year. */
export function yearTaxOwed(row: Pick<RetirementTotalMonth, 'yearFederalTax' | 'yearStateTax' | 'yearPenalty'>): Cents {
  return cents((row.yearFederalTax ?? 0) + (row.yearStateTax ?? 0) + (row.yearPenalty ?? 0));
}

/** Σ yearTaxOwed over a retirement table's total rows: the plan's lifetime tax in bracket mode. */
export function lifetimeTax(rows: readonly Pick<RetirementTotalMonth, 'yearFederalTax' | 'yearStateTax' | 'yearPenalty'>[]): Cents {
  let total = 0;
  for (const row of rows) total += yearTaxOwed(row);
  return cents(total);
}
