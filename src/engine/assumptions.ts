/**
 * Plan assumptions (docs/projection-rules.md#plan-assumptions): the rules that turn the nominal,
 * untaxed base tables into a plan a careful user can trust — growth by plan year, cash with
 * interest, taxes on traditional withdrawals, today's dollars and contribution-limit warnings.
 *
 * Neutral rule: every assumption absent (NEUTRAL_ASSUMPTIONS) changes nothing — every factor is 1,
 * every tax 0, cash starts at 0 and earns nothing — so the tables are byte-identical to those
 * without assumptions.
 *
 * Units: money in integer cents; rates in percent a year (2.5 means 2.5 %); month n counts from 1
 * at the plan start.
 */
import type { FilingStatus } from './federal-tax.ts';
import type { Cents } from './money.ts';
import { cents, maxCents, mulDivFloor, mulDivRoundHalfUp, ZERO } from './money.ts';
import { decimalFraction, monthlyInterest, type AnnualPercent, type Fraction } from './rates.ts';

export interface PlanAssumptions {
  /** Prices: monthly expenses, a Rent/Own payment, a mortgage's escrow. % a year. */
  readonly inflationRate: AnnualPercent;
  /** Net pay of every income source. % a year. */
  readonly salaryGrowthRate: AnnualPercent;
  /** Social Security's cost-of-living adjustment. % a year. */
  readonly socialSecurityCola: AnnualPercent;
  /** Cash at the start of month 1: the income table's balance before month 1. */
  readonly cashBalance: Cents;
  /** What cash earns. % a year. */
  readonly cashInterestRate: AnnualPercent;
  /** The home's value at the start of month 1; null: no home counted in net worth. */
  readonly homeValue: Cents | null;
  /** The home's value change. % a year (−10 to 20). */
  readonly homeAppreciationRate: AnnualPercent;
  /** Income tax on traditional (pre-tax) withdrawals. % of the gross withdrawal. */
  readonly retirementTaxRate: AnnualPercent;
  /** Whether cash pays retirement's need before the accounts do. */
  readonly spendCashInRetirement: boolean;
  /** Spending no listed expense claims, a month, in plan-start dollars (grows with inflation). */
  readonly otherSpending: Cents;
  /** A living month's spending in plan-start dollars in place of the monthly expenses and other spending; null: the list. */
  readonly retirementSpending: Cents | null;
  /** The taxable account a working month's surplus moves to; null: it stays cash. */
  readonly surplusAccountId: number | null;
  /** % of a working month's surplus moved to that account. */
  readonly surplusShare: AnnualPercent;
  /** % a year charged on negative cash. */
  readonly overdraftInterestRate: AnnualPercent;
  /**
   * Taxes in retirement by brackets (docs/projection-rules.md#a-years-tax) for this filing status;
   * null: the flat retirementTaxRate (docs/projection-rules.md#taxes-in-the-projection). The next dollar reads it too.
   */
  readonly filingStatus: FilingStatus | null;
  /** % of federal taxable income (bracket mode). */
  readonly stateTaxRate: AnnualPercent;
  /** A year's Roth conversion in plan-start dollars (bracket mode). */
  readonly rothConversion: Cents;
  /** Which accounts pay retirement first (docs/projection-rules.md#the-tax-aware-order). */
  readonly withdrawalOrder: 'proportional' | 'tax_aware';
}

export const NEUTRAL_ASSUMPTIONS: PlanAssumptions = {
  inflationRate: 0,
  salaryGrowthRate: 0,
  socialSecurityCola: 0,
  cashBalance: ZERO,
  cashInterestRate: 0,
  homeValue: null,
  homeAppreciationRate: 0,
  retirementTaxRate: 0,
  spendCashInRetirement: false,
  otherSpending: ZERO,
  retirementSpending: null,
  surplusAccountId: null,
  surplusShare: 100,
  overdraftInterestRate: 0,
  filingStatus: null,
  stateTaxRate: 0,
  rothConversion: ZERO,
  withdrawalOrder: 'proportional',
};

/**
 * The plan year of month n (month 1 = plan start): k = floor((n − 1) / 12).
 * Example: months 1–12 → 0, month 13 → 1, month 25 → 2.
 */
export function planYear(n: number): number {
  return Math.floor((n - 1) / 12);
}

/**
 * The growth factor of a yearly rate in month n, as an exact fraction:
 *   F_r(n) = (1 + r / 100)^k,  k = planYear(n)
 * Exact rather than in double precision, because a double misses ties: 12 345¢ × 1.025 is
 * 12 653.625 exactly but 12 653.624999… in doubles.
 * Example: 3 % in month 13 → 103/100; in month 25 → 10 609/10 000; in months 1–12 → 1/1.
 */
export function growthFactor(annualPercent: AnnualPercent, n: number): Fraction {
  const k = planYear(n);
  if (k <= 0 || annualPercent === 0) return ONE;
  const key = `${annualPercent}:${k}`;
  const known = factors.get(key);
  if (known) return known;
  const { numerator, denominator } = decimalFraction(annualPercent);
  // 1 + R/(100·D) = (100·D + R) / (100·D)
  const base = 100n * denominator;
  const factor = { numerator: (base + numerator) ** BigInt(k), denominator: base ** BigInt(k) };
  // A projection asks for a few rates over a few hundred plan years: the memo saves the powers.
  if (factors.size >= 4096) factors.clear();
  factors.set(key, factor);
  return factor;
}

const ONE: Fraction = { numerator: 1n, denominator: 1n };
const factors = new Map<string, Fraction>();

/**
 * An amount grown by a yearly rate to month n, rounded half-up to the cent once:
 *   grown = roundHalfUp(base × F_r(n))
 * Units: base in cents, rate in % a year. Example: 1 000.00 of rent at 3 % in month 13 →
 * 100 000 × 1.03 = 103 000¢; in month 25 → 106 090¢; in month 12 → 100 000¢; 123.45 at 2.5 %
 * in month 13 → 12 653.625 → 12 654¢.
 */
export function grownAmount(base: Cents, annualPercent: AnnualPercent, n: number): Cents {
  const factor = growthFactor(annualPercent, n);
  return factor === ONE ? base : mulDivRoundHalfUp(base, factor.numerator, factor.denominator);
}

/**
 * A month's interest on cash, on a positive balance only (an overdraft earns nothing here):
 *   interest = roundHalfUp(max(0, balance) × rate / 100 / 12)
 * computed exactly (rates.ts). Example: 10 000.00 at 4.5 % → 1 000 000 × 4.5 / 1200 = 3 750¢;
 * −500.00 → 0.
 */
export function cashInterest(balance: Cents, annualPercent: AnnualPercent): Cents {
  if (annualPercent === 0 || balance <= 0) return ZERO;
  return monthlyInterest(maxCents(ZERO, balance), annualPercent);
}

/**
 * A month's interest on cash that may be overdrawn (docs/projection-rules.md#overdraft): a positive
 * balance earns cashInterest; a negative one costs the overdraft rate instead, as negative interest:
 *   interest = cashInterest(balance, cash rate)                          when balance ≥ 0
 *   interest = −roundHalfUp(−balance × overdraft rate / 100 / 12)        when balance < 0
 * Units: cents; rates in % a year. Example: −2 000.00 at 18 % → −(200 000 × 18 / 1200) = −3 000¢;
 * at 0 % → 0 (the neutral rule: an overdraft costs nothing); 10 000.00 at a 4.5 % cash rate → 3 750¢.
 */
export function cashMonthInterest(balance: Cents, cashPercent: AnnualPercent, overdraftPercent: AnnualPercent): Cents {
  if (balance >= 0) return cashInterest(balance, cashPercent);
  if (overdraftPercent === 0) return ZERO;
  return cents(-monthlyInterest(cents(-balance), overdraftPercent));
}

/**
 * The gross withdrawal from a traditional (pre-tax) account that leaves `net` after tax:
 *   gross = roundHalfUp(net / (1 − t / 100))
 * computed exactly. Units: cents; t in % of the gross. Example: 1 000.00 at 22 % →
 * 100 000 / 0.78 = 128 205.128… → 128 205¢ (tax 28 205¢). At 0 % the gross is the net.
 */
export function grossWithdrawal(net: Cents, taxPercent: AnnualPercent): Cents {
  if (taxPercent === 0 || net === 0) return net;
  const { numerator, denominator } = decimalFraction(taxPercent);
  // net / (1 − T/(100·D)) = net × 100·D / (100·D − T)
  return mulDivRoundHalfUp(net, 100n * denominator, 100n * denominator - numerator);
}

/**
 * What a gross traditional withdrawal that empties an account delivers after tax, rounded down so
 * an account never delivers a cent it does not hold after tax:
 *   net = floor(gross × (1 − t / 100))
 * computed exactly. Units: cents; t in % of the gross. Example: 1 000.01 at 22 % → 78 000.78 →
 * 78 000¢ (tax 22 001¢); 1 000.00 at 22 % → 78 000¢; at 0 % the whole gross.
 */
export function netOfTax(gross: Cents, taxPercent: AnnualPercent): Cents {
  if (taxPercent === 0 || gross === 0) return gross;
  const { numerator, denominator } = decimalFraction(taxPercent);
  const whole = 100n * denominator;
  return mulDivFloor(gross, Number(whole - numerator), Number(whole));
}

/**
 * The tax withheld from a gross traditional withdrawal: roundHalfUp(gross × t / 100), exactly.
 * Example: 128 205¢ at 22 % → 28 205.1 → 28 205¢.
 */
export function taxOn(gross: Cents, taxPercent: AnnualPercent): Cents {
  if (taxPercent === 0 || gross === 0) return ZERO;
  const { numerator, denominator } = decimalFraction(taxPercent);
  return mulDivRoundHalfUp(gross, numerator, 100n * denominator);
}

/** Whether an account's withdrawals are taxed as income (pre-tax money): traditional 401(k) and IRA. */
export function isPreTax(accountType: string | undefined): boolean {
  return accountType === 'traditional_401k' || accountType === 'traditional_ira';
}

/**
 * An amount of month n in today's dollars (display only, never stored):
 *   today = roundHalfUp(amount / F_inflation(n))
 * Example: 106 090¢ in month 25 at 3 % → 100 000¢; 100 000¢ in month 13 at 3 % → 97 087¢.
 */
export function todaysDollars(amount: Cents, inflationPercent: AnnualPercent, n: number): Cents {
  const factor = growthFactor(inflationPercent, n);
  return factor === ONE ? amount : mulDivRoundHalfUp(amount, factor.denominator, factor.numerator);
}

/**
 * Whether a monthly line item with an end month still counts in `month`: months up to and
 * including `endMonth`; always without one. 'YYYY-MM' texts compare as months do.
 * Example: end 2027-06 → 2027-06 counts, 2027-07 does not.
 */
export function runsIn(endMonth: string | null | undefined, month: string): boolean {
  return endMonth === null || endMonth === undefined || month <= endMonth;
}
