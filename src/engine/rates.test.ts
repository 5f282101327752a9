import { describe, expect, it } from 'vitest';
import { cents } from './money.ts';
import { decimalFraction, interestAt, monthlyInterest, monthlyRate } from './rates.ts';

describe('decimalFraction', () => {
  it('reads the decimal a percent prints as, exactly', () => {
    expect(decimalFraction(24.99)).toEqual({ numerator: 2499n, denominator: 100n });
    expect(decimalFraction(6.5)).toEqual({ numerator: 65n, denominator: 10n });
    expect(decimalFraction(3)).toEqual({ numerator: 3n, denominator: 1n });
    expect(decimalFraction(0)).toEqual({ numerator: 0n, denominator: 1n });
    expect(decimalFraction(-1.25)).toEqual({ numerator: -125n, denominator: 100n });
  });

  it('reads exponent notation', () => {
    expect(decimalFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10000000n });
    expect(decimalFraction(1.5e-7)).toEqual({ numerator: 15n, denominator: 100000000n });
    expect(decimalFraction(1e21)).toEqual({ numerator: 10n ** 21n, denominator: 1n });
  });

  it('refuses NaN and infinities', () => {
    expect(() => decimalFraction(Number.NaN)).toThrow(RangeError);
    expect(() => decimalFraction(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('monthlyRate', () => {
  it('is percent / 100 / 12', () => {
    expect(monthlyRate(6)).toEqual({ numerator: 6n, denominator: 1200n });
    expect(monthlyRate(24.99)).toEqual({ numerator: 2499n, denominator: 120000n });
  });
});

describe('monthlyInterest', () => {
  it('is balance × apr / 100 / 12, rounded half away from zero', () => {
    // 200 000.00 at 6.5 %: 108 333.33… → 108 333
    expect(monthlyInterest(cents(20000000), 6.5)).toBe(108333);
    // 1 000.00 at 24.99 %: 100 000 × 24.99 / 1200 = 2 082.5 → 2 083
    expect(monthlyInterest(cents(100000), 24.99)).toBe(2083);
  });

  it('rounds an exact half up: 12.00 at 6.5 % is 6.5¢ → 7¢, 0.25 at 24 % is 0.5¢ → 1¢', () => {
    expect(monthlyInterest(cents(1200), 6.5)).toBe(7);
    expect(monthlyInterest(cents(25), 24)).toBe(1);
    expect(monthlyInterest(cents(24), 24)).toBe(0);
  });

  it('rounds a negative half away from zero', () => {
    expect(monthlyInterest(cents(-25), 24)).toBe(-1);
  });

  it('is 0 at rate 0 and on a zero balance', () => {
    expect(monthlyInterest(cents(123456789), 0)).toBe(0);
    expect(monthlyInterest(cents(0), 35)).toBe(0);
  });
});

describe('interestAt', () => {
  it('is monthlyInterest at a fixed rate', () => {
    const at = interestAt(6.5);
    expect(at(cents(20_000_000))).toBe(108333);
    for (const balance of [0, 1, 77, -77, 123_456_789, 99_999_999_999_999]) {
      expect(at(cents(balance))).toBe(monthlyInterest(cents(balance), 6.5));
    }
  });

  it('stays exact past the doubles: $1 trillion at 24.99 %, and a rate with many decimals', () => {
    // 10^14 × 2499 / 120 000 = 2 082 500 000 000 exactly; 10^14 × 24.999999 / 1200 by BigInt.
    expect(interestAt(24.99)(cents(1e14))).toBe(2_082_500_000_000);
    expect(interestAt(24.999999)(cents(1e14))).toBe(Number((10n ** 14n * 24_999_999n * 2n + 1_200_000_000n) / (1_200_000_000n * 2n)));
    // 1e-30 % a year has a denominator past 2^53: the BigInt path answers 0.
    expect(interestAt(1e-30)(cents(1e14))).toBe(0);
  });
});
