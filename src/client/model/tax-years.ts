/**
 * Taxes by year, on Retirement Living's 'All Accounts' in bracket mode (a filing status set in the
 * plan assumptions; docs/projection-rules.md#taxes-in-the-projection). The total row that closes
 * each tax year (its December, or the last living month) carries the year's figures; every other
 * row carries none, and without a filing status no row does (then there is no section).
 *
 * Two markers: the first year with a required minimum distribution ('First RMD'), and each year
 * whose marginal rate is above the year before's ('Higher bracket'; never the first year). The
 * lifetime tax is Σ (federal + state + penalty) over the years. Each year's tax is paid the next
 * April: that is the month table's Taxes column, not this one.
 *
 * Example: 2031 marginal 12 %, no RMD; 2032 marginal 22 %; 2033 marginal 22 %, RMD $4,100.75 →
 * 2032 'Higher bracket', 2033 'First RMD'.
 */
import { decimalText } from '../../engine/format.ts';
import { ZERO, type Cents } from '../../engine/money.ts';
import { lifetimeTax } from '../../engine/retirement-tax.ts';
import { yearOf, type MonthKey } from '../../engine/months.ts';
import type { RetirementRow } from './month-wire.ts';

export interface TaxYear {
  readonly year: number;
  /** The month of the total row that closes it. */
  readonly month: MonthKey;
  readonly ordinaryIncome: Cents;
  readonly taxableSocialSecurity: Cents;
  readonly gains: Cents;
  readonly deduction: Cents;
  readonly federalTax: Cents;
  readonly stateTax: Cents;
  readonly penalty: Cents;
  /** Percent, as the engine gives it (8.37 is 8.37 %). */
  readonly effectiveRate: number;
  readonly marginalRate: number;
  readonly rmd: Cents;
  readonly conversion: Cents;
  /** The first year with an RMD above 0. */
  readonly firstRmd: boolean;
  /** Its marginal rate is higher than the year before's. */
  readonly higherBracket: boolean;
}

export interface TaxYears {
  readonly years: readonly TaxYear[];
  /** Σ (federal + state + penalty) over the years. */
  readonly lifetimeTax: Cents;
}

/** True when the rows are bracket mode's: some total row closes a tax year with its figures. */
export function hasTaxYears(rows: readonly RetirementRow[]): boolean {
  return rows.some((row) => row.yearFederalTax !== undefined);
}

/**
 * One entry per tax year, in the rows' (month) order, from the rows that close one; null when no
 * row does. A figure a closing row lacks counts 0.
 */
export function taxYears(rows: readonly RetirementRow[]): TaxYears | null {
  const closing = rows.filter((row) => row.yearFederalTax !== undefined);
  if (closing.length === 0) return null;
  let rmdSeen = false;
  let previousMarginal: number | null = null;
  const years = closing.map((row): TaxYear => {
    const rmd = row.yearRmd ?? ZERO;
    const marginalRate = row.yearMarginalRate ?? 0;
    const firstRmd = !rmdSeen && rmd > 0;
    if (firstRmd) rmdSeen = true;
    const higherBracket = previousMarginal !== null && marginalRate > previousMarginal;
    previousMarginal = marginalRate;
    return {
      year: yearOf(row.month),
      month: row.month,
      ordinaryIncome: row.yearOrdinaryIncome ?? ZERO,
      taxableSocialSecurity: row.yearTaxableSocialSecurity ?? ZERO,
      gains: row.yearGains ?? ZERO,
      deduction: row.yearDeduction ?? ZERO,
      federalTax: row.yearFederalTax ?? ZERO,
      stateTax: row.yearStateTax ?? ZERO,
      penalty: row.yearPenalty ?? ZERO,
      effectiveRate: row.yearEffectiveRate ?? 0,
      marginalRate,
      rmd,
      conversion: row.yearConversion ?? ZERO,
      firstRmd,
      higherBracket,
    };
  });
  return { years, lifetimeTax: lifetimeTax(closing) };
}

/** A rate in percent: a whole bracket as it is, any other to 2 decimals: 22 → '22%', 8.37 → '8.37%', 6.7 → '6.70%'. */
export function rateText(value: number): string {
  return Number.isInteger(value) ? `${value}%` : `${decimalText(value, 2, 2)}%`;
}
