/**
 * Money is integer cents everywhere inside Runway. Dollars exist only at the edges (JSON, display).
 *
 * Why: binary floats cannot hold 0.10 exactly, and a projection that adds a few thousand monthly
 * amounts drifts by cents. Integer cents add exactly; each derived amount is rounded once.
 *
 * In the engine's formulas, `round(x)` means x rounded to the cent half away from zero, computed
 * exactly on integers (divRoundHalfUp, mulDivRoundHalfUp, mulDivRound below): round(2.5¢) = 3¢,
 * round(−2.5¢) = −3¢. No float is ever rounded.
 */
import { groupThousands } from './format.ts';

declare const centsBrand: unique symbol;
/** An integer number of US cents (may be negative). */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** The one factory for Cents: refuses anything that is not a safe integer. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/**
 * Parses a decimal amount of dollars ("1234.5", "-3", 19.99) to cents without going through a
 * float multiplication (`parseFloat(x) * 100` turns 1.15 into 114.99999999999999).
 * Answers null for anything that is not a plain decimal with at most two fraction digits.
 * Numbers are read through their shortest round-trip text, which is what the user typed.
 */
export function parseCents(input: string | number): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = numberToPlainText(input);
  } else {
    text = input.trim().replace(/,/g, '');
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) {
    // Allow trailing zeros beyond the cents ("1.500"), nothing else.
    if (!/^0*$/.test(fraction.slice(2))) return null;
  }
  const value = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) return null;
  return cents(sign === '-' ? -value : value);
}

/** Dollars as a JSON number (1234.56). c / 100 prints as the two-decimal text for every safe c. */
export function centsToDollars(value: Cents): number {
  return value / 100;
}

/** Formats cents as en-US dollars with cents: "$1,234.56", "-$3.00". */
export function formatCents(value: Cents): string {
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100);
  return `${value < 0 ? '-' : ''}$${groupThousands(String(whole))}.${String(abs - whole * 100).padStart(2, '0')}`;
}

function numberToPlainText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // 1e-7 and 1e21 style numbers: toFixed covers the range a money field can hold.
  return Math.abs(value) < 1e21 ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/**
 * The mean of a total over `count` items, rounded half away from zero to the cent from the exact sum:
 *   average = divRoundHalfUp(total, count), exact; 0 when there are no items.
 * Example: 1000¢ over 3 → 333¢; 1001¢ over 2 → 501¢ (500.5 rounds up).
 */
export function averageCents(total: Cents, count: number): Cents {
  return count === 0 ? ZERO : divRoundHalfUp(BigInt(total), BigInt(count));
}

/** Cents zero, typed. */
export const ZERO = 0 as Cents;

/**
 * numerator / denominator rounded half away from zero, computed exactly on BigInt.
 * Every rate and cycle factor in the engine is an exact fraction, so each derived amount is
 * rounded once, exactly: divRoundHalfUp(5n, 2n) → 3, divRoundHalfUp(-5n, 2n) → −3.
 */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): Cents {
  return cents(Number(divRoundHalfUpBig(numerator, denominator)));
}

/**
 * divRoundHalfUp as a BigInt, for a quotient that need not be a safe number of cents (such as a
 * ratio in hundredths of a percent): divRoundHalfUpBig(-5n, 2n) → −3n.
 */
export function divRoundHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * Cents as whole dollars, rounded half away from zero as the month tables print them:
 *   dollars = sign(c) × ⌊(|c| + 50) / 100⌋
 * Units: cents in, whole dollars out. Example: 123 450¢ → 1 235; −12 345¢ → −123; 99¢ → 1.
 */
export function wholeDollars(value: Cents): number {
  return Number(divRoundHalfUpBig(BigInt(value), 100n));
}

/**
 * numerator / denominator rounded down (toward −∞), exactly: divFloor(7n, 2n) → 3, divFloor(-7n, 2n) → −4.
 */
export function divFloor(numerator: bigint, denominator: bigint): Cents {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if (n % d !== 0n && n < 0n) quotient -= 1n;
  return cents(Number(quotient));
}

/** amount × numerator / denominator, rounded half away from zero once: 1000¢ × 52/12 → 4333¢. */
export function mulDivRoundHalfUp(amount: Cents, numerator: bigint, denominator: bigint): Cents {
  return divRoundHalfUp(BigInt(amount) * numerator, denominator);
}

/**
 * a × b / d rounded half away from zero, exactly, for safe integers a, b, d (d ≠ 0).
 * The same answer as divRoundHalfUp(BigInt(a) × BigInt(b), BigInt(d)), on doubles when every
 * intermediate is a safe integer (the common case: interest on a balance below $90 billion at a
 * rate of a few decimals) and on BigInt otherwise. A projection rounds tens of thousands of such
 * products; BigInt allocates on each one.
 * Example: mulDivRound(100 000, 52, 12) → 433 333; mulDivRound(−3, 26, 12) → −7.
 */
export function mulDivRound(a: number, b: number, d: number): Cents {
  const n = a * b;
  // |n| + d stays safe, so q·d and the remainder below are exact (see exactQuotient).
  if (d > 0 && Number.isSafeInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER - d) {
    // 0 × −5 is −0 in doubles, and −0 would leak into the output (Object.is(−0, 0) is false).
    if (n === 0) return ZERO;
    const abs = n < 0 ? -n : n;
    let q = exactQuotient(abs, d);
    if (2 * (abs - q * d) >= d) q += 1;
    return cents(n < 0 && q !== 0 ? -q : q);
  }
  return divRoundHalfUp(BigInt(a) * BigInt(b), BigInt(d));
}

/**
 * floor(a × b / d) (toward −∞), exactly, for safe integers a, b, d (d ≠ 0): divFloor on doubles
 * when every intermediate is a safe integer, else on BigInt. Example: mulDivFloor(7, 1, 2) → 3,
 * mulDivFloor(−7, 1, 2) → −4.
 */
export function mulDivFloor(a: number, b: number, d: number): Cents {
  const n = a * b;
  if (d > 0 && Number.isSafeInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER - d) {
    if (n === 0) return ZERO;
    if (n > 0) return cents(exactQuotient(n, d));
    const q = exactQuotient(-n, d);
    return cents(q * d === -n ? -q : -q - 1);
  }
  return divFloor(BigInt(a) * BigInt(b), BigInt(d));
}

/**
 * ⌊n / d⌋ for safe integers n ≥ 0, d > 0 with n + d safe. The float quotient is within one of the
 * true one (its relative error is below 2⁻⁵³ and n/d < 2⁵³), so one correction on the exact
 * remainder n − q·d (|q·d| ≤ n + d, exact) makes it exact.
 */
function exactQuotient(n: number, d: number): number {
  const q = Math.floor(n / d);
  const r = n - q * d;
  if (r < 0) return q - 1;
  return r >= d ? q + 1 : q;
}

/** The exact integer sum of some amounts. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return cents(total);
}

export function minCents(a: Cents, b: Cents): Cents {
  return a < b ? a : b;
}

export function maxCents(a: Cents, b: Cents): Cents {
  return a > b ? a : b;
}
