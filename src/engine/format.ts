/**
 * Figures as the app prints them, en-US: "$1,234.56", "$1,235", "$1.2M", "24.99".
 *
 * Written out by hand rather than with `Intl.NumberFormat`, with the same text (but for a negative
 * zero number of cents, printed without a sign where Intl printed "-$0.00"): the first
 * `Intl.NumberFormat` a page builds loads the locale's data: 95–130 ms of one task on a phone
 * (measured at 4× CPU throttling, docs/performance.md), before any figure can show. The tests hold
 * every function here to `Intl.NumberFormat`'s output over sweeps of values.
 *
 * Rounding is Intl's: half away from zero, on the number's shortest decimal text (the digits
 * `String(n)` prints), so 1.005 rounds to 1.01 although the double just below it is stored.
 */
import type { Cents } from './money.ts';

/** Digits grouped by thousands: '1234567' → '1,234,567'. */
export function groupThousands(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = out === '' ? digits.slice(start, end) : `${digits.slice(start, end)},${out}`;
  }
  return out;
}

/** A whole count grouped by thousands: 10000 → '10,000' (what `toLocaleString('en-US')` prints for an integer). */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole count: ${n}`);
  return n < 0 ? `-${groupThousands(String(-n))}` : groupThousands(String(n));
}

/**
 * Cents as whole dollars, rounded half away from zero: dollars = ⌊(|c| + 50) / 100⌋, signed as c.
 * Example: 123450 → '$1,235'; -123449 → '-$1,234'; -40 → '-$0' (a negative amount keeps its sign).
 */
export function wholeDollarsText(value: Cents): string {
  const dollars = Math.floor((Math.abs(value) + 50) / 100);
  return `${value < 0 ? '-' : ''}$${groupThousands(String(dollars))}`;
}

/** What Intl prints for a number that is not finite: 'NaN', '∞' or '-∞'. */
function notFiniteText(n: number): string {
  return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
}

/** The shortest decimal text of a finite |n| as integer digits and fraction digits: 1e21 → '1' + 21 zeros. */
function decimalParts(n: number): { int: string; frac: string } {
  const text = String(Math.abs(n));
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a finite number: ${n}`);
  const digits = match[1]! + (match[2] ?? '');
  const point = match[1]!.length + Number(match[3] ?? 0);
  if (point <= 0) return { int: '0', frac: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { int: digits + '0'.repeat(point - digits.length), frac: '' };
  return { int: digits.slice(0, point), frac: digits.slice(point) };
}

/**
 * Decimal parts rounded half away from zero to at most `max` fraction digits, trailing zeros
 * dropped down to `min`. Exact: the carry is added to the digits as a BigInt.
 */
function roundParts(parts: { int: string; frac: string }, min: number, max: number): { int: string; frac: string } {
  let { int, frac } = parts;
  if (frac.length > max) {
    const up = frac.charCodeAt(max) >= 53; // '5'
    const kept = BigInt(int + frac.slice(0, max)) + (up ? 1n : 0n);
    const text = kept.toString().padStart(max + 1, '0');
    int = text.slice(0, text.length - max);
    frac = text.slice(text.length - max);
  }
  frac = frac.padEnd(min, '0');
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  return { int, frac };
}

/**
 * A number with `min` to `max` fraction digits and grouped thousands, as
 * `new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })` prints it.
 * Example: (24.99, 2, 2) → '24.99'; (1234.565, 2, 2) → '1,234.57'; (18.5, 0, 4) → '18.5'.
 */
export function decimalText(n: number, min: number, max: number): string {
  if (!Number.isFinite(n)) return notFiniteText(n);
  const { int, frac } = roundParts(decimalParts(n), min, max);
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${groupThousands(int)}${frac === '' ? '' : `.${frac}`}`;
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/**
 * Dollars in a chart's short form: at most one fraction digit and K, M, B or T, as
 * `new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact',
 * minimumFractionDigits: 0, maximumFractionDigits: 1 })` prints it (and as Chromium printed the
 * app's former formatter, which named only the maximum). The unit is that of the rounded figure:
 * 999,950 is 999.95K, which rounds to 1,000K and so prints as '$1M'. Grouped only from five
 * integer digits.
 * Example: 12345 → '$12.3K'; -1250000 → '-$1.3M'; 1000 → '$1K'; 999.5 → '$999.5'; 0 → '$0'.
 */
export function compactDollarsText(dollars: number): string {
  if (!Number.isFinite(dollars)) return dollars === Number.NEGATIVE_INFINITY ? '-$∞' : `$${notFiniteText(dollars)}`;
  const parts = decimalParts(dollars);
  let unit = Math.min(Math.floor((parts.int.replace(/^0+/, '').length - 1) / 3), COMPACT_UNITS.length - 1);
  if (unit < 0) unit = 0;
  let rounded = roundParts(shiftLeft(parts, 3 * unit), 0, 1);
  if (rounded.int.length > 3 && unit < COMPACT_UNITS.length - 1) {
    unit += 1;
    rounded = roundParts(shiftLeft(parts, 3 * unit), 0, 1);
  }
  const int = rounded.int.length >= 5 ? groupThousands(rounded.int) : rounded.int;
  return `${dollars < 0 || Object.is(dollars, -0) ? '-' : ''}$${int}${rounded.frac === '' ? '' : `.${rounded.frac}`}${COMPACT_UNITS[unit]}`;
}

/** Decimal parts divided by 10^places (the point moved left). */
function shiftLeft(parts: { int: string; frac: string }, places: number): { int: string; frac: string } {
  if (places === 0) return parts;
  const int = parts.int.padStart(places + 1, '0');
  const head = int.slice(0, int.length - places).replace(/^0+(?=\d)/, '');
  return { int: head, frac: int.slice(int.length - places) + parts.frac };
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * A date as an en-US long date, from the 'YYYY-MM-DD' text that starts it (a timestamp's time and
 * zone are not read): '2021-03-15' → 'March 15, 2021', as `Intl.DateTimeFormat('en-US', { year:
 * 'numeric', month: 'long', day: 'numeric' })` prints that day. Null for text that starts with no
 * such date.
 */
export function longDateText(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  const month = MONTH_NAMES[Number(match[2]) - 1];
  const day = Number(match[3]);
  return month === undefined || day < 1 || day > 31 ? null : `${month} ${day}, ${Number(match[1])}`;
}
