/**
 * Rates are plain percent numbers as the user typed them (24.99 means 24.99 % a year). The engine
 * reads such a number as the exact decimal it prints as, so 24.99 % is exactly 2499/10000 and a
 * monthly charge on it is one exact fraction rounded once, never a float product that lands on
 * x.4999999 where the true value is x.5.
 */
import type { Cents } from './money.ts';
import { mulDivRound, mulDivRoundHalfUp } from './money.ts';

/** An exact rational number. The denominator is positive. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** An annual rate in percent: 6.5 means 6.5 % a year. */
export type AnnualPercent = number;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * The exact value of a number's shortest round-trip decimal text (what `String(value)` prints,
 * which is what was typed): 24.99 → 2499/100, 6.5 → 65/10, 1e-7 → 1/10000000, 3 → 3/1.
 * Throws on NaN and infinities (unexpected input, not a user error).
 */
export function decimalFraction(value: number): Fraction {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite rate: ${value}`);
  const match = DECIMAL.exec(String(value));
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = '', exponentText = '0'] = match;
  const digits = BigInt(whole + fraction) * (sign ? -1n : 1n);
  const exponent = Number(exponentText) - fraction.length;
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/**
 * The monthly fraction of an annual percent: r = p / 100 / 12, exactly.
 * Example: 6 % a year → 6/1200 = 0.005 a month.
 */
export function monthlyRate(annualPercent: AnnualPercent): Fraction {
  return rateEntry(annualPercent).fraction;
}

/** A monthly rate with, when they are safe integers, its numerator and denominator as numbers. */
interface RateEntry {
  readonly fraction: Fraction;
  /** null when the numerator or the denominator is beyond Number.MAX_SAFE_INTEGER. */
  readonly small: { readonly numerator: number; readonly denominator: number } | null;
}

function rateEntry(annualPercent: AnnualPercent): RateEntry {
  const known = monthlyRates.get(annualPercent);
  if (known !== undefined) return known;
  const { numerator, denominator } = decimalFraction(annualPercent);
  const fraction = { numerator, denominator: denominator * 1200n };
  const safe = (value: bigint): boolean => value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER);
  const entry: RateEntry = {
    fraction,
    small: safe(fraction.numerator) && safe(fraction.denominator) ? { numerator: Number(fraction.numerator), denominator: Number(fraction.denominator) } : null,
  };
  // A projection asks for the same few rates thousands of times; the memo only saves the parsing.
  if (monthlyRates.size >= 1024) monthlyRates.clear();
  monthlyRates.set(annualPercent, entry);
  return entry;
}

const monthlyRates = new Map<number, RateEntry>();

/**
 * One month's interest on a balance, in cents:
 *   interest = balance × apr / 100 / 12, rounded half away from zero (mulDivRoundHalfUp)
 * computed exactly and rounded half away from zero once.
 * Units: balance in cents, apr in percent a year; answer in cents.
 * Example: 200 000.00 at 6.5 % → 20 000 000 × 6.5 / 1200 = 108 333.33… → 108 333¢ ($1,083.33).
 * Reference: docs/projection-rules.md#months-cycles-and-rounding (debts, mortgages, contributions and
 * retirement accounts all use it).
 */
export function monthlyInterest(balance: Cents, annualPercent: AnnualPercent): Cents {
  return interestOn(rateEntry(annualPercent), balance);
}

/**
 * monthlyInterest at a fixed rate, as a function of the balance: the rate is read once, not on
 * every month of a table. interestAt(6.5)(cents(20_000_000)) → 108 333.
 */
export function interestAt(annualPercent: AnnualPercent): (balance: Cents) => Cents {
  const rate = rateEntry(annualPercent);
  return (balance) => interestOn(rate, balance);
}

function interestOn(rate: RateEntry, balance: Cents): Cents {
  if (rate.small !== null) return mulDivRound(balance, rate.small.numerator, rate.small.denominator);
  return mulDivRoundHalfUp(balance, rate.fraction.numerator, rate.fraction.denominator);
}
