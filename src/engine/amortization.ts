/**
 * Time-value-of-money formulas (floats, per-period rates, numpy-financial conventions) and the
 * integer-cents amortization step the projections use.
 *
 * Sign convention of numpy-financial: money paid out is negative, money received positive; a loan
 * of +15 000 is repaid by payments of −304.15. `rate` is the rate per period as a fraction
 * (0.06/12 for 6 % a year paid monthly), `nper` the number of periods, `when` whether payments
 * fall at the end ('end', the default) or the beginning ('begin') of each period.
 *
 * The float functions are for display and what-if maths; projected balances never go through
 * them — those use `amortizationStep`, on cents, rounded once per month.
 */
import type { Cents } from './money.ts';
import { cents, maxCents, minCents, ZERO } from './money.ts';
import type { AnnualPercent } from './rates.ts';
import { monthlyInterest } from './rates.ts';

/** When payments are due in each period. */
export type When = 'end' | 'begin';

function whenValue(when: When): 0 | 1 {
  return when === 'begin' ? 1 : 0;
}

/**
 * Payment per period that repays `pv` (and reaches `fv`) over `nper` periods.
 *   rate ≠ 0: pmt = −(fv + pv·(1+r)^n) / ((1 + r·w)·((1+r)^n − 1) / r)
 *   rate = 0: pmt = −(fv + pv) / n
 * with w = 1 for 'begin', 0 for 'end'. Units: same currency as pv and fv, per period.
 * Example: pmt(0.08/12, 60, 15000) → −304.145914 (a $15,000 loan at 8 % over 5 years).
 * Reference: numpy-financial `pmt`; lmammino/financial `pmt`.
 */
export function pmt(rate: number, nper: number, pv: number, fv = 0, when: When = 'end'): number {
  if (rate === 0) return -(fv + pv) / nper;
  const growth = (1 + rate) ** nper;
  const factor = ((1 + rate * whenValue(when)) * (growth - 1)) / rate;
  return -(fv + pv * growth) / factor;
}

/**
 * Number of periods for payments `pmt` to take `pv` to `fv`.
 *   rate ≠ 0: z = pmt·(1 + r·w) / r;  nper = ln((z − fv) / (z + pv)) / ln(1 + r)
 *   rate = 0: nper = −(fv + pv) / pmt
 * Units: periods (a real number; the last period is a partial payment).
 * Example: nper(0.075, −2000, 0, 100000) → 21.544944.
 * Reference: numpy-financial `nper`.
 */
export function nper(rate: number, pmt: number, pv: number, fv = 0, when: When = 'end'): number {
  if (rate === 0) return -(fv + pv) / pmt;
  const z = (pmt * (1 + rate * whenValue(when))) / rate;
  return Math.log((-fv + z) / (pv + z)) / Math.log(1 + rate);
}

/**
 * Future value after `nper` periods of payments `pmt` on a present value `pv`.
 *   rate ≠ 0: fv = −pv·(1+r)^n − pmt·(1 + r·w)/r·((1+r)^n − 1)
 *   rate = 0: fv = −(pv + pmt·n)
 * Example: fv(0.075, 20, −2000, 0) → 86609.362673 (saving 2 000 a year for 20 years at 7.5 %).
 * Reference: numpy-financial `fv`.
 */
export function fv(rate: number, nper: number, pmt: number, pv: number, when: When = 'end'): number {
  if (rate === 0) return -(pv + pmt * nper);
  const growth = (1 + rate) ** nper;
  return -pv * growth - ((pmt * (1 + rate * whenValue(when))) / rate) * (growth - 1);
}

/**
 * Interest part of payment number `per` (1-based) of a level-payment loan.
 *   ipmt = fv(r, per − 1, pmt(r, n, pv, fv, when), pv, when) × r
 * that is the balance remaining before period `per` times the rate; for 'begin' it is divided by
 * (1 + r) and the first period's interest is 0. NaN when per is outside 1…nper.
 * Example: ipmt(0.1/12, 1, 24, 2000) → −16.66666667.
 * Reference: numpy-financial `ipmt`.
 */
export function ipmt(rate: number, per: number, nper: number, pv: number, fvValue = 0, when: When = 'end'): number {
  if (!(per >= 1 && per <= nper)) return Number.NaN;
  const payment = pmt(rate, nper, pv, fvValue, when);
  const interest = fv(rate, per - 1, payment, pv, when) * rate;
  if (when === 'end') return interest;
  return per === 1 ? 0 : interest / (1 + rate);
}

/**
 * Principal part of payment number `per`: ppmt = pmt − ipmt.
 * Example: ppmt(0.1/12, 1, 24, 2000) → −75.62318601.
 * Reference: numpy-financial `ppmt`.
 */
export function ppmt(rate: number, per: number, nper: number, pv: number, fvValue = 0, when: When = 'end'): number {
  return pmt(rate, nper, pv, fvValue, when) - ipmt(rate, per, nper, pv, fvValue, when);
}

/** One month of a loan in cents. `payment` = principal + interest actually paid. */
export interface AmortizationStep {
  readonly interest: Cents;
  readonly payment: Cents;
  readonly principal: Cents;
  /** The balance at the end of the month, never below 0. */
  readonly balance: Cents;
}

/**
 * One month of a loan in integer cents (debts and mortgages):
 *   interest = round(balance × apr / 100 / 12)
 *   payment  = min(offered, balance + interest)      (never below 0)
 *   principal = payment − interest;  balance' = balance + interest − payment
 * so the payoff month pays exactly balance + interest and the balance never goes below 0. When
 * the offered payment does not cover the interest, principal is negative and the balance grows.
 * Units: cents and percent a year. Example: balance 200 000.00 at 6.5 % offered 1 264.14 →
 * interest 1 083.33, principal 180.81, balance 199 819.19.
 * Reference: docs/projection-rules.md#debts; test-vectors/finance.json "amortization_cents".
 */
export function amortizationStep(balance: Cents, apr: AnnualPercent, offered: Cents): AmortizationStep {
  return applyPayment(balance, monthlyInterest(balance, apr), offered);
}

/**
 * The amortization step once the month's interest is known (a caller that already computed it,
 * such as a debt plan sizing its payments, need not compute it twice):
 *   payment = max(0, min(offered, balance + interest)), principal = payment − interest,
 *   balance' = balance + interest − payment.
 */
export function applyPayment(balance: Cents, interest: Cents, offered: Cents): AmortizationStep {
  const due = cents(balance + interest);
  const payment = maxCents(ZERO, minCents(offered, due));
  return { interest, payment, principal: cents(payment - interest), balance: cents(due - payment) };
}
