import { describe, expect, it } from 'vitest';
import type { Cents } from './money.ts';
import { distributionPeriodTenths, isBeforeFiftyNineAndAHalf, requiredMinimum, rmdStartAge, UNIFORM_LIFETIME_TENTHS } from './rmd.ts';

describe('the Uniform Lifetime Table (Pub. 590-B, Table III)', () => {
  it('holds the IRS periods from 72 to 120', () => {
    expect(UNIFORM_LIFETIME_TENTHS).toHaveLength(120 - 72 + 1);
    // Spot figures from the table: 72 → 27.4, 73 → 26.5, 75 → 24.6, 80 → 20.2, 90 → 12.2, 100 → 6.4, 120 → 2.0.
    expect([72, 73, 75, 80, 90, 100, 120].map(distributionPeriodTenths)).toEqual([274, 265, 246, 202, 122, 64, 20]);
    expect(distributionPeriodTenths(71)).toBeNull();
    expect(distributionPeriodTenths(125)).toBe(20);
    // The periods only shorten with age.
    for (let i = 1; i < UNIFORM_LIFETIME_TENTHS.length; i += 1) expect(UNIFORM_LIFETIME_TENTHS[i]!).toBeLessThan(UNIFORM_LIFETIME_TENTHS[i - 1]!);
  });

  it('starts RMDs at 72, 73 or 75 by birth year (SECURE 2.0)', () => {
    expect([1950, 1951, 1959, 1960, 1985].map(rmdStartAge)).toEqual([72, 73, 73, 75, 75]);
  });

  it('divides the year-before balance by the period, half up to the cent', () => {
    // 300,000 ÷ 26.5 = 11,320.7547… → 11,320.75; 500,000 ÷ 24.6 = 20,325.2032… → 20,325.20.
    expect(requiredMinimum(30_000_000 as Cents, 73)).toBe(1_132_075);
    expect(requiredMinimum(50_000_000 as Cents, 75)).toBe(2_032_520);
    // 1.33 ÷ 2.0 = 0.665 → 0.67 (half up).
    expect(requiredMinimum(133 as Cents, 120)).toBe(67);
    expect(requiredMinimum(0 as Cents, 80)).toBe(0);
    expect(requiredMinimum(100_000 as Cents, 70)).toBeNull();
  });
});

describe('isBeforeFiftyNineAndAHalf', () => {
  it('counts months before July of birth year + 59 as early', () => {
    expect(isBeforeFiftyNineAndAHalf(2029, 6, 1970)).toBe(true);
    expect(isBeforeFiftyNineAndAHalf(2029, 7, 1970)).toBe(false);
    expect(isBeforeFiftyNineAndAHalf(2025, 1, 1970)).toBe(true);
  });
});
