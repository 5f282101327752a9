/**
 * Pay and contribution cycles and their monthly equivalents
 * (docs/projection-rules.md#months-cycles-and-rounding). The factors are exact fractions: a weekly
 * amount is paid 52 times a year, so 52/12 times a month on average. 52/12 has no finite decimal,
 * so the product is formed on integers and rounded once to the cent.
 */
import type { Cents } from './money.ts';
import { mulDivRoundHalfUp } from './money.ts';
import type { Fraction } from './rates.ts';

export const CYCLES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type Cycle = (typeof CYCLES)[number];

/** Payments per month as exact fractions: weekly 52/12, biweekly 26/12, semimonthly 2, monthly 1. */
export const CYCLE_FACTORS: Readonly<Record<Cycle, Fraction>> = {
  weekly: { numerator: 52n, denominator: 12n },
  biweekly: { numerator: 26n, denominator: 12n },
  semimonthly: { numerator: 2n, denominator: 1n },
  monthly: { numerator: 1n, denominator: 1n },
};

/**
 * The monthly equivalent of an amount paid every cycle, in cents:
 *   monthly = round(amount × numerator / denominator)
 * formed exactly as (amount × numerator) / denominator on integers, then rounded half away from
 * zero. Example: $1,000.00 weekly → 100 000 × 52 / 12 = 433 333.33… → 433 333¢ ($4,333.33);
 * $0.06 biweekly → 6 × 26 / 12 = 13¢ exactly; 3¢ weekly → 156/12 = 13¢.
 * Reference: docs/projection-rules.md#months-cycles-and-rounding; test-vectors/finance.json "cycle_factors".
 */
export function monthlyAmount(amount: Cents, cycle: Cycle): Cents {
  const factor = CYCLE_FACTORS[cycle];
  return mulDivRoundHalfUp(amount, factor.numerator, factor.denominator);
}
