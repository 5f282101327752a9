/**
 * Market paths: a sequence of monthly returns laid over the plan's fixed rates, for Monte Carlo and
 * the history replay (docs/projection-rules.md#monte-carlo, docs/projection-rules.md#history). The
 * deterministic tables credit each retirement account interest = round(opening × p / 100 / 12) at
 * its fixed annual rate p (the account's expected return before retirement, the plan's interest
 * rate while living). A path adds, in each month it covers, the return beyond that fixed one:
 *   extra interest = roundHalfAwayFromZero(opening × excess(index, p))
 * so a month's interest is the fixed interest plus the extra, and a path whose excess is 0 gives
 * the deterministic tables to the cent (the fixed part is still the exact rational computation).
 * Example: opening 100 000.00 at 6 % with a month that returned 1.5 % → fixed 50 000¢ plus
 * excess 0.015 − 0.005 = 0.01 → 100 000¢ extra, 150 000¢ in all.
 */
import type { Cents } from './money.ts';
import { cents, ZERO } from './money.ts';
import type { AnnualPercent } from './rates.ts';

export interface ReturnPath {
  /** Month index (0 = month 1) of the first month the path covers; earlier months keep the fixed rates. */
  readonly from: number;
  /**
   * The month's return beyond the fixed monthly rate p / 1200, as a fraction of the opening
   * balance (0.01 = one per cent more than the fixed rate). Called for indices ≥ `from` only.
   */
  excess(index: number, annualPercent: AnnualPercent): number;
}

/**
 * The extra interest of a path in one month, in cents, rounded half away from zero:
 *   extra = sign(x) × floor(|x| + 0.5),  x = opening × excess
 * Example: opening 1 234 567¢ with excess −0.0125 → x = −15 432.0875 → −15 432¢.
 * Units: opening in cents, excess a fraction; answer in cents. No path, or an index before it: 0.
 */
export function extraInterest(path: ReturnPath | null | undefined, index: number, annualPercent: AnnualPercent, opening: Cents): Cents {
  if (!path || index < path.from || opening === 0) return ZERO;
  const x = opening * path.excess(index, annualPercent);
  const rounded = Math.floor(Math.abs(x) + 0.5);
  return rounded === 0 ? ZERO : cents(x < 0 ? -rounded : rounded);
}

/**
 * The geometric annual rate of monthly returns[from … to − 1] (n = to − from months, at least one):
 *   (Π (1 + r[t]))^(12 / n) − 1
 * Units: returns as fractions a month; answer a fraction a year.
 * Example: twelve months of +1 % → 1.01^12 − 1 = 0.126825 (12.68 % a year); [+10 %, −10 %] →
 * 0.99^6 − 1 = −0.058520.
 */
export function annualised(returns: ArrayLike<number>, from = 0, to = returns.length): number {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > returns.length || from >= to) {
    throw new RangeError(`Not a range of months in ${returns.length}: ${from}…${to}`);
  }
  let growth = 1;
  for (let step = from; step < to; step += 1) growth *= 1 + returns[step]!;
  return growth ** (12 / (to - from)) - 1;
}
