/**
 * A retirement year's tax as the IRS counts it (docs/projection-rules.md#a-years-tax): a pure
 * function of the year's income parts, the filing status, the user's age and the year. The figures
 * are 2026's (federal-tax.ts, Rev. Proc. 2025-32), indexed by the plan's inflation assumption after
 * 2026; the Social Security bases and the senior deduction are not indexed, as the law sets them.
 * Every tax item is rounded half up to the cent once, from exact integer arithmetic.
 */
import { growthFactor } from './assumptions.ts';
import {
  ADDITIONAL_DEDUCTION_65,
  BRACKET_RATES,
  BRACKET_TOPS,
  FEDERAL_TAX_YEAR,
  GAINS_BANDS,
  SENIOR_DEDUCTION,
  SOCIAL_SECURITY_BASES,
  STANDARD_DEDUCTION,
  type FilingStatus,
} from './federal-tax.ts';
import type { Cents } from './money.ts';
import { cents, divRoundHalfUp, mulDivRoundHalfUp, ZERO } from './money.ts';
import { decimalFraction, type AnnualPercent } from './rates.ts';

/** A year's income, in the parts the tax reads. */
export interface YearIncome {
  /**
   * Ordinary income other than Social Security: gross traditional withdrawals (RMDs, conversions
   * and the withdrawals that pay a tax included) and cash interest.
   */
  readonly ordinary: Cents;
  /** Social Security benefits received in the year. */
  readonly socialSecurity: Cents;
  /** Long-term gains realised in the year. */
  readonly gains: Cents;
  /** Gross traditional withdrawals made before age 59½, conversions excepted: the penalty's base. */
  readonly early: Cents;
}

/** Who is taxed, and when. */
export interface TaxYearRules {
  readonly filingStatus: FilingStatus;
  /** The age the user reaches during the year: year − birth year. */
  readonly age: number;
  readonly year: number;
  /** The plan's inflation assumption, % a year: indexes the figures after 2026. */
  readonly inflationRate: AnnualPercent;
  /** % of federal taxable income. */
  readonly stateTaxRate: AnnualPercent;
}

/** The year's tax, item by item. */
export interface YearTax {
  readonly taxableSocialSecurity: Cents;
  /** Ordinary income with the taxable part of Social Security. */
  readonly ordinaryIncome: Cents;
  readonly gains: Cents;
  /** Standard deduction, the 65+ addition and the senior deduction. */
  readonly deduction: Cents;
  /** max(0, ordinaryIncome + gains − deduction). */
  readonly taxableIncome: Cents;
  /** max(0, ordinaryIncome − deduction): where the gains start stacking. */
  readonly ordinaryTaxable: Cents;
  readonly federal: Cents;
  readonly state: Cents;
  /** 10 % of the early withdrawals. */
  readonly penalty: Cents;
  /** federal + state + penalty: what April of the next year pays. */
  readonly total: Cents;
  /** (federal + state) ÷ (ordinaryIncome + gains), in percent to 2 decimals (half up); 0 without income. */
  readonly effectiveRate: number;
  /** The bracket of the last ordinary taxable dollar, in percent; 0 when there is none. */
  readonly marginalRate: number;
}

/**
 * A 2026 dollar figure in `year`: roundHalfUp(figure × (1 + inflation/100)^(year − 2026)) to the
 * whole dollar; the figure itself in 2026 and before. Example: 16,100 at 2.5 % in 2027 →
 * 16,502.5 → 16,503.00; 12,400 → 12,710.00; in 2028 → 13,027.75 → 13,028.00.
 */
export function indexedFigure(figure: Cents, inflationRate: AnnualPercent, year: number): Cents {
  const k = year - FEDERAL_TAX_YEAR;
  if (k <= 0 || inflationRate === 0) return figure;
  const factor = growthFactor(inflationRate, 12 * k + 1);
  return cents(mulDivRoundHalfUp(cents(figure / 100), factor.numerator, factor.denominator) * 100);
}

/**
 * The taxable part of Social Security benefits, IRS Pub. 915 Worksheet 1, with `other` = the
 * year's other income (ordinary income without Social Security, plus gains) and bases b1 < b2
 * (SOCIAL_SECURITY_BASES):
 *   provisional = other + benefits / 2;  over = provisional − b1 (none taxable when ≤ 0)
 *   taxable = min( min(over, b2 − b1) / 2  capped at benefits / 2  +  0.85 × max(0, over − (b2 − b1)),
 *                  0.85 × benefits )
 * computed in 1/200 of a cent and rounded half up once. Examples (single, 25,000 / 34,000):
 * 20,000 of benefits and 10,000 other → 0; 20,000 and 20,000 → 2,500.00 (within the 50 % band);
 * 30,000 and 100,000 → 25,500.00 (the 85 % cap).
 */
export function taxableSocialSecurity(other: Cents, benefits: Cents, status: FilingStatus): Cents {
  if (benefits <= 0) return ZERO;
  const [b1, b2] = SOCIAL_SECURITY_BASES[status];
  // Everything in units of 1/200 of a cent: a half is 100, 0.85 is 170.
  const unit = 200n;
  const provisional = BigInt(other) * unit + BigInt(benefits) * 100n;
  const over = provisional - BigInt(b1) * unit;
  if (over <= 0n) return ZERO;
  const band = BigInt(b2 - b1) * unit;
  const half = (over < band ? over : band) / 2n;
  const halfBenefits = BigInt(benefits) * 100n;
  const first = half < halfBenefits ? half : halfBenefits;
  const beyond = over > band ? ((over - band) * 85n) / 100n : 0n;
  const cap = BigInt(benefits) * 170n;
  const taxable = first + beyond < cap ? first + beyond : cap;
  return divRoundHalfUp(taxable, unit);
}

/**
 * The indexed figures of a year (standard deduction, the 65+ addition, the bracket tops, the gains
 * bands), computed once per filing status, inflation rate and year: every Monte Carlo path and
 * history start closes the same 30-odd years, and indexing is exact BigInt work.
 */
interface IndexedYear {
  readonly standard: Cents;
  readonly additional: Cents;
  readonly tops: readonly Cents[];
  readonly gains: readonly [Cents, Cents];
}
const indexedYears = new Map<string, IndexedYear>();
function indexedYear(status: FilingStatus, inflationRate: AnnualPercent, year: number): IndexedYear {
  const key = `${status}:${inflationRate}:${year}`;
  let known = indexedYears.get(key);
  if (known === undefined) {
    const index = (figure: Cents) => indexedFigure(figure, inflationRate, year);
    known = { standard: index(STANDARD_DEDUCTION[status]), additional: index(ADDITIONAL_DEDUCTION_65[status]), tops: BRACKET_TOPS[status].map(index), gains: GAINS_BANDS[status].map(index) as unknown as [Cents, Cents] };
    if (indexedYears.size >= 4096) indexedYears.clear();
    indexedYears.set(key, known);
  }
  return known;
}

/**
 * The year's tax (docs/projection-rules.md#a-years-tax):
 *   taxableSS      taxableSocialSecurity(ordinary + gains, socialSecurity)
 *   ordinaryIncome ordinary + taxableSS
 *   deduction      standard (indexed) + the 65+ addition (indexed, from 65) + the senior deduction
 *                  (2025–2028, from 65: max(0, 6,000 − 6 % × (ordinaryIncome + gains − 75,000 or
 *                  150,000 married)), not indexed)
 *   ordinaryTaxable = max(0, ordinaryIncome − deduction); taxable = max(0, ordinaryIncome + gains − deduction)
 *   federal        the brackets (indexed tops) on ordinaryTaxable + the gains bands (indexed) on
 *                  taxable − ordinaryTaxable, stacked above ordinaryTaxable; rounded once
 *   state          roundHalfUp(stateTaxRate × taxable / 100)
 *   penalty        roundHalfUp(early × 10 / 100)
 * Example (single, 40, 2026): 60,000.00 ordinary → 60,000 − 16,100 = 43,900.00 taxable →
 * 12,400 × 10 % + 31,500 × 12 % = 5,020.00; effective 8.37 %, marginal 12 %.
 */
export function yearTax(income: YearIncome, rules: TaxYearRules): YearTax {
  const { filingStatus: status, age, year, inflationRate } = rules;
  const figures = indexedYear(status, inflationRate, year);
  const taxableSS = taxableSocialSecurity(cents(income.ordinary + income.gains), income.socialSecurity, status);
  const ordinaryIncome = cents(income.ordinary + taxableSS);
  const gross = ordinaryIncome + income.gains;

  let deduction: number = figures.standard;
  if (age >= 65) {
    deduction += figures.additional;
    if (year >= SENIOR_DEDUCTION.firstYear && year <= SENIOR_DEDUCTION.lastYear) {
      const excess = Math.max(0, gross - SENIOR_DEDUCTION.threshold[status]);
      deduction += Math.max(0, SENIOR_DEDUCTION.amount - mulDivRoundHalfUp(cents(excess), BigInt(SENIOR_DEDUCTION.phaseOutRate), 100n));
    }
  }
  const ordinaryTaxable = Math.max(0, ordinaryIncome - deduction);
  const taxableIncome = Math.max(0, gross - deduction);

  // Tax in hundredths of a cent (rate % × cents), summed exactly, rounded once.
  let hundredths = 0n;
  let below = 0;
  let marginalRate = 0;
  const tops = figures.tops;
  for (let i = 0; i < BRACKET_RATES.length; i += 1) {
    const top = i < tops.length ? tops[i]! : Number.POSITIVE_INFINITY;
    const portion = Math.min(ordinaryTaxable, top) - below;
    if (portion <= 0) break;
    hundredths += BigInt(portion) * BigInt(BRACKET_RATES[i]!);
    marginalRate = BRACKET_RATES[i]!;
    below = top;
  }
  const [zeroTop, fifteenTop] = figures.gains;
  const inZero = Math.max(0, Math.min(taxableIncome, zeroTop) - ordinaryTaxable);
  const inFifteen = Math.max(0, Math.min(taxableIncome, fifteenTop) - Math.max(ordinaryTaxable, zeroTop));
  const inTwenty = Math.max(0, taxableIncome - ordinaryTaxable - inZero - inFifteen);
  hundredths += BigInt(inFifteen) * 15n + BigInt(inTwenty) * 20n;
  const federal = divRoundHalfUp(hundredths, 100n);

  const { numerator, denominator } = decimalFraction(rules.stateTaxRate);
  const state = divRoundHalfUp(BigInt(taxableIncome) * numerator, 100n * denominator);
  const penalty = mulDivRoundHalfUp(income.early, 10n, 100n);
  const effectiveRate = gross > 0 ? Number(divRoundHalfUp(BigInt(federal + state) * 10_000n, BigInt(gross))) / 100 : 0;
  return {
    taxableSocialSecurity: taxableSS,
    ordinaryIncome,
    gains: income.gains,
    deduction: cents(deduction),
    taxableIncome: cents(taxableIncome),
    ordinaryTaxable: cents(ordinaryTaxable),
    federal,
    state,
    penalty,
    total: cents(federal + state + penalty),
    effectiveRate,
    marginalRate,
  };
}
