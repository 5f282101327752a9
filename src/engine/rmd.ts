/**
 * Required minimum distributions and the early-withdrawal age (docs/projection-rules.md#rmds-and-the-early-withdrawal-age),
 * as the IRS sets them for an account owner (the spouse is not modelled):
 * - RMDs start in the year the owner turns 72 (born 1950 or earlier), 73 (born 1951–1959) or 75
 *   (born 1960 or later): SECURE 2.0 Act §107, IRS Pub. 590-B.
 * - A year's RMD = the account's balance on 31 December of the year before ÷ the distribution
 *   period of the age reached in the year, from the Uniform Lifetime Table (Pub. 590-B, Table III,
 *   in force from 2022).
 * - Withdrawals before age 59½ pay a 10 % additional tax (IRC §72(t)); the owner's birthday is
 *   taken as January, so 59½ is reached in July of birth year + 59.
 */
import type { Cents } from './money.ts';
import { divRoundHalfUp } from './money.ts';

/** The first age of the Uniform Lifetime Table. */
export const UNIFORM_TABLE_FIRST_AGE = 72;

/**
 * The Uniform Lifetime Table's distribution periods in tenths of a year, ages 72 to 120 (120 and
 * older: 2.0). IRS Pub. 590-B, Appendix B, Table III.
 */
export const UNIFORM_LIFETIME_TENTHS: readonly number[] = [
  274, 265, 255, 246, 237, 229, 220, 211, 202, 194, // 72–81
  185, 177, 168, 160, 152, 144, 137, 129, 122, 115, // 82–91
  108, 101, 95, 89, 84, 78, 73, 68, 64, 60, // 92–101
  56, 52, 49, 46, 43, 41, 39, 37, 35, 34, // 102–111
  33, 31, 30, 29, 28, 27, 25, 23, 20, // 112–120
];

/**
 * The distribution period at `age` in tenths of a year; null before 72. Example: 73 → 265 (26.5),
 * 90 → 122, 125 → 20.
 */
export function distributionPeriodTenths(age: number): number | null {
  if (age < UNIFORM_TABLE_FIRST_AGE) return null;
  const index = Math.min(age - UNIFORM_TABLE_FIRST_AGE, UNIFORM_LIFETIME_TENTHS.length - 1);
  return UNIFORM_LIFETIME_TENTHS[index]!;
}

/**
 * The age in whose year RMDs start, by birth year: 72 (1950 or earlier), 73 (1951–1959), 75 (1960
 * or later). Example: 1955 → 73 (first RMD year 2028), 1985 → 75 (2060).
 */
export function rmdStartAge(birthYear: number): number {
  if (birthYear <= 1950) return 72;
  return birthYear <= 1959 ? 73 : 75;
}

/**
 * A year's required minimum distribution from one account:
 *   rmd = roundHalfUp(balance on 31 December of the year before × 10 ÷ tenths(age))
 * 0 for a balance of 0 or less; null before 72 (no table entry). Units: cents.
 * Example: 300,000.00 at 73 → 300,000 ÷ 26.5 = 11,320.754… → 11,320.75; 500,000.00 at 75 ÷ 24.6
 * = 20,325.203… → 20,325.20.
 */
export function requiredMinimum(priorYearEndBalance: Cents, age: number): Cents | null {
  const tenths = distributionPeriodTenths(age);
  if (tenths === null) return null;
  if (priorYearEndBalance <= 0) return 0 as Cents;
  return divRoundHalfUp(BigInt(priorYearEndBalance) * 10n, BigInt(tenths));
}

/**
 * Whether a withdrawal in calendar month `calendarMonth` (1–12) of `year` comes before age 59½
 * (birthday taken as January): months before July of birth year + 59. Read from numbers, as every
 * living month of every Monte Carlo path asks it. Example: born 1970 → 2029, 6 is early; 2029, 7
 * is not.
 */
export function isBeforeFiftyNineAndAHalf(year: number, calendarMonth: number, birthYear: number): boolean {
  return year < birthYear + 59 || (year === birthYear + 59 && calendarMonth < 7);
}
