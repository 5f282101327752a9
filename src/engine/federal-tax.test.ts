import { describe, expect, it } from 'vitest';
import { marginalRate, STANDARD_DEDUCTION } from './federal-tax.ts';
import type { Cents } from './money.ts';

/** Whole dollars → cents, by hand. */
const $ = (dollars: number) => Math.round(dollars * 100) as Cents;

describe('marginalRate (2026, Rev. Proc. 2025-32)', () => {
  it('reads the bracket of the last taxable dollar, a top belonging to its bracket', () => {
    expect(marginalRate($(0), 'single')).toBe(0);
    expect(marginalRate($(12_400), 'single')).toBe(10);
    expect(marginalRate($(12_400.01), 'single')).toBe(12);
    expect(marginalRate($(105_700), 'single')).toBe(22);
    expect(marginalRate($(201_775.01), 'single')).toBe(32);
    expect(marginalRate($(640_600.01), 'single')).toBe(37);
    expect(marginalRate($(100_800), 'married_joint')).toBe(12);
    expect(marginalRate($(100_800.01), 'married_joint')).toBe(22);
    expect(marginalRate($(768_700.01), 'married_joint')).toBe(37);
    expect(marginalRate($(17_700.01), 'head_of_household')).toBe(12);
    expect(marginalRate($(201_750.01), 'head_of_household')).toBe(32);
  });

  it('holds the 2026 standard deductions', () => {
    expect(STANDARD_DEDUCTION).toEqual({ single: $(16_100), married_joint: $(32_200), head_of_household: $(24_150) });
  });
});
