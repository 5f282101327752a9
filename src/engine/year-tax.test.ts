import { describe, expect, it } from 'vitest';
import type { Cents } from './money.ts';
import { indexedFigure, taxableSocialSecurity, yearTax, type TaxYearRules, type YearIncome } from './year-tax.ts';

/**
 * Every figure below is worked by hand from the IRS's 2026 tables (Rev. Proc. 2025-32: brackets,
 * standard deduction 16,100 / 32,200 / 24,150, the 65+ addition 2,050 / 1,650, gains bands
 * 49,450 / 98,900 / 66,200), Pub. 915 Worksheet 1 and the senior deduction of 2025–2028.
 */
const $ = (dollars: number) => Math.round(dollars * 100) as Cents;
const income = (over: Partial<Record<keyof YearIncome, number>>): YearIncome => ({
  ordinary: $(over.ordinary ?? 0),
  socialSecurity: $(over.socialSecurity ?? 0),
  gains: $(over.gains ?? 0),
  early: $(over.early ?? 0),
});
const rules = (over: Partial<TaxYearRules>): TaxYearRules => ({ filingStatus: 'single', age: 40, year: 2026, inflationRate: 0, stateTaxRate: 0, ...over });

describe('taxableSocialSecurity (Pub. 915 Worksheet 1)', () => {
  it('taxes none, up to half, and at most 85 % of the benefits', () => {
    // Provisional 10,000 + 10,000 = 20,000 ≤ 25,000: none.
    expect(taxableSocialSecurity($(10_000), $(20_000), 'single')).toBe(0);
    // 20,000 + 10,000 = 30,000: 5,000 over, inside the 9,000 band: half of it, 2,500.00.
    expect(taxableSocialSecurity($(20_000), $(20_000), 'single')).toBe($(2_500));
    // 100,000 + 15,000 = 115,000: 90,000 over; 9,000 / 2 = 4,500 + 0.85 × 81,000 = 68,850 → 73,350,
    // capped at 0.85 × 30,000 = 25,500.00.
    expect(taxableSocialSecurity($(100_000), $(30_000), 'single')).toBe($(25_500));
    // Married: 30,000 + 20,000 = 50,000; 18,000 over 32,000: 12,000 / 2 = 6,000 + 0.85 × 6,000 = 5,100 → 11,100.00.
    expect(taxableSocialSecurity($(30_000), $(40_000), 'married_joint')).toBe($(11_100));
    // Half a cent, once: 25,000.01 provisional with 0.02 of benefits … 0.01 over → 0.005 → 0.01.
    expect(taxableSocialSecurity($(25_000), 2 as Cents, 'single')).toBe(1);
  });
});

describe('indexedFigure', () => {
  it('grows a 2026 figure by inflation to the whole dollar, half up', () => {
    expect(indexedFigure($(16_100), 2.5, 2026)).toBe($(16_100));
    expect(indexedFigure($(16_100), 2.5, 2025)).toBe($(16_100));
    // 16,100 × 1.025 = 16,502.5 → 16,503; 12,400 × 1.025² = 13,027.75 → 13,028.
    expect(indexedFigure($(16_100), 2.5, 2027)).toBe($(16_503));
    expect(indexedFigure($(12_400), 2.5, 2028)).toBe($(13_028));
  });
});

describe('yearTax', () => {
  it('taxes ordinary income through the brackets after the standard deduction', () => {
    // 60,000 − 16,100 = 43,900: 12,400 × 10 % = 1,240 + 31,500 × 12 % = 3,780 → 5,020.00.
    expect(yearTax(income({ ordinary: 60_000 }), rules({}))).toMatchObject({ deduction: $(16_100), taxableIncome: $(43_900), federal: $(5_020), marginalRate: 12, effectiveRate: 8.37 });
    // Head of household, 80,000 − 24,150 = 55,850: 17,700 × 10 % = 1,770 + 38,150 × 12 % = 4,578 → 6,348.00.
    expect(yearTax(income({ ordinary: 80_000 }), rules({ filingStatus: 'head_of_household' })).federal).toBe($(6_348));
    // Married, 250,000 − 32,200 = 217,800: 2,480 + 76,000 × 12 % = 9,120 + 110,600 × 22 % = 24,332
    // + 6,400 × 24 % = 1,536 → 37,468.00, marginal 24 %.
    expect(yearTax(income({ ordinary: 250_000 }), rules({ filingStatus: 'married_joint' }))).toMatchObject({ federal: $(37_468), marginalRate: 24 });
    // Nothing taxable: no tax, no marginal rate.
    expect(yearTax(income({ ordinary: 10_000 }), rules({}))).toMatchObject({ taxableIncome: 0, federal: 0, marginalRate: 0, effectiveRate: 0 });
  });

  it('adds the 65+ deduction and Social Security', () => {
    // Married, 67: Social Security 40,000 with 30,000 other → 11,100 taxable; ordinary income 41,100.
    // Deduction 32,200 + 1,650 + the senior 6,000 (41,100 < 150,000) = 39,850; taxable 1,250 → 125.00.
    expect(yearTax(income({ ordinary: 30_000, socialSecurity: 40_000 }), rules({ filingStatus: 'married_joint', age: 67 }))).toMatchObject({
      taxableSocialSecurity: $(11_100),
      ordinaryIncome: $(41_100),
      deduction: $(39_850),
      taxableIncome: $(1_250),
      federal: $(125),
      marginalRate: 10,
    });
  });

  it('phases the senior deduction out at 6 % above 75,000 and ends it after 2028', () => {
    // Single, 70: 95,000 − 75,000 = 20,000 × 6 % = 1,200 → 4,800. Deduction 16,100 + 2,050 + 4,800
    // = 22,950; taxable 72,050: 1,240 + 38,000 × 12 % = 4,560 + 21,650 × 22 % = 4,763 → 10,563.00.
    expect(yearTax(income({ ordinary: 95_000 }), rules({ age: 70 }))).toMatchObject({ deduction: $(22_950), federal: $(10_563), marginalRate: 22 });
    // 2029, no inflation: 16,100 + 2,050 = 18,150 only; taxable 76,850 → 5,800 + 26,450 × 22 % = 5,819 → 11,619.00.
    expect(yearTax(income({ ordinary: 95_000 }), rules({ age: 73, year: 2029 }))).toMatchObject({ deduction: $(18_150), federal: $(11_619) });
    // At 175,000 the senior deduction is gone: 6,000 − 6 % × 100,000 < 0 → 0.
    expect(yearTax(income({ ordinary: 175_000 }), rules({ age: 70 })).deduction).toBe($(18_150));
  });

  it('stacks gains on ordinary income: 0 % up to the band, 15 % above', () => {
    // 30,000 ordinary + 50,000 gains − 16,100 = 63,900 taxable; ordinary taxable 13,900
    // (1,240 + 1,500 × 12 % = 180 → 1,420). Gains at 0 % up to 49,450: 35,550; 14,450 at 15 % = 2,167.50.
    expect(yearTax(income({ ordinary: 30_000, gains: 50_000 }), rules({}))).toMatchObject({ ordinaryTaxable: $(13_900), taxableIncome: $(63_900), federal: $(3_587.5), marginalRate: 12 });
    // All gains inside the 0 % band: 10,000 ordinary + 40,000 gains − 16,100 = 33,900 ≤ 49,450 → no tax.
    expect(yearTax(income({ ordinary: 10_000, gains: 40_000 }), rules({})).federal).toBe(0);
  });

  it('adds state tax on federal taxable income and the 10 % penalty', () => {
    // 43,900 taxable × 4.5 % = 1,975.50; penalty 10 % × 20,000 = 2,000.00.
    const tax = yearTax(income({ ordinary: 60_000, early: 20_000 }), rules({ stateTaxRate: 4.5 }));
    expect(tax).toMatchObject({ federal: $(5_020), state: $(1_975.5), penalty: $(2_000), total: $(8_995.5) });
    // (5,020 + 1,975.50) / 60,000 = 11.659… → 11.66 %.
    expect(tax.effectiveRate).toBe(11.66);
  });

  it('indexes the brackets and deductions by inflation after 2026', () => {
    // 2027 at 2.5 %: deduction 16,503; tops 12,710 and 51,660. 60,000 − 16,503 = 43,497:
    // 1,271 + 30,787 × 12 % = 3,694.44 → 4,965.44.
    expect(yearTax(income({ ordinary: 60_000 }), rules({ year: 2027, inflationRate: 2.5 }))).toMatchObject({ deduction: $(16_503), federal: $(4_965.44) });
  });
});
