/**
 * Federal income tax figures for 2026 (docs/projection-rules.md#federal-tax-figures), as the IRS
 * published them in Rev. Proc. 2025-32 (the 2026 inflation adjustments, as amended by the One Big
 * Beautiful Bill Act): the tax rate schedules and the basic standard deduction. Taxable income is
 * computed by formula from these, never from the IRS's tax table.
 *
 * Today the next dollar uses them for the rate a pre-tax contribution saves (marginalRate); the
 * 65+ additional deduction, the 2025–2028 senior deduction and state tax are not in these figures.
 */
import type { Cents } from './money.ts';
import { cents } from './money.ts';

export const FILING_STATUSES = ['single', 'married_joint', 'head_of_household'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** How each filing status is named on screen. */
export const FILING_STATUS_LABELS: Readonly<Record<FilingStatus, string>> = {
  single: 'Single',
  married_joint: 'Married filing jointly',
  head_of_household: 'Head of household',
};

/** The year the figures below are for. */
export const FEDERAL_TAX_YEAR = 2026;

const dollars = (amount: number) => cents(amount * 100);

/** The rates of the seven brackets, in percent, lowest first. */
export const BRACKET_RATES = [10, 12, 22, 24, 32, 35, 37] as const;

/**
 * The top of each bracket but the last, in taxable income (Rev. Proc. 2025-32, the 2026 tax rate
 * tables): the rate BRACKET_RATES[i] applies to taxable income above the previous top up to
 * BRACKET_TOPS[status][i]; 37 % above the last.
 */
export const BRACKET_TOPS: Readonly<Record<FilingStatus, readonly Cents[]>> = {
  single: [12_400, 50_400, 105_700, 201_775, 256_225, 640_600].map(dollars),
  married_joint: [24_800, 100_800, 211_400, 403_550, 512_450, 768_700].map(dollars),
  head_of_household: [17_700, 67_450, 105_700, 201_750, 256_200, 640_600].map(dollars),
};

/** The basic standard deduction for 2026 (Rev. Proc. 2025-32): 16,100, 32,200 and 24,150 dollars. */
export const STANDARD_DEDUCTION: Readonly<Record<FilingStatus, Cents>> = {
  single: dollars(16_100),
  married_joint: dollars(32_200),
  head_of_household: dollars(24_150),
};

/**
 * The federal rate, in percent, on the last dollar of `taxableIncome` (cents): the rate of the
 * bracket that dollar falls in; 0 when there is no taxable income. A bracket's top belongs to it.
 * Example (single): 12,400.00 → 10; 12,400.01 → 12; 105,700.00 → 22; 700,000.00 → 37; 0 → 0.
 */
export function marginalRate(taxableIncome: Cents, status: FilingStatus): number {
  if (taxableIncome <= 0) return 0;
  const tops = BRACKET_TOPS[status];
  for (let i = 0; i < tops.length; i += 1) if (taxableIncome <= tops[i]!) return BRACKET_RATES[i]!;
  return BRACKET_RATES[BRACKET_RATES.length - 1]!;
}

/**
 * The additional standard deduction from the year the user turns 65 (Rev. Proc. 2025-32): 2,050
 * dollars single or head of household, 1,650 married (counted once: the spouse is not modelled).
 */
export const ADDITIONAL_DEDUCTION_65: Readonly<Record<FilingStatus, Cents>> = {
  single: dollars(2_050),
  married_joint: dollars(1_650),
  head_of_household: dollars(2_050),
};

/**
 * Long-term capital gains (Rev. Proc. 2025-32): 0 % up to the first figure of taxable income,
 * 15 % up to the second, 20 % above; gains stack on ordinary taxable income.
 */
export const GAINS_BANDS: Readonly<Record<FilingStatus, readonly [Cents, Cents]>> = {
  single: [dollars(49_450), dollars(545_500)],
  married_joint: [dollars(98_900), dollars(613_700)],
  head_of_household: [dollars(66_200), dollars(579_600)],
};

/**
 * The senior deduction of 2025–2028 (One Big Beautiful Bill Act, P.L. 119-21 §70103), from the
 * year the user turns 65: 6,000 dollars less 6 % of income above 75,000 (150,000 married), never
 * below 0. Not indexed.
 */
export const SENIOR_DEDUCTION = {
  amount: dollars(6_000),
  phaseOutRate: 6,
  threshold: { single: dollars(75_000), married_joint: dollars(150_000), head_of_household: dollars(75_000) } as Readonly<Record<FilingStatus, Cents>>,
  firstYear: 2025,
  lastYear: 2028,
} as const;

/**
 * The base amounts of IRS Pub. 915 Worksheet 1 (taxable Social Security): 25,000 and 34,000
 * dollars single or head of household, 32,000 and 44,000 married filing jointly. Not indexed.
 */
export const SOCIAL_SECURITY_BASES: Readonly<Record<FilingStatus, readonly [Cents, Cents]>> = {
  single: [dollars(25_000), dollars(34_000)],
  married_joint: [dollars(32_000), dollars(44_000)],
  head_of_household: [dollars(25_000), dollars(34_000)],
};
