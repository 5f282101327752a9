import { describe, expect, it } from 'vitest';
// Published expected values (numpy-financial, lmammino/financial); sources in test-vectors/README.md.
import vectors from './test-vectors/finance.json';
import { CYCLE_FACTORS, CYCLES, monthlyAmount } from './cycles.ts';
import { cents } from './money.ts';

describe('CYCLE_FACTORS', () => {
  it.each(CYCLES)('%s matches the published factor', (cycle) => {
    const { numerator, denominator } = CYCLE_FACTORS[cycle];
    const text = denominator === 1n ? `${numerator}` : `${numerator}/${denominator}`;
    expect(text).toBe(vectors.cycle_factors[cycle]);
  });
});

describe('monthlyAmount', () => {
  it('monthly is the amount and semimonthly twice it', () => {
    expect(monthlyAmount(cents(123457), 'monthly')).toBe(123457);
    expect(monthlyAmount(cents(123457), 'semimonthly')).toBe(246914);
  });

  it('weekly is × 52/12 rounded once: 1 000.00 → 4 333.33', () => {
    expect(monthlyAmount(cents(100000), 'weekly')).toBe(433333);
  });

  it('biweekly is × 26/12 rounded once: 1 500.00 → 3 250.00, 2 000.01 → 4 333.36', () => {
    expect(monthlyAmount(cents(150000), 'biweekly')).toBe(325000);
    // 200 001 × 26 / 12 = 433 335.5 → 433 336 (half up)
    expect(monthlyAmount(cents(200001), 'biweekly')).toBe(433336);
  });

  it('rounds an exact half away from zero on both signs: ±3¢ biweekly = ±6.5¢ → ±7¢', () => {
    expect(monthlyAmount(cents(3), 'biweekly')).toBe(7);
    expect(monthlyAmount(cents(-3), 'biweekly')).toBe(-7);
  });

  it('rounds a third down: 7¢ weekly is 30.33…¢ → 30¢', () => {
    expect(monthlyAmount(cents(7), 'weekly')).toBe(30);
  });
});
