import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageCents,
  cents,
  divFloor,
  divRoundHalfUp,
  divRoundHalfUpBig,
  maxCents,
  minCents,
  mulDivFloor,
  mulDivRound,
  mulDivRoundHalfUp,
  sumCents,
  wholeDollars,
} from './money.ts';

describe('divRoundHalfUp', () => {
  it('rounds exact halves away from zero, whatever the signs', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3);
    expect(divRoundHalfUp(5n, -2n)).toBe(-3);
    expect(divRoundHalfUp(-5n, -2n)).toBe(3);
  });

  it('rounds below a half toward zero and above away from it', () => {
    expect(divRoundHalfUp(7n, 3n)).toBe(2);
    expect(divRoundHalfUp(8n, 3n)).toBe(3);
    expect(divRoundHalfUp(-7n, 3n)).toBe(-2);
    expect(divRoundHalfUp(-8n, 3n)).toBe(-3);
  });

  it('stays exact beyond float precision: (2^53 + 1) / 2 is 2^52 + 1 after rounding up', () => {
    expect(divRoundHalfUp(2n ** 53n + 1n, 2n)).toBe(2 ** 52 + 1);
  });

  it('refuses a zero denominator', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('divFloor', () => {
  it('rounds toward −∞', () => {
    expect(divFloor(7n, 2n)).toBe(3);
    expect(divFloor(-7n, 2n)).toBe(-4);
    expect(divFloor(7n, -2n)).toBe(-4);
    expect(divFloor(6n, 3n)).toBe(2);
    expect(divFloor(-6n, 3n)).toBe(-2);
  });
});

describe('mulDivRoundHalfUp', () => {
  it('multiplies before dividing, then rounds once', () => {
    // 1 000.00 × 52 / 12 = 433 333.33… → 433 333
    expect(mulDivRoundHalfUp(cents(100000), 52n, 12n)).toBe(433333);
    // 3¢ × 26 / 12 = 6.5 → 7, and −3¢ → −7
    expect(mulDivRoundHalfUp(cents(3), 26n, 12n)).toBe(7);
    expect(mulDivRoundHalfUp(cents(-3), 26n, 12n)).toBe(-7);
  });
});

describe('divRoundHalfUpBig', () => {
  it('is divRoundHalfUp without the safe-cents bound', () => {
    expect(divRoundHalfUpBig(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUpBig(10n ** 20n + 1n, 2n)).toBe(5n * 10n ** 19n + 1n);
    expect(() => divRoundHalfUp(10n ** 20n, 1n)).toThrow(RangeError);
  });
});

describe('mulDivRound and mulDivFloor (the fast paths)', () => {
  const big = (a: number, b: number): bigint => BigInt(a) * BigInt(b);

  it('round like divRoundHalfUp and divFloor on the BigInt product', () => {
    expect(mulDivRound(100000, 52, 12)).toBe(433333);
    expect(mulDivRound(-3, 26, 12)).toBe(-7);
    expect(mulDivRound(3, 26, 12)).toBe(7);
    expect(mulDivFloor(7, 1, 2)).toBe(3);
    expect(mulDivFloor(-7, 1, 2)).toBe(-4);
    expect(mulDivFloor(-6, 1, 3)).toBe(-2);
  });

  it('never answer −0', () => {
    expect(Object.is(mulDivRound(-1, 1, 3), 0)).toBe(true);
    expect(Object.is(mulDivFloor(0, -5, 3), 0)).toBe(true);
  });

  it('hand products past 2^53 to BigInt: 2^53 + 1 is not a double', () => {
    // (2^52 + 1) × 2 / 4 = 2^51 + 0.5 → 2^51 + 1 (half up); floor → 2^51.
    expect(mulDivRound(2 ** 52 + 1, 2, 4)).toBe(2 ** 51 + 1);
    expect(mulDivFloor(2 ** 52 + 1, 2, 4)).toBe(2 ** 51);
    // A balance of $1 trillion at 24.99 %: 10^14 × 2499 leaves the safe integers.
    expect(mulDivRound(1e14, 2499, 120000)).toBe(divRoundHalfUp(big(1e14, 2499), 120000n));
  });

  it('agree with the BigInt answers on any safe integers, including near 2^53', () => {
    const safe = fc.oneof(
      fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
      fc.maxSafeInteger(),
      fc.integer({ min: -2000, max: 2000 }),
    );
    const divisor = fc.oneof(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }));
    fc.assert(
      fc.property(safe, fc.integer({ min: -100_000, max: 100_000 }), divisor, (a, b, d) => {
        // Stay within what the BigInt versions can answer as Cents.
        fc.pre(Math.abs((a * b) / d) < 2 ** 52);
        expect(mulDivRound(a, b, d)).toBe(divRoundHalfUp(big(a, b), BigInt(d)));
        expect(mulDivFloor(a, b, d)).toBe(divFloor(big(a, b), BigInt(d)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('sumCents, minCents, maxCents', () => {
  it('add and compare integer cents', () => {
    expect(sumCents([cents(1), cents(-5), cents(10)])).toBe(6);
    expect(sumCents([])).toBe(0);
    expect(minCents(cents(3), cents(-4))).toBe(-4);
    expect(maxCents(cents(3), cents(-4))).toBe(3);
  });
});

describe('averageCents', () => {
  it('rounds the exact mean half up to the cent, and is 0 for no items', () => {
    expect(averageCents(cents(1000), 3)).toBe(333); // 333.33…
    expect(averageCents(cents(1001), 2)).toBe(501); // 500.5 rounds up
    expect(averageCents(cents(3), 2)).toBe(2); // 1.5 rounds up
    expect(averageCents(cents(-3), 2)).toBe(-2); // -1.5 rounds away from zero, like every engine rounding
    expect(averageCents(cents(0), 0)).toBe(0);
  });
});

describe('wholeDollars (sign × ⌊(|c| + 50) / 100⌋)', () => {
  it('rounds cents to whole dollars half away from zero', () => {
    // 123 450¢ = $1,234.50 → 1 235; −12 345¢ = −$123.45 → −123; 99¢ → 1; 49¢ → 0; −50¢ → −1.
    expect([123_450, -12_345, 99, 49, -50, 0].map((c) => wholeDollars(cents(c)))).toEqual([1235, -123, 1, 0, -1, 0]);
  });
});
